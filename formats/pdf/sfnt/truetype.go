package sfnt

import (
	"encoding/binary"
	"fmt"
	"sort"
)

// maxComponentDepth bounds composite glyph nesting (real fonts use 1–3).
const maxComponentDepth = 8

// Composite glyph flags (OpenType glyf table).
const (
	argsAreWords   = 0x0001
	haveScale      = 0x0008
	moreComponents = 0x0020
	haveXYScale    = 0x0040
	have2x2        = 0x0080
)

// subsetTrueType writes a TrueType font with the tables a PDF's
// FontFile2 needs, in which every glyph not in gids (or used by one of
// them as a component) is empty. Glyph IDs do not change; unused hmtx
// and loca entries become runs of equal values, which compress to almost
// nothing in the PDF stream.
func (f *Font) subsetTrueType(gids []uint16) ([]byte, error) {
	loca, err := f.locations()
	if err != nil {
		return nil, err
	}
	glyf := f.tables["glyf"]
	keep := map[uint16]bool{0: true}
	for _, g := range gids {
		if err := f.closure(g, glyf, loca, keep, 0); err != nil {
			return nil, err
		}
	}
	var newGlyf []byte
	newLoca := make([]byte, 4*(f.numGlyphs+1))
	for g := 0; g < f.numGlyphs; g++ {
		binary.BigEndian.PutUint32(newLoca[4*g:], uint32(len(newGlyf)))
		if keep[uint16(g)] {
			newGlyf = append(newGlyf, glyf[loca[g]:loca[g+1]]...)
			for len(newGlyf)%4 != 0 {
				newGlyf = append(newGlyf, 0)
			}
		}
	}
	binary.BigEndian.PutUint32(newLoca[4*f.numGlyphs:], uint32(len(newGlyf)))

	hmtx := append([]byte(nil), f.hmetrics[:4*f.nHMetrics]...)
	for g := 0; g < f.nHMetrics; g++ {
		if !keep[uint16(g)] {
			binary.BigEndian.PutUint32(hmtx[4*g:], 0)
		}
	}
	// Left side bearings of the glyphs past the last full metric record.
	lsbs := (f.numGlyphs - f.nHMetrics) * 2
	if len(f.hmetrics) >= 4*f.nHMetrics+lsbs {
		hmtx = append(hmtx, make([]byte, lsbs)...)
	}

	head := append([]byte(nil), f.tables["head"]...)
	binary.BigEndian.PutUint32(head[8:], 0)  // checkSumAdjustment, set below
	binary.BigEndian.PutUint16(head[50:], 1) // long loca offsets
	tables := map[string][]byte{
		"head": head, "hhea": f.tables["hhea"], "maxp": f.tables["maxp"],
		"hmtx": hmtx, "loca": newLoca, "glyf": newGlyf,
		"post": minimalPost(), "cmap": emptyCmap(),
	}
	for _, tag := range []string{"cvt ", "fpgm", "prep", "OS/2"} {
		if t := f.tables[tag]; t != nil {
			tables[tag] = t
		}
	}
	return writeSFNT(0x00010000, tables), nil
}

// locations decodes the loca table into numGlyphs+1 offsets into glyf,
// checking they run forward and stay inside glyf.
func (f *Font) locations() ([]uint32, error) {
	head, loca, glyf := f.tables["head"], f.tables["loca"], f.tables["glyf"]
	long := binary.BigEndian.Uint16(head[50:]) == 1
	n := f.numGlyphs + 1
	out := make([]uint32, n)
	for i := range out {
		switch {
		case long && 4*i+4 <= len(loca):
			out[i] = binary.BigEndian.Uint32(loca[4*i:])
		case !long && 2*i+2 <= len(loca):
			out[i] = 2 * uint32(binary.BigEndian.Uint16(loca[2*i:]))
		default:
			return nil, fmt.Errorf("%w: loca table has fewer than %d entries", ErrInvalid, n)
		}
		if out[i] > uint32(len(glyf)) || (i > 0 && out[i] < out[i-1]) {
			return nil, fmt.Errorf("%w: loca entry %d (%d) outside glyf or out of order", ErrInvalid, i, out[i])
		}
	}
	return out, nil
}

