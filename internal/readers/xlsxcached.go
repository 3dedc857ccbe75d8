package readers

import "testing"

// XLSXCached opens doc with openpyxl's data_only=True and returns sheet
// name → cell reference → the value a formula cell has cached (what
// previews, pandas and data_only readers show), or the value of any other
// non-empty cell. A formula cell with no cached value is absent from the
// inner map's values: it maps to "" and is listed in the second result.
// Whole numbers read as integers ("42", not "42.0").
func XLSXCached(tb testing.TB, doc []byte) (cells map[string]map[string]string, uncached map[string]map[string]bool) {
	tb.Helper()
	needPython(tb, "openpyxl", "openpyxl", "python3-openpyxl")
	var raw map[string]map[string]*string
	runScript(tb, "xlsx_cached.py", writeTemp(tb, "book.xlsx", doc), &raw)
	cells, uncached = map[string]map[string]string{}, map[string]map[string]bool{}
	for sheet, m := range raw {
		cells[sheet], uncached[sheet] = map[string]string{}, map[string]bool{}
		for ref, v := range m {
			if v == nil {
				uncached[sheet][ref] = true
				continue
			}
			cells[sheet][ref] = *v
		}
	}
	return cells, uncached
}
