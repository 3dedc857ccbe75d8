package excel

import (
	"fmt"
	"regexp"
)

// excelize types the result of a formula it computes from its text, not
// from the function that gave it: TEXT(12,"0") gives the text "12", and
// ISTEXT and ISNUMBER of the cell holding it were both FALSE in
// excelize, where Excel and LibreOffice give TRUE and FALSE. A formula
// that tests the type of such a cell is therefore not computed: its
// value is removed and it is reported. The native calculation types the
// values it computes itself, so a test of those is computed.

// typeTests finds a call of a function whose value depends on its
// argument's type; N and T among them, not MIN or COUNT.
var typeTests = regexp.MustCompile(`(?i)(?:^|[^A-Z0-9_.])(ISTEXT|ISNONTEXT|ISNUMBER|ISLOGICAL|TYPE|N|T)\(`)

// typeTestOfGuessed is why node n, whose formula text excelize is given,
// cannot be computed by excelize: it tests the type of a formula
// excelize computes (a range copyRect put one in); "" when it does not.
func (b *calcBook) typeTestOfGuessed(n *formulaNode, text string) string {
	m := typeTests.FindStringSubmatch(text)
	if m == nil {
		return ""
	}
	for _, id := range n.refs {
		if r := b.g.rects[id]; b.guessed[r] {
			return fmt.Sprintf("it calls %s on %s, which formfill's fallback calculation computes without knowing whether its value is text or a number", m[1], b.wb.xpath(cell{sheet: r.sheet, row: r.r1, col: r.c1}))
		}
	}
	return ""
}
