package sfnt

import (
	"encoding/binary"
	"fmt"
	"math"
)

// A CFF table (the 'CFF ' table of an OpenType font) read just far enough
// to subset it: its INDEXes, the Top DICT, the Font DICTs of a CID-keyed
// font and their Private DICTs, and where each glyph's charstring and
// local subroutines are.

// Limits on CFF structures; real fonts stay far below them.
const (
	maxIndexCount = 65536
	maxDictOps    = 512
)

// CFF DICT operators formfill rewrites (two-byte ones are 1200+b1).
const (
	opPrivate     = 18
	opSubrs       = 19
	opCharset     = 15
	opEncoding    = 16
	opCharStrings = 17
	opUniqueID    = 13
	opXUID        = 14
	opROS         = 1230
	opCIDCount    = 1234
	opUIDBase     = 1235
	opFDArray     = 1236
	opFDSelect    = 1237
	opFontName    = 1238
)

// dictEntry is one operator of a DICT with the raw bytes of its operands.
type dictEntry struct {
	op       int
	operands []byte    // encoded operands, copied as they are
	nums     []float64 // decoded operands
}

type cffFont struct {
	name        []byte
	top         []dictEntry
	strings     [][]byte
	gsubrs      [][]byte
	charstrings [][]byte
	fds         []cffFD // one for a name-keyed font
	fdSelect    []uint8 // per glyph; nil for a name-keyed font
	cid         bool
}

type cffFD struct {
	dict    []dictEntry // Font DICT (nil for a name-keyed font)
	private []dictEntry
	subrs   [][]byte
}

// parseCFF reads a CFF table.
func parseCFF(b []byte) (*cffFont, error) {
	if len(b) < 4 || b[0] != 1 {
		return nil, fmt.Errorf("%w: not a CFF version 1 table", ErrInvalid)
	}
	p := int(b[2])
	names, p, err := readIndex(b, p)
	if err != nil || len(names) != 1 {
		return nil, fmt.Errorf("%w: CFF name INDEX: %d names, %w", ErrInvalid, len(names), err)
	}
	tops, p, err := readIndex(b, p)
	if err != nil || len(tops) != 1 {
		return nil, fmt.Errorf("%w: CFF top DICT INDEX: %d dicts, %w", ErrInvalid, len(tops), err)
	}
	f := &cffFont{name: names[0]}
	if f.strings, p, err = readIndex(b, p); err != nil {
		return nil, fmt.Errorf("%w: CFF string INDEX: %w", ErrInvalid, err)
	}
	if f.gsubrs, _, err = readIndex(b, p); err != nil {
		return nil, fmt.Errorf("%w: CFF global subrs: %w", ErrInvalid, err)
	}
	if f.top, err = parseDict(tops[0]); err != nil {
		return nil, err
	}
	csOff, ok := intOperand(f.top, opCharStrings)
	if !ok {
		return nil, fmt.Errorf("%w: CFF without CharStrings", ErrInvalid)
	}
	if f.charstrings, _, err = readIndex(b, csOff); err != nil {
		return nil, fmt.Errorf("%w: CFF CharStrings: %w", ErrInvalid, err)
	}
	if _, f.cid = find(f.top, opROS); f.cid {
		return f, f.readCIDFonts(b)
	}
	fd, err := readPrivate(b, f.top)
	if err != nil {
		return nil, err
	}
	f.fds = []cffFD{fd}
	return f, nil
}

func (f *cffFont) readCIDFonts(b []byte) error {
	fdaOff, ok1 := intOperand(f.top, opFDArray)
	fdsOff, ok2 := intOperand(f.top, opFDSelect)
	if !ok1 || !ok2 {
		return fmt.Errorf("%w: CID-keyed CFF without FDArray or FDSelect", ErrInvalid)
	}
	dicts, _, err := readIndex(b, fdaOff)
	if err != nil || len(dicts) == 0 || len(dicts) > 256 {
		return fmt.Errorf("%w: CFF FDArray of %d dicts: %w", ErrInvalid, len(dicts), err)
	}
	for _, raw := range dicts {
		d, err := parseDict(raw)
		if err != nil {
			return err
		}
		fd, err := readPrivate(b, d)
		if err != nil {
			return err
		}
		fd.dict = d
		f.fds = append(f.fds, fd)
	}
	f.fdSelect, err = readFDSelect(b, fdsOff, len(f.charstrings), len(f.fds))
	return err
}

// readPrivate reads the Private DICT a Top or Font DICT points at, and
// its local subroutines.
func readPrivate(b []byte, d []dictEntry) (cffFD, error) {
	e, ok := find(d, opPrivate)
	if !ok || len(e.nums) != 2 {
		return cffFD{}, nil // no Private DICT: hinting defaults, no subrs
	}
	size, off := int(e.nums[0]), int(e.nums[1])
	if size < 0 || off < 0 || off+size > len(b) {
		return cffFD{}, fmt.Errorf("%w: CFF Private DICT outside the table", ErrInvalid)
	}
	priv, err := parseDict(b[off : off+size])
	if err != nil {
		return cffFD{}, err
	}
	fd := cffFD{private: priv}
	if rel, ok := intOperand(priv, opSubrs); ok {
		if fd.subrs, _, err = readIndex(b, off+rel); err != nil {
			return cffFD{}, fmt.Errorf("%w: CFF local subrs: %w", ErrInvalid, err)
		}
	}
	return fd, nil
}