// closure adds g and the components of a composite g to keep.
func (f *Font) closure(g uint16, glyf []byte, loca []uint32, keep map[uint16]bool, depth int) error {
	if int(g) >= f.numGlyphs {
		return fmt.Errorf("%w: glyph %d of a font with %d glyphs", ErrInvalid, g, f.numGlyphs)
	}
	if keep[g] && depth > 0 {
		return nil
	}
	keep[g] = true
	data := glyf[loca[g]:loca[g+1]]
	if len(data) < 10 || int16(binary.BigEndian.Uint16(data)) >= 0 {
		return nil // empty or simple glyph
	}
	if depth >= maxComponentDepth {
		return fmt.Errorf("%w: composite glyph %d nested deeper than %d", ErrInvalid, g, maxComponentDepth)
	}
	for p := 10; p+4 <= len(data); {
		flags := binary.BigEndian.Uint16(data[p:])
		comp := binary.BigEndian.Uint16(data[p+2:])
		if err := f.closure(comp, glyf, loca, keep, depth+1); err != nil {
			return err
		}
		p += 4 + 2
		if flags&argsAreWords != 0 {
			p += 2
		}
		switch {
		case flags&haveScale != 0:
			p += 2
		case flags&haveXYScale != 0:
			p += 4
		case flags&have2x2 != 0:
			p += 8
		}
		if flags&moreComponents == 0 {
			break
		}
	}
	return nil
}

// minimalPost is a version 3 post table: no glyph names.
func minimalPost() []byte {
	p := make([]byte, 32)
	binary.BigEndian.PutUint32(p, 0x00030000)
	return p
}

// emptyCmap is a cmap with one format 4 subtable (Windows, Unicode BMP)
// holding only its mandatory final segment: a PDF draws glyphs by ID, but
// strict font loaders refuse a TrueType font without a cmap.
func emptyCmap() []byte {
	b := []byte{0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 12}
	sub := []byte{
		0, 4, 0, 32, 0, 0, // format 4, length 32, language 0
		0, 2, 0, 2, 0, 0, 0, 0, // segCountX2 = 2, searchRange, entrySelector, rangeShift
		0xff, 0xff, 0, 0, // endCode, reservedPad
		0xff, 0xff, // startCode
		0, 1, // idDelta
		0, 0, // idRangeOffset
		0, 0, 0, 0, // glyphIdArray (empty) padding to 32 bytes
	}
	return append(b, sub...)
}

// writeSFNT assembles tables into a font file with a correct directory,
// table checksums and head checkSumAdjustment.
func writeSFNT(version uint32, tables map[string][]byte) []byte {
	tags := make([]string, 0, len(tables))
	for t := range tables {
		tags = append(tags, t)
	}
	sort.Strings(tags)
	n := len(tags)
	entrySel := 0
	for 1<<(entrySel+1) <= n {
		entrySel++
	}
	out := make([]byte, 12+16*n)
	binary.BigEndian.PutUint32(out, version)
	binary.BigEndian.PutUint16(out[4:], uint16(n))
	binary.BigEndian.PutUint16(out[6:], uint16(16<<entrySel))
	binary.BigEndian.PutUint16(out[8:], uint16(entrySel))
	binary.BigEndian.PutUint16(out[10:], uint16(16*n-16<<entrySel))
	headAt := -1
	for i, tag := range tags {
		t := tables[tag]
		rec := out[12+16*i:]
		copy(rec, tag)
		binary.BigEndian.PutUint32(rec[4:], checksum(t))
		binary.BigEndian.PutUint32(rec[8:], uint32(len(out)))
		binary.BigEndian.PutUint32(rec[12:], uint32(len(t)))
		if tag == "head" {
			headAt = len(out)
		}
		out = append(out, t...)
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
	}
	if headAt >= 0 {
		binary.BigEndian.PutUint32(out[headAt+8:], 0xB1B0AFBA-checksum(out))
	}
	return out
}

func checksum(b []byte) uint32 {
	var sum uint32
	for i := 0; i < len(b); i += 4 {
		var w [4]byte
		copy(w[:], b[i:])
		sum += binary.BigEndian.Uint32(w[:])
	}
	return sum
}
