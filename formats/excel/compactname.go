package excel

import (
	"strconv"

	"github.com/xuri/excelize/v2"
)

// appendA1 appends the cell's A1 name, C5, as cell.name writes it,
// without excelize's allocations: a map names every cell it shows in its
// XPath. Outside Excel's grid it asks excelize, which names none.
func appendA1(dst []byte, row, col int) []byte {
	if row < 1 || row > excelize.TotalRows || col < 1 || col > excelize.MaxColumns {
		n, _ := excelize.CoordinatesToCellName(col, row)
		return append(dst, n...)
	}
	var letters [3]byte // MaxColumns is XFD
	i := len(letters)
	for col > 0 {
		col--
		i--
		letters[i] = byte('A' + col%26)
		col /= 26
	}
	return strconv.AppendInt(append(dst, letters[i:]...), int64(row), 10)
}
