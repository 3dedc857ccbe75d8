package readers

import "testing"

// XLSXSheetParts is what openpyxl's full load reads of a worksheet beside
// its cells' values (see XLSXValues for those).
type XLSXSheetParts struct {
	// Formulas is cell reference → formula ("=SUM(A1:A3)"), shared
	// formulas translated to each cell.
	Formulas map[string]string `json:"formulas"`
	// NumFmtIDs is cell reference → the numFmtId of the cell's format,
	// for the cells holding a value whose format is not General.
	NumFmtIDs map[string]int `json:"numFmtIds"`
	// Merges are the merged ranges ("A1:B2").
	Merges []string `json:"merges"`
	// Links is cell reference → the hyperlink openpyxl binds to the cell:
	// a link over a range to each of its cells, a link into a merged
	// range's covered cell to the range's first.
	Links map[string]Hyperlink `json:"links"`
	// Notes is cell reference → the cell's note.
	Notes map[string]Note `json:"notes"`
	// Validations are the sheet's data validations: openpyxl's (those of
	// <dataValidations>), then the x14 extension's, which openpyxl drops
	// and the script reads from the sheet's XML (X14 set).
	Validations []Validation `json:"validations"`
	// Dimension is the range the sheet's <dimension> declares, "" for none.
	Dimension string `json:"dimension"`
	// Inline and Rich are the cells holding an inline string and those
	// holding a shared string made of runs (rich text).
	Inline []string `json:"inline"`
	Rich   []string `json:"rich"`
}

// Hyperlink is a cell's hyperlink as openpyxl reads it: Target is its
// relationship's target (an external address), Location a place in the
// workbook or in the target; "" for absent.
type Hyperlink struct {
	Target   string `json:"target"`
	Location string `json:"location"`
	Display  string `json:"display"`
	Tooltip  string `json:"tooltip"`
}

// XLSXPartsOf reads each workbook of docs with openpyxl (a full load), all
// in one Python process, in the order of docs: sheet name → its parts
// (see XLSXSheetParts), hidden sheets included.
func XLSXPartsOf(tb testing.TB, docs ...[]byte) []map[string]XLSXSheetParts {
	tb.Helper()
	var books []map[string]XLSXSheetParts
	runBooks(tb, "xlsx_parts.py", docs, &books)
	return books
}
