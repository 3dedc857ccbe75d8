package excel

// put warns of text in a cell a formula of its own sheet reads as a
// number (checkNumeric). A formula on another sheet (a scoring sheet
// summing the answers of the questions' sheets) is found only once recalc
// has the workbook's formula graph: text written where it reads a number
// gets the same warning naming the formula, since SUM skips it and
// arithmetic shows #VALUE!.

// textReadAsNumber stores as a number each written text that reads as
// one (asReadNumber: "1,200", "March 1, 2024") and that a formula reads
// as a number where put's check could not see it: on another sheet, or
// through a reference naming the cell's own sheet (=Inputs!B4*2 on
// Inputs). Excel stores such a value typed as the number whatever reads
// it. Any other text such a formula reads is warned of.
func (w *writer) textReadAsNumber(g *formulaGraph, names []calcName, res *recalcResult) {
	numeric := map[int][]sheetRect{} // node → the ranges it reads as numbers, read once
	for _, c := range sortedWritten(w.written) {
		sheet := w.wb.sheetName(c)
		e, ok := w.edits[sheet][[2]int{c.row, c.col}]
		if !ok || e.kind != editString {
			continue
		}
		readers := w.numericReaders(g, c, names, numeric)
		if len(readers) == 0 || w.storeAsRead(sheet, c, e) {
			continue
		}
		for _, n := range readers {
			res.warnings = append(res.warnings, textAsNumberWarning(w.written[c], w.wb.xpath(c), e.text, g.fileText(n), w.wb.xpath(n.at)))
		}
	}
}

// numericReaders are the formulas reading the written cell c as a number
// that put's check (checkNumeric, storedAsRead) did not see: those of
// other sheets, and those of c's sheet when that check found no formula
// reading c (a reference naming the sheet).
func (w *writer) numericReaders(g *formulaGraph, c cell, names []calcName, numeric map[int][]sheetRect) []*formulaNode {
	var out []*formulaNode
	sameSeen := -1 // whether put's check saw a formula of c's sheet reading it: 1 yes, 0 no
	g.readers(c, func(i int) {
		n := g.nodes[i]
		if n.at.sheet == c.sheet {
			if sameSeen < 0 {
				sameSeen = 0
				if w.readAsNumber(w.wb.sheetName(c), c) {
					sameSeen = 1
				}
			}
			if sameSeen == 1 {
				return
			}
		}
		rects, ok := numeric[i]
		if !ok {
			// Judged on the text the calculation computes: a table's
			// column (SUM(Scores[Points])) is a range only once
			// rewritten.
			rects = w.wb.numericRects(n, w.wb.structuredA1(n.at, g.text(n)), names)
			numeric[i] = rects
		}
		if readsAsNumber(rects, c) {
			out = append(out, n)
		}
	})
	return out
}

// storeAsRead stores the text edit e of c as the number or date it reads
// as (asReadNumber), with the format that shows it as typed; false, the
// edit kept, when it reads as neither.
func (w *writer) storeAsRead(sheet string, c cell, e cellEdit) bool {
	kind, text, numFmt, ok := w.asReadNumber(sheet, c, e.text)
	if !ok {
		return false
	}
	if numFmt != 0 {
		style, err := w.dateStyle(sheet, c, numFmt)
		if err != nil {
			return false
		}
		e.style = style
	}
	e.kind, e.text = kind, text
	w.edits[sheet][[2]int{c.row, c.col}] = e
	return true
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
