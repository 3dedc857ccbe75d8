package excel

import (
	"strconv"

	"github.com/xuri/excelize/v2"
)

// appendQuoted appends s quoted as strconv.AppendQuote quotes it. A map
// quotes every cell's text, mostly printable ASCII, which strconv still
// decodes rune by rune and asks IsPrint about (7% of HECVAT Full 3.06's
// first page): that run is copied as it is, and strconv quotes the rest.
// Quoting is rune by rune, so the two parts quote as the whole would.
func appendQuoted(dst []byte, s string) []byte {
	i := 0
	for i < len(s) && s[i] >= ' ' && s[i] < 0x7f && s[i] != '"' && s[i] != '\\' {
		i++
	}
	dst = append(append(dst, '"'), s[:i]...)
	if i == len(s) {
		return append(dst, '"')
	}
	at := len(dst)
	dst = strconv.AppendQuote(dst, s[i:])
	// Drop the opening quote strconv wrote before the rest.
	copy(dst[at:], dst[at+1:])
	return dst[:len(dst)-1]
}

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
