package excel

import "math"

// The graph reads the formulas of every sheet in two passes (see graph):
// the first keeps each sheet's formula cells and texts, and lets go of
// the sheet's scan at once; the second parses them in workbook order.
// The open held every sheet's scan, and parsing beside them made a fill's
// peak (HECVAT 4.14: 5 MB of scans, most of them the scoring sheets'
// cells and styles, against 2 MB of the formulas' texts and cells). The
// first pass makes no new text: a shared formula's member keeps its
// master's string and the shift (formulaText), which the second pass
// applies one formula at a time.

// formulaText is a cell's formula: text, or, when shifted, the text of
// its shared formula's master moved by dCol columns and dRow rows.
type formulaText struct {
	text       string
	dCol, dRow int32
	shifted    bool
}

// shifted is master's text moved by dCol, dRow; made shifted now when a
// move does not fit in 32 bits (no sheet is that large: a malformed one).
func shifted(master string, dCol, dRow int) formulaText {
	if dCol < math.MinInt32 || dCol > math.MaxInt32 || dRow < math.MinInt32 || dRow > math.MaxInt32 {
		return formulaText{text: shiftFormula(master, dCol, dRow)}
	}
	return formulaText{text: master, dCol: int32(dCol), dRow: int32(dRow), shifted: true}
}

// String is the formula's text, shifted when it is a member's.
func (f formulaText) String() string {
	if !f.shifted {
		return f.text
	}
	return shiftFormula(f.text, int(f.dCol), int(f.dRow))
}

// partedSource is a calcSource that gives a formula's text before it is
// shifted (scanSource does); the graph's first pass keeps such texts
// unshifted, and any other source's as it gives them.
type partedSource interface {
	formulaParts(sheet, row, col int) formulaText
}

// partsOf is src's formulas as the first pass keeps them: unshifted where
// src gives them so.
func partsOf(src calcSource) func(sheet, row, col int) formulaText {
	if ps, ok := src.(partedSource); ok {
		return ps.formulaParts
	}
	return func(sheet, row, col int) formulaText { return formulaText{text: src.formula(sheet, row, col)} }
}

// sheetFormulas are one sheet's formula cells, in reading order, and
// their texts, as the graph's first pass read them.
type sheetFormulas struct {
	cells [][2]int
	texts []formulaText
}

// readFormulas is the graph's first pass: every sheet's formula cells and
// their texts, each sheet's scan let go of (releaseSheet) once read. False
// when the formulas with a text pass maxFormulas: the graph would stop
// there.
func (w *writer) readFormulas(src calcSource) ([]sheetFormulas, bool) {
	parts := partsOf(src)
	out := make([]sheetFormulas, len(w.wb.sheets))
	texts := 0
	for si := range w.wb.sheets {
		cells := src.formulaCells(si + 1)
		f := sheetFormulas{cells: cells, texts: make([]formulaText, len(cells))}
		for k, p := range cells {
			f.texts[k] = parts(si+1, p[0], p[1])
			if f.texts[k].text != "" {
				if texts++; texts > maxFormulas {
					return nil, false
				}
			}
		}
		out[si] = f
		w.releaseSheet(si + 1)
	}
	return out, true
}
