package word

import (
	"strings"

	"github.com/formfill/formfill/formats"
)

// Which cell of a table row labels the row's answers. A header word
// naming an answer column ("Description", "Details") names one the
// respondent fills in one table ("Description of Components", empty on
// every data row) and one the template filled in another ("Description of
// Requirement" beside the requirement's number, its boxes and its
// remediation field): what the template wrote on the data rows says which.
// It labels a row with no other label. Of two texts in a row, a phrase
// under the questions' header labels it.
// Boxes under a header spanning sub-headers ("Compliant (Select One)" over
// YES and NO) all ask the row's label and that header, their sub-header
// saying what each means.

// labelsRows reports a column, under header cell h, that the template has
// filled with text on most of its data rows, beside places the respondent
// fills in the same rows: the text labels those rows. Prompts and option
// hints ("Describe how…", "Complete Partial Not applicable") are the
// respondent's place, not labels.
func (ti *tableInfo) labelsRows(h *cellInfo) bool {
	if v, ok := ti.labelCols[h]; ok {
		return v
	}
	rows, filled := 0, 0
	for r := ti.header + 1; r < len(ti.rows); r++ {
		for _, c := range ti.rows[r] {
			if c.col != h.col || c.span != h.span || mergedContinuation(c.n.el) || ti.headerOver(c) != h {
				continue // the header's own cell carried down is no data row
			}
			rows++
			if ti.templateText(c) && ti.answerBeside(r, c) {
				filled++
			}
		}
	}
	v := rows > 0 && filled*2 > rows
	if ti.labelCols == nil {
		ti.labelCols = map[*cellInfo]bool{}
	}
	ti.labelCols[h] = v
	return v
}

// templateText reports a cell showing text the template wrote: readable,
// no blank, prompt, option hint or control of the respondent's ("Select
// One" in a drop-down).
func (ti *tableInfo) templateText(c *cellInfo) bool {
	t := strings.TrimSpace(c.text)
	return t != "" && !c.blanks && !isPrompt(c) && !inControl(c) && readable(cleanLabel(oneLine(t)))
}

// inControl reports a cell holding a content control or held in one: its
// text is what the control shows ("Select One"), not the template's label.
func inControl(c *cellInfo) bool {
	if hasW(c.n.el, "sdt") {
		return true
	}
	for e := c.n.el.Parent(); e != nil && !isW(e, "tbl"); e = e.Parent() {
		if isW(e, "sdt") {
			return true
		}
	}
	return false
}

// answerBeside reports another cell of row r the respondent fills: one
// with blanks, or an empty one outside the gap columns.
func (ti *tableInfo) answerBeside(r int, c *cellInfo) bool {
	for _, o := range ti.rows[r] {
		if o != c && (o.blanks || o.empty && !ti.gaps[o.col]) {
			return true
		}
	}
	return false
}

// filledLabel is the label of a row with no other: the text left of ci
// that labels it best in an answer column the template filled
// (labelsRows), even one reading like options there ("Protect stored
// account data"): the column is the template's. A row labelled elsewhere
// keeps that label: a procedure ("Select Weekly") beats its "Expected
// Results". Nil when none.
func (ti *tableInfo) filledLabel(r int, ci *cellInfo) *cellInfo {
	return ti.bestLeft(r, ci, func(c *cellInfo, t string) bool {
		return !c.blanks && !inControl(c) && readable(cleanLabel(oneLine(t))) &&
			ti.answerColumn(r, c) && ti.labelsRows(ti.headerOver(c))
	})
}

// bestLeft is the cell left of ci in row r that labels the row best
// (labelsBetter) of those with text, not a bare number, that keep
// accepts (given the cell and its trimmed text); nil when none. rowLabel,
// rowQuestion and filledLabel differ only in what they accept.
func (ti *tableInfo) bestLeft(r int, ci *cellInfo, keep func(c *cellInfo, text string) bool) *cellInfo {
	var best *cellInfo
	for _, c := range ti.rows[r] {
		if c.col >= ci.col {
			break
		}
		t := strings.TrimSpace(c.text)
		if t == "" || isNumberLabel(t) || !keep(c, t) {
			continue
		}
		if ti.labelsBetter(c, best) {
			best = c
		}
	}
	return best
}

// labelsBetter reports whether c labels its row better than best: a
// phrase under a header naming the questions ("PCI DSS Requirement")
// beats a text that is not one ("Expected Testing", however long its
// procedures); else the longer text wins. A word or two there is a level
// or an ID ("SHALL" under "Requirement Level"), not the question.
func (ti *tableInfo) labelsBetter(c, best *cellInfo) bool {
	if best == nil {
		return true
	}
	if q, qb := ti.inQuestionColumn(c), ti.inQuestionColumn(best); q != qb {
		return q
	}
	return len(strings.TrimSpace(c.text)) > len(strings.TrimSpace(best.text))
}

// inQuestionColumn reports a data cell of three words or more under a
// header naming the column of questions.
func (ti *tableInfo) inQuestionColumn(c *cellInfo) bool {
	if ti.header < 0 || c.row <= ti.header {
		return false
	}
	if len(strings.Fields(c.text)) < 3 {
		return false
	}
	h := ti.headerOver(c)
	return h != nil && formats.QuestionColumn.MatchString(h.text)
}

// subHeaderOver is the cell naming ci's own column under a header cell h
// that spans it and its neighbours ("YES" under "Compliant (Select
// One)"): a cell with text in a row between the header and row r, over
// ci and narrower than h. Nil when h spans no sub-headers.
func (ti *tableInfo) subHeaderOver(r int, ci, h *cellInfo) *cellInfo {
	if h == nil || h.span <= ci.span {
		return nil
	}
	for rr := ti.header + 1; rr < r; rr++ {
		for _, c := range ti.rows[rr] {
			if c.col <= ci.col && ci.col < c.col+c.span && c.span < h.span && !c.blanks && strings.TrimSpace(c.text) != "" {
				return c
			}
		}
	}
	return nil
}

// boxUnderSubHeader is the question of a cell with blanks of its own under
// a header spanning sub-headers: the row's label, the header, then the
// sub-header saying what the cell means ("Protect stored account data /
// Compliant (Select One) / YES"), the same for every box of the group
// whatever lies directly left of it. Nil when ci is no such cell or its
// row has no label.
func (ti *tableInfo) boxUnderSubHeader(ci *cellInfo) *question {
	r := ci.row
	if !ci.blanks || ti.header < 0 || r <= ti.header {
		return nil
	}
	h := ti.headerOver(ci)
	sub := ti.subHeaderOver(r, ci, h)
	if sub == nil {
		return nil
	}
	l := ti.rowLabel(r, ci)
	head, subText := cleanLabel(h.text), cleanLabel(oneLine(sub.text))
	if l == nil || !readable(head) || !readable(subText) {
		return nil
	}
	return &question{id: l.n.id, text: cleanLabel(oneLineHead(l.text, 200)) + " / " + head + " / " + subText}
}
