package excel

// put warns of text in a cell a formula of its own sheet reads as a
// number (checkNumeric). A formula on another sheet (a scoring sheet
// summing the answers of the questions' sheets) is found only once recalc
// has the workbook's formula graph: text written where it reads a number
// gets the same warning naming the formula, since SUM skips it and
// arithmetic shows #VALUE!.

// textReadAsNumber warns of each text answer that a formula on another
// sheet reads as a number.
func (w *writer) textReadAsNumber(g *formulaGraph, names []calcName, res *recalcResult) {
	numeric := map[int][]sheetRect{} // node → the ranges it reads as numbers, read once
	for _, c := range sortedWritten(w.written) {
		e, ok := w.edits[w.wb.sheetName(c)][[2]int{c.row, c.col}]
		if !ok || e.kind != editString {
			continue
		}
		g.readers(c, func(i int) {
			n := g.nodes[i]
			if n.at.sheet == c.sheet {
				return
			}
			rects, ok := numeric[i]
			if !ok {
				// Judged on the text the calculation computes: a table's
				// column (SUM(Scores[Points])) is a range only once
				// rewritten.
				rects = w.wb.numericRects(n, w.wb.structuredA1(n.at, g.text(n)), names)
				numeric[i] = rects
			}
			if !readsAsNumber(rects, c) {
				return
			}
			res.warnings = append(res.warnings, textAsNumberWarning(w.written[c], w.wb.xpath(c), e.text, g.text(n), w.wb.xpath(n.at)))
		})
	}
}

// numericRects are the references n, whose formula is text with its
// structured references rewritten as A1 ones, reads as numbers: the
// arguments of numeric functions and the operands of arithmetic. A
// formula read by many written cells is parsed once for all of them.
func (wb *workbook) numericRects(n *formulaNode, text string, names []calcName) []sheetRect {
	rects := []sheetRect{}
	numericRanges(text, func(ref string) bool {
		if r, ok := wb.refRect(n.at.sheet, ref, names); ok {
			rects = append(rects, r)
		}
		return true
	})
	return rects
}

// readsAsNumber reports whether c lies in one of a formula's numericRects.
func readsAsNumber(rects []sheetRect, c cell) bool {
	for _, r := range rects {
		if r.sheet == c.sheet && r.contains(c.row, c.col) {
			return true
		}
	}
	return false
}

// sortedWritten is the written cells in workbook order.
func sortedWritten(written map[cell]string) []cell {
	out := make([]cell, 0, len(written))
	for c := range written {
		out = append(out, c)
	}
	sortCells(out)
	return out
}
