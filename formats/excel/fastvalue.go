package excel

import (
	"encoding/binary"
	"strconv"
	"unsafe"

	"github.com/xuri/excelize/v2"
)

// After the empty cells (see fastcell.go), most of a large worksheet's
// elements are cells with a value, a formula's cached result mostly,
// written <c r="B7" s="12" t="str"><f>C7*2</f><v>4</v></c>: five
// elements, each a call of the recording that three readers look at. The
// fast pass reads such a cell whole, as spreadsheet software writes it,
// and hands it to the recording's valueCell.

// plainCell is a cell with a value as the fast pass reads it whole: what
// record would see of its elements.
type plainCell struct {
	ref, style, typ string // its r, s and t ("": none), in that order
	// The reference read, when canonical (see canonicalRef; row 0: not
	// canonical, read from ref), and the style's number: the recorders
	// would read each again (cellRef, strconv.Atoi), twice a cell.
	row, col, styleIndex int
	hasF                 bool // a <f> comes first: with no attribute, or a shared formula's member
	shared               bool // the <f> is <f t="shared" si="N"/>, a member of shared formula N
	sharedIndex          int32
	formula, value       []byte // the <f>'s and the <v>'s character data as written
	// Where the <f>'s and the <v>'s text start, and where the cell's
	// start tag starts and its end tag ends.
	formulaAt, valueAt, from, to int64
}

// plainValueCell passes the element at x.pos, starting at from, when it
// is exactly <c r="REF"( s="N")?( t="T")?>(<f>F</f>|<f t="shared"
// si="I"/>)?(<v>V</v>|<v/>)</c>: REF capital letters then digits, N a style
// index as plainEmptyCell takes it, T letters, F and V character data, no
// markup, I a shared formula's index (up to 10 digits, a 32-bit number).
// Anything else is left to startTag, and false returned. The references
// and texts handed to valueCell are valid only during the call.
func (p *fastPass) plainValueCell(from int64) bool {
	d := p.x.data
	i, ok := p.x.pos+1, false
	c := &p.cell // the pass's, reused: one per cell would be garbage
	*c = plainCell{from: from}
	if i, ok = passLiteral(d, i, `c r="`); !ok {
		return false
	}
	ref := i
	if c.ref, i, ok = plainRef(d, i); !ok {
		return false
	}
	if col, row, _, ok := canonicalRef(d, ref); ok {
		c.row, c.col = row, col
	}
	if j, ok := passLiteral(d, i, `" s="`); ok {
		st := j
		for j < len(d) && '0' <= d[j] && d[j] <= '9' {
			j++
		}
		n, ok := smallDecimal(d[st:j])
		if !ok {
			return false
		}
		c.style, c.styleIndex, i = decimals[n], n, j
	}
	if j, ok := passLiteral(d, i, `" t="`); ok {
		st := j
		for j < len(d) && ('a' <= d[j] && d[j] <= 'z' || 'A' <= d[j] && d[j] <= 'Z') {
			j++
		}
		if j == st {
			return false
		}
		c.typ, i = intern(d[st:j]), j
	}
	if i, ok = passLiteral(d, i, `">`); !ok {
		return false
	}
	if j, ok := passLiteral(d, i, `<f>`); ok {
		c.hasF, c.formulaAt = true, int64(j)
		if c.formula, i, ok = p.textUntil(j, `</f>`); !ok {
			return false
		}
	} else if j, ok := passLiteral(d, i, `<f t="shared" si="`); ok {
		// A shared formula's member, most of a column of formulas: its
		// text is empty, and starts where the element ends.
		if c.sharedIndex, i, ok = passSharedIndex(d, j); !ok {
			return false
		}
		c.hasF, c.shared, c.formulaAt = true, true, int64(i)
	}
	if j, ok := passLiteral(d, i, `<v/>`); ok {
		// An empty cached value, as a formula whose result is "" has
		// (HECVAT 4.14: 7,500 cells): its text is empty, and starts where
		// the element ends.
		c.valueAt, i = int64(j), j
	} else {
		if i, ok = passLiteral(d, i, `<v>`); !ok {
			return false
		}
		c.valueAt = int64(i)
		if c.value, i, ok = p.textUntil(i, `</v>`); !ok {
			return false
		}
	}
	if i, ok = passLiteral(d, i, `</c>`); !ok {
		return false
	}
	p.x.pos, c.to = i, int64(i)
	p.valueCell(c)
	return true
}

// passSharedIndex passes a shared formula member's index, digits, and the
// `"/>` that must end it, false unless readShared would take the index
// (a 32-bit decimal).
func passSharedIndex(d []byte, i int) (int32, int, bool) {
	st := i
	for i < len(d) && '0' <= d[i] && d[i] <= '9' && i-st < 10 {
		i++
	}
	if i == st {
		return 0, i, false
	}
	n, err := strconv.ParseInt(string(d[st:i]), 10, 32)
	if err != nil {
		return 0, i, false
	}
	end, ok := passLiteral(d, i, `"/>`)
	return int32(n), end, ok
}

