package excel

import (
	"cmp"
	"slices"
	"sort"
	"strings"

	"github.com/formfill/formfill/formats"
)

// Answer targets: the cells a person filling the workbook writes in. The
// signals, strongest first: a header naming answer columns (repeated per
// section or not), list validations, unlocked cells on a sheet whose
// protection marks its inputs, and the blank beside a question or label.
// Whatever the signal, a cell nobody can or should type in is never a
// target: formulas, hidden columns and sheets, cells covered by a
// merge, locked cells on a protected sheet, cells whose input message
// says to leave them alone, and columns kept for reviewers.

// notesLabel is a row label asking for free text about the question above
// (a "Notes" row under a question's options).
var notesLabel = formats.MustPattern(`(?i)^(notes?|comments?|remarks?|additional (information|comments|notes|details)|explanation|justification)\s*:?$`)

// isNotesLabel reports a notes row's label: notesLabel asked of the
// trimmed text, only when it starts as one of its words can.
func (m *sheetModel) isNotesLabel(v string) bool {
	v = strings.TrimSpace(v)
	return mayStart(v, "ncraej") && m.matches(notesLabel, v)
}

// target is one answer target of a sheet.
type target struct {
	row, col   int
	qRow, qCol int    // the cell holding the question; 0 when none
	label      string // the question it answers
	header     string // the column header, when found through one
	option     string // on an option row, the option the cell stands for
	grid       string // the entry grid (its header) the cell is a row of
}

// layout is what the target finder learned about a sheet.
type layout struct {
	targets  map[[2]int]*target
	sources  map[[2]int]bool // cells holding the questions
	bandRows map[int]bool    // header rows
	qCols    map[int]bool    // columns holding questions and their numbers
	grouped  map[[2]int]bool // list cells of questions answered in the rows below
	grids    []grid          // entry grids (grids.go)
}

// add records a target answering the question in (qr, qc), unless the
// cell is a target already.
func (l *layout) add(m *sheetModel, r, c, qr, qc int, header string) {
	p := [2]int{r, c}
	if l.targets[p] != nil {
		return
	}
	t := &target{row: r, col: c, header: header}
	if qc > 0 {
		t.qRow, t.qCol, t.label = qr, qc, oneLine(m.text(qr, qc))
		l.sources[[2]int{qr, qc}] = true
		l.qCols[qc] = true
	}
	l.targets[p] = t
}

// hiddenTargets counts the targets in hidden rows: still answer places
// (a saved filter hides most of a long control list), flagged as such.
func (l *layout) hiddenTargets(m *sheetModel) int {
	n := 0
	for p := range l.targets {
		if m.hiddenRows[p[0]] {
			n++
		}
	}
	return n
}

// sorted returns the targets in row-major order.
func (l *layout) sorted() []*target {
	out := make([]*target, 0, len(l.targets))
	for _, t := range l.targets {
		out = append(out, t)
	}
	// Cells are unique: any sort gives this order. slices.SortFunc
	// neither reflects nor allocates, as sort.Slice does.
	slices.SortFunc(out, func(a, b *target) int {
		if c := cmp.Compare(a.row, b.row); c != 0 {
			return c
		}
		return cmp.Compare(a.col, b.col)
	})
	return out
}

// findTargets finds the answer targets of a sheet. A hidden sheet has
// none: nobody answers what they cannot see.
func (m *sheetModel) findTargets() *layout {
	l := &layout{targets: map[[2]int]*target{}, sources: map[[2]int]bool{}, bandRows: map[int]bool{}, qCols: map[int]bool{}, grouped: map[[2]int]bool{}}
	if m.hidden || m.referenceSheet() {
		return l
	}
	bands := m.headerBands()
	for _, b := range bands {
		for r := b.r1; r <= b.r2; r++ {
			l.bandRows[r] = true
		}
	}
	for _, s := range m.sections(bands, m.selectiveProtection()) {
		if n := len(s.idCols); n > 0 {
			l.qCols[s.idCols[n-1]] = true // the question's own number
		}
		if len(s.answer) > 0 {
			m.columnTargets(l, s)
			m.notesTargets(l, s)
		} else {
			m.neighbourTargets(l, s)
		}
		m.listTargets(l, s)
	}
	m.gridTargets(l)
	m.hintRowTargets(l)
	return l
}

