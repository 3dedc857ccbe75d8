package excel

import (
	"strings"
	"unicode/utf8"

	"github.com/formfill/formfill/formats"
)

// Header rows: the rows naming a table's columns. A questionnaire may
// repeat its header over every section; each header starts a section of
// rows that its columns describe.

// Bounds of header text: a column name, and any cell of a header row.
const (
	maxHeaderCell = 60
	maxHeaderText = 120
	// A header may ask ("Required?"), briefly.
	maxHeaderQuestion = 30
	// Frozen rows this near the top are a header whatever they say.
	maxFrozenHeader = 12
)

var (
	answerHeader   = formats.AnswerColumn
	reviewerHeader = formats.ReviewerColumn
	questionHeader = formats.QuestionColumn
)

// band is a header: one row, or several when merged cells or a row of
// sub-labels (Yes | No | N/A under "Answers") extend it.
type band struct {
	r1, r2 int
	labels map[int]string // column → its header text, band rows joined
}

// headerBands finds the sheet's headers, top to bottom. A header repeated
// over a later section may name only some of its columns ("Answer" alone
// over a section of pre-filled rows); it takes the others from the full
// header it repeats.
func (m *sheetModel) headerBands() []band {
	var strict []int
	for r := 1; r <= m.maxRow(); r++ {
		m.step()
		if m.isHeaderRow(r) {
			strict = append(strict, r)
		}
	}
	var out []band
	for r := 1; r <= m.maxRow(); r++ {
		m.step()
		model := 0
		if m.hiddenRows[r] || !(containsInt(strict, r) || m.frozen(r)) {
			if model = m.repeats(r, strict); model == 0 {
				continue
			}
		}
		b := band{r1: r, r2: r}
		for c := range m.rows[r-1] {
			if mr := m.mergeAt(r, c+1); mr != nil && mr.r1 == r {
				b.r2 = max(b.r2, min(mr.r2, r+3))
			}
		}
		for b.r2 < m.maxRow() && (containsInt(strict, b.r2+1) || m.isSubHeader(b.r2+1) || m.frozen(b.r2+1)) {
			b.r2++
		}
		if n := len(out); n > 0 && out[n-1].r2 >= b.r1-1 {
			b.r1 = out[n-1].r1
			out = out[:n-1]
		}
		b.labels = m.bandLabels(b.r1, b.r2)
		if model > 0 {
			for c, v := range m.bandLabels(model, model) {
				if b.labels[c] == "" {
					b.labels[c] = v
				}
			}
		}
		out = append(out, b)
		r = b.r2
	}
	return out
}

// frozen reports a row frozen at the top of the view, near the top.
// A row of field labels ("Organization:", a blank beside it) is a form
// above the table, frozen with it, not the table's header.
func (m *sheetModel) frozen(r int) bool {
	return r <= m.scan.frozenRows && r <= maxFrozenHeader && m.hasText(r) && !m.fieldLabelRow(r)
}

// fieldLabelRow reports a row whose every text is a label ending in a
// colon: it asks for values beside its labels, it names no column.
func (m *sheetModel) fieldLabelRow(r int) bool {
	labels := 0
	for c, v := range m.rows[r-1] {
		if v = strings.TrimSpace(v); v == "" || m.hiddenCol(c+1) {
			continue
		}
		if !strings.HasSuffix(v, ":") {
			return false
		}
		labels++
	}
	return labels > 0
}

// repeats returns the full header row that row r repeats in part: each
// answer name of r stands in the same column of that row. 0 when none.
func (m *sheetModel) repeats(r int, strict []int) int {
	var names []int
	for c, v := range m.rows[r-1] {
		v = strings.TrimSpace(v)
		if v == "" || m.hiddenCol(c+1) || m.isFormula(r, c+1) {
			continue
		}
		if isIDLike(v) || utf8.RuneCountInString(v) > maxHeaderCell || !m.matches(answerHeader, v) {
			return 0
		}
		names = append(names, c+1)
	}
	if len(names) == 0 {
		return 0
	}
next:
	for _, s := range strict {
		for _, c := range names {
			if !strings.EqualFold(strings.TrimSpace(m.text(s, c)), strings.TrimSpace(m.text(r, c))) {
				continue next
			}
		}
		return s
	}
	return 0
}

