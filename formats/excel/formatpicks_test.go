package excel

import (
	"reflect"
	"testing"
)

// wholeBookRows formats the cells keep picks of rs in a format book that
// holds the workbook's every cell format and shared string, numbered as
// the workbook numbers them: what formatRows' book of the picked ones must
// give.
func wholeBookRows(t *testing.T, wb *workbook, rs *rowScan, keep func(int) bool) [][]string {
	t.Helper()
	sst, err := wb.sharedStringsTable()
	must(t, err)
	whole := &bookPicks{styles: map[int]int{}, items: map[int]int{}}
	for n := range sst {
		whole.items[n] = n
		whole.order = append(whole.order, n)
	}
	rows := wb.formatCellsXML(rs, keep, whole, len(sst))
	if rows == nil {
		return nil
	}
	sheet := append([]byte(`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`), rows...)
	sheet = append(sheet, "</sheetData></worksheet>"...)
	f, err := openFormatBook(wb.book.date1904, wb.formatStyles(nil), pickedStrings(whole, sst), sheet)
	must(t, err)
	defer f.Close()
	out, err := f.GetRows(formatSheet)
	must(t, err)
	return out
}

// TestFormatBookOfPicksFormatsAsTheWholeBook: every cell of every sheet of
// the real workbooks, formatted in the book of the cell formats and
// shared strings the sheet's cells read, renumbered, reads as in a book
// of them all.
func TestFormatBookOfPicksFormatsAsTheWholeBook(t *testing.T) {
	sheets := 0
	for name, doc := range workbooks(t) {
		wb, err := open(doc)
		must(t, err)
		wb.scanSheets()
		for _, sheet := range wb.sheets {
			rs := wb.scanned[sheet].scan.rowScan()
			if rs == nil {
				continue
			}
			rs = rs.withEmptyCells(func(int) bool { return true })
			all := func(int) bool { return true }
			got, err := wb.formatRows(rs, all)
			must(t, err)
			if want := wholeBookRows(t, wb, rs, all); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s, sheet %q: the book of the picked formats and strings reads otherwise than the whole book", name, sheet)
			}
			sheets++
		}
	}
	t.Logf("%d sheets", sheets)
}
