package excel

import (
	"strconv"
	"strings"
)

// Moving one reference, as Excel moves it when a formula is copied or
// read in a shared formula's member, and as openpyxl's Translator
// (translate_range) moves it: a cell (A1), a range of cells (A1:B2), of
// columns (A:C) or of rows (1:3), each coordinate marked absolute ($)
// kept. What is none of these is a name and is kept: a bare column
// letter (A), a row with a leading zero (A01), a column or row past the
// sheet's end (XFE1), a defined name or a table.

// shiftReference is ref, a range operand of a formula (A1, A1:B2, A:C,
// 1:3, Data!A1, 'My Sheet'!$A1:B$2), moved dCol columns and dRow rows. A
// sheet-qualified operand keeps its sheet; a name is kept whole. A
// coordinate moved off the sheet becomes nothing, so that the formula
// fails to compute, as Excel's #REF! does.
func shiftReference(ref string, dCol, dRow int) string {
	cut := strings.LastIndexByte(ref, '!') + 1 // a quoted sheet name may hold a '!'
	moved, ok := shiftRange(ref[cut:], dCol, dRow)
	if !ok {
		return ref
	}
	return ref[:cut] + moved
}

// shiftRange is shiftReference of a range without its sheet; false for a
// name. A range of exactly two columns or two rows moves as one; any
// other range moves each cell among its parts and keeps the rest, as
// openpyxl does (A:C1 moves C1 alone).
func shiftRange(rng string, dCol, dRow int) (string, bool) {
	first, second, isRange := strings.Cut(rng, ":")
	if !isRange {
		return shiftCell(rng, dCol, dRow)
	}
	if !strings.Contains(second, ":") {
		firstCol, okFirst := columnPart(first)
		secondCol, okSecond := columnPart(second)
		if okFirst && okSecond && firstCol == first && secondCol == second {
			return shiftColumn(first, dCol) + ":" + shiftColumn(second, dCol), true
		}
		if rowPart(first) && rowPart(second) {
			return shiftRow(first, dRow) + ":" + shiftRow(second, dRow), true
		}
	}
	var b strings.Builder
	for i, part := range strings.Split(rng, ":") {
		if i > 0 {
			b.WriteByte(':')
		}
		if moved, ok := shiftCell(part, dCol, dRow); ok {
			part = moved
		}
		b.WriteString(part)
	}
	return b.String(), true
}

// shiftCell moves a cell reference, $A$1 to A1; false when part is none.
// A cell moved off the sheet becomes "".
func shiftCell(part string, dCol, dRow int) (string, bool) {
	col, ok := columnPart(part)
	if !ok || !rowPart(part[len(col):]) {
		return "", false
	}
	c, r := shiftColumn(col, dCol), shiftRow(part[len(col):], dRow)
	if c == "" || r == "" {
		return "", true
	}
	return c + r, true
}

// columnPart is the column part part starts with, $ and 1 to 3 letters
// naming a column on the sheet; false when it starts with none. A column
// past the sheet's end (XFE) is no column to Excel: a name.
func columnPart(part string) (string, bool) {
	start := dollar(part)
	end := start
	for end < len(part) && end-start <= 3 && isLetter(part[end]) {
		end++
	}
	if end == start || end-start > 3 || columnNumber(part[start:end]) > maxCols {
		return "", false
	}
	return part[:end], true
}

// rowPart reports whether part is a row: an optional $, then a number of
// 1 to 7 digits with no leading zero, on the sheet.
func rowPart(part string) bool {
	digits := part[dollar(part):]
	if len(digits) == 0 || len(digits) > 7 || digits[0] < '1' || digits[0] > '9' {
		return false
	}
	for i := 1; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return false
		}
	}
	n, _ := strconv.Atoi(digits)
	return n <= maxRows
}

// shiftColumn moves a column part (A, $A): an absolute one is kept as
// written, a relative one is written in capitals, "" off the sheet.
func shiftColumn(col string, dCol int) string {
	if dollar(col) == 1 {
		return col
	}
	n := columnNumber(col) + dCol
	if n < 1 || n > maxCols {
		return ""
	}
	return columnLetters(n)
}

// shiftRow moves a row part (5, $5): an absolute one is kept, "" off the
// sheet.
func shiftRow(row string, dRow int) string {
	if dollar(row) == 1 {
		return row
	}
	n, _ := strconv.Atoi(row)
	if n += dRow; n < 1 || n > maxRows {
		return ""
	}
	return strconv.Itoa(n)
}

// columnNumber is the number of a column's letters, either case: A is 1.
func columnNumber(letters string) int {
	n := 0
	for i := 0; i < len(letters); i++ {
		n = n*26 + int(letters[i]|0x20) - 'a' + 1
	}
	return n
}

// columnLetters is the capital letters of column n, 1 to maxCols.
func columnLetters(n int) string { return string(appendColumnLetters(nil, n)) }

// dollar is 1 when part starts with $, else 0: the length of its mark.
func dollar(part string) int {
	if strings.HasPrefix(part, "$") {
		return 1
	}
	return 0
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