// isHeaderRow reports a row naming a table's columns: two or more short
// column names among them (an answer column and the question column, or
// two answer columns), and nothing that reads as a question row (an
// identifier, a sentence).
func (m *sheetModel) isHeaderRow(r int) bool {
	if r > m.maxRow() || m.hiddenRows[r] {
		return false
	}
	names, answers := 0, 0
	for c, v := range m.rows[r-1] {
		v = strings.TrimSpace(v)
		if v == "" || m.hiddenCol(c+1) {
			continue
		}
		n := utf8.RuneCountInString(v)
		switch {
		case n > maxHeaderText, isIDLike(v), n > maxHeaderQuestion && (strings.HasSuffix(v, ".") || strings.HasSuffix(v, "?")):
			return false // a sentence, an identifier: a question row
		case m.chosenOption(r, c+1, v):
			return false // a drop-down holding a choice: a row of answers
		case n > maxHeaderCell || m.isFormula(r, c+1):
		case m.matches(answerHeader, v), m.namesList(r, c+1, v), m.matches(assessorName, v):
			answers++
			names++
		case m.matches(questionHeader, v):
			names++
		}
	}
	return answers > 0 && names >= 2
}

// chosenOption reports a list cell holding one of its options.
func (m *sheetModel) chosenOption(r, c int, v string) bool {
	lr := m.listAt(r, c)
	return lr != nil && lr.isOption(v)
}

// namesList reports a label over a list-validated column ("Likelihood"
// above a Low/Medium/High list): it names an answer column whatever its
// words. A list option is a value, not a name.
func (m *sheetModel) namesList(r, c int, v string) bool {
	for rr := r + 1; rr <= min(r+2, m.maxRow()+1); rr++ {
		if lr := m.listAt(rr, c); lr != nil {
			return len(lr.options) > 0 && !lr.isOption(v)
		}
	}
	return false
}

// isSubHeader reports a row of short labels refining the header above it:
// each sits under a header cell merged over several columns ("Yes | No |
// N/A" under "Answers") or is an option word. A question row never is.
func (m *sheetModel) isSubHeader(r int) bool {
	if r > m.maxRow() || r < 2 || m.hiddenRows[r] {
		return false
	}
	cells := 0
	for c, v := range m.rows[r-1] {
		v = strings.TrimSpace(v)
		if v == "" || m.hiddenCol(c+1) {
			continue
		}
		if utf8.RuneCountInString(v) > 40 || isIDLike(v) || m.isFormula(r, c+1) || m.listAt(r, c+1) != nil {
			return false
		}
		if mr := m.mergeAt(r-1, c+1); !m.matches(optionWord, v) && (mr == nil || mr.c1 == mr.c2) {
			return false
		}
		cells++
	}
	return cells > 0
}

// optionWord is a sub-header naming one of an answer's options.
var optionWord = formats.MustPattern(`(?i)^(yes|no|n/?a|not applicable|partial(ly)?|true|false|x)$`)

// namesColumns reports a row with a column name in it (an answer or a
// question column's), unlike a title, a version line or a sentence of
// guidance over the table ("Rate your team …; all criteria score ≥ 3"):
// a column's name is short.
func (m *sheetModel) namesColumns(r int) bool {
	for c, v := range m.rows[r-1] {
		if v = strings.TrimSpace(v); v != "" && !m.covered(r, c+1) && utf8.RuneCountInString(v) <= maxHeaderCell &&
			(m.matches(answerHeader, v) || m.matches(questionHeader, v)) {
			return true
		}
	}
	return false
}

// bandLabels joins each column's header texts, top row first; a merged
// header cell names every column it spans.
func (m *sheetModel) bandLabels(r1, r2 int) map[int]string {
	labels := map[int]string{}
	for r := r1; r <= r2; r++ {
		if r < r2 && !m.namesColumns(r) {
			continue // a title over the table names no column
		}
		for c := 1; c <= m.maxCol; c++ {
			v := m.text(r, c)
			if mr := m.mergeAt(r, c); mr != nil {
				v = m.text(mr.r1, mr.c1)
				if mr.r1 < r {
					continue // named on its first row already
				}
			}
			if v = oneLine(v); v == "" {
				continue
			}
			if prev := labels[c]; prev == "" {
				labels[c] = v
			} else if !strings.HasSuffix(prev, v) {
				labels[c] = prev + ": " + v
			}
		}
	}
	return labels
}

// isHeaderNote reports a header cell written as a remark on the table,
// not a column's name: set off in asterisks ("**Be able to screenshare
// all evidence that was submitted**") or opened by "Note:" and text. Its
// words say nothing of what the column under it holds. One leading
// asterisk alone marks a required column ("*Response") and is a name.
func isHeaderNote(v string) bool {
	v = strings.TrimSpace(v)
	if strings.HasPrefix(v, "**") || len(v) > 2 && v[0] == '*' && v[len(v)-1] == '*' {
		return true
	}
	low := strings.ToLower(v)
	return strings.HasPrefix(low, "note:") && len(strings.TrimSpace(low[5:])) > 0
}
