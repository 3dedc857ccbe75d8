package excel

import (
	"fmt"
	"strings"

	"github.com/formfill/formfill/formats"
)

// Entry grids: a register or inventory sheet is a header row of field
// names over rows left empty for the filler, one row per item (servers,
// POA&M items, findings). Guidance, format and example rows may sit
// between the header and the first empty row. Nothing in such a grid is a
// question beside a blank, so the other signals find nothing there (or
// blanks inside the examples); the grid offers its first empty row
// instead, one target per column, the column header as the question, and
// the map says how many empty rows follow for further items.

// grid is one entry grid of a sheet.
type grid struct {
	header int   // the header row
	cols   []int // the columns with a header, left to right
	first  int   // the first empty row: the targets' row
	last   int   // the last formatted empty row (>= first)
}

// ref names the grid's header, e.g. B2:Z2.
func (g grid) ref() string {
	return cell{row: g.header, col: g.cols[0]}.name() + ":" + cell{row: g.header, col: g.cols[len(g.cols)-1]}.name()
}

// room is how many empty rows the grid has for items.
func (g grid) room() int { return g.last - g.first + 1 }

// Bounds of what reads as an entry grid.
const (
	minGridCols  = 5  // fewer field names make a small table, not a register
	maxGridLead  = 12 // guidance and example rows between header and first empty row
	minGridRoom  = 3  // empty rows below the first one needed to read it as room for items
	maxGridLabel = 80 // a longer header cell is prose, not a field name
)

// gridTargets finds the sheet's entry grids and adds their first empty
// row as targets. A grid already answered by other signals (a question
// table whose rows hold their targets) is left alone; blanks other
// signals found in its example rows are dropped: they are the examples'
// empty fields, not answers.
func (m *sheetModel) gridTargets(l *layout) {
	for r := 1; r <= min(m.maxRow(), maxRows); r++ {
		m.step()
		g, ok := m.gridAt(r)
		if !ok || m.answeredTable(l, g) {
			continue
		}
		for p := range l.targets {
			if p[0] > g.header && p[0] < g.first && containsInt(g.cols, p[1]) {
				delete(l.targets, p)
			}
		}
		for _, c := range g.cols {
			if m.isFormula(g.first, c) || m.covered(g.first, c) || m.locked(g.first, c) {
				continue
			}
			l.add(m, g.first, c, g.header, c, "")
			l.targets[[2]int{g.first, c}].grid = quoteSheet(m.name) + "!" + g.ref()
		}
		l.bandRows[g.header] = true
		l.grids = append(l.grids, g)
		r = g.last
	}
}

// gridAt reads row r as the header of an entry grid. A row of group
// headers over the field names ("OS/Infrastructure Inventory" over
// "MAC Address", "Location", …) gives way to the row below.
func (m *sheetModel) gridAt(r int) (grid, bool) {
	g, ok := m.headerRow(r)
	if !ok {
		return g, false
	}
	if below, ok := m.headerRow(r + 1); ok && len(below.cols) > len(g.cols) {
		return g, false
	}
	return m.finish(g)
}

// headerRow reads row r's cells as field names: at least minGridCols
// short texts with words, no formula.
func (m *sheetModel) headerRow(r int) (grid, bool) {
	g := grid{header: r}
	if r > m.maxRow() || m.hiddenRows[r] {
		return g, false
	}
	wordless := 0 // "Nº", "#": one is a numbering column's header
	for c := 1; c <= len(m.rows[r-1]); c++ {
		v := strings.TrimSpace(m.text(r, c))
		if v == "" || m.hiddenCol(c) || m.covered(r, c) {
			continue
		}
		if m.isFormula(r, c) || len(v) > maxGridLabel {
			return g, false
		}
		if !hasWords(v) {
			wordless++
		}
		g.cols = append(g.cols, c)
	}
	return g, wordless <= 1 && len(g.cols)-wordless >= minGridCols
}

// finish finds the grid's first empty row (after at most maxGridLead
// guidance and example rows) and the empty rows below it; a grid with
// items below its first empty row is a filled table, not room for more.
func (m *sheetModel) finish(g grid) (grid, bool) {
	for rr := g.header + 1; rr <= g.header+1+maxGridLead && g.first == 0; rr++ {
		if m.emptyGridRow(g, rr) {
			g.first = rr
		}
	}
	if g.first == 0 {
		return g, false
	}
	g.last = m.formattedEnd(g)
	for rr := g.first; rr <= min(g.last, m.maxRow()); rr++ {
		if !m.emptyGridRow(g, rr) {
			return g, false
		}
	}
	return g, g.room() >= minGridRoom
}

