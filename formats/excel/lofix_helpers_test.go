package excel

import (
	"strings"
	"testing"

	"github.com/formfill/formfill/internal/readers"
)

// agreesWithLibreOffice fails t unless each formula cell ref ("Sheet!B4"
// split as sheet, ref) of filled caches the value LibreOffice computes
// when it recalculates the same workbook: the cached values formfill
// wrote are the ones a reader opening the file sees.
func agreesWithLibreOffice(t *testing.T, filled []byte, sheet string, refs ...string) {
	t.Helper()
	ours, _ := readers.XLSXCached(t, filled)
	lo, _ := readers.XLSXCached(t, readers.LibreOfficeRecalculated(t, filled))
	for _, ref := range refs {
		if o, l := ours[sheet][ref], lo[sheet][ref]; !sameCalcValue(o, l) && !sameCalcValue(l, o) { // either may be a date openpyxl prints
			t.Errorf("%s!%s: formfill cached %q, LibreOffice computes %q", sheet, ref, o, l)
		}
	}
}

// firstSheetPart is the part name of book()'s one sheet.
const firstSheetPart = "xl/worksheets/sheet1.xml"

// sheetPart is the XML of the one sheet of a book() workbook.
func sheetPart(tb testing.TB, doc []byte, sheet string) []byte {
	tb.Helper()
	for _, p := range unzip(tb, doc) {
		if p.name == firstSheetPart {
			return p.data
		}
	}
	tb.Fatalf("no %s for sheet %s", firstSheetPart, sheet)
	return nil
}

// setCellXML replaces the cell ref of the one sheet of a book() workbook
// with cell, an element as the test needs it (t="d", an array formula).
func setCellXML(tb testing.TB, doc []byte, sheet, ref, cell string) []byte {
	tb.Helper()
	xml := sheetPart(tb, doc, sheet)
	old := cellXML(tb, xml, ref)
	return rezip(tb, unzip(tb, doc), firstSheetPart, []byte(strings.Replace(string(xml), old, cell, 1)))
}