// referenceName names a sheet kept for reference, never filled in:
// instructions and guidance, lookup and drop-down tables, definitions,
// scales and change logs.
var referenceName = formats.MustPattern(`(?i)\b(instructions?|guidance|read ?me|cover( page)?|overview|drop[- ]?downs?|look-?ups?|references?|definitions?|dictionary|glossary|scales?|change ?log|record of changes?|(revision|version|change|document) history)\b`)

// referenceSheet reports a sheet whose name says it is for reference,
// unless it offers drop-downs to fill ("CTI Definition & Scoring" with a
// yes/no list per level): a sheet with open cells made for choosing is
// filled in, whatever its name.
func (m *sheetModel) referenceSheet() bool {
	return m.matches(referenceName, m.name) && !m.offersLists()
}

// offersLists reports a list validation with options over a blank cell
// someone can type in (visible, unlocked), within the sheet's rows.
func (m *sheetModel) offersLists() bool {
	everyLocked := m.locksEveryList()
	for r, c := range m.listCells() {
		if m.blank(m.text(r, c)) && (everyLocked || !m.locked(r, c)) {
			return true
		}
	}
	return false
}

// answerable reports whether a person filling the sheet could answer in
// the cell: in a visible column (a hidden row is still offered, flagged:
// a filter hides rows the filler answers too) wide enough to show an
// answer (not a spacer), typed into (not a formula, not locked, not covered by
// a merge, not marked "leave blank"), outside reviewers' columns, and
// blank or holding a value its validation offers (heldvalues.go).
func (m *sheetModel) answerable(s *section, r, c int) bool {
	if r < 1 || c < 1 || r > maxRows || c > maxCols || m.hiddenCol(c) || s.reviewer[c] || s.narrow.has(c) ||
		m.covered(r, c) || m.isFormula(r, c) || s.locked(m, r, c) || m.noEntry(r, c) {
		return false
	}
	v := m.text(r, c)
	if m.blank(v) {
		return true
	}
	return m.heldChoice(r, c, v)
}

// questionRows lists the rows of a section that ask a question answered
// in its answer columns: a question left of them, the section's
// identifiers filled in, and not a notes row.
func (m *sheetModel) questionRows(l *layout, s *section) map[int]int {
	out := map[int]int{}
	for _, r := range s.rows {
		m.step()
		if l.bandRows[r] {
			continue
		}
		qc := m.questionCell(s, r)
		if qc == 0 || m.isNotesLabel(m.text(r, qc)) || !m.hasIDs(s, r) {
			continue
		}
		out[r] = qc
	}
	return out
}

// hasIDs reports whether row r numbers its question: the section's last
// identifier column (the question's own number, nearest the question; an
// earlier one may number a group and be left blank) holds an identifier.
func (m *sheetModel) hasIDs(s *section, r int) bool {
	if len(s.idCols) == 0 {
		return true
	}
	v := strings.TrimSpace(m.anchorText(r, s.idCols[len(s.idCols)-1]))
	// "3.0.1" in a column of numbers reads like a date to isIDLike; it is
	// one more value of the column, and must not hide the row's answers.
	return isIDLike(v) || versionLike.MatchString(v)
}

