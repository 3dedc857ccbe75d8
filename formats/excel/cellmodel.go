package excel

import (
	"github.com/xuri/excelize/v2"
)

// The one place the write still reads excelize's model: a cell of a sheet
// the guard's scan does not follow (rows or cells without references or
// out of order, markup inside a value: see rowScan), or whose shared
// strings the scan could not read. Such a sheet is rare; excelize decodes
// it whole on the first read. Every other cell the write reads comes from
// the scan (see cellAt).

// modelTypes are the t attributes of excelize's cell types.
var modelTypes = map[excelize.CellType]string{
	excelize.CellTypeBool:         "b",
	excelize.CellTypeDate:         "d",
	excelize.CellTypeNumber:       "n",
	excelize.CellTypeError:        "e",
	excelize.CellTypeSharedString: "s",
	excelize.CellTypeFormula:      "str",
	excelize.CellTypeInlineString: "inlineStr",
}

// modelCell reads the cell at c on sheet from excelize's model, which
// holds the sheet as the document came (the write's edits are laid over
// it by cellAt).
func (w *writer) modelCell(sheet string, c cell) cellRead {
	w.wb.mu.Lock() // the sheet may be in a lane (see eachSheet)
	defer w.wb.mu.Unlock()
	f, ref := w.wb.f, c.name()
	raw, err := f.GetCellValue(sheet, ref, excelize.Options{RawCellValue: true})
	if err != nil {
		return cellRead{exists: true, err: err}
	}
	shown, err := f.GetCellValue(sheet, ref)
	if err != nil {
		return cellRead{exists: true, err: err}
	}
	t, _ := f.GetCellType(sheet, ref)
	style, _ := f.GetCellStyle(sheet, ref)
	return cellRead{exists: raw != "" || shown != "", t: modelTypes[t], value: raw, style: style, shown: shown, hasShown: true}
}

// modelRows are the sheet's stored values, rows[r-1][c-1], from
// excelize's model: for a sheet the scan does not follow (see storedText).
func (w *writer) modelRows(sheet string) [][]string {
	w.wb.mu.Lock()
	defer w.wb.mu.Unlock()
	rows, _ := w.wb.f.GetRows(sheet, excelize.Options{RawCellValue: true})
	return rows
}
