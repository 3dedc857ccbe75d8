package readers

import "testing"

// XLSXNotesOf reads the cell notes of each workbook of docs with openpyxl
// (sheet → cell reference → note, as XLSXNotes), all in one Python
// process, in the order of docs.
func XLSXNotesOf(tb testing.TB, docs ...[]byte) []map[string]map[string]Note {
	tb.Helper()
	var books []map[string]map[string]Note
	runBooks(tb, "xlsx_notes.py", docs, &books)
	return books
}