// columnTargets makes targets of the answer-column cells of each question
// row. A list column's cell on a question whose options or sub-questions
// follow in rows of their own is left to those rows.
func (m *sheetModel) columnTargets(l *layout, s *section) {
	qrows := m.questionRows(l, s)
	cols := sortedCols(s.answer)
	for _, r := range s.rows {
		m.step()
		qc, ok := qrows[r]
		if !ok {
			continue
		}
		for _, c := range cols {
			if !m.answerable(s, r, c) {
				continue
			}
			if s.lists[c] && m.optionRowsBelow(s, qrows, r, c) {
				l.grouped[[2]int{r, c}] = true
				continue
			}
			l.add(m, r, c, r, qc, s.answer[c])
		}
	}
}

// optionRowsBelow reports whether the rows under question row r hold list
// cells in column c beside text of their own: option rows (a tick per
// option) or sub-questions (a rating per threat), which take the answers
// instead of r. They run to
// the next row with text as far left as r's question.
func (m *sheetModel) optionRowsBelow(s *section, qrows map[int]int, r, c int) bool {
	for rr := r + 1; rr <= min(s.r2, r+maxGroupRows); rr++ {
		for col := 1; col <= qrows[r]; col++ {
			if strings.TrimSpace(m.anchorText(rr, col)) != "" && !m.hiddenCol(col) && (col == qrows[r] || !m.covered(rr, col)) {
				return false // text as far left as the question: a row of its own
			}
		}
		if m.listAt(rr, c) != nil && m.hasTextWithin(rr, c+optionSpan) {
			return true
		}
	}
	return false
}

// optionSpan is how far right of its list cell an option row's text may
// sit (the option's wording, its guidance).
const optionSpan = 3

// hasTextWithin reports text in row r left of column last (inclusive).
func (m *sheetModel) hasTextWithin(r, last int) bool {
	for c := 1; c <= min(last, len(m.rows[r-1])); c++ {
		if strings.TrimSpace(m.text(r, c)) != "" {
			return true
		}
	}
	return false
}

// maxGroupRows bounds how far down a question's option rows are looked for.
const maxGroupRows = 40

// notesTargets gives each notes row ("Notes", "Comments" under a
// question's options) the first free-text blank right of its label.
func (m *sheetModel) notesTargets(l *layout, s *section) {
	for _, r := range s.rows {
		m.step()
		if l.bandRows[r] {
			continue
		}
		for c := 1; c <= len(m.rows[r-1]); c++ {
			if !m.isNotesLabel(m.text(r, c)) || m.hiddenCol(c) {
				continue
			}
			for cc := m.mergeEnd(r, c) + 1; cc <= c+6; cc++ {
				if s.lists[cc] || m.covered(r, cc) {
					continue
				}
				if m.answerable(s, r, cc) {
					l.add(m, r, cc, r, c, "")
				}
				break
			}
			break
		}
	}
}

// mergeEnd is the last column of the merge anchored at (r, c), or c.
func (m *sheetModel) mergeEnd(r, c int) int {
	if mr := m.mergeAt(r, c); mr != nil {
		return mr.c2
	}
	return c
}

// listTargets adds the list-validated cells of rows with content: a
// drop-down is an answer slot even without a header (a tick per option
// row, a rating per threat). Lists whose options cannot be read, cells
// holding text that is not an option, and header rows are left out; so
// are rows of a table with answer columns that carry text where its
// questions go without being questions (notes, instructions).
func (m *sheetModel) listTargets(l *layout, s *section) {
	var qrows map[int]int
	if len(s.answer) > 0 {
		qrows = m.questionRows(l, s)
	}
	defer m.validatedTargets(l, s, qrows)
	for _, ru := range m.rules {
		if ru.typ != "list" || len(ru.options) == 0 {
			continue
		}
		for _, rc := range ru.rects {
			for r := max(rc.r1, s.r1); r <= min(rc.r2, s.r2, m.maxRow()); r++ {
				m.step()
				if l.bandRows[r] || !m.hasText(r) || qrows != nil && m.strayRow(s, qrows, r) {
					continue
				}
				for c := rc.c1; c <= min(rc.c2, rc.c1+maxListCols-1); c++ {
					if l.grouped[[2]int{r, c}] || m.listAt(r, c) == nil || !m.answerable(s, r, c) {
						continue
					}
					qr, qc := m.rowQuestion(s, r, c)
					l.add(m, r, c, qr, qc, s.answerLabel(c))
					if qr != r && qc > 0 && qc != c {
						// An option row: say which option the cell ticks.
						l.targets[[2]int{r, c}].option = m.optionText(r, c)
					}
				}
			}
		}
	}
}

