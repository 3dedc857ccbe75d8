package sfnt

import (
	"encoding/binary"
	"fmt"
	"sort"
)

// nStdStrings is the number of CFF standard strings: SIDs from here on
// index the String INDEX.
const nStdStrings = 391

// Top DICT operators a subset drops or rewrites: offsets into the old
// table, the old font's identity, its encoding.
var rewrittenTopOps = map[int]bool{
	opCharset: true, opEncoding: true, opCharStrings: true, opPrivate: true,
	opFDArray: true, opFDSelect: true, opCIDCount: true, opROS: true,
	opUIDBase: true, opUniqueID: true, opXUID: true,
}

// subsetCFF writes a CID-keyed CFF font (Adobe-Identity-0) holding
// .notdef and the glyphs gids, with subroutines inlined. Glyph g of the
// original font becomes CID g, so a PDF shows it with code g under
// Identity-H, as it would the TrueType subset.
func (f *Font) subsetCFF(gids []uint16) ([]byte, error) {
	return subsetCFFTable(f.tables["CFF "], gids)
}

// subsetCFFTable subsets a CFF table (or a bare CFF font program).
func subsetCFFTable(table []byte, gids []uint16) ([]byte, error) {
	c, err := parseCFF(table)
	if err != nil {
		return nil, err
	}
	glyphs := []uint16{0}
	seen := map[uint16]bool{0: true}
	for _, g := range gids {
		if int(g) >= len(c.charstrings) {
			return nil, fmt.Errorf("%w: glyph %d of a CFF font with %d glyphs", ErrInvalid, g, len(c.charstrings))
		}
		if !seen[g] {
			seen[g] = true
			glyphs = append(glyphs, g)
		}
	}
	sort.Slice(glyphs, func(i, j int) bool { return glyphs[i] < glyphs[j] })
	w := &cffWriter{src: c, glyphs: glyphs}
	if err := w.prepare(); err != nil {
		return nil, err
	}
	return w.write(), nil
}

type cffWriter struct {
	src     *cffFont
	glyphs  []uint16 // new GID → old GID (= CID)
	strings [][]byte
	adobe   int // SIDs of "Adobe" and "Identity"
	ident   int
	cs      [][]byte // desubroutinised charstrings, by new GID
	fdOf    []uint8  // Font DICT of each new glyph
	fds     []cffFD
}

func (w *cffWriter) prepare() error {
	c := w.src
	w.fds = c.fds
	w.strings = append([][]byte(nil), c.strings...)
	w.adobe, w.ident = w.sid("Adobe"), w.sid("Identity")
	for _, g := range w.glyphs {
		fd := uint8(0)
		if c.fdSelect != nil {
			fd = c.fdSelect[g]
		}
		cs, err := desubroutinize(c.charstrings[g], c.gsubrs, c.fds[fd].subrs)
		if err != nil {
			return fmt.Errorf("glyph %d: %w", g, err)
		}
		w.cs = append(w.cs, cs)
		w.fdOf = append(w.fdOf, fd)
	}
	return nil
}

// sid returns the SID of s, adding it to the String INDEX if needed.
func (w *cffWriter) sid(s string) int {
	for i, x := range w.strings {
		if string(x) == s {
			return nStdStrings + i
		}
	}
	w.strings = append(w.strings, []byte(s))
	return nStdStrings + len(w.strings) - 1
}

// offsets of the parts whose positions the DICTs record.
type cffLayout struct {
	charset, fdSelect, charStrings, fdArray int
	private                                 []int
}

func (w *cffWriter) write() []byte {
	var lay cffLayout
	lay.private = make([]int, len(w.fds))
	// Two passes: DICT sizes do not depend on the offsets (all written as
	// 5-byte integers), so the second pass fills in the real ones.
	var out []byte
	for pass := 0; pass < 2; pass++ {
		out = []byte{1, 0, 4, 4}
		out = appendIndex(out, [][]byte{w.src.name})
		out = appendIndex(out, [][]byte{w.topDict(lay)})
		out = appendIndex(out, w.strings)
		out = appendIndex(out, nil) // no global subroutines left
		lay.charset = len(out)
		out = append(out, 0)
		for _, g := range w.glyphs[1:] {
			out = binary.BigEndian.AppendUint16(out, g)
		}
		lay.fdSelect = len(out)
		out = append(out, 0)
		out = append(out, w.fdOf...)
		lay.charStrings = len(out)
		out = appendIndex(out, w.cs)
		lay.fdArray = len(out)
		var fdDicts, privs [][]byte
		for i, fd := range w.fds {
			priv := encodeDict(fd.private, func(op int) bool { return op == opSubrs })
			privs = append(privs, priv)
			fdDicts = append(fdDicts, w.fontDict(fd, len(priv), lay.private[i]))
		}
		out = appendIndex(out, fdDicts)
		for i, p := range privs {
			lay.private[i] = len(out)
			out = append(out, p...)
		}
	}
	return out
}

func (w *cffWriter) topDict(lay cffLayout) []byte {
	var d []byte
	d = appendInt(d, w.adobe)
	d = appendInt(d, w.ident)
	d = appendInt(d, 0)
	d = appendOp(d, opROS)
	d = append(d, encodeDict(w.src.top, func(op int) bool { return rewrittenTopOps[op] })...)
	d = appendInt(d, len(w.src.charstrings))
	d = appendOp(d, opCIDCount)
	d = appendInt(d, lay.charset)
	d = appendOp(d, opCharset)
	d = appendInt(d, lay.charStrings)
	d = appendOp(d, opCharStrings)
	d = appendInt(d, lay.fdSelect)
	d = appendOp(d, opFDSelect)
	d = appendInt(d, lay.fdArray)
	d = appendOp(d, opFDArray)
	return d
}

// fontDict is a Font DICT of the FDArray: the original one (a CID-keyed
// source) less its Private offset, plus the new one.
func (w *cffWriter) fontDict(fd cffFD, privSize, privOff int) []byte {
	d := encodeDict(fd.dict, func(op int) bool { return op == opPrivate })
	d = appendInt(d, privSize)
	d = appendInt(d, privOff)
	return appendOp(d, opPrivate)
}

// encodeDict re-encodes a DICT's entries, leaving out those drop selects.
func encodeDict(d []dictEntry, drop func(op int) bool) []byte {
	var out []byte
	for _, e := range d {
		if drop(e.op) {
			continue
		}
		out = append(out, e.operands...)
		out = appendOp(out, e.op)
	}
	return out
}

// appendInt appends a DICT integer in its fixed 5-byte form.
func appendInt(b []byte, v int) []byte {
	return binary.BigEndian.AppendUint32(append(b, 29), uint32(int32(v)))
}

func appendOp(b []byte, op int) []byte {
	if op >= 1200 {
		return append(b, 12, byte(op-1200))
	}
	return append(b, byte(op))
}

// appendIndex appends a CFF INDEX of items.
func appendIndex(b []byte, items [][]byte) []byte {
	b = binary.BigEndian.AppendUint16(b, uint16(len(items)))
	if len(items) == 0 {
		return b
	}
	total := 1
	for _, it := range items {
		total += len(it)
	}
	offSize := 1
	for total >= 1<<(8*offSize) {
		offSize++
	}
	b = append(b, byte(offSize))
	off := 1
	put := func(v int) {
		for i := offSize - 1; i >= 0; i-- {
			b = append(b, byte(v>>(8*i)))
		}
	}
	put(off)
	for _, it := range items {
		off += len(it)
		put(off)
	}
	for _, it := range items {
		b = append(b, it...)
	}
	return b
}
