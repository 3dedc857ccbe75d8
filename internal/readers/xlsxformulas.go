package readers

import "testing"

// XLSXFormulas opens doc with openpyxl and returns sheet name → cell
// reference → formula ("=SUM(A1:A3)") for every formula cell, array
// formulas included: the cells whose cached values (XLSXCached) a
// comparison of two calculations compares.
func XLSXFormulas(tb testing.TB, doc []byte) map[string]map[string]string {
	tb.Helper()
	needPython(tb, "openpyxl", "openpyxl", "python3-openpyxl")
	var out map[string]map[string]string
	runScript(tb, "xlsx_formulas.py", writeTemp(tb, "book.xlsx", doc), &out)
	return out
}
