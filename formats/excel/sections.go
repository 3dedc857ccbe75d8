package excel

import (
	"sort"
	"strings"

	"github.com/formfill/formfill/formats"
)

var questionWord = formats.MustPattern(`(?i)\bquestions?\b`)

// A section is the run of rows under one header (or above the first): the
// rows its answer columns apply to.

// Thresholds of the column statistics, as shares of a section's rows with
// content.
const (
	listShare     = 0.3  // a column this validated is a list column
	unlockedShare = 0.5  // a column this unlocked takes input
	filledShare   = 0.5  // a column this filled holds content, not answers
	idShare       = 0.4  // a column with identifiers on this many question rows numbers them
	idPurity      = 0.8  // … when this share of its values are identifiers
	minIDs        = 3    // … and it has at least this many
	selectiveLock = 0.5  // protection marks input cells when fewer text cells than this are unlocked
	maxScanCols   = 1024 // columns looked at for answer columns
)

// section is one header's rows and what they are made of.
type section struct {
	band     *band // nil above the first header
	r1, r2   int
	rows     []int          // rows with content
	answer   map[int]string // answer columns → header text
	lists    map[int]bool   // columns mostly validated by a list
	idCols   []int          // columns numbering the questions
	qCols    []int          // the question columns named by the header, in order
	reviewer map[int]bool   // columns the header gives to reviewers
	narrow   spacers        // the sheet's spacer columns (colwidths.go)
	// listsLocked: the sheet's protection locks every drop-down (lockedlists.go).
	listsLocked bool
}

// sections splits the sheet at its headers and works out each section's
// columns.
func (m *sheetModel) sections(bands []band, selective bool) []*section {
	narrow, listsLocked := m.narrowColumns(), m.locksEveryList()
	var out []*section
	start := 1
	var prev *band
	for i := range bands {
		if bands[i].r1 > start {
			out = append(out, m.newSection(prev, start, bands[i].r1-1, selective, narrow, listsLocked))
		}
		prev, start = &bands[i], bands[i].r2+1
	}
	if start <= m.maxRow() {
		out = append(out, m.newSection(prev, start, m.maxRow(), selective, narrow, listsLocked))
	}
	return out
}

// newSection gathers the statistics of rows r1..r2 and picks the answer
// columns: named by the header, or mostly list-validated, or mostly
// unlocked on a sheet whose protection marks its inputs; never a column
// mostly filled with content or formulas, nor a reviewer's.
func (m *sheetModel) newSection(b *band, r1, r2 int, selective bool, narrow spacers, listsLocked bool) *section {
	s := &section{band: b, r1: r1, r2: r2, answer: map[int]string{}, lists: map[int]bool{}, reviewer: map[int]bool{}, narrow: narrow, listsLocked: listsLocked}
	for r := r1; r <= r2; r++ {
		m.step()
		if m.hasText(r) && !m.errorsOnly(r) {
			s.rows = append(s.rows, r)
		}
	}
	last := m.maxCol
	if b != nil {
		for _, c := range sortedCols(b.labels) {
			lab := b.labels[c]
			last = max(last, c)
			switch {
			case m.matches(reviewerHeader, lab):
				s.reviewer[c] = true
			case m.matches(questionHeader, lab) && !m.matches(answerHeader, lab):
				s.qCols = append(s.qCols, c)
			}
		}
		// "Question" says it more plainly than "Control" or "Item".
		sort.SliceStable(s.qCols, func(i, j int) bool {
			return m.matches(questionWord, b.labels[s.qCols[i]]) && !m.matches(questionWord, b.labels[s.qCols[j]])
		})
	}
	if len(s.rows) == 0 {
		return s
	}
	for c := 1; c <= min(last, maxScanCols); c++ {
		if !m.hiddenCol(c) && !s.reviewer[c] && !s.narrow.has(c) {
			m.classifyColumn(s, c, selective)
		}
	}
	s.idCols = m.idColumns(s)
	return s
}

// questionCell picks the cell of row r holding its question: text left of
// the answer columns, outside the identifier columns; the first of the
// header's question columns with text, else the longest. 0 when none.
func (m *sheetModel) questionCell(s *section, r int) int {
	first := s.firstAnswer()
	if first == 0 {
		return 0
	}
	for _, c := range s.qCols {
		if c < first && m.isQuestionText(r, c) {
			return c
		}
	}
	best, bestLen := 0, 0
	for c := 1; c < first; c++ {
		if !m.isQuestionText(r, c) || containsInt(s.idCols, c) {
			continue
		}
		if n := len(strings.TrimSpace(m.text(r, c))); n > bestLen {
			best, bestLen = c, n
		}
	}
	if best == 0 && len(s.idCols) > 0 && len(s.answer) > 0 {
		// A numbered row whose wording is elsewhere ("N/A" where the
		// objectives go, the name in a link formula without a cached
		// value) still asks: its number names the question.
		if c := s.idCols[len(s.idCols)-1]; c < first && isIDLike(m.anchorText(r, c)) && m.blankAnswers(s, r) {
			return c
		}
	}
	return best
}

// blankAnswers reports a row whose answer-column cells are all blank or
// chosen options: a row waiting for answers, not a filled one.
func (m *sheetModel) blankAnswers(s *section, r int) bool {
	for c := range s.answer {
		if v := m.text(r, c); !m.blank(v) && !m.heldChoice(r, c, v) {
			return false
		}
	}
	return true
}

// isQuestionText reports a visible cell whose text could be a question or
// a label: words, not an identifier.
func (m *sheetModel) isQuestionText(r, c int) bool {
	v := strings.TrimSpace(m.text(r, c))
	return v != "" && !m.hiddenCol(c) && !m.covered(r, c) && hasWords(v) && !isIDLike(v) && !isErrorValue(v)
}

