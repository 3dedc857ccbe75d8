package word

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/formfill/formfill/formats"

	"github.com/beevik/etree"
)

// Cell targets. A cell with blanks of its own is a target (or each of its
// paragraphs holding one is, when there are several). An empty cell is
// one when the table says it is: beside a label, under a question row,
// in a data row under a header; never in the header, never a gap column.

// Bounds for reading a table.
const (
	maxHeaderRunes = 60   // a column name
	gapShare       = 0.05 // a column this narrow, empty throughout, is a gap
	maxHintRunes   = 60   // option hints ("Low, medium or high")
	maxHintWord    = 20
)

// cell finds the targets of one cell.
func (f *finder) cell(n *node) {
	if hasW(n.el, "tbl") || mergedContinuation(n.el) || f.templateRow(n) {
		return // a nested table's cells have targets of their own; a template's loop row has none
	}
	paras := wrappedChildren(n.el, "p")
	var blanks []int
	for i, p := range paras {
		text := f.d.textOf(p)
		if hasBlanksIn(p, text, true) || strings.Contains(text, "/") && choiceLine.MatchString(text) || len(paras) > 1 && isLabelLine(text) && !introduces(nextInCell(paras, i)) {
			blanks = append(blanks, i)
		}
	}
	if len(blanks) > 1 && isPromptOnly(f.d.textOf(n.el), true) {
		blanks = blanks[:1] // one prompt over several lines: the cell is the slot
	}
	switch {
	case len(blanks) == 1:
		f.add(n, f.cellQuestion(n))
		return
	case len(blanks) > 1:
		for _, i := range blanks {
			if pn, ok := f.d.ix.lookup(n.id + "-P" + strconv.Itoa(i+1)); ok {
				f.add(pn, f.paragraphInCellQuestion(n, pn, paras, i))
			}
		}
		return
	}
	ti := f.table(n)
	if ti == nil {
		return
	}
	ci := ti.find(n)
	if ci == nil {
		return
	}
	if q, ok := f.emptyCellQuestion(ti, ci); ok {
		f.add(n, q)
	}
}

// paragraphInCellQuestion finds what a blank in paragraph i of a cell
// asks: its own text when it says more than its options ("Company:",
// "☐ E-Commerce"), else the paragraph above it in the cell, else the
// cell's label.
func (f *finder) paragraphInCellQuestion(cell, pn *node, paras []*etree.Element, i int) *question {
	if q := f.d.question(pn, nil); q != nil && !onlyOptions(pn.el, q.text) {
		return q
	}
	for j := i - 1; j >= 0; j-- {
		if t := cleanLabel(f.d.textOf(paras[j])); t != "" && !f.d.hasBlanks(paras[j], true) {
			return &question{id: cell.id + "-P" + strconv.Itoa(j+1), text: t}
		}
	}
	return f.cellQuestion(cell)
}

// onlyOptions reports a label that is nothing but the labels of the boxes
// it holds ("Yes No").
func onlyOptions(el *etree.Element, label string) bool {
	seq := boxSequence(el)
	if len(seq.boxes) < 2 {
		return strings.TrimSpace(label) == ""
	}
	return cleanLabel(strings.Join(seq.labels(), " ")) == cleanLabel(label)
}

// cellQuestion finds the question of a cell whose one blank is its own: a
// cell offering choices with no field in it ("Yes/no") is read in its
// table, under its column's header; others by their label.
func (f *finder) cellQuestion(n *node) *question {
	if ti := f.table(n); ti != nil {
		if ci := ti.find(n); ci != nil && !ci.blanks {
			if q, ok := f.emptyCellQuestion(ti, ci); ok {
				return q
			}
		} else if ci != nil {
			if q := ti.boxUnderSubHeader(ci); q != nil {
				return q
			}
		}
	}
	return f.d.question(n, nil)
}

// nextInCell is the paragraph after paras[i] in its cell, or nil.
func nextInCell(paras []*etree.Element, i int) *etree.Element {
	if i+1 < len(paras) {
		return paras[i+1]
	}
	return nil
}

// emptyCellQuestion decides a cell without blanks of its own: an empty
// cell the table makes an answer slot, a cell of option hints in a data
// row, or a lone "Label:" cell written under. It returns the question.
func (f *finder) emptyCellQuestion(ti *tableInfo, ci *cellInfo) (*question, bool) {
	r, _ := ti.position(ci)
	switch {
	case r == ti.header:
		return nil, false
	case !ci.empty:
		if ti.header >= 0 && r > ti.header && isOptionHint(ci) && ti.emptyLeftOnly(r, ci) {
			if h := ti.headerOver(ci); h != nil && h.col == ci.col && h.span == ci.span {
				return &question{id: h.n.id, text: cleanLabel(h.text)}, true
			}
		}
		if isLabelLine(ci.text) && len(ci.paras()) <= 2 && ti.aloneInRow(r, ci) && ti.spansMost(ci) {
			return &question{id: ci.n.id, text: cleanLabel(ci.text)}, true
		}
		if ti.answerColumn(r, ci) && isPrompt(ci) {
			if q := ti.rowQuestion(r, ci); q != nil {
				return &question{id: q.n.id, text: cleanLabel(shorten(q.text, 200))}, true
			}
		}
		return nil, false
	case ti.gaps[ci.col], ti.headerLike(r), ti.layoutBesideFields(r, ci), ti.groupsFieldsBelow(r, ci):
		return nil, false
	}
	if q := ti.questionAbove(r, ci); q != nil {
		return q, true
	}
	if l := ti.rowQuestion(r, ci); ti.header >= 0 && l != nil && l.col+l.span < ci.col {
		return &question{id: l.n.id, text: cleanLabel(shorten(l.text, 200)) + " / " + cleanLabel(ti.headerText(ci))}, true
	}
	if l := ti.labelLeft(r, ci); l != nil {
		label := cleanLabel(l.text)
		if h := ti.headerOver(ci); h != nil && ti.labelLeftIsFar(r, ci, l) {
			label += " / " + cleanLabel(h.text)
		}
		return &question{id: l.n.id, text: label}, true
	}
	if ti.header >= 0 && r > ti.header {
		if h := ti.headerOver(ci); h != nil {
			return &question{id: h.n.id, text: cleanLabel(h.text)}, true
		}
	}
	return nil, false
}

