package excel

import (
	"slices"
	"strconv"
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
	sheet      string // the formula's sheet: a reference naming it is one of its own ("" for none)
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
		return numericRefsOn(f.sheet, f.text)
	}
	t, ok := templates[f.text]
	if !ok {
		t = newNumericTemplateOn(f.sheet, f.text)
		templates[f.text] = t
	}
	if out, ok := t.rects(f.dCol, f.dRow); ok {
		return out
	}
	return numericRefsOn(f.sheet, f.formula())
}

// formulaSource is wb.formula of the cell at row, col of sheet (sc its
// scan), a cell of a shared formula given as its master's text and offset.
func (wb *workbook) formulaSource(sheet string, sc *sheetScan, row, col int) sharedFormula {
	if r, c := sc.mergeAnchorAt(row, col); r != row || c != col {
		return sharedFormula{text: wb.formulaAt(sheet, row, col, sc), sheet: sheet} // a merged range's first cell's
	}
	rs, masters, err := wb.cellsOf(sheet, sc)
	if err != nil || rs == nil {
		return sharedFormula{}
	}
	i, found := rs.cellIndex(row, col)
	if !found || !rs.cells[i].hasF || rs.cells[i].shared == sharedNone {
		return sharedFormula{text: wb.formulaAt(sheet, row, col, sc), sheet: sheet}
	}
	m, found := masters[rs.cells[i].sharedIndex]
	if !found {
		return sharedFormula{} // no master: no formula (cellFormula)
	}
	master := &rs.cells[m]
	return sharedFormula{text: rs.str(master.formula), dCol: col - int(master.col), dRow: row - int(master.row), shared: true, sheet: sheet}
}

// numericTemplate is a shared formula's master tokenized once: the
// operands moving may rewrite, the moves that keep them all on the sheet,
// and those it reads as numbers.
type numericTemplate struct {
	exact    bool // the master's operands are its members' (movesAsTokens)
	operands []string
	// bounded is set when every operand is whole (wholeParts): a move
	// then takes one off the sheet exactly when limits disallow it, and no
	// operand need be moved to know.
	bounded bool
	limits  shiftLimits
	reads   []numericOperand // the operands read as numbers, in order
}

// numericOperand is an operand of a master read as a number. One of the
// master's own sheet that parseRect reads as one or two cells keeps
// their coordinates, so that a member's rectangle is had by adding its
// offset; any other is moved as text.
type numericOperand struct {
	text    string
	other   bool // sheet-qualified: never a range of the member's sheet
	corners []corner
}

// corner is a cell of a range operand: its coordinates and which of them
// are absolute.
type corner struct {
	col, row       int
	absCol, absRow bool
}

func newNumericTemplate(master string) *numericTemplate { return newNumericTemplateOn("", master) }

// newNumericTemplateOn is the template of a master on sheet: an operand
// naming sheet is read as one of its own.
func newNumericTemplateOn(sheet, master string) *numericTemplate {
	t := &numericTemplate{exact: movesAsTokens(master), limits: anyShift(), bounded: true}
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
			op := tok.TValue
			t.operands = append(t.operands, op)
			t.limits.add(op)
			t.bounded = t.bounded && wholeParts(op)
			if read[i] {
				t.reads = append(t.reads, newNumericOperand(op, sheet))
			}
		}
	}
	return t
}

// newNumericOperand parses op, read as a number by a formula of sheet,
// once; one naming sheet is kept without the prefix.
func newNumericOperand(op, sheet string) numericOperand {
	if own, ok := ownSheetRef(op, sheet); ok {
		op = own
	}
	n := numericOperand{text: op, other: strings.Contains(op, "!")}
	if _, ok := parseRect(op); !ok || n.other {
		return n
	}
	rangeParts(op, func(_ int, part string, kind refPart) {
		if kind != partCell || len(n.corners) == 2 {
			n.corners = append(n.corners, corner{}) // not one or two cells
			return
		}
		col, _ := columnPart(part)
		row := part[len(col):]
		r, _ := strconv.Atoi(row[dollar(row):])
		n.corners = append(n.corners, corner{col: columnNumber(col[dollar(col):]), row: r, absCol: dollar(col) == 1, absRow: dollar(row) == 1})
	})
	if len(n.corners) > 2 || slices.Contains(n.corners, corner{}) {
		n.corners = nil
	}
	return n
}

// moved is the rectangle of the member at dCol, dRow, which must keep it
// on the sheet; false when the operand is not one or two cells.
func (n numericOperand) moved(dCol, dRow int) (rect, bool) {
	if len(n.corners) == 0 {
		return rect{}, false
	}
	a, b := n.corners[0].moved(dCol, dRow), n.corners[len(n.corners)-1].moved(dCol, dRow)
	return rect{min(a.row, b.row), min(a.col, b.col), max(a.row, b.row), max(a.col, b.col)}, true
}

// moved is c moved dCol, dRow, its absolute coordinates kept.
func (c corner) moved(dCol, dRow int) corner {
	if !c.absCol {
		c.col += dCol
	}
	if !c.absRow {
		c.row += dRow
	}
	return c
}

// rects are numericRefs of the member at dCol, dRow from the master: the
// rectangles of its own sheet it reads as numbers; false, having read
// nothing, when the master's tokens cannot tell: its characters may be cut
// otherwise, or a coordinate moves off the sheet and vanishes, changing
// the member's tokens or what mayReadNumbers sees.
func (t *numericTemplate) rects(dCol, dRow int) ([]rect, bool) {
	if !t.stays(dCol, dRow) {
		return nil, false
	}
	var out []rect
	for _, n := range t.reads {
		if n.other {
			continue
		}
		if r, ok := n.moved(dCol, dRow); ok {
			out = append(out, r)
			continue
		}
		out = appendSameSheet(out, shiftReference(n.text, dCol, dRow), "")
	}
	return out, true
}

// stays reports whether the master's tokens are the member's at dCol,
// dRow: every operand moves as a token and none leaves the sheet.
func (t *numericTemplate) stays(dCol, dRow int) bool {
	if !t.exact {
		return false
	}
	if t.bounded {
		return t.limits.allow(dCol, dRow)
	}
	for _, op := range t.operands {
		if m := shiftReference(op, dCol, dRow); m != op && !wholeParts(m) {
			return false
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
// both read alike, when closed) it holds only printable ASCII, none of the quoted
// sheet names, brackets, errors and array constants the two read
// differently, nor an exponent's sign (shiftFormula takes 1e+5 as one
// number, efp only 1E+5). efp trims the whitespace Go knows around the
// formula; shiftFormula moves what it trims as part of an operand.
func movesAsTokens(formula string) bool {
	for i := 0; i < len(formula); i++ {
		switch c := formula[i]; {
		case c == '"':
			n, closed := quoteEnd(formula[i:])
			if !closed {
				return false // efp reads on through an unclosed string, shiftFormula does not
			}
			i += n - 1
		case c < 0x20 || c > 0x7e || c == '\'' || c == '[' || c == ']' || c == '#' || c == '{' || c == '}':
			return false
		case (c == '+' || c == '-') && i > 0 && formula[i-1]|0x20 == 'e':
			return false
		}
	}
	return true
}
