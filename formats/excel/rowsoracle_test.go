package excel

import (
	"fmt"
	"slices"
	"testing"

	"github.com/formfill/formfill/internal/readers"
	"github.com/xuri/excelize/v2"
)

// The oracles of rows_test.go: openpyxl's cells (readers.XLSXValues)
// shown under their number formats (readerShows), laid out as rows, and
// LibreOffice's text where openpyxl refuses a workbook.

// rowsDiffer is the cells (A1 references) whose texts differ between got
// and want, an absent cell reading as "": a row's trailing empty cells,
// which GetRows and so rows keep, show nothing either way.
func rowsDiffer(got, want [][]string) map[string]string {
	at := func(rows [][]string, r, c int) string {
		if r < len(rows) && c < len(rows[r]) {
			return rows[r][c]
		}
		return ""
	}
	diff := map[string]string{}
	for r := 0; r < max(len(got), len(want)); r++ {
		n := 0
		if r < len(got) {
			n = len(got[r])
		}
		if r < len(want) {
			n = max(n, len(want[r]))
		}
		for c := 0; c < n; c++ {
			if g, w := at(got, r, c), at(want, r, c); g != w {
				diff[cellName(r+1, c+1)] = fmt.Sprintf("%q, want %q", g, w)
			}
		}
	}
	return diff
}

// openpyxlRows is sheet of book as rows of shown texts, as formfill's rows
// gives them (shownRows), inline strings' _xHHHH_ escapes decoded
// (openpyxl leaves them; Excel does not); a cell under a format
// readerShows does not render fails tb.
func openpyxlRows(tb testing.TB, book readers.XLSXBook, sheet string, inline ...string) [][]string {
	tb.Helper()
	rows, unrendered := shownRows(book, sheet, inline...)
	if len(unrendered) > 0 {
		tb.Fatalf("cells under formats readerShows does not render: %v", unrendered)
	}
	return rows
}

// rowsOracle is the rows of Sheet1 of each of docs as openpyxl reads
// them (openpyxlRows), or LibreOffice where how(i) says openpyxl refuses
// doc i; one process of each reads all their workbooks.
func rowsOracle(t *testing.T, docs [][]byte, how func(int) (lo bool, inline []string)) [][][]string {
	t.Helper()
	var py, lo [][]byte
	for i, doc := range docs {
		if isLO, _ := how(i); isLO {
			lo = append(lo, doc)
		} else {
			py = append(py, doc)
		}
	}
	books := readers.XLSXValues(t, py...)
	var texts []string
	if len(lo) > 0 {
		texts = readers.LibreOfficeTexts(t, lo, "xlsx")
	}
	want := make([][][]string, len(docs))
	for i := range docs {
		if isLO, inline := how(i); isLO {
			want[i], texts = csvRows(t, texts[0], "Sheet1"), texts[1:]
		} else {
			want[i], books = openpyxlRows(t, books[0], "Sheet1", inline...), books[1:]
		}
	}
	return want
}

// csvRows is sheet of LibreOfficeText's export as rows, trailing empty
// cells and rows dropped (each line a row: the cells read here hold no
// line break).
func csvRows(t *testing.T, text, sheet string) [][]string {
	t.Helper()
	var rows [][]string
	for row := 1; ; row++ {
		var cells []string
		for col := 1; col <= 20; col++ {
			cells = append(cells, csvCell(t, text, sheet, row, col))
		}
		for len(cells) > 0 && cells[len(cells)-1] == "" {
			cells = cells[:len(cells)-1]
		}
		if row > 50 {
			break
		}
		rows = append(rows, cells)
	}
	for len(rows) > 0 && len(rows[len(rows)-1]) == 0 {
		rows = rows[:len(rows)-1]
	}
	return rows
}

// shownRows is sheet of book as rows of shown texts (readerShows; the
// inline cells' escapes decoded, see unescapeInline), trailing empty
// cells and rows left out, and the cells under a format readerShows does
// not render, left empty.
func shownRows(book readers.XLSXBook, sheet string, inline ...string) (rows [][]string, unrendered map[string]bool) {
	unrendered = map[string]bool{}
	for ref, c := range book[sheet] {
		if slices.Contains(inline, ref) {
			c.Value = unescapeInline(c.Value)
		}
		shown, err := readerShows(c)
		if err != nil {
			unrendered[ref] = true
			continue
		}
		col, row, err := excelize.CellNameToCoordinates(ref)
		if err != nil || shown == "" {
			continue
		}
		for len(rows) < row {
			rows = append(rows, nil)
		}
		for len(rows[row-1]) < col {
			rows[row-1] = append(rows[row-1], "")
		}
		rows[row-1][col-1] = shown
	}
	return rows, unrendered
}