func readFDSelect(b []byte, off, nGlyphs, nFDs int) ([]uint8, error) {
	if off < 0 || off >= len(b) {
		return nil, fmt.Errorf("%w: CFF FDSelect outside the table", ErrInvalid)
	}
	out := make([]uint8, nGlyphs)
	switch b[off] {
	case 0:
		if off+1+nGlyphs > len(b) {
			return nil, fmt.Errorf("%w: CFF FDSelect format 0 truncated", ErrInvalid)
		}
		copy(out, b[off+1:])
	case 3:
		if off+3 > len(b) {
			return nil, fmt.Errorf("%w: CFF FDSelect format 3 truncated", ErrInvalid)
		}
		n := int(binary.BigEndian.Uint16(b[off+1:]))
		p := off + 3
		if p+3*n+2 > len(b) {
			return nil, fmt.Errorf("%w: CFF FDSelect format 3 truncated", ErrInvalid)
		}
		for i := 0; i < n; i++ {
			first := int(binary.BigEndian.Uint16(b[p+3*i:]))
			fd := b[p+3*i+2]
			next := int(binary.BigEndian.Uint16(b[p+3*i+3:]))
			for g := first; g < next && g < nGlyphs; g++ {
				out[g] = fd
			}
		}
	default:
		return nil, fmt.Errorf("%w: CFF FDSelect format %d", ErrInvalid, b[off])
	}
	for g, fd := range out {
		if int(fd) >= nFDs {
			return nil, fmt.Errorf("%w: glyph %d uses Font DICT %d of %d", ErrInvalid, g, fd, nFDs)
		}
	}
	return out, nil
}

// readIndex reads the INDEX at p and returns its items (slices of b) and
// the offset just past it.
func readIndex(b []byte, p int) ([][]byte, int, error) {
	if p < 0 || p+2 > len(b) {
		return nil, 0, fmt.Errorf("INDEX at %d outside the table", p)
	}
	count := int(binary.BigEndian.Uint16(b[p:]))
	if count == 0 {
		return nil, p + 2, nil
	}
	if p+3 > len(b) {
		return nil, 0, fmt.Errorf("INDEX at %d truncated", p)
	}
	offSize := int(b[p+2])
	if offSize < 1 || offSize > 4 {
		return nil, 0, fmt.Errorf("INDEX offset size %d", offSize)
	}
	offs := p + 3
	data := offs + (count+1)*offSize - 1 // offsets count from the byte before the data
	if data >= len(b) {
		return nil, 0, fmt.Errorf("INDEX of %d items truncated", count)
	}
	offset := func(i int) int {
		v := 0
		for _, c := range b[offs+i*offSize : offs+(i+1)*offSize] {
			v = v<<8 | int(c)
		}
		return v
	}
	items := make([][]byte, count)
	prev := offset(0)
	for i := 0; i < count; i++ {
		next := offset(i + 1)
		if prev < 1 || next < prev || data+next > len(b) {
			return nil, 0, fmt.Errorf("INDEX item %d out of range", i)
		}
		items[i] = b[data+prev : data+next : data+next]
		prev = next
	}
	return items, data + prev, nil
}

// parseDict decodes a CFF DICT, keeping each operator's operand bytes.
func parseDict(b []byte) ([]dictEntry, error) {
	var out []dictEntry
	start := 0
	var nums []float64
	for p := 0; p < len(b); {
		c := b[p]
		switch {
		case c <= 21:
			op := int(c)
			n := 1
			if c == 12 {
				if p+1 >= len(b) {
					return nil, fmt.Errorf("%w: CFF DICT ends in an escape", ErrInvalid)
				}
				op, n = 1200+int(b[p+1]), 2
			}
			out = append(out, dictEntry{op: op, operands: b[start:p], nums: nums})
			if len(out) > maxDictOps {
				return nil, fmt.Errorf("%w: CFF DICT with more than %d operators", ErrInvalid, maxDictOps)
			}
			p += n
			start, nums = p, nil
		default:
			v, n, err := dictNumber(b[p:])
			if err != nil {
				return nil, err
			}
			nums = append(nums, v)
			p += n
		}
	}
	return out, nil
}

// dictNumber decodes one DICT operand.
func dictNumber(b []byte) (float64, int, error) {
	c := b[0]
	switch {
	case c >= 32 && c <= 246:
		return float64(int(c) - 139), 1, nil
	case c >= 247 && c <= 250 && len(b) >= 2:
		return float64((int(c)-247)*256 + int(b[1]) + 108), 2, nil
	case c >= 251 && c <= 254 && len(b) >= 2:
		return float64(-(int(c)-251)*256 - int(b[1]) - 108), 2, nil
	case c == 28 && len(b) >= 3:
		return float64(int16(binary.BigEndian.Uint16(b[1:]))), 3, nil
	case c == 29 && len(b) >= 5:
		return float64(int32(binary.BigEndian.Uint32(b[1:]))), 5, nil
	case c == 30:
		return realNumber(b)
	}
	return 0, 0, fmt.Errorf("%w: CFF DICT operand byte %d", ErrInvalid, c)
}

// realNumber skips a nibble-encoded real; its value is not needed (only
// integer operands are offsets), so it decodes as NaN.
func realNumber(b []byte) (float64, int, error) {
	for i := 1; i < len(b); i++ {
		if b[i]&0x0f == 0x0f || b[i]>>4 == 0x0f {
			return math.NaN(), i + 1, nil
		}
	}
	return 0, 0, fmt.Errorf("%w: unterminated CFF real number", ErrInvalid)
}

func find(d []dictEntry, op int) (dictEntry, bool) {
	for _, e := range d {
		if e.op == op {
			return e, true
		}
	}
	return dictEntry{}, false
}

func intOperand(d []dictEntry, op int) (int, bool) {
	e, ok := find(d, op)
	if !ok || len(e.nums) == 0 {
		return 0, false
	}
	v := e.nums[len(e.nums)-1]
	if math.IsNaN(v) || v < 0 || v > math.MaxInt32 {
		return 0, false
	}
	return int(v), true
}
