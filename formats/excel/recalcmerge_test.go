package excel

import (
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/readers"
	"github.com/xuri/excelize/v2"
)

// TestRecalcComputesAMergedRangesOtherCellsOwnFormula: a merged range
// shows its first cell, but its other cells may hold formulas of their
// own, which the recalculation computes from their own text (HECVAT Full
// 3.06's 'Analyst Report'!D43 of C43:D43 reads D39, not C39).
func TestRecalcComputesAMergedRangesOtherCellsOwnFormula(t *testing.T) {
	f := excelize.NewFile()
	must(t, f.SetCellValue("Sheet1", "A1", "left"))
	must(t, f.SetCellValue("Sheet1", "B1", "right"))
	buf, err := f.WriteToBuffer()
	must(t, err)
	// excelize's MergeCell deletes D1's formula: the sheet is written here.
	const sheet = `<?xml version="1.0" encoding="UTF-8"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:E1"/><sheetData><row r="1">` +
		`<c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="str"><f>A1</f><v>left</v></c>` +
		`<c r="D1" t="str"><f>B1</f><v>right</v></c><c r="E1" t="str"><f>D1</f><v>right</v></c>` +
		`</row></sheetData><mergeCells count="1"><mergeCell ref="C1:D1"/></mergeCells></worksheet>`
	doc := rezip(t, unzip(t, buf.Bytes()), "xl/worksheets/sheet1.xml", []byte(sheet))
	res, err := New().Write(doc, []formats.Answer{{PairID: "Sheet1!B1", AnswerText: "written"}}, formats.WriteOptions{})
	must(t, err)
	cached, _ := readers.XLSXCached(t, res.Document)
	// openpyxl reads no value in a merged range's other cells: E1 shows D1's.
	if got := cached["Sheet1"]["E1"]; got != "written" {
		t.Errorf("E1 (=D1, where D1 =B1 is the second cell of C1:D1) caches %q, want %q", got, "written")
	}
}
