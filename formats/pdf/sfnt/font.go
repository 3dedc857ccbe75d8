package sfnt

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"

	"github.com/go-text/typesetting/font"
	ot "github.com/go-text/typesetting/font/opentype"
)

// Limits on what Parse accepts: real fonts stay far below them.
const (
	maxTables = 64
	maxFaces  = 64 // fonts in one collection
)

// ErrInvalid is wrapped by every error about a malformed font file.
var ErrInvalid = errors.New("sfnt: invalid font")

// errRecovered marks an ErrInvalid that came from a recovered panic: a
// bug on malformed input, which the fuzz targets look for.
var errRecovered = fmt.Errorf("%w: internal error", ErrInvalid)

// Font is one font of a font file: the parsed font used for shaping and
// coverage, plus what embedding it in a PDF needs. A Font is read-only
// after Parse and safe for concurrent use.
type Font struct {
	// Font is go-text's parsed font, for shaping (wrap it in font.NewFace
	// per goroutine: faces are not safe for concurrent use).
	*font.Font

	// PostScriptName names the font (name ID 6), sanitised for a PDF name;
	// Family is its family name (name ID 1), for choosing among fonts.
	PostScriptName, Family string
	// Index is the font's position in its collection (0 for single files).
	Index int
	// Bold and Italic come from OS/2 fsSelection and the head macStyle.
	Bold, Italic bool
	// UnitsPerEm, Ascent, Descent (negative), CapHeight and BBox are in
	// font units, from head, hhea and OS/2.
	UnitsPerEm                 int
	Ascent, Descent, CapHeight int
	BBox                       [4]int

	tables    map[string][]byte // raw tables, slices of the file's bytes
	numGlyphs int
	hmetrics  []byte // hmtx longHorMetric records
	nHMetrics int
}

