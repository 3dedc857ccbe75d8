package excel

import (
	"strings"

	"github.com/formfill/formfill/formats"
)

// maxQuestion bounds the question text of a review item.
const maxQuestion = 300

// reviewer finds, for the review list, the question a cell answers and
// the note on it, reading each sheet once.
type reviewer struct {
	wb      *workbook
	w       *writer
	layouts map[int]*layout
	models  map[int]*sheetModel
	notes   map[string]map[string]bool // sheet → cells with a note
	// added are the notes the write being verified put on cells, which
	// the package read does not hold yet; nil when it added none.
	added *notes
	// before are the questions found before a write: target detection may
	// not see an answer cell as one once it is filled.
	before map[cell]formats.ReviewPlace
	// settled, when not nil, are the places of every answer on the review
	// list, worked out before the workbook was let go (see settle).
	settled map[placeKey]formats.ReviewPlace
}

func newReviewer(wb *workbook) *reviewer {
	return &reviewer{wb: wb, w: newWriter(wb), layouts: map[int]*layout{}, models: map[int]*sheetModel{}, notes: map[string]map[string]bool{}}
}

// remember notes the questions of the cells of answers that go on the
// review list, before a write changes the sheets.
func (rv *reviewer) remember(answers []formats.Answer) {
	rv.before = map[cell]formats.ReviewPlace{}
	for _, a := range answers {
		if !formats.Unsure(a.Confidence) {
			continue
		}
		if c, err := rv.wb.resolve(a); err == nil {
			rv.before[c] = rv.question(c)
		}
	}
}

// place is the review-list lookup.
func (rv *reviewer) place(e formats.ExpectedAnswer) formats.ReviewPlace {
	if rv.settled != nil {
		return rv.settled[placeKey{e.PairID, e.XPath}]
	}
	c, err := rv.wb.resolve(formats.Answer{PairID: e.PairID, XPath: e.XPath})
	if err != nil {
		return formats.ReviewPlace{}
	}
	p, ok := rv.before[c]
	if !ok {
		p = rv.question(c)
	}
	at := c
	if mr := rv.w.mergeAt(rv.wb.sheetName(c), c); mr != nil {
		at = cell{sheet: c.sheet, row: mr.r1, col: mr.c1} // answers go to the anchor
	}
	if rv.hasNote(at) {
		p.Comment = formats.CommentPlace("Excel note", "", at.ID())
	}
	return p
}

// question is the question cell c answers: the one target detection gives
// it, else the nearest text left of it on its row.
func (rv *reviewer) question(c cell) formats.ReviewPlace {
	m, l := rv.sheet(c.sheet)
	if m == nil {
		return formats.ReviewPlace{}
	}
	if t := l.targets[[2]int{c.row, c.col}]; t != nil && t.label != "" {
		p := formats.ReviewPlace{Question: clipQuestion(t.label)}
		if at, ok := m.cellWithText(t.label, c); ok {
			p.QuestionID = at.ID()
		}
		return p
	}
	for col := c.col - 1; col >= 1; col-- {
		if v := oneLine(m.text(c.row, col)); v != "" {
			return formats.ReviewPlace{QuestionID: cell{sheet: c.sheet, row: c.row, col: col}.ID(), Question: clipQuestion(v)}
		}
	}
	return formats.ReviewPlace{}
}

func clipQuestion(s string) string {
	if r := []rune(s); len(r) > maxQuestion {
		return string(r[:maxQuestion-1]) + "…"
	}
	return s
}

// cellWithText finds the cell holding label on the target's row or the
// row above (where a question sits over its answer cell).
func (m *sheetModel) cellWithText(label string, target cell) (cell, bool) {
	for _, r := range []int{target.row, target.row - 1} {
		if r < 1 || r > m.maxRow() {
			continue
		}
		for col := range m.rows[r-1] {
			if oneLine(m.text(r, col+1)) == label && (r != target.row || col+1 != target.col) {
				return cell{sheet: target.sheet, row: r, col: col + 1}, true
			}
		}
	}
	return cell{}, false
}

// sheet reads sheet index once; nil when it cannot be read.
func (rv *reviewer) sheet(index int) (*sheetModel, *layout) {
	if m, ok := rv.models[index]; ok {
		return m, rv.layouts[index]
	}
	m, err := rv.wb.loadSheet(index)
	var l *layout
	if err != nil {
		m = nil
	} else {
		l = m.findTargets()
	}
	rv.models[index], rv.layouts[index] = m, l
	return m, l
}

// hasNote reports whether cell c has a note: one in the package's
// comments part (an unreadable part counts as none) or one the write put
// there.
func (rv *reviewer) hasNote(c cell) bool {
	sheet := rv.wb.sheetName(c)
	cells, ok := rv.notes[sheet]
	if !ok {
		cells = map[string]bool{}
		if cs, err := rv.wb.sheetComments(sheet); err == nil {
			for _, n := range cs {
				cells[strings.ToUpper(n.ref)] = true
			}
		}
		if rv.added != nil {
			for _, a := range rv.added.adds[sheet] {
				cells[a.c.name()] = true
			}
		}
		rv.notes[sheet] = cells
	}
	return cells[c.name()]
}
