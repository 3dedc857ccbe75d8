package excel

import "encoding/binary"

// A large worksheet is mostly cells with nothing in them, hundreds of
// thousands in a workbook that formats whole columns: HECVAT 4.14's
// largest sheet holds 115,211 cells, 110,527 of them written <c r="B7"/>
// and 308 with a value. The fast pass reads such a cell, and one with a
// style only, <c r="B7" s="12"/>, as spreadsheet software writes them,
// without building the element a recorder is given, and hands its
// reference and style to the recording's emptyCell.

// plainEmptyCell passes the start tag at x.pos, starting at from, when it
// is exactly <c r="REF"/> or <c r="REF" s="N"/>: REF capital letters then
// digits, canonical as cellRef reads it (see canonicalRef), N from 0 to
// 1023 with no leading zero (see decimals). Anything else is left to
// startTag, and false returned. Away from the data's end the tag is read
// a word at a time (a hundred and thirty thousand cells of HECVAT 4.14
// made the bytes' comparisons and loops a tenth of its guard's work).
func (p *fastPass) plainEmptyCell(from int64) bool {
	d, i := p.x.data, p.x.pos
	if len(d)-i < emptyCellWords {
		return p.plainEmptyCellBytes(from)
	}
	if binary.LittleEndian.Uint64(d[i:])&lowBytes(6) != cellOpen {
		return false
	}
	col, row, n, v := refWord(binary.LittleEndian.Uint64(d[i+6:]))
	switch v {
	case refNot:
		return false
	case refUnsure:
		return p.plainEmptyCellBytes(from)
	}
	j := i + 6 + n // the reference's closing quote
	style, styled := 0, false
	switch w := binary.LittleEndian.Uint64(d[j:]); {
	case w&lowBytes(3) == quoteClose:
		j += 3
	case w&lowBytes(5) == styleOpen:
		var k int
		var ok bool
		if style, k, ok = styleWord(binary.LittleEndian.Uint64(d[j+5:])); !ok {
			return false
		}
		styled, j = true, j+5+k+3
	default:
		return false
	}
	p.x.pos = j
	p.emptyCell(row, col, style, styled, from, int64(j))
	if !styled {
		p.passEmptyRun(row, col)
	}
	return true
}

// passEmptyRun passes the unstyled cells <c r="REF"/> that follow, at
// x.pos, the unstyled empty cell of row at col, as long as they are of
// the same row, their columns rising, and read by words: the recording
// sees the run's last cell only, as it is the only one whose reference it
// keeps, and the row scan, which checks each cell's column against the
// last one's, makes of the cells between nothing more (HECVAT 4.14's
// largest sheet is 110,000 such cells, a call of the recording each).
// The pass steps its stop once a cell still, as for any element; a stop
// is left in p.err.
func (p *fastPass) passEmptyRun(row, col int) {
	d, i := p.x.data, p.x.pos
	last, from, to := col, int64(0), int64(0)
	for len(d)-i >= emptyCellWords && binary.LittleEndian.Uint64(d[i:])&lowBytes(6) == cellOpen {
		c, r, n, v := refWord(binary.LittleEndian.Uint64(d[i+6:]))
		j := i + 6 + n
		if v != refCanonical || r != row || c <= last || binary.LittleEndian.Uint64(d[j:])&lowBytes(3) != quoteClose {
			break
		}
		if err := p.stop.Step(); err != nil {
			p.err = err
			break
		}
		last, from, to = c, int64(i), int64(j+3)
		i = j + 3
	}
	if last != col {
		p.x.pos = int(to)
		p.emptyCell(row, last, 0, false, from, to)
	}
}

// The words plainEmptyCell compares, first byte lowest.
const (
	cellOpen   = uint64('<') | uint64('c')<<8 | uint64(' ')<<16 | uint64('r')<<24 | uint64('=')<<32 | uint64('"')<<40 // <c r="
	quoteClose = uint64('"') | uint64('/')<<8 | uint64('>')<<16                                                       // "/>
	styleOpen  = uint64('"') | uint64(' ')<<8 | uint64('s')<<16 | uint64('=')<<24 | uint64('"')<<32                   // " s="
	// emptyCellWords is how much data plainEmptyCell's words may read
	// from the '<': the tag's start, a reference's word and the style's
	// (6 + 8 from the reference, 5 + 8 from its quote, 7 at most on).
	emptyCellWords = 6 + 7 + 5 + 8
)

// lowBytes masks the n lowest bytes of a word.
func lowBytes(n uint) uint64 { return 1<<(8*n) - 1 }

// styleWord reads a style index as plainEmptyCellBytes takes one, and the
// `"/>` after it, from w, first byte lowest: k is how many digits it has.
func styleWord(w uint64) (n, k int, ok bool) {
	first := byte(w)
	for k < 5 {
		c := byte(w) - '0'
		if c > 9 {
			break
		}
		n = n*10 + int(c)
		w >>= 8
		k++
	}
	if k == 0 || k > 4 || k > 1 && first == '0' || n >= len(decimals) || w&lowBytes(3) != quoteClose {
		return 0, k, false
	}
	return n, k, true
}

// plainEmptyCellBytes is plainEmptyCell read a byte at a time, near the
// data's end or for a reference too long for a word.
func (p *fastPass) plainEmptyCellBytes(from int64) bool {
	d, i := p.x.data, p.x.pos+1
	if len(d)-i < len(`c r="A1"/>`) || string(d[i:i+5]) != `c r="` {
		return false
	}
	col, row, j, ok := canonicalRef(d, i+5)
	if !ok || len(d)-j < len(`"/>`) {
		return false
	}
	style, styled := 0, false
	switch {
	case string(d[j:j+3]) == `"/>`:
		j += 3
	case len(d)-j >= len(`" s="0"/>`) && string(d[j:j+5]) == `" s="`:
		st := j + 5
		for j = st; j < len(d) && '0' <= d[j] && d[j] <= '9'; j++ {
		}
		n, ok := smallDecimal(d[st:j])
		if !ok || len(d)-j < 3 || string(d[j:j+3]) != `"/>` {
			return false
		}
		style, styled, j = n, true, j+3
	default:
		return false
	}
	p.x.pos = j
	p.emptyCell(row, col, style, styled, from, int64(j))
	return true
}
