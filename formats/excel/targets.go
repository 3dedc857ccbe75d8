package excel

import (
	"regexp"
	"sort"
	"strings"
)

// headerScanRows is how far down a sheet the answer-column header is looked
// for.
const headerScanRows = 30

// maxListCols bounds how many columns of one list validation become targets.
const maxListCols = 64

var (
	answerHeader = regexp.MustCompile(`(?i)\b(answers?|responses?|comments?|remarks?|notes?|explanations?|justifications?|yes\s*[/-]\s*no|y\s*/\s*n)\b`)
	questionHdr  = regexp.MustCompile(`(?i)\b(questions?|requirements?)\b`)
	promptStart  = regexp.MustCompile(`(?i)^(please|describe|explain|provide|list|specify|indicate|state|identify|confirm)\b`)
	optionWord   = regexp.MustCompile(`(?i)^(yes|no|n/?a|not applicable|partial(ly)?|true|false|x)$`)
)

// target is one answer target of a sheet.
type target struct {
	row, col int
	label    string // the question it answers
	header   string // the column header, when found through one
}

// layout is what the target finder learned about a sheet.
type layout struct {
	targets  map[[2]int]*target
	sources  map[[2]int]bool // cells that caused a target (questions)
	headerR1 int             // header band, 0 when none
	headerR2 int
	qCols    map[int]bool
}

// sorted returns the targets in row-major order.
func (l *layout) sorted() []*target {
	out := make([]*target, 0, len(l.targets))
	for _, t := range l.targets {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].row != out[j].row {
			return out[i].row < out[j].row
		}
		return out[i].col < out[j].col
	})
	return out
}

// isQuestionLike reports text that asks for an answer next to it.
func isQuestionLike(s string) bool {
	s = strings.TrimSpace(s)
	switch {
	case len(s) < 3:
		return false
	case strings.HasSuffix(s, "?"):
		return true
	case strings.HasSuffix(s, ":"):
		// An upper-case line ending in a colon is a section heading.
		return strings.ToUpper(s) != s
	case strings.Contains(s, "?") && len(s) > 15:
		return true
	}
	return len(s) >= 20 && promptStart.MatchString(s)
}

// findTargets finds the answer targets of a sheet. Hidden sheets and
// hidden rows get none: nobody answers what they cannot see.
func (m *sheetModel) findTargets() *layout {
	l := &layout{targets: map[[2]int]*target{}, sources: map[[2]int]bool{}, qCols: map[int]bool{}}
	if m.hidden {
		return l
	}
	if cols := m.findHeader(l); len(cols) > 0 {
		m.columnTargets(l, cols)
	} else {
		m.neighbourTargets(l)
	}
	m.listTargets(l)
	for p := range l.targets {
		// A formula cell is computed, never answered.
		if m.formulas[p] {
			delete(l.targets, p)
		}
	}
	return l
}

// findHeader looks for the first row naming answer columns and returns
// column → header label. A merged header spans all its columns; a row of
// option words under it (Yes | No | N/A, as in the CAIQ) refines the
// labels and joins the header band.
func (m *sheetModel) findHeader(l *layout) map[int]string {
	cols := map[int]string{}
	for r := 1; r <= min(m.maxRow(), headerScanRows) && len(cols) == 0; r++ {
		l.headerR1, l.headerR2 = r, r
		clear(l.qCols)
		for c, v := range m.rows[r-1] {
			v = strings.TrimSpace(v)
			if v == "" || len(v) > 80 {
				continue
			}
			c1, c2 := c+1, c+1
			if mr := m.mergeAt(r, c+1); mr != nil {
				c1, c2 = mr.c1, mr.c2
				l.headerR2 = max(l.headerR2, mr.r2)
			}
			switch {
			case questionHdr.MatchString(v) && !answerHeader.MatchString(v):
				for col := c1; col <= c2; col++ {
					l.qCols[col] = true
				}
			case answerHeader.MatchString(v):
				for col := c1; col <= c2; col++ {
					cols[col] = oneLine(v)
				}
			}
		}
	}
	if len(cols) == 0 {
		l.headerR1, l.headerR2 = 0, 0
		clear(l.qCols)
		return nil
	}
	m.subHeader(l, cols)
	return cols
}