// errorValue is a formula's error result (#REF!, #N/A, …): never a
// question, and a row holding nothing else is a broken leftover (hidden
// rows of a template whose lookups were cut), not a question row.
var errorValue = formats.MustPattern(`^#(REF!|N/A|VALUE!|DIV/0!|NAME\?|NUM!|NULL!|SPILL!|CALC!)$`)

// isErrorValue is errorValue.MatchString, asked only of text starting
// with its '#'.
func isErrorValue(v string) bool { return v != "" && v[0] == '#' && errorValue.MatchString(v) }

// errorsOnly reports a row whose only texts are error values.
func (m *sheetModel) errorsOnly(r int) bool {
	for _, v := range m.rows[r-1] {
		if v = strings.TrimSpace(v); v != "" && !isErrorValue(v) {
			return false
		}
	}
	return true
}

func containsInt(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// classifyColumn counts what column c holds on the section's rows and
// records it as a list column, an answer column, or neither.
func (m *sheetModel) classifyColumn(s *section, c int, selective bool) {
	n := float64(len(s.rows))
	var lists, formulas, filled int
	for _, r := range s.rows {
		m.step()
		v := m.text(r, c)
		lr := m.listAt(r, c)
		switch {
		case m.isFormula(r, c):
			formulas++
		case !m.blank(v) && !m.heldChoice(r, c, v):
			filled++
		}
		if lr != nil {
			lists++
		}
	}
	if float64(lists) >= listShare*n && lists >= 2 {
		s.lists[c] = true
	}
	label := ""
	if s.band != nil && !isHeaderNote(s.band.labels[c]) {
		label = s.band.labels[c] // a remark over a column names nothing
	}
	if float64(formulas) >= filledShare*n || float64(filled) >= filledShare*n {
		return // content, not answers
	}
	named := m.matches(answerHeader, label) || filled == 0 && formulas == 0 && m.matches(assessorHeader, label)
	if named || s.lists[c] || selective && float64(m.unlockedIn(s, c)) >= unlockedShare*n {
		s.answer[c] = label
	}
}

// unlockedIn counts the section's rows whose cell in column c is
// unlocked: asked only of a column that could still be an answer column
// (a cell's style is a search among the sheet's styled cells).
func (m *sheetModel) unlockedIn(s *section, c int) int {
	unlocked := 0
	for _, r := range s.rows {
		if !m.locked(r, c) {
			unlocked++
		}
	}
	return unlocked
}

// assessorHeader names a column of a risk assessment's own judgements:
// in a self-assessment the filler writes them, so an empty column under
// such a header, beside the questions, is an answer column.
var assessorHeader = formats.MustPattern(`(?i)\b(likelihood|impacts?|mitigating factors?|mitigations?|dispositions?|threats?|severity|probability|risk (rating|level)|compensating controls?|current controls?)\b`)

// assessorName is a header cell that is an assessor field's name and
// nothing else: only then does it make a row a header ("Threat
// Intelligence" in a statement row does not).
var assessorName = formats.MustPattern(`(?i)^\s*(likelihood|impacts?|mitigating factors?|mitigations?|dispositions?|threats?|severity|probability|risk (rating|level)|compensating controls?|current controls?)\s*:?\s*$`)

// firstAnswer is the section's leftmost answer column, 0 when none.
func (s *section) firstAnswer() int {
	first := 0
	for c := range s.answer {
		if first == 0 || c < first {
			first = c
		}
	}
	return first
}

// idColumns finds the columns left of the answers that number the
// questions: mostly identifiers, present on many of the rows with text
// left of the answers.
func (m *sheetModel) idColumns(s *section) []int {
	first := s.firstAnswer()
	if first == 0 {
		return nil
	}
	var rows []int
	for _, r := range s.rows {
		for c := 1; c < first; c++ {
			if strings.TrimSpace(m.anchorText(r, c)) != "" {
				rows = append(rows, r)
				break
			}
		}
	}
	var out []int
	for c := 1; c < first; c++ {
		ids, values := 0, 0
		for _, r := range rows {
			v := strings.TrimSpace(m.anchorText(r, c))
			if v == "" {
				continue
			}
			values++
			if isIDLike(v) {
				ids++
			}
		}
		if ids >= minIDs && float64(ids) >= idPurity*float64(values) && float64(ids) >= idShare*float64(len(rows)) {
			out = append(out, c)
		}
	}
	return out
}

// versionLike is a number or a dotted version ("3", "4.1", "3.0.1").
var versionLike = formats.MustPattern(`^\d+(\.\d+){0,3}$`)

// anchorText is the text a cell shows: a merged range's anchor text for
// every cell the range covers.
func (m *sheetModel) anchorText(r, c int) string {
	if mr := m.mergeAt(r, c); mr != nil {
		return m.text(mr.r1, mr.c1)
	}
	return m.text(r, c)
}

// selectiveProtection reports whether the sheet's protection marks its
// input cells: the sheet is protected and most cells with text are
// locked (some workbooks unlock nearly everything, which says nothing).
func (m *sheetModel) selectiveProtection() bool {
	if !m.scan.protected {
		return false
	}
	text, unlocked := 0, 0
	for r, row := range m.rows {
		for c, v := range row {
			if strings.TrimSpace(v) == "" {
				continue
			}
			text++
			if !m.locked(r+1, c+1) {
				unlocked++
			}
		}
	}
	return text > 0 && float64(unlocked) < selectiveLock*float64(text)
}
