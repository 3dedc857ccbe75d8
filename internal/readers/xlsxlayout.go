package readers

import "testing"

// XLSXLayout is a workbook's layout as openpyxl reads it.
type XLSXLayout struct {
	// Widths is sheet → column letter → width, for the columns whose
	// width the sheet sets.
	Widths map[string]map[string]float64 `json:"widths"`
	// Styles is sheet → cell reference → the cell's style (font, fill,
	// border, number format, alignment, protection) as text, for every
	// styled cell: two workbooks' cells compare by what their styles say,
	// not by their index in the styles part.
	Styles map[string]map[string]string `json:"styles"`
}

// XLSXLayouts reads the layout of each workbook of docs with openpyxl, all
// in one Python process, in the order of docs. Use it to check that a
// write kept a workbook's column widths and cell styles.
func XLSXLayouts(tb testing.TB, docs ...[]byte) []XLSXLayout {
	tb.Helper()
	var books []XLSXLayout
	runBooks(tb, "xlsx_layout.py", docs, &books)
	return books
}
