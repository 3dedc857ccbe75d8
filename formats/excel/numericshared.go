package excel

import (
	"strings"

	"github.com/xuri/efp"
)

// A member of a shared formula reads as numbers the references its master
// reads, each moved by the member's offset from the master: moving a
// formula (shiftFormula) rewrites its reference operands in place and
// keeps every other byte, so the member's tokens are the master's with
// those operands moved. A sheet of thousands of shared formulas (FedRAMP's
// POA&M template) spent most of its first page tokenizing each member's
// moved text; its master is tokenized once instead, where the formula's
// characters leave no doubt that both tokenizers (efp's and
// shiftFormula's) cut it into the same operands.

// sharedFormula is a cell's formula as the read tools give it: the text
// of a plain formula, or for a cell of a shared formula its master's text
// and the cell's offset from the master, the formula being
// shiftFormula(text, dCol, dRow) (cellFormula).
type sharedFormula struct {
	text       string
	dCol, dRow int
	shared     bool
}

// formula is the cell's formula text.
func (f sharedFormula) formula() string {
	if !f.shared {
		return f.text
	}
	return shiftFormula(f.text, f.dCol, f.dRow)
}

// numericRefs is numericRefs of the cell's formula; templates holds the
// masters already tokenized, by text.
func (f sharedFormula) numericRefs(templates map[string]*numericTemplate) []rect {
	if !f.shared {
		return numericRefs(f.text)
	}
	t, ok := templates[f.text]
	if !ok {
		t = newNumericTemplate(f.text)
		templates[f.text] = t
	}
	var out []rect
	if t.ranges(f.dCol, f.dRow, func(ref string) bool {
		out = appendSameSheet(out, ref)
		return true
	}) {
		return out
	}
	return numericRefs(f.formula())
}

// formulaSource is wb.formula of the cell at row, col of sheet (sc its
// scan), a cell of a shared formula given as its master's text and offset.
func (wb *workbook) formulaSource(sheet string, sc *sheetScan, row, col int) sharedFormula {
	ref := cell{row: row, col: col}.name()
	if sc.mergeAnchor(ref) != ref {
		return sharedFormula{text: wb.formula(sheet, ref, sc)} // a merged range's first cell's
	}
	rs, masters, err := wb.cellsOf(sheet, sc)
	if err != nil || rs == nil {
		return sharedFormula{}
	}
	i, found := rs.cellIndex(row, col)
	if !found || !rs.cells[i].hasF || rs.cells[i].shared == sharedNone {
		return sharedFormula{text: wb.formula(sheet, ref, sc)}
	}
	m, found := masters[rs.cells[i].sharedIndex]
	if !found {
		return sharedFormula{} // no master: no formula (cellFormula)
	}
	master := &rs.cells[m]
	return sharedFormula{text: rs.str(master.formula), dCol: col - int(master.col), dRow: row - int(master.row), shared: true}
}

// numericTemplate is a shared formula's master tokenized once: the
// operands moving may rewrite, and which of them it reads as numbers.
type numericTemplate struct {
	exact    bool // the master's operands are its members' (movesAsTokens)
	operands []string
	numeric  []bool
}

func newNumericTemplate(master string) *numericTemplate {
	t := &numericTemplate{exact: movesAsTokens(master)}
	if !t.exact || master == "" {
		return t
	}
	p := efp.ExcelParser()
	toks := p.Parse(master)
	read := map[int]bool{}
	if mayReadNumbers(master) {
		eachNumeric(toks, func(i int) bool {
			read[i] = true
			return true
		})
	}
	for i, tok := range toks {
		if tok.TType == efp.TokenTypeUnknown || tok.TType == efp.TokenTypeOperand && tok.TSubType != efp.TokenSubTypeText {
			t.operands = append(t.operands, tok.TValue)
			t.numeric = append(t.numeric, read[i])
		}
	}
	return t
}

// ranges calls visit, as numericRanges would on the member at dCol, dRow
// from the master, with each moved range the member reads as a number;
// false, having called nothing, when the master's tokens cannot tell: its
// characters may be cut otherwise, or a coordinate moves off the sheet
// and vanishes, changing the member's tokens or what mayReadNumbers sees.
func (t *numericTemplate) ranges(dCol, dRow int, visit func(ref string) bool) bool {
	if !t.exact {
		return false
	}
	var moved []string
	for i, op := range t.operands {
		m := shiftReference(op, dCol, dRow)
		if m != op && !wholeParts(m) {
			return false
		}
		if t.numeric[i] {
			moved = append(moved, m)
		}
	}
	for _, m := range moved {
		if !visit(m) {
			break
		}
	}
	return true
}

// wholeParts reports whether every part of a moved reference (A1, A:B,
// Data!A1:B2) is there: none moved off the sheet.
func wholeParts(ref string) bool {
	rng := ref[strings.LastIndexByte(ref, '!')+1:]
	return rng != "" && rng[0] != ':' && rng[len(rng)-1] != ':' && !strings.Contains(rng, "::")
}

// movesAsTokens reports whether efp cuts formula into the operands
// shiftFormula moves, whatever they are moved to: outside strings (which
// both read alike) it holds only printable ASCII, none of the quoted
// sheet names, brackets, errors and array constants the two read
// differently, nor an exponent's sign (shiftFormula takes 1e+5 as one
// number, efp only 1E+5). efp trims the whitespace Go knows around the
// formula; shiftFormula moves what it trims as part of an operand.
func movesAsTokens(formula string) bool {
	for i := 0; i < len(formula); i++ {
		switch c := formula[i]; {
		case c == '"':
			i += quotedLen(formula[i:]) - 1
		case c < 0x20 || c > 0x7e || c == '\'' || c == '[' || c == ']' || c == '#' || c == '{' || c == '}':
			return false
		case (c == '+' || c == '-') && i > 0 && formula[i-1]|0x20 == 'e':
			return false
		}
	}
	return true
}
