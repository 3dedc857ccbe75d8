package excel

import (
	"strconv"

	"github.com/xuri/excelize/v2"
)

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

// appendID appends the cell's ID, c.ID(), to dst.
func appendID(dst []byte, c cell) []byte {
	dst = strconv.AppendInt(append(dst, 'S'), int64(c.sheet), 10)
	dst = strconv.AppendInt(append(dst, "-R"...), int64(c.row), 10)
	return strconv.AppendInt(append(dst, "-C"...), int64(c.col), 10)
}
