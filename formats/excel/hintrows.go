package excel

import (
	"strings"

	"github.com/formfill/formfill/formats"
)

// Format-hint rows: a row of field labels ("CSP", "System Name", "Impact
// Level", "POAM Date") over a row whose cells say what to type rather
// than hold an answer ("Text", "Date", or the default of the cell's
// drop-down). The hints stand where the answers go: each is a target
// answering the label above it, and writing replaces the hint.

// formatHint is a cell naming the kind of value expected.
var formatHint = formats.MustPattern(`(?i)^(text( field)?|free text|date|number|numeric|integer|decimal|amount|identifier|e-?mail( address)?|phone( number)?|name|yes/no|(mm|dd)/(dd|mm)/yyyy|m/d/yyyy|yyyy-mm-dd)$`)

// hintRowTargets adds the hint cells of each format-hint row outside the
// layout's grids (frozen at the top, such a block reads as a header band:
// it is one only in look). A target another signal gave a hint cell
// takes the label above as its question.
func (m *sheetModel) hintRowTargets(l *layout) {
	for r := 2; r <= m.maxRow(); r++ {
		m.step()
		if m.inGrid(l, r) || m.hiddenRows[r] {
			continue
		}
		cells, hints := m.hintRow(r)
		if hints == 0 || hints != cells {
			continue
		}
		for c := 1; c <= len(m.rows[r-1]); c++ {
			if strings.TrimSpace(m.text(r, c)) != "" && !m.locked(r, c) {
				delete(l.targets, [2]int{r, c})
				l.add(m, r, c, r-1, c, "")
			}
		}
	}
}

// hintRow counts the non-empty cells of row r and those that are format
// hints (or their drop-down's value) under a label in row r-1; at least
// two hints, none under a blank.
func (m *sheetModel) hintRow(r int) (cells, hints int) {
	for c := 1; c <= len(m.rows[r-1]); c++ {
		v := strings.TrimSpace(m.text(r, c))
		if v == "" {
			continue
		}
		cells++
		label := strings.TrimSpace(m.text(r-1, c))
		if label == "" || !hasWords(label) || len(label) > maxLabel || m.isFormula(r, c) || m.covered(r, c) {
			return cells, 0
		}
		if m.matches(formatHint, v) || m.chosenOption(r, c, v) {
			hints++
		}
	}
	if hints < 2 {
		return cells, 0
	}
	return cells, hints
}

// inGrid reports a row inside one of the layout's grids, header to room.
func (m *sheetModel) inGrid(l *layout, r int) bool {
	for _, g := range l.grids {
		if r >= g.header && r <= g.last {
			return true
		}
	}
	return false
}
