package readers

import (
	"fmt"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// XLSXCell is one cell as openpyxl reads it (see XLSXValues).
type XLSXCell struct {
	// Value is the value openpyxl reads with data_only=True, as text: a
	// formula's cached result, booleans "TRUE"/"FALSE", whole numbers
	// without ".0" ("42"), other numbers as Python's repr ("0.25"), dates
	// and times ISO 8601 ("2023-03-15T12:00:00", "12:00:00"). Strings are
	// openpyxl's text: it decodes the _xHHHH_ escapes of shared strings,
	// not of inline strings.
	Value string
	// Cached is false for a formula cell with no cached value (Value "").
	Cached bool
	// Type is openpyxl's data type with formulas kept: s string, n number,
	// b boolean, d date (a number under a date format, or t="d"), e error,
	// f formula.
	Type string
	// Format is the cell's number format code ("General", "0.00",
	// "mm-dd-yy" for built-in format 14).
	Format string
	// Number is the number the cell holds: a number, a date's serial number
	// in the workbook's date system, 1 or 0 for a boolean; nil for text.
	Number *float64
}

// XLSXBook is one workbook as openpyxl reads it: sheet name → cell
// reference ("B7") → cell, for every cell holding a value or a formula;
// the cells of a merged range but its first are left out, as openpyxl's
// full load empties them.
type XLSXBook map[string]map[string]XLSXCell

// Cell is the cell at ref of sheet; the zero XLSXCell (Value "") when
// openpyxl reads nothing there.
func (b XLSXBook) Cell(sheet, ref string) XLSXCell { return b[sheet][ref] }

// xlsxCellJSON is one cell as py/xlsx_values.py prints it.
type xlsxCellJSON struct {
	V *string  `json:"v"`
	T string   `json:"t"`
	F string   `json:"f"`
	N *float64 `json:"n"`
}

// XLSXValues opens each workbook with openpyxl, all in one Python process
// (a start costs more than reading a small workbook), and returns them in
// the order of docs: every cell's cached value, data type, number format
// and number, hidden sheets included. A workbook openpyxl cannot read
// fails tb, naming its index. Use it to hold a reading of cells — the
// value a formula shows, the text a number format makes of a value — to
// an independent reader's, reading each workbook once, not once per cell.
func XLSXValues(tb testing.TB, docs ...[]byte) []XLSXBook {
	tb.Helper()
	var raw []map[string]map[string]xlsxCellJSON
	runBooks(tb, "xlsx_values.py", docs, &raw)
	books := make([]XLSXBook, len(raw))
	for i, sheets := range raw {
		books[i] = XLSXBook{}
		for sheet, cells := range sheets {
			m := make(map[string]XLSXCell, len(cells))
			for ref, c := range cells {
				x := XLSXCell{Cached: c.V != nil, Type: c.T, Format: c.F, Number: c.N}
				if c.V != nil {
					x.Value = *c.V
				}
				m[ref] = x
			}
			books[i][sheet] = m
		}
	}
	return books
}

// XLSXValidationsOf is XLSXValidations for several workbooks, read by one
// Python process, in the order of docs.
func XLSXValidationsOf(tb testing.TB, docs ...[]byte) []map[string][]Validation {
	tb.Helper()
	var books []map[string][]Validation
	runBooks(tb, "xlsx_validations.py", docs, &books)
	return books
}

// runBooks runs the embedded script py/<script>, whose book(path) reads
// one workbook, with py/books_main.py appended, which reads every
// workbook of docs in one process and writes a JSON list of the results, and
// decodes that list into out (a pointer to a slice). A workbook openpyxl
// cannot read fails tb, naming its index.
func runBooks(tb testing.TB, script string, docs [][]byte, out any) {
	tb.Helper()
	needPython(tb, "openpyxl", "openpyxl", "python3-openpyxl")
	src, err := scripts.ReadFile("py/" + script)
	if err != nil {
		tb.Fatalf("readers: embedded script %s: %v", script, err)
	}
	main, err := scripts.ReadFile("py/books_main.py")
	if err != nil {
		tb.Fatalf("readers: embedded script books_main.py: %v", err)
	}
	src = append(append(src, '\n'), main...)
	jsonPath := filepath.Join(tb.TempDir(), "books.json")
	args := []string{jsonPath}
	for i, d := range docs {
		args = append(args, writeTemp(tb, fmt.Sprintf("book%03d.xlsx", i), d))
	}
	what := fmt.Sprintf("%d workbooks", len(docs))
	if err := execPython(DefaultTimeout*time.Duration(max(1, len(docs))), script, string(src), jsonPath, out, what, args...); err != nil {
		tb.Fatal(err)
	}
	if n := reflect.ValueOf(out).Elem().Len(); n != len(docs) {
		tb.Fatalf("readers: %s read %d workbooks of %d", script, n, len(docs))
	}
}