// emptyGridRow reports whether row r holds nothing typed in the grid's
// columns (formulas filled down the grid do not count).
func (m *sheetModel) emptyGridRow(g grid, r int) bool {
	if m.hiddenRows[r] {
		return false
	}
	for _, c := range g.cols {
		if !m.isFormula(r, c) && !m.blank(m.text(r, c)) {
			return false
		}
	}
	return true
}

// formattedEnd is the last row prepared for entries under the grid: the
// sheet's last row, or further where validations of its columns reach
// (bounded: a validation over whole columns prepares nothing).
func (m *sheetModel) formattedEnd(g grid) int {
	end := m.maxRow()
	if _, dim, ok := strings.Cut(m.dimension, ":"); ok {
		if rc, ok := parseRect(dim); ok && rc.r2 > end {
			end = min(rc.r2, m.maxRow()+maxGridExtent)
		}
	}
	for _, ru := range m.rules {
		for _, rc := range ru.rects {
			if rc.r1 <= g.first && rc.r2 > end && rc.r2 < maxRows/2 && containsAny(g.cols, rc.c1, rc.c2) {
				end = min(rc.r2, m.maxRow()+maxGridExtent)
			}
		}
	}
	return end
}

// maxGridExtent bounds how far past the sheet's last row a validation
// makes room.
const maxGridExtent = 100000

// containsAny reports whether some column of cols lies in [c1, c2].
func containsAny(cols []int, c1, c2 int) bool {
	for _, c := range cols {
		if c >= c1 && c <= c2 {
			return true
		}
	}
	return false
}

// answeredTable reports a grid whose rows other signals already answer: a
// table with answer cells at or below the first empty row, or with answer
// cells in rows between header and first empty row that are not marked as
// examples or guidance (those rows are items or questions of their own).
func (m *sheetModel) answeredTable(l *layout, g grid) bool {
	examples := m.validatedRoom(g)
	for r := g.header + 1; r < g.first && !examples; r++ {
		examples = m.exampleRow(r)
	}
	for p := range l.targets {
		if p[0] <= g.header || p[1] < g.cols[0] || p[1] > g.cols[len(g.cols)-1] {
			continue
		}
		if p[0] >= g.first || !examples {
			return true
		}
	}
	return false
}

// validatedRoom reports validations of the grid's columns reaching from
// its first empty row well into the room below: rows prepared for
// entries, so the rows above them are examples, not items.
func (m *sheetModel) validatedRoom(g grid) bool {
	for _, ru := range m.rules {
		for _, rc := range ru.rects {
			if rc.r1 <= g.first && rc.r2 >= g.first+minGridRoom && containsAny(g.cols, rc.c1, rc.c2) {
				return true
			}
		}
	}
	return false
}

// exampleRow reports a row with a short cell marking it as an example or
// guidance; long cells are the entries' own prose, where "e.g." means
// nothing about the row.
func (m *sheetModel) exampleRow(r int) bool {
	for c := 1; c <= len(m.rows[r-1]); c++ {
		if v := strings.TrimSpace(m.text(r, c)); v != "" && len(v) <= maxExampleMark && m.matches(exampleMark, v) {
			return true
		}
	}
	return false
}

// maxExampleMark bounds the cell that marks an example row.
const maxExampleMark = 40

// exampleMark marks a row under a grid's header as an example or guidance
// for the entries, not an entry ("OS/Infrastructure Example",
// "www.example.com", "GUIDANCE").
var exampleMark = formats.MustPattern(`(?i)example|sample|guidance|e\.g\.|for instance`)

// gridNote is the map's line about a grid.
func (m *sheetModel) gridNote(g grid) string {
	return fmt.Sprintf("(entry grid %s!%s: one item per row; row %d is the first empty row (its targets, one per column, the header as question) and rows %d–%d (%d rows) are room for items: write the same columns in the next rows for more)",
		quoteSheet(m.name), g.ref(), g.first, g.first, g.last, g.room())
}