// questionAbove reads a question row followed by an empty answer row: the
// answer goes under the question text, in the cells of ci's row below it.
func (ti *tableInfo) questionAbove(r int, ci *cellInfo) *question {
	if r == 0 || !ti.rowEmpty(r) {
		return nil
	}
	var q *cellInfo
	for _, c := range ti.rows[r-1] {
		t := strings.TrimSpace(c.text)
		if t == "" || isNumberLabel(t) {
			continue
		}
		if q != nil {
			return nil // several texts: a header or a data row, not a question
		}
		q = c
	}
	if q == nil || r-1 == ti.header && len(ti.rows[r-1]) > 1 {
		return nil
	}
	if ci.col+ci.span <= q.col || ci.col >= q.col+q.span {
		return nil
	}
	return &question{id: q.n.id, text: cleanLabel(shorten(q.text, 200))}
}

// emptyLeftOnly reports a row with empty cells left of ci and none right
// of it: answers sit beside a hint, and a cell labelling the empty cell
// after it is a label, not a hint.
func (ti *tableInfo) emptyLeftOnly(r int, ci *cellInfo) bool {
	left := false
	for _, c := range ti.rows[r] {
		if !c.empty || ti.gaps[c.col] {
			continue
		}
		if c.col > ci.col {
			return false
		}
		left = true
	}
	return left
}

// headerLike reports a row naming the columns of fields below it: a cell
// with text right above a cell with blanks, none of its own.
func (ti *tableInfo) headerLike(r int) bool {
	if r+1 >= len(ti.rows) {
		return false
	}
	named := false
	for _, c := range ti.rows[r] {
		if c.blanks {
			return false
		}
		if !c.empty && ti.above(r, c) {
			named = true
		}
	}
	return named
}

// above reports a cell of row r+1 with blanks right under c (same columns).
func (ti *tableInfo) above(r int, c *cellInfo) bool {
	for _, b := range ti.rows[r+1] {
		if b.blanks && b.col == c.col && b.span == c.span {
			return true
		}
	}
	return false
}

// groupsFieldsBelow reports an empty cell spanning columns that the next
// row splits into cells with fields: a requirement whose answers are its
// sub-rows'.
func (ti *tableInfo) groupsFieldsBelow(r int, ci *cellInfo) bool {
	if ci.span < 2 || r+1 >= len(ti.rows) {
		return false
	}
	n := 0
	for _, c := range ti.rows[r+1] {
		if c.blanks && c.col >= ci.col && c.col+c.span <= ci.col+ci.span {
			n++
		}
	}
	return n >= 2
}

// layoutBesideFields reports an empty cell in a row whose answers are its
// fields, in a column that holds text on most other rows: the row has no
// text there ("Expected Testing" empty beside a requirement's boxes).
func (ti *tableInfo) layoutBesideFields(r int, ci *cellInfo) bool {
	fields := false
	for _, c := range ti.rows[r] {
		fields = fields || c.blanks
	}
	if !fields {
		return false
	}
	text, rows := 0, 0
	for rr := ti.header + 1; rr < len(ti.rows); rr++ {
		if rr == r {
			continue
		}
		for _, c := range ti.rows[rr] {
			if c.col == ci.col && c.span == ci.span {
				rows++
				if !c.empty && !c.blanks {
					text++
				}
			}
		}
	}
	return rows > 0 && text*2 >= rows
}

// isNumberLabel reports a question number ("1", "2.3", "a)", "Q4").
func isNumberLabel(s string) bool {
	s = strings.TrimRight(strings.TrimSpace(s), ".):")
	if s == "" || utf8.RuneCountInString(s) > 8 || strings.Contains(s, " ") {
		return false
	}
	digits := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			digits++
		}
	}
	return digits > 0 || utf8.RuneCountInString(s) <= 2
}

// answerColumn reports a cell of a data row under a header cell of its own
// naming an answer column ("Notes", "Response"), not a reviewer's.
func (ti *tableInfo) answerColumn(r int, ci *cellInfo) bool {
	if ti.header < 0 || r <= ti.header {
		return false
	}
	h := ti.headerOver(ci)
	return h != nil && h.col == ci.col && h.span == ci.span && formats.AnswerColumn.MatchString(h.text) && !formats.ReviewerColumn.MatchString(h.text)
}

// headerText is the text of the header cell over ci, "" when none.
func (ti *tableInfo) headerText(ci *cellInfo) string {
	if h := ti.headerOver(ci); h != nil {
		return h.text
	}
	return ""
}

// rowQuestion is the question of row r for a cell ci right of it: the
// text left of ci that best labels it (labelsBetter) outside answer
// columns, else the text the template wrote in one (filledLabel).
func (ti *tableInfo) rowQuestion(r int, ci *cellInfo) *cellInfo {
	best := ti.bestLeft(r, ci, func(c *cellInfo, _ string) bool { return !ti.answerColumn(r, c) })
	if best == nil {
		return ti.filledLabel(r, ci)
	}
	return best
}