// Parse reads every font of a font file: one for .ttf/.otf, all of a
// collection. The returned fonts keep slices of data: the caller must not
// change it afterwards.
func Parse(data []byte) (fonts []*Font, err error) {
	defer func() {
		// go-text's parser is robust, but a font file is input: never let
		// one take the process down.
		if r := recover(); r != nil {
			fonts, err = nil, fmt.Errorf("%w: %v", errRecovered, r)
		}
	}()
	offsets, err := faceOffsets(data)
	if err != nil {
		return nil, err
	}
	lds, err := ot.NewLoaders(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	if len(lds) != len(offsets) {
		return nil, fmt.Errorf("%w: %d fonts in the collection header, %d parsed", ErrInvalid, len(offsets), len(lds))
	}
	for i, ld := range lds {
		f, err := parseOne(data, offsets[i], ld)
		if err != nil {
			return nil, fmt.Errorf("font %d: %w", i, err)
		}
		f.Index = i
		fonts = append(fonts, f)
	}
	return fonts, nil
}

// faceOffsets returns where each font's table directory starts.
func faceOffsets(data []byte) ([]uint32, error) {
	if len(data) < 12 {
		return nil, fmt.Errorf("%w: %d bytes is too short for a font file", ErrInvalid, len(data))
	}
	if string(data[:4]) != "ttcf" {
		return []uint32{0}, nil
	}
	n := binary.BigEndian.Uint32(data[8:])
	if n == 0 || n > maxFaces || 12+4*int(n) > len(data) {
		return nil, fmt.Errorf("%w: collection of %d fonts", ErrInvalid, n)
	}
	out := make([]uint32, n)
	for i := range out {
		out[i] = binary.BigEndian.Uint32(data[12+4*i:])
	}
	return out, nil
}

func parseOne(data []byte, offset uint32, ld *ot.Loader) (*Font, error) {
	tables, err := tableDirectory(data, offset)
	if err != nil {
		return nil, err
	}
	for _, tag := range []string{"head", "hhea", "hmtx", "maxp", "cmap"} {
		if tables[tag] == nil {
			return nil, fmt.Errorf("%w: no %q table", ErrInvalid, tag)
		}
	}
	if tables["glyf"] == nil && tables["CFF "] == nil {
		return nil, fmt.Errorf("%w: neither TrueType (glyf) nor CFF outlines", ErrInvalid)
	}
	ft, err := font.NewFont(ld)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	f := &Font{Font: ft, tables: tables}
	if err := f.readMetrics(); err != nil {
		return nil, err
	}
	desc := ft.Describe()
	f.Family = desc.Family
	f.PostScriptName = pdfName(postScriptName(tables["name"]))
	if f.PostScriptName == "" {
		f.PostScriptName = pdfName(strings.ReplaceAll(desc.Family, " ", ""))
	}
	if f.PostScriptName == "" {
		f.PostScriptName = "Font"
	}
	return f, nil
}

// tableDirectory maps each table tag to its bytes.
func tableDirectory(data []byte, offset uint32) (map[string][]byte, error) {
	off := int(offset)
	if off < 0 || off+12 > len(data) {
		return nil, fmt.Errorf("%w: table directory at %d is outside the file", ErrInvalid, offset)
	}
	n := int(binary.BigEndian.Uint16(data[off+4:]))
	if n > maxTables || off+12+16*n > len(data) {
		return nil, fmt.Errorf("%w: %d tables", ErrInvalid, n)
	}
	tables := make(map[string][]byte, n)
	for i := 0; i < n; i++ {
		rec := data[off+12+16*i:]
		tag := string(rec[:4])
		start, length := binary.BigEndian.Uint32(rec[8:]), binary.BigEndian.Uint32(rec[12:])
		if uint64(start)+uint64(length) > uint64(len(data)) {
			return nil, fmt.Errorf("%w: table %q runs past the end of the file", ErrInvalid, tag)
		}
		tables[tag] = data[start : start+length : start+length]
	}
	return tables, nil
}

func (f *Font) readMetrics() error {
	head, hhea, maxp := f.tables["head"], f.tables["hhea"], f.tables["maxp"]
	if len(head) < 54 || len(hhea) < 36 || len(maxp) < 6 {
		return fmt.Errorf("%w: head, hhea or maxp table too short", ErrInvalid)
	}
	f.UnitsPerEm = int(binary.BigEndian.Uint16(head[18:]))
	if f.UnitsPerEm < 16 || f.UnitsPerEm > 16384 {
		return fmt.Errorf("%w: %d units per em", ErrInvalid, f.UnitsPerEm)
	}
	for i := range f.BBox {
		f.BBox[i] = int(int16(binary.BigEndian.Uint16(head[36+2*i:])))
	}
	macStyle := binary.BigEndian.Uint16(head[44:])
	f.Bold, f.Italic = macStyle&1 != 0, macStyle&2 != 0
	f.Ascent = int(int16(binary.BigEndian.Uint16(hhea[4:])))
	f.Descent = int(int16(binary.BigEndian.Uint16(hhea[6:])))
	f.nHMetrics = int(binary.BigEndian.Uint16(hhea[34:]))
	f.numGlyphs = int(binary.BigEndian.Uint16(maxp[4:]))
	if f.nHMetrics == 0 || f.nHMetrics > f.numGlyphs || 4*f.nHMetrics > len(f.tables["hmtx"]) {
		return fmt.Errorf("%w: %d horizontal metrics for %d glyphs", ErrInvalid, f.nHMetrics, f.numGlyphs)
	}
	f.hmetrics = f.tables["hmtx"]
	f.CapHeight = f.Ascent * 7 / 10
	if os2 := f.tables["OS/2"]; len(os2) >= 64 {
		sel := binary.BigEndian.Uint16(os2[62:])
		f.Bold, f.Italic = f.Bold || sel&0x20 != 0, f.Italic || sel&1 != 0
		if len(os2) >= 90 && binary.BigEndian.Uint16(os2) >= 2 {
			if c := int(int16(binary.BigEndian.Uint16(os2[88:]))); c > 0 {
				f.CapHeight = c
			}
		}
	}
	return nil
}

// NumGlyphs is the number of glyphs in the font (maxp).
func (f *Font) NumGlyphs() int { return f.numGlyphs }

// CFF reports whether the font has PostScript (CFF) outlines; it then
// embeds as a CIDFontType0, else as a CIDFontType2.
func (f *Font) CFF() bool { return f.tables["glyf"] == nil }

// Advance returns the advance width of glyph gid in font units.
func (f *Font) Advance(gid uint16) int {
	i := int(gid)
	if i >= f.nHMetrics {
		i = f.nHMetrics - 1
	}
	return int(binary.BigEndian.Uint16(f.hmetrics[4*i:]))
}

// Covers reports whether the font maps r to a glyph.
func (f *Font) Covers(r rune) bool {
	_, ok := f.NominalGlyph(r)
	return ok
}

// postScriptName reads name ID 6 from a name table (Windows Unicode or
// Macintosh Roman records).
func postScriptName(name []byte) string {
	if len(name) < 6 {
		return ""
	}
	count, strOff := int(binary.BigEndian.Uint16(name[2:])), int(binary.BigEndian.Uint16(name[4:]))
	for i := 0; i < count && 6+12*i+12 <= len(name); i++ {
		rec := name[6+12*i:]
		platform, id := binary.BigEndian.Uint16(rec), binary.BigEndian.Uint16(rec[6:])
		length, off := int(binary.BigEndian.Uint16(rec[8:])), int(binary.BigEndian.Uint16(rec[10:]))
		if id != 6 || strOff+off+length > len(name) {
			continue
		}
		s := name[strOff+off : strOff+off+length]
		switch platform {
		case 3, 0:
			var b strings.Builder
			for j := 0; j+1 < len(s); j += 2 {
				b.WriteRune(rune(binary.BigEndian.Uint16(s[j:])))
			}
			return b.String()
		case 1:
			return string(s)
		}
	}
	return ""
}

// pdfName keeps the characters a PostScript font name may have, so it
// can be a PDF name and a CFF FontName.
func pdfName(s string) string {
	var b strings.Builder
	for _, c := range s {
		if c > 32 && c < 127 && !strings.ContainsRune("[](){}<>/%#", c) {
			b.WriteRune(c)
		}
		if b.Len() >= 63 {
			break
		}
	}
	return b.String()
}
