package excel

import "fmt"

// An array formula's result lies in every cell of its range ({=C2:C3*3}
// in E2:E3 puts a value in E3 too), but the graph knows its formula only
// at the cell holding it (E2). formfill does not compute array formulas
// (see recompute): it removes the range's cached values (dropArray). A
// formula reading E3 (F3=E3+D4, SUM(E2:E3)) would then keep a stale
// value nobody is told of. So a reader of any cell of an array's range
// is a reader of the array formula too (arrayReaders, through
// formulaGraph.readers), and so a dependent, computed after it; and its
// value is removed and named, not computed from the stale cells
// (arrayStale), as are the values of the formulas reading it in turn.

// arrayIndex holds the workbook's array formulas for the graph and the
// array results one recalculation removed.
type arrayIndex struct {
	ranges  map[cell]rect   // the cell holding an array formula → its range
	dropped []arrayDrop     // the ranges whose cached values were removed
	stale   map[cell]string // formulas removed because they read one → why
	bySheet map[int][]cell  // stale's cells, by sheet
}

// arrayDrop is an array formula's range whose results were removed.
type arrayDrop struct {
	master cell
	rect
}

// arrayRanges indexes the array formulas of every sheet from the scans,
// which the open made (nil when the workbook has none).
func (w *writer) arrayRanges() *arrayIndex {
	var ix *arrayIndex
	for si, sheet := range w.wb.sheets {
		sc := w.scan(sheet)
		if sc == nil {
			continue
		}
		for _, a := range sc.arrays {
			if ix == nil {
				ix = &arrayIndex{ranges: map[cell]rect{}, stale: map[cell]string{}, bySheet: map[int][]cell{}}
			}
			ix.ranges[cell{sheet: si + 1, row: a.row, col: a.col}] = a.rect
		}
	}
	return ix
}

// arrayReaders visits the readers of the other cells of the array
// formula's range c holds, if c holds one: they read its result. A node
// may be visited twice (readers allows it).
func (g *formulaGraph) arrayReaders(c cell, visit func(int)) {
	if g.arrays == nil {
		return
	}
	a, ok := g.arrays.ranges[c]
	if !ok {
		return
	}
	for r := a.r1; r <= a.r2 && r <= maxRows; r++ {
		for col := a.c1; col <= a.c2 && col <= maxCols; col++ {
			if r != c.row || col != c.col {
				g.readers(cell{sheet: c.sheet, row: r, col: col}, visit)
			}
		}
	}
}

// noteArrayDropped records that the results of the array formula at
// master, over a, were removed.
func (g *formulaGraph) noteArrayDropped(master cell, a rect) {
	if g.arrays != nil {
		g.arrays.dropped = append(g.arrays.dropped, arrayDrop{master: master, rect: a})
	}
}

// arrayStale is why formula n cannot be computed: it reads a cell of an
// array formula's range whose results were removed, or a formula removed
// for that; "" when it reads neither. A formula it names is recorded, so
// that its own readers are removed too.
func (w *writer) arrayStale(g *formulaGraph, n *formulaNode) string {
	ix := g.arrays
	if ix == nil || len(ix.dropped) == 0 {
		return ""
	}
	why := ""
	for _, id := range n.refs {
		r := g.rects[id]
		for _, d := range ix.dropped {
			if d.master.sheet == r.sheet && overlaps(d.rect, r.rect) {
				why = fmt.Sprintf("it reads the result of the array formula in %s (%s), which formfill does not compute", w.wb.xpath(d.master), rectName(d.rect))
				break
			}
		}
		for _, s := range ix.bySheet[r.sheet] {
			if why == "" && r.contains(s.row, s.col) {
				why = fmt.Sprintf("it depends on %s, whose cached value was removed: %s", w.wb.xpath(s), ix.stale[s])
			}
		}
		if why != "" {
			break
		}
	}
	if why != "" {
		ix.stale[n.at] = why
		ix.bySheet[n.at.sheet] = append(ix.bySheet[n.at.sheet], n.at)
	}
	return why
}

// overlaps reports whether a and b share a cell.
func overlaps(a, b rect) bool {
	return a.r1 <= b.r2 && b.r1 <= a.r2 && a.c1 <= b.c2 && b.c1 <= a.c2
}

// rectName is r as A1 notation: E2:E3.
func rectName(r rect) string {
	return cell{row: r.r1, col: r.c1}.name() + ":" + cell{row: r.r2, col: r.c2}.name()
}