// strayRow reports a row of an answer-column table with text left of the
// answers that is not a question row.
func (m *sheetModel) strayRow(s *section, qrows map[int]int, r int) bool {
	if _, q := qrows[r]; q {
		return false
	}
	for c := 1; c < s.firstAnswer(); c++ {
		if strings.TrimSpace(m.anchorText(r, c)) != "" && !m.hiddenCol(c) {
			return true
		}
	}
	return false
}

// maxListCols bounds how many columns of one list validation become targets.
const maxListCols = 64

// answerLabel is the header text of column c in the section, if any.
func (s *section) answerLabel(c int) string {
	if s.band == nil {
		return ""
	}
	return s.band.labels[c]
}

// rowQuestion finds the question a cell of row r answers: the row's
// question cell, else the longest text left of the cell, else the nearest
// question above (an option row's question).
func (m *sheetModel) rowQuestion(s *section, r, c int) (int, int) {
	if qc := m.questionCell(s, r); qc > 0 && qc < c {
		return r, qc
	}
	best, bestLen := 0, 0
	for col := 1; col < c; col++ {
		if n := len(strings.TrimSpace(m.text(r, col))); n > bestLen && m.isQuestionText(r, col) {
			best, bestLen = col, n
		}
	}
	if best > 0 {
		return r, best
	}
	return m.questionAbove(s, r, c)
}

// optionText is the text an option row gives its list cell: the first
// text right of it on the row.
func (m *sheetModel) optionText(r, c int) string {
	for col := c + 1; col <= min(len(m.rows[r-1]), c+optionSpan); col++ {
		if m.isQuestionText(r, col) {
			return clip(oneLine(m.text(r, col)), maxQuestionText)
		}
	}
	return ""
}

// questionAbove is the nearest question-like cell above row r, left of
// column c, within the section and a dozen rows.
func (m *sheetModel) questionAbove(s *section, r, c int) (int, int) {
	if m.labelAbove(r, c) {
		return r - 1, c // a label over the cell ("Names or Numbers" over its drop-down)
	}
	for rr := r - 1; rr >= max(s.r1, r-12); rr-- {
		for col := 1; col < c; col++ {
			if m.isQuestionText(rr, col) && isQuestionLike(m.text(rr, col)) {
				return rr, col
			}
		}
	}
	return 0, 0
}

// labelAbove reports a short label directly above cell (r, c): text with
// words, not a formula, not another answer cell (list-validated).
func (m *sheetModel) labelAbove(r, c int) bool {
	v := strings.TrimSpace(m.text(r-1, c))
	return r > 1 && v != "" && len(v) <= maxLabel && m.isQuestionText(r-1, c) && !m.isFormula(r-1, c) && m.ruleAt(r-1, c) == nil
}

// sortedCols returns the keys of cols in order.
func sortedCols(cols map[int]string) []int {
	out := make([]int, 0, len(cols))
	for c := range cols {
		out = append(out, c)
	}
	sort.Ints(out)
	return out
}

// oneLine collapses white space so a label fits one line. Most labels
// are one line already (ASCII, single spaces, nothing around them) and
// come back as they are, unsplit.
func oneLine(s string) string {
	if isOneLine(s) {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

// isOneLine reports ASCII text that strings.Fields would give back joined
// as it is: no white space but single spaces between words.
func isOneLine(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 0x80 || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r':
			return false
		case c == ' ' && (i == 0 || i == len(s)-1 || s[i+1] == ' '):
			return false
		}
	}
	return true
}