// passLiteral passes s at d[i:], false if it is not there.
func passLiteral(d []byte, i int, s string) (int, bool) {
	if len(d)-i < len(s) || string(d[i:i+len(s)]) != s {
		return i, false
	}
	return i + len(s), true
}

// plainRef passes a reference written as plainEmptyCell takes one,
// capital letters then digits, up to the quote that must follow it. The
// string is d's bytes, not a copy: read it during the pass only.
func plainRef(d []byte, i int) (string, int, bool) {
	ref := i
	for i < len(d) && 'A' <= d[i] && d[i] <= 'Z' {
		i++
	}
	letters := i
	for i < len(d) && '0' <= d[i] && d[i] <= '9' {
		i++
	}
	if letters == ref || i == letters || i >= len(d) || d[i] != '"' {
		return "", i, false
	}
	return unsafe.String(&d[ref], i-ref), i, true
}

// textUntil passes character data as text passes it (references and
// non-ASCII characters checked) up to end, which it passes too; it
// returns the data as written. Where text would give up, it leaves the
// cell to startTag, whose pass meets the same data and gives up there.
func (p *fastPass) textUntil(i int, end string) ([]byte, int, bool) {
	x := &p.x
	pos := x.pos
	x.pos = i
	x.text(false)
	j, ok := x.pos, x.ok
	x.pos, x.ok = pos, true
	if !ok {
		return nil, i, false
	}
	if k, ok := passLiteral(x.data, j, end); ok {
		return x.data[i:j], k, true
	}
	return nil, i, false
}

// canonicalRef passes a reference as plainRef does, up to its quote, when
// it is canonical as cellRef reads it (at most three letters, a row of at
// most seven digits with no leading zero, both within Excel's bounds),
// and returns its column and row: the pass reads an empty cell's
// reference once, not again in cellRef (a tenth of the guard's work on
// HECVAT 4.14's 165,000 cells). Any other reference is left to the
// element's general reading. A reference read whole in the eight bytes
// after i, as most are, is read from one word (see refWord).
func canonicalRef(d []byte, i int) (col, row, next int, ok bool) {
	if len(d)-i >= 8 {
		if col, row, n, v := refWord(binary.LittleEndian.Uint64(d[i:])); v != refUnsure {
			return col, row, i + n, v == refCanonical
		}
	}
	return canonicalRefBytes(d, i)
}

// refVerdict is what refWord makes of a word.
type refVerdict uint8

const (
	refCanonical refVerdict = iota // a canonical reference and its quote
	refNot                         // no canonical reference, whatever follows the word
	refUnsure                      // the reference may run past the word
)

// refWord reads a canonical reference and its closing quote from w, the
// eight bytes after the opening quote, first byte lowest, as
// canonicalRefBytes reads them: n is where the quote is. A reference of
// eight bytes or more (three letters and five digits) is left unsure.
// The bytes are shifted out of a register: the byte loops' bounds checks
// and loads were most of an empty cell's cost.
func refWord(w uint64) (col, row, n int, v refVerdict) {
	for n < 3 {
		c := byte(w) - 'A' // past 'Z'-'A' is no letter (unsigned)
		if c > 'Z'-'A' {
			break
		}
		col = col*26 + int(c) + 1
		w >>= 8
		n++
	}
	if n == 0 || byte(w) == '0' {
		return 0, 0, n, refNot // no letter, or a leading zero (or none: no digit)
	}
	letters := n
	for n < 8 { // at most seven digits: at least one letter is before them
		c := byte(w) - '0'
		if c > 9 {
			break
		}
		row = row*10 + int(c)
		w >>= 8
		n++
	}
	switch {
	case n == 8:
		return 0, 0, n, refUnsure
	case n == letters || byte(w) != '"' || col > excelize.MaxColumns || row > excelize.TotalRows:
		return 0, 0, n, refNot
	}
	return col, row, n, refCanonical
}

// canonicalRefBytes is canonicalRef read a byte at a time, for a
// reference near the end of the data or too long for refWord.
func canonicalRefBytes(d []byte, i int) (col, row, next int, ok bool) {
	r := d[i:] // one bounds check a byte; c-'A' past 'Z'-'A' is no letter (unsigned)
	letters := 0
	for ; letters < len(r) && letters < 3; letters++ {
		c := r[letters] - 'A'
		if c > 'Z'-'A' {
			break
		}
		col = col*26 + int(c) + 1
	}
	end := letters
	for ; end < len(r) && end-letters < 7; end++ {
		c := r[end] - '0'
		if c > 9 {
			break
		}
		row = row*10 + int(c)
	}
	if letters == 0 || end == letters || end >= len(r) || r[end] != '"' ||
		r[letters] == '0' || col > excelize.MaxColumns || row > excelize.TotalRows {
		return 0, 0, i + end, false
	}
	return col, row, i + end, true
}
