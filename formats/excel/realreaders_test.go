package excel

import (
	"testing"

	"github.com/formfill/formfill/internal/readers"
)

// TestRealWorkbooksReadAsOpenpyxlReads holds formfill's reading of every
// real workbook to openpyxl's: every formula cell's formula (shared
// formulas translated to each cell; spaces aside, see squeeze), and every
// text cell's text (shared strings, rich text, inline strings, each at its
// place).
func TestRealWorkbooksReadAsOpenpyxlReads(t *testing.T) {
	docs := workbooks(t)
	delete(docs, "vendor assessment")
	if len(docs) == 0 {
		t.Skip("no real workbooks found (set FORMFILL_REAL_DOCS): they are not compared with openpyxl's reading")
	}
	for name, doc := range docs {
		t.Run(name, func(t *testing.T) {
			cells, types := readers.XLSXCells(t, doc), readers.XLSXTypes(t, doc)
			gotF := edgeFormulas(t, doc)
			texts := sheetTexts(t, doc)
			for sheet, m := range types {
				for ref, typ := range m {
					want := cells[sheet][ref]
					switch typ {
					case "f":
						if got := gotF[sheet][ref]; got != want && squeeze(got) != squeeze(want) {
							t.Errorf("%s!%s: formula %q, openpyxl %q", sheet, ref, got, want)
						}
					case "s":
						if got := texts[sheet][ref]; got != want {
							t.Errorf("%s!%s: text %q, openpyxl %q", sheet, ref, got, want)
						}
					}
				}
			}
		})
	}
}

// sheetTexts is sheet → cell reference → the text formfill's read tools
// give every cell.
func sheetTexts(tb testing.TB, doc []byte) map[string]map[string]string {
	tb.Helper()
	wb, err := openStop(doc, nil)
	must(tb, err)
	out := map[string]map[string]string{}
	for _, sheet := range wb.sheets {
		sc, err := wb.scanSheet(sheet)
		must(tb, err)
		rows, err := wb.rows(sheet, sc)
		must(tb, err)
		out[sheet] = map[string]string{}
		for r, row := range rows {
			for c, v := range row {
				out[sheet][cell{row: r + 1, col: c + 1}.name()] = v
			}
		}
	}
	return out
}
