package excel

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
// startTag, and false returned.
func (p *fastPass) plainEmptyCell(from int64) bool {
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
