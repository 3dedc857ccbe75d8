package excel

import (
	"math"
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
// name.
func shiftRange(rng string, dCol, dRow int) (string, bool) {
	if !strings.Contains(rng, ":") {
		if cellOrName(rng) == partName {
			return "", false
		}
		return shiftPart(rng, partCell, dCol, dRow), true
	}
	var b strings.Builder
	rangeParts(rng, func(i int, part string, kind refPart) {
		if i > 0 {
			b.WriteByte(':')
		}
		b.WriteString(shiftPart(part, kind, dCol, dRow))
	})
	return b.String(), true
}

// refPart is what one ':'-separated part of a range is to a move.
type refPart uint8

const (
	partName   refPart = iota // none of the others: kept as written
	partCell                  // a cell: A1, $A$1
	partColumn                // a column of a range of columns (A of A:C)
	partRow                   // a row of a range of rows (1 of 1:3)
)

// rangeParts calls visit with each ':'-separated part of rng, numbered
// from 0, and what it is to a move. A range of exactly two columns or two
// rows moves as one; any other range moves each cell among its parts and
// keeps the rest, as openpyxl does (A:C1 moves C1 alone).
func rangeParts(rng string, visit func(i int, part string, kind refPart)) {
	if first, second, isRange := strings.Cut(rng, ":"); isRange && !strings.Contains(second, ":") {
		firstCol, okFirst := columnPart(first)
		secondCol, okSecond := columnPart(second)
		if okFirst && okSecond && firstCol == first && secondCol == second {
			visit(0, first, partColumn)
			visit(1, second, partColumn)
			return
		}
		if rowPart(first) && rowPart(second) {
			visit(0, first, partRow)
			visit(1, second, partRow)
			return
		}
	}
	i := 0
	for part := range strings.SplitSeq(rng, ":") {
		visit(i, part, cellOrName(part))
		i++
	}
}

// cellOrName is partCell when part is a cell reference, else partName.
func cellOrName(part string) refPart {
	if col, ok := columnPart(part); ok && rowPart(part[len(col):]) {
		return partCell
	}
	return partName
}

// shiftPart moves one part of a range, of the kind rangeParts gives it:
// a coordinate marked absolute ($) is kept, a cell written in capitals
// ($A$1 to A1), a part moved off the sheet becomes "", a name is kept.
func shiftPart(part string, kind refPart, dCol, dRow int) string {
	switch kind {
	case partCell:
		col, _ := columnPart(part)
		c, r := shiftColumn(col, dCol), shiftRow(part[len(col):], dRow)
		if c == "" || r == "" {
			return ""
		}
		return c + r
	case partColumn:
		return shiftColumn(part, dCol)
	case partRow:
		return shiftRow(part, dRow)
	}
	return part
}

// shiftLimits bound the moves under which no coordinate of the
// references added to them leaves the sheet: every move with colLo ≤ dCol
// ≤ colHi and rowLo ≤ dRow ≤ rowHi keeps them all on it, and every other
// move takes at least one off. A member of a shared formula is checked
// against its master's limits instead of moving each operand.
type shiftLimits struct{ colLo, colHi, rowLo, rowHi int }

// anyShift is the limits of no reference: every move is allowed.
func anyShift() shiftLimits {
	return shiftLimits{math.MinInt, math.MaxInt, math.MinInt, math.MaxInt}
}

// add narrows l to the moves that keep ref, a range operand as
// shiftReference takes it, on the sheet.
func (l *shiftLimits) add(ref string) {
	rangeParts(ref[strings.LastIndexByte(ref, '!')+1:], func(_ int, part string, kind refPart) {
		switch kind {
		case partCell:
			col, _ := columnPart(part)
			l.column(col)
			l.row(part[len(col):])
		case partColumn:
			l.column(part)
		case partRow:
			l.row(part)
		}
	})
}

// column narrows l to the moves keeping a column part on the sheet; an
// absolute one never moves.
func (l *shiftLimits) column(col string) {
	if dollar(col) == 0 {
		n := columnNumber(col)
		l.colLo, l.colHi = max(l.colLo, 1-n), min(l.colHi, maxCols-n)
	}
}

// row narrows l to the moves keeping a row part on the sheet.
func (l *shiftLimits) row(row string) {
	if dollar(row) == 0 {
		n, _ := strconv.Atoi(row)
		l.rowLo, l.rowHi = max(l.rowLo, 1-n), min(l.rowHi, maxRows-n)
	}
}

// allow reports whether the move keeps every reference added on the sheet.
func (l shiftLimits) allow(dCol, dRow int) bool {
	return dCol >= l.colLo && dCol <= l.colHi && dRow >= l.rowLo && dRow <= l.rowHi
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
