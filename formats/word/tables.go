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
	header int // index of the header row, -1 when none
	// subHeads are the rows below the header naming columns anew.
	subHeads map[int]bool
	gaps     map[int]bool // grid columns that are gaps between columns
	cells    map[*node]*cellInfo
	// labelCols caches labelsRows by header cell.
	labelCols map[*cellInfo]bool
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

// findHeader picks the first row naming columns (see namesColumns); a
// table whose first row of two or more cells does not name them has no
// header. Rows further down that name other columns are the headers of
// the entry rows under them (subHeads): one table can hold several grids,
// a list of facilities and, under its own header, a list of products. A
// row of text in the header's own columns is a data or example row
// ("Requirement 3.5.1 | Account data is never stored"), not a new grid.
func (ti *tableInfo) findHeader(d *document) {
	for r, row := range ti.rows {
		if len(row) < 2 {
			continue
		}
		if ti.header < 0 {
			if !ti.namesColumns(d, r) {
				return
			}
			ti.header = r
			continue
		}
		if ti.namesColumns(d, r) && !ti.sameColumns(r, ti.header) {
			if ti.subHeads == nil {
				ti.subHeads = map[int]bool{}
			}
			ti.subHeads[r] = true
		}
	}
}

// namesColumns reports a row naming columns: two or more cells, all with
// text, none a number or a blank, at most one of them long. d's text
// cache reads the cells.
func (ti *tableInfo) namesColumns(d *document, r int) bool {
	row := ti.rows[r]
	if len(row) < 2 {
		return false
	}
	long := 0
	for _, ci := range row {
		if ti.gaps[ci.col] && ci.empty {
			continue
		}
		if ci.empty || strings.TrimSpace(ci.text) == "" || d.hasBlanks(ci.n.el, true) || isNumberLabel(ci.text) {
			return false // a numbered row asks; a header names
		}
		if utf8.RuneCountInString(ci.text) > maxHeaderRunes {
			long++
		}
	}
	return long <= 1
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

// headerOver is the header cell above ci, nil when none has text: the
// cell over it in the nearest row naming columns that only entry rows
// (no text) separate from ci, else in the table's header row.
func (ti *tableInfo) headerOver(ci *cellInfo) *cellInfo {
	if ti.header < 0 {
		return nil
	}
	head := ti.header
	for r := ci.row - 1; r > ti.header && len(ti.subHeads) > 0; r-- {
		if ti.subHeads[r] {
			head = r
			break
		}
		if !ti.noText(r) {
			break
		}
	}
	for _, h := range ti.rows[head] {
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

// noText reports a row none of whose cells shows text: an entry row.
func (ti *tableInfo) noText(r int) bool {
	for _, c := range ti.rows[r] {
		if strings.TrimSpace(c.text) != "" {
			return false
		}
	}
	return true
}

// sameColumns reports rows a and b cut into the same cells: the same grid
// columns, cell for cell.
func (ti *tableInfo) sameColumns(a, b int) bool {
	ra, rb := ti.rows[a], ti.rows[b]
	if len(ra) != len(rb) {
		return false
	}
	for i := range ra {
		if ra[i].col != rb[i].col || ra[i].span != rb[i].span {
			return false
		}
	}
	return true
}
