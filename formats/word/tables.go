package word

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/beevik/etree"
)

// A table as target detection reads it: its grid of cells, its header
// row, and the narrow gap columns that take no answer.

// cellInfo is one cell of a table as target detection reads it.
type cellInfo struct {
	n          *node
	row, idx   int    // row index in the table, cell index in the row
	col, span  int    // grid position and width in grid columns
	text       string // as the cell shows it, lines and all
	empty      bool
	blanks     bool             // holds fields, controls, boxes or placeholders
	paragraphs []*etree.Element // see paras
}

// tableInfo is a table's grid: its rows, header row and gap columns.
type tableInfo struct {
	rows   [][]*cellInfo
	header int          // index of the header row, -1 when none
	gaps   map[int]bool // grid columns that are gaps between columns
	cells  map[*node]*cellInfo
}

// table returns the grid of the table holding cell n.
func (f *finder) table(n *node) *tableInfo {
	tbl := n.row.el.Parent()
	for tbl != nil && !isW(tbl, "tbl") {
		tbl = tbl.Parent()
	}
	if tbl == nil {
		return nil
	}
	if ti, ok := f.tables[tbl]; ok {
		return ti
	}
	ti := f.readTable(tbl)
	f.tables[tbl] = ti
	return ti
}

// readTable builds the grid of tbl from its indexed rows.
func (f *finder) readTable(tbl *etree.Element) *tableInfo {
	ti := &tableInfo{header: -1, gaps: map[int]bool{}, cells: map[*node]*cellInfo{}}
	for _, tr := range tableRows(tbl) {
		rn := f.d.ix.node(tr)
		if rn == nil {
			continue
		}
		infos := make([]cellInfo, len(rn.cells)) // one allocation per row
		row := make([]*cellInfo, len(rn.cells))
		col := 0
		for i, cn := range rn.cells {
			span := 1
			if v := val(pathW(cn.el, "tcPr", "gridSpan")); v != "" {
				if gs, err := strconv.Atoi(v); err == nil && gs > 1 {
					span = gs
				}
			}
			text := ownTextWith(cn.el, f.d.textOf)
			blanks := hasBlanksIn(cn.el, text, true)
			infos[i] = cellInfo{n: cn, row: len(ti.rows), idx: i, col: col, span: span, text: text, blanks: blanks,
				empty: strings.TrimSpace(text) == "" && !blanks && !mergedContinuation(cn.el)}
			row[i] = &infos[i]
			ti.cells[cn] = row[i]
			col += span
		}
		ti.rows = append(ti.rows, row)
	}
	ti.findGaps(gridWidths(tbl))
	ti.findHeader(f.d)
	return ti
}

// gridWidths reads the table's grid column widths (twips), nil when absent.
func gridWidths(tbl *etree.Element) []int {
	var out []int
	for _, gc := range childrenW(childW(tbl, "tblGrid"), "gridCol") {
		w, _ := attr(gc, "w", "w")
		n, _ := strconv.Atoi(w)
		out = append(out, n)
	}
	return out
}

// findGaps marks narrow grid columns empty in every row: the space between
// two signature lines, not an answer.
func (ti *tableInfo) findGaps(widths []int) {
	total := 0
	for _, w := range widths {
		total += w
	}
	if total == 0 {
		return
	}
	for c, w := range widths {
		if float64(w) > gapShare*float64(total) {
			continue
		}
		empty := true
		for _, row := range ti.rows {
			for _, ci := range row {
				if ci.col <= c && c < ci.col+ci.span && (!ci.empty || ci.span > 1) {
					empty = false
				}
			}
		}
		ti.gaps[c] = empty
	}
}

// findHeader picks the first row naming columns: two or more cells, all
// with text, none a number or a blank, at most one of them long. d's text
// cache reads the cells.
func (ti *tableInfo) findHeader(d *document) {
	for r, row := range ti.rows {
		if len(row) < 2 {
			continue
		}
		long, ok := 0, true
		for _, ci := range row {
			if ti.gaps[ci.col] && ci.empty {
				continue
			}
			if ci.empty || strings.TrimSpace(ci.text) == "" || d.hasBlanks(ci.n.el, true) || isNumberLabel(ci.text) {
				ok = false // a numbered row asks; a header names
				break
			}
			if utf8.RuneCountInString(ci.text) > maxHeaderRunes {
				long++
			}
		}
		if ok && long <= 1 {
			ti.header = r
		}
		return
	}
}

// find returns the cellInfo of n, nil when n is not a cell of the table.
func (ti *tableInfo) find(n *node) *cellInfo { return ti.cells[n] }

// position returns the row index and cell index of ci.
func (ti *tableInfo) position(ci *cellInfo) (int, int) { return ci.row, ci.idx }

// paras returns the cell's paragraphs, read once.
func (ci *cellInfo) paras() []*etree.Element {
	if ci.paragraphs == nil {
		ci.paragraphs = wrappedChildren(ci.n.el, "p")
	}
	return ci.paragraphs
}

// headerOver is the header cell above ci, nil when none has text.
func (ti *tableInfo) headerOver(ci *cellInfo) *cellInfo {
	if ti.header < 0 {
		return nil
	}
	for _, h := range ti.rows[ti.header] {
		if h.col <= ci.col && ci.col < h.col+h.span && strings.TrimSpace(h.text) != "" {
			return h
		}
	}
	return nil
}

// labelLeft is the nearest cell with text left of ci in row r.
func (ti *tableInfo) labelLeft(r int, ci *cellInfo) *cellInfo {
	var best *cellInfo
	for _, c := range ti.rows[r] {
		if c.col >= ci.col {
			break
		}
		if strings.TrimSpace(c.text) != "" {
			best = c
		}
	}
	return best
}

// labelLeftIsFar reports a label not directly left of ci (other cells
// between): the column header then says which answer the cell is.
func (ti *tableInfo) labelLeftIsFar(r int, ci, l *cellInfo) bool {
	return l.col+l.span < ci.col
}

// rowEmpty reports a row without text or blanks outside gap columns.
func (ti *tableInfo) rowEmpty(r int) bool {
	for _, c := range ti.rows[r] {
		if !c.empty && !ti.gaps[c.col] {
			return false
		}
	}
	return true
}

// aloneInRow reports ci as the only cell of row r with text.
func (ti *tableInfo) aloneInRow(r int, ci *cellInfo) bool {
	for _, c := range ti.rows[r] {
		if c != ci && !c.empty {
			return false
		}
	}
	return true
}

// spansMost reports a cell spanning more than half the table's grid.
func (ti *tableInfo) spansMost(ci *cellInfo) bool {
	width := 0
	for _, row := range ti.rows {
		if len(row) > 0 {
			last := row[len(row)-1]
			width = max(width, last.col+last.span)
		}
	}
	return ci.span*2 > width || width == 1
}
