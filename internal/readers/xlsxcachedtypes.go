package readers

import "testing"

// XLSXCachedTypes opens doc with openpyxl's data_only=True and returns
// sheet name → cell reference → the data type of the value the cell shows
// a data_only reader ("s" text, "n" number, "b" boolean, "d" date, "e"
// error): a formula cell's cached value's type, where XLSXTypes gives "f".
// Empty cells and uncached formulas are absent.
func XLSXCachedTypes(tb testing.TB, doc []byte) map[string]map[string]string {
	tb.Helper()
	needPython(tb, "openpyxl", "openpyxl", "python3-openpyxl")
	var out map[string]map[string]string
	runScript(tb, "xlsx_cached_types.py", writeTemp(tb, "book.xlsx", doc), &out)
	return out
}
