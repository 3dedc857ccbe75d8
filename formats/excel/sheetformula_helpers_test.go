package excel

import "github.com/xuri/excelize/v2"

// formula is formulaAt of the cell named ref, "" for a name that is not
// a cell's: the tests name cells, the engine gives coordinates.
func (wb *workbook) formula(sheet, ref string, sc *sheetScan) string {
	col, row, err := excelize.CellNameToCoordinates(ref)
	if err != nil {
		return ""
	}
	return wb.formulaAt(sheet, row, col, sc)
}
