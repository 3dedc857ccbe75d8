package excel

import (
	"fmt"
	"sort"
	"strings"
)

// entry is one cell the compact map may show.
type entry struct {
	row, col int32 // a sheet's cells are within Excel's rows and columns
	key      bool  // a target, a question, a header or question-column cell
}

// cellEntries are the cells a sheet's part of the map may show, in
// row-major order: every one (total of them), or only the key ones once
// there are more than the line cap, the others counted but not kept (a
// large sheet's cells beyond the cap were listed only to be dropped).
type cellEntries struct {
	list     []entry
	total    int
	keysOnly bool
}

// add adds en to the entries.
func (es *cellEntries) add(en entry, maxLines int) {
	es.total++
	if es.keysOnly && !en.key {
		return
	}
	es.list = append(es.list, en)
	if !es.keysOnly && len(es.list) > maxLines {
		es.keepKeys()
	}
}

// keepKeys drops the entries that are not key ones, in place.
func (es *cellEntries) keepKeys() {
	key := es.list[:0]
	for _, en := range es.list {
		if en.key {
			key = append(key, en)
		}
	}
	es.list, es.keysOnly = key, true
}

// entries lists the non-empty cells and the targets of the sheet in
// row-major order; over maxLines, only the key ones (see cellEntries).
func (m *sheetModel) entries(l *layout, maxLines int) cellEntries {
	// Room for every text up to the cap: grown by doubling instead, the
	// list was a tenth of what a HECVAT 4.14 extract allocated.
	n := len(l.targets) // mostly empty cells, which the texts do not count
	width := 0
	for _, row := range m.rows {
		width = max(width, len(row))
		for _, v := range row {
			if v != "" {
				n++
			}
		}
	}
	if n > maxLines {
		n = maxLines + 1 // the list is cut to its key entries past the cap
	}
	es := cellEntries{list: make([]entry, 0, max(n, 0))}
	// The layout's maps by row and by column: a cell in a row without a
	// target or a question needs no look-up in those maps, and most
	// cells are neither (four look-ups each made a tenth of entries).
	k := keyIndex(l, len(m.rows), width)
	for r, row := range m.rows {
		m.step()
		for c, v := range row {
			p := [2]int{r + 1, c + 1}
			if strings.TrimSpace(v) == "" && !m.isFormula(r+1, c+1) && (!k.targetRows[r+1] || l.targets[p] == nil) {
				continue
			}
			key := k.targetRows[r+1] && l.targets[p] != nil || k.sourceRows[r+1] && l.sources[p] ||
				k.qCols[c+1] || k.bandRows[r+1]
			es.add(entry{row: int32(r + 1), col: int32(c + 1), key: key}, maxLines)
		}
	}
	inRows := es.total
	for p, t := range l.targets {
		if p[0] > len(m.rows) || p[1] > len(m.rows[p[0]-1]) {
			es.add(entry{row: int32(t.row), col: int32(t.col), key: true}, maxLines)
		}
	}
	for _, p := range orderedFormulas(m.formulas, m.formulaOrder) {
		if p[0] > len(m.rows) || p[1] > len(m.rows[p[0]-1]) {
			es.add(entry{row: int32(p[0]), col: int32(p[1])}, maxLines)
		}
	}
	if out := es.list; es.total > inRows { // the rows' cells came in row-major order: only cells past them need the sort
		sort.Slice(out, func(i, j int) bool {
			return rowColLess(int(out[i].row), int(out[i].col), int(out[j].row), int(out[j].col))
		})
	}
	return es
}

// layoutIndex is which of a sheet's rows hold a target or a question,
// and which rows and columns are header rows and question columns, by
// number, for rows 1 to rows and columns 1 to cols.
type layoutIndex struct {
	targetRows, sourceRows, bandRows, qCols []bool
}

// keyIndex indexes l for a sheet of rows rows and cols columns.
func keyIndex(l *layout, rows, cols int) layoutIndex {
	k := layoutIndex{
		targetRows: make([]bool, rows+1), sourceRows: make([]bool, rows+1),
		bandRows: make([]bool, rows+1), qCols: make([]bool, cols+1),
	}
	for p := range l.targets {
		if p[0] >= 1 && p[0] <= rows {
			k.targetRows[p[0]] = true
		}
	}
	for p, ok := range l.sources {
		if ok && p[0] >= 1 && p[0] <= rows {
			k.sourceRows[p[0]] = true
		}
	}
	for r, ok := range l.bandRows {
		if ok && r >= 1 && r <= rows {
			k.bandRows[r] = true
		}
	}
	for c, ok := range l.qCols {
		if ok && c >= 1 && c <= cols {
			k.qCols[c] = true
		}
	}
	return k
}

// capEntries applies the line cap and says what it cut.
func capEntries(es cellEntries, maxLines int) ([]entry, []string) {
	if es.total <= maxLines {
		return es.list, nil
	}
	var notes []string
	if !es.keysOnly {
		es.keepKeys()
	}
	key := es.list
	if dropped := es.total - len(key); dropped > 0 {
		notes = append(notes, fmt.Sprintf("(… %d other cells not shown: more than %d lines; only answer targets, questions and headers are listed — extract_structure has every value)", dropped, maxLines))
	}
	if len(key) > maxLines {
		cut := key[maxLines:]
		notes = append(notes, fmt.Sprintf("(… cut at %d lines: %d more cells from row %d to row %d not shown — address them by ID or Sheet!A1, or use extract_structure)", maxLines, len(cut), cut[0].row, cut[len(cut)-1].row))
		key = key[:maxLines]
	}
	return key, notes
}