// subHeader extends the header band by one row when the row under it
// labels the answer columns with option words only.
func (m *sheetModel) subHeader(l *layout, cols map[int]string) {
	r := l.headerR2 + 1
	if r > m.maxRow() {
		return
	}
	found := false
	for col := range cols {
		v := strings.TrimSpace(m.text(r, col))
		if v == "" {
			continue
		}
		if !optionWord.MatchString(v) {
			return
		}
		found = true
	}
	for col := range l.qCols {
		if m.text(r, col) != "" {
			return
		}
	}
	if !found {
		return
	}
	for col, h := range cols {
		if v := strings.TrimSpace(m.text(r, col)); v != "" {
			cols[col] = h + ": " + v
		}
	}
	l.headerR2 = r
}

// columnTargets makes a target of every answer-column cell on rows that
// carry a question.
func (m *sheetModel) columnTargets(l *layout, cols map[int]string) {
	for r := l.headerR2 + 1; r <= m.maxRow(); r++ {
		if m.hiddenRows[r] {
			continue
		}
		qc := m.questionCell(r, cols, l.qCols)
		if qc == 0 {
			continue
		}
		l.sources[[2]int{r, qc}] = true
		for col, h := range cols {
			if m.covered(r, col) {
				continue
			}
			l.targets[[2]int{r, col}] = &target{row: r, col: col, label: oneLine(m.text(r, qc)), header: h}
		}
	}
}

// questionCell picks the cell of row r holding its question: the question
// column's when the header named one, else the longest text outside the
// answer columns. 0 when the row has none.
func (m *sheetModel) questionCell(r int, answer map[int]string, qCols map[int]bool) int {
	best, bestLen := 0, 0
	for c, v := range m.rows[r-1] {
		v = strings.TrimSpace(v)
		if v == "" || answer[c+1] != "" || len(qCols) > 0 && !qCols[c+1] {
			continue
		}
		if len(v) > bestLen {
			best, bestLen = c+1, len(v)
		}
	}
	return best
}

// neighbourTargets makes a target of the empty cell right of each
// question-like cell, or else of the empty cell below it.
func (m *sheetModel) neighbourTargets(l *layout) {
	for r := 1; r <= m.maxRow(); r++ {
		if m.hiddenRows[r] {
			continue
		}
		for c, v := range m.rows[r-1] {
			if !isQuestionLike(v) || m.covered(r, c+1) {
				continue
			}
			endR, endC := r, c+1
			if mr := m.mergeAt(r, c+1); mr != nil {
				endR, endC = mr.r2, mr.c2
			}
			for _, p := range [][2]int{{r, endC + 1}, {endR + 1, c + 1}} {
				if p[1] > maxCols || p[0] > maxRows || m.text(p[0], p[1]) != "" || m.covered(p[0], p[1]) || m.hiddenRows[p[0]] {
					continue
				}
				l.sources[[2]int{r, c + 1}] = true
				l.targets[p] = &target{row: p[0], col: p[1], label: oneLine(v)}
				break
			}
		}
	}
}

// listTargets adds the empty cells of list validations on rows with
// content: a dropdown is an answer slot even without a header.
func (m *sheetModel) listTargets(l *layout) {
	for _, ru := range m.rules {
		if ru.typ != "list" {
			continue
		}
		for _, rc := range ru.rects {
			for r := max(rc.r1, l.headerR2+1); r <= min(rc.r2, m.maxRow()); r++ {
				if m.hiddenRows[r] || m.rowText(r) == "" {
					continue
				}
				for c := rc.c1; c <= min(rc.c2, rc.c1+maxListCols-1); c++ {
					if _, ok := l.targets[[2]int{r, c}]; ok || m.covered(r, c) {
						continue
					}
					l.targets[[2]int{r, c}] = &target{row: r, col: c, label: m.rowLabel(r, c)}
				}
			}
		}
	}
}

// rowLabel is the nearest question-like text left of (r, c), else the
// row's first text.
func (m *sheetModel) rowLabel(r, c int) string {
	for col := c - 1; col >= 1; col-- {
		if v := m.text(r, col); isQuestionLike(v) {
			return oneLine(v)
		}
	}
	for _, v := range m.rows[r-1] {
		if strings.TrimSpace(v) != "" {
			return oneLine(v)
		}
	}
	return ""
}

// oneLine collapses white space so a label fits one line.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
