package readers

import "testing"

// xlsxView is what py/xlsx_read.py prints.
type xlsxView struct {
	Cells map[string]map[string]string `json:"cells"`
	Types map[string]map[string]string `json:"types"`
	Notes map[string]map[string]Note   `json:"notes"`
	// Validations are each sheet's data validations; Styled its cells with
	// a border or a fill.
	Validations map[string][]Validation    `json:"validations"`
	Styled      map[string]map[string]bool `json:"styled"`
}

// Validation is a data validation as openpyxl reads it: those of the
// sheet's <dataValidations>, not of the x14 extension, which openpyxl
// drops.
type Validation struct {
	Sqref    string `json:"sqref"` // its ranges, space-separated, in any order
	Type     string `json:"type"`
	Operator string `json:"operator"`
	Formula1 string `json:"formula1"`
	Formula2 string `json:"formula2"`
	// Prompt and PromptTitle are the input message and its title; nil
	// when the rule has none.
	Prompt      *string `json:"prompt"`
	PromptTitle *string `json:"promptTitle"`
	// X14 marks a rule of the x14 extension (XLSXPartsOf reads them;
	// openpyxl itself drops them).
	X14 bool `json:"x14,omitempty"`
}

// Note is a cell's note (Excel's legacy comment) as openpyxl reads it.
type Note struct {
	Text   string `json:"text"` // every run's text, joined
	Author string `json:"author"`
}

func readXLSX(tb testing.TB, doc []byte) xlsxView {
	tb.Helper()
	needPython(tb, "openpyxl", "openpyxl", "python3-openpyxl")
	var v xlsxView
	runScript(tb, "xlsx_read.py", writeTemp(tb, "book.xlsx", doc), &v)
	return v
}

// XLSXCells opens doc with openpyxl and returns sheet name → cell reference
// ("B7") → value for every non-empty cell of every sheet, hidden sheets
// included. Values are as openpyxl reads them, as text: numbers as Python
// prints them ("42", "3.5"), booleans "TRUE"/"FALSE", dates ISO 8601, and
// formula cells their formula ("=SUM(A1:A3)", not a cached result). Merged
// ranges hold their value in the top-left cell only.
func XLSXCells(tb testing.TB, doc []byte) map[string]map[string]string {
	tb.Helper()
	return readXLSX(tb, doc).Cells
}

// XLSXTypes is XLSXCells' companion: sheet → cell reference → openpyxl's
// data type ("s" string, "n" number, "b" boolean, "d" date, "f" formula,
// "e" error). It tells a formula from text that merely starts with "=".
func XLSXTypes(tb testing.TB, doc []byte) map[string]map[string]string {
	tb.Helper()
	return readXLSX(tb, doc).Types
}

// XLSXNotes opens doc with openpyxl and returns sheet name → cell
// reference → the cell's note, for every note of every sheet. openpyxl
// reads a note from the sheet's comments part (its VML drawing, which
// Excel draws the box from, it ignores).
func XLSXNotes(tb testing.TB, doc []byte) map[string]map[string]Note {
	tb.Helper()
	return readXLSX(tb, doc).Notes
}

// XLSXValidations opens doc with openpyxl and returns sheet name → its data
// validations (see Validation).
func XLSXValidations(tb testing.TB, doc []byte) map[string][]Validation {
	tb.Helper()
	return readXLSX(tb, doc).Validations
}

// XLSXStyled opens doc with openpyxl and returns sheet name → the cells
// with a border or a fill.
func XLSXStyled(tb testing.TB, doc []byte) map[string]map[string]bool {
	tb.Helper()
	return readXLSX(tb, doc).Styled
}
