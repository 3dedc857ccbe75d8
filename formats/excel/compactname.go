package excel

import "github.com/xuri/excelize/v2"

// appendA1 appends the cell's A1 name, C5, as cell.name writes it,
// without excelize's allocations: a map names every cell it shows in its
// XPath. Within Excel's grid that is the patch writer's appendCellName;
// outside it, it asks excelize, which names none.
func appendA1(dst []byte, row, col int) []byte {
	if row < 1 || row > excelize.TotalRows || col < 1 || col > excelize.MaxColumns {
		n, _ := excelize.CoordinatesToCellName(col, row)
		return append(dst, n...)
	}
	return appendCellName(dst, row, col)
}
