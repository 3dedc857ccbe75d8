package excel

import (
	"encoding/csv"
	"strings"
	"testing"

	"github.com/formfill/formfill/internal/readers"
)

// irregularSheet is rowsBook with its sheet's rows replaced by sheetData.
func irregularSheet(t *testing.T, sheetData string) []byte {
	t.Helper()
	const root = `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`
	doc, part := rowsBook(t)
	return rezip(t, unzip(t, doc), part, []byte(root+sheetData+`</sheetData></worksheet>`))
}

// TestIrregularCellsReadByTheWrite reads every cell of sheets the guard's
// scan does not follow as a write reads them (cellScan's readCells cells,
// then shownText and storedText) and holds them to openpyxl's reading of
// the same document: the shown text to its value under the cell's number
// format (readerShows), the stored text to its value. One Python process
// reads every case's workbook.
func TestIrregularCellsReadByTheWrite(t *testing.T) {
	tests := []struct {
		name, sheetData string
		formulaA1       bool // A1 holds a formula, which recalc finds in cellScan's formulas
		inline          string
	}{
		{"a row with no number follows the one before",
			`<row><c r="A1" t="s"><v>0</v></c><c r="B1" s="2"><v>45000</v></c></row><row><c r="A2" t="s" s="1"><v>2</v></c><c r="C2" t="b"><v>1</v></c></row>`, false, ""},
		{"a cell with no reference follows the one before",
			`<row r="1"><c t="s"><v>1</v></c><c s="4"><v>1234.5</v></c><c t="e"><v>#N/A</v></c><c s="5"><v>0.30000000000000004</v></c></row>`, false, ""},
		{"a comment inside a value is left out",
			`<row r="1"><c r="A1" t="str"><v>a<!-- c -->b</v></c><c r="B1" t="inlineStr"><is><t>p_x0041_q</t></is></c><c r="D1" t="d" s="2"><v>2024-03-31T00:00:00Z</v></c></row>`, false, "B1"},
		{"a formula cell without a reference keeps its formula",
			`<row r="1"><c t="str"><f>"a"&amp;"b"</f><v>ab</v></c><c r="B1" t="s"><v>0</v></c><c t="s"><v>1</v></c></row>`, true, ""},
	}
	docs := make([][]byte, len(tests))
	for i, tt := range tests {
		docs[i] = irregularSheet(t, tt.sheetData)
	}
	books := readers.XLSXValues(t, docs...)
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wb, err := open(docs[i])
			must(t, err)
			w := newWriter(wb)
			if w.scan("Sheet1").rowScan() != nil {
				t.Fatal("the guard's scan follows the sheet: the case tests nothing")
			}
			if sc, rs := w.cellScan("Sheet1"); rs == nil || sc.formulas[[2]int{1, 1}] != tt.formulaA1 {
				t.Fatalf("cellScan gives the write no cells of the sheet, or not its formulas (%v)", rs == nil)
			}
			read := 0
			for row := 1; row <= 2; row++ {
				for col := 1; col <= 4; col++ {
					c := cell{sheet: 1, row: row, col: col}
					shown, err := w.shownText(w.cellAt("Sheet1", c))
					must(t, err)
					stored := w.storedText("Sheet1", c)
					oc := books[i].Cell("Sheet1", c.name())
					if c.name() == tt.inline {
						oc.Value = unescapeInline(oc.Value)
					}
					want, err := readerShows(oc)
					must(t, err)
					if want != "" {
						read++
					}
					if shown != want || !sameStored(stored, oc) {
						t.Errorf("%s reads %q (stored %q); openpyxl reads %+v, shown %q", c.name(), shown, stored, oc, want)
					}
				}
			}
			if read < 3 {
				t.Errorf("openpyxl reads %d cells: the case tests little", read)
			}
		})
	}
}

// TestUnreadableSharedIndexesReadAsLibreOffice reads cells naming a shared
// string the table cannot give — an index that is no number, one past the
// table's end — as a write reads them, and holds their texts to
// LibreOffice's: openpyxl refuses such a workbook whole. LibreOffice reads
// an index that is no number as item 0 and one past the end as empty,
// which is what formfill reports (the second with an error for the write).
func TestUnreadableSharedIndexesReadAsLibreOffice(t *testing.T) {
	kinds, _ := cellKinds(t, true)
	tests := []struct {
		name, sheet, ref string
		doc              []byte
	}{
		{"an index that is no number, in a sheet the scan follows", "Kinds", "A20", kinds},
		{"an index past the table, in a sheet it does not", "Sheet1", "B1",
			irregularSheet(t, `<row><c t="s"><v>0</v></c><c t="s"><v>99</v></c><c t="s"><v>1</v></c></row>`)},
	}
	docs := make([][]byte, len(tests))
	for i, tt := range tests {
		docs[i] = tt.doc
	}
	texts := readers.LibreOfficeTexts(t, docs, "xlsx")
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wb, err := open(tt.doc)
			must(t, err)
			c, err := wb.parseRef(tt.sheet + "!" + tt.ref)
			must(t, err)
			w := newWriter(wb)
			r := w.cellAt(tt.sheet, c)
			shown, _ := w.shownText(r) // past the table: an error, and no text
			want := csvCell(t, texts[i], tt.sheet, c.row, c.col)
			if shown != want || w.storedText(tt.sheet, c) != want {
				t.Errorf("%s reads %q (stored %q); LibreOffice reads %q", tt.ref, shown, w.storedText(tt.sheet, c), want)
			}
		})
	}
}

// csvCell is the cell at row, col (1-based) of sheet in LibreOfficeText's
// export of a workbook; "" past the sheet's rows or a row's fields. Each
// line is a row (encoding/csv would skip an empty row's line): the cells
// read here hold no line break.
func csvCell(t *testing.T, text, sheet string, row, col int) string {
	t.Helper()
	head := "== sheet: " + sheet + " ==\n"
	i := strings.Index(text, head)
	if i < 0 {
		t.Fatalf("no sheet %q in LibreOffice's export:\n%s", sheet, text)
	}
	body, _, _ := strings.Cut(text[i+len(head):], "\n== sheet: ")
	lines := strings.Split(body, "\n")
	if row > len(lines) || lines[row-1] == "" {
		return ""
	}
	fields, err := csv.NewReader(strings.NewReader(lines[row-1])).Read()
	must(t, err)
	if col > len(fields) {
		return ""
	}
	return fields[col-1]
}
