package excel

import (
	"bytes"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestIrregularCellsReadByTheWrite reads every cell of sheets the guard's
// scan does not follow as a write reads them (cellScan's readCells cells,
// then shownText and rawText) and holds them to an independent reader's
// cell values, shown and raw, of the same document (excelize's
// GetCellValue, which reads the whole sheet into a model).
func TestIrregularCellsReadByTheWrite(t *testing.T) {
	const root = `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`
	tests := []struct {
		name, sheetData string
		formulaA1       bool // A1 holds a formula, which recalc finds in cellScan's formulas
	}{
		{"a row with no number follows the one before",
			`<row><c r="A1" t="s"><v>0</v></c><c r="B1" s="2"><v>45000</v></c></row><row><c r="A2" t="s" s="1"><v>2</v></c><c r="C2" t="b"><v>1</v></c></row>`, false},
		{"a cell with no reference follows the one before",
			`<row r="1"><c t="s"><v>1</v></c><c s="4"><v>1234.5</v></c><c t="e"><v>#N/A</v></c><c s="5"><v>0.30000000000000004</v></c></row>`, false},
		{"a comment inside a value is left out",
			`<row r="1"><c r="A1" t="str"><v>a<!-- c -->b</v></c><c r="B1" t="inlineStr"><is><t>p_x0041_q</t></is></c><c r="C1" t="s"><v>99</v></c><c r="D1" t="d" s="2"><v>2024-03-31T00:00:00Z</v></c></row>`, false},
		{"a formula cell without a reference keeps its formula",
			`<row r="1"><c t="str"><f>"a"&amp;"b"</f><v>ab</v></c><c r="B1" t="s"><v>0</v></c><c t="s"><v>1</v></c></row>`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, part := rowsBook(t)
			doc = rezip(t, unzip(t, doc), part, []byte(root+tt.sheetData+`</sheetData></worksheet>`))
			wb, err := open(doc)
			must(t, err)
			w := newWriter(wb)
			if w.scan("Sheet1").rowScan() != nil {
				t.Fatal("the guard's scan follows the sheet: the case tests nothing")
			}
			if sc, rs := w.cellScan("Sheet1"); rs == nil || sc.formulas[[2]int{1, 1}] != tt.formulaA1 {
				t.Fatalf("cellScan gives the write no cells of the sheet, or not its formulas (%v)", rs == nil)
			}
			f, err := excelize.OpenReader(bytes.NewReader(doc))
			must(t, err)
			defer f.Close()
			read := 0
			for row := 1; row <= 2; row++ {
				for col := 1; col <= 4; col++ {
					c := cell{sheet: 1, row: row, col: col}
					r := w.cellAt("Sheet1", c)
					shown, _ := w.shownText(r)
					raw := w.storedText("Sheet1", c)
					wantRaw, _ := f.GetCellValue("Sheet1", c.name(), excelize.Options{RawCellValue: true})
					wantShown, _ := f.GetCellValue("Sheet1", c.name())
					if wantShown != "" {
						read++
					}
					if shown != wantShown || raw != wantRaw {
						t.Errorf("%s reads %q (stored %q); excelize reads %q (%q)", c.name(), shown, raw, wantShown, wantRaw)
					}
				}
			}
			if read < 3 {
				t.Errorf("excelize reads %d cells: the case tests little", read)
			}
		})
	}
}
