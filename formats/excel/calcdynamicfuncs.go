package excel

import (
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
)

// The functions refEval computes itself (calcdynamic.go): those giving or
// reading a reference, and the text functions INDIRECT's arguments are
// seen built with, with Excel's semantics where a value is not one
// refEval reads it fails, and the formula stays untraced.

// refFunc is the function refEval computes for name, nil for one it
// leaves to the native calculation.
func refFunc(name string) func(e *refEval, v []refValue) (refValue, bool) {
	switch name {
	case "INDIRECT":
		return (*refEval).indirect
	case "OFFSET":
		return (*refEval).offset
	case "ROW", "COLUMN", "ROWS", "COLUMNS":
		return func(e *refEval, v []refValue) (refValue, bool) { return e.position(name, v) }
	case "CHAR", "TRIM", "CLEAN", "SUBSTITUTE":
		return func(e *refEval, v []refValue) (refValue, bool) { return e.valueCall(name, v) }
	case "UPPER", "LOWER":
		return func(e *refEval, v []refValue) (refValue, bool) { return e.letterCase(name, v) }
	case "TEXT":
		return (*refEval).textOf
	case "ADDRESS":
		return (*refEval).address
	case "COUNTA":
		return (*refEval).countA
	}
	return nil
}

// indirect is INDIRECT(text, [a1]): the range text names, A1-style only
// (an R1C1 one is not computed), a defined name among them.
func (e *refEval) indirect(v []refValue) (refValue, bool) {
	if len(v) < 1 || len(v) > 2 {
		return refValue{}, false
	}
	if len(v) == 2 {
		a1, ok := e.scalar(v[1])
		if !ok || a1.kind != argBool && a1.kind != argNumber || a1.n == 0 {
			return refValue{}, false
		}
	}
	text, ok := e.text(v[0])
	if !ok || strings.TrimSpace(text) == "" || strings.ContainsAny(text, "[(,\"") {
		return refValue{}, false
	}
	r, ok := e.nc.wb.refRect(e.at.sheet, strings.TrimSpace(text), e.nc.names)
	if !ok || r.r1 < 1 || r.c1 < 1 || r.r2 > maxRows || r.c2 > maxCols {
		return refValue{}, false
	}
	return refValue{ref: r, isRef: true}, true
}

// offset is OFFSET(reference, rows, cols, [height], [width]); a range
// past the sheet's edge (#REF!) is not computed.
func (e *refEval) offset(v []refValue) (refValue, bool) {
	if len(v) < 3 || len(v) > 5 || !v[0].isRef {
		return refValue{}, false
	}
	base := v[0].ref
	height, width := base.r2-base.r1+1, base.c2-base.c1+1
	var n [4]int
	for k := 1; k < len(v); k++ {
		x, ok := e.number(v[k])
		if !ok {
			return refValue{}, false
		}
		n[k-1] = x
	}
	if len(v) > 3 {
		height = n[2]
	}
	if len(v) > 4 {
		width = n[3]
	}
	r1, c1 := base.r1+n[0], base.c1+n[1]
	r := sheetRect{base.sheet, rect{r1, c1, r1 + height - 1, c1 + width - 1}}
	if height < 1 || width < 1 || r.r1 < 1 || r.c1 < 1 || r.r2 > maxRows || r.c2 > maxCols {
		return refValue{}, false
	}
	return refValue{ref: r, isRef: true}, true
}

// position is ROW, COLUMN, ROWS or COLUMNS of a reference, or ROW() and
// COLUMN() of the formula's cell.
func (e *refEval) position(name string, v []refValue) (refValue, bool) {
	r := sheetRect{e.at.sheet, rect{e.at.row, e.at.col, e.at.row, e.at.col}}
	switch {
	case len(v) == 1 && v[0].isRef:
		r = v[0].ref
	case len(v) != 0 || name == "ROWS" || name == "COLUMNS":
		return refValue{}, false
	}
	n := map[string]int{"ROW": r.r1, "COLUMN": r.c1, "ROWS": r.r2 - r.r1 + 1, "COLUMNS": r.c2 - r.c1 + 1}[name]
	return refValue{arg: calcArg{kind: argNumber, n: float64(n)}}, true
}

// valueCall computes a text function of values with the native
// calculation's own (textOfValues): an error it gives names no
// reference, so is not computed here.
func (e *refEval) valueCall(name string, v []refValue) (refValue, bool) {
	args := make([]calcArg, len(v))
	for k, x := range v {
		a, ok := e.scalar(x)
		if !ok {
			return refValue{}, false
		}
		args[k] = a
	}
	r, ok := textOfValues(name, args)
	if !ok || r.kind == argError {
		return refValue{}, false
	}
	return refValue{arg: r}, true
}

// letterCase is UPPER or LOWER of ASCII text.
func (e *refEval) letterCase(name string, v []refValue) (refValue, bool) {
	if len(v) != 1 {
		return refValue{}, false
	}
	s, ok := e.text(v[0])
	if !ok || !ascii(s) {
		return refValue{}, false
	}
	if name == "UPPER" {
		s = strings.ToUpper(s)
	} else {
		s = strings.ToLower(s)
	}
	return refValue{arg: calcArg{kind: argString, s: s}}, true
}

// textOf is TEXT(value, "@"), or "0" of a whole number: the formats a
// reference's text is built with; any other is not computed.
func (e *refEval) textOf(v []refValue) (refValue, bool) {
	if len(v) != 2 {
		return refValue{}, false
	}
	f, ok := e.text(v[1])
	if !ok || f != "@" && f != "0" {
		return refValue{}, false
	}
	a, ok := e.scalar(v[0])
	if !ok || f == "0" && (a.kind != argNumber || a.n != float64(int64(a.n))) {
		return refValue{}, false
	}
	s, ok := a.text()
	return refValue{arg: calcArg{kind: argString, s: s}}, ok
}

// address is ADDRESS(row, col, [abs], [a1], [sheet]), A1-style.
func (e *refEval) address(v []refValue) (refValue, bool) {
	if len(v) < 2 || len(v) > 5 {
		return refValue{}, false
	}
	var n [3]int
	n[2] = 1
	for k := 0; k < len(v) && k < 3; k++ {
		x, ok := e.number(v[k])
		if !ok {
			return refValue{}, false
		}
		n[k] = x
	}
	if len(v) > 3 {
		a1, ok := e.scalar(v[3])
		if !ok || a1.kind != argBool && a1.kind != argNumber || a1.n == 0 {
			return refValue{}, false
		}
	}
	col, err := excelize.ColumnNumberToName(n[1])
	if err != nil || n[0] < 1 || n[0] > maxRows || n[2] < 1 || n[2] > 4 {
		return refValue{}, false
	}
	rowMark, colMark := "", ""
	if n[2] == 1 || n[2] == 2 {
		rowMark = "$"
	}
	if n[2] == 1 || n[2] == 3 {
		colMark = "$"
	}
	s := colMark + col + rowMark + strconv.Itoa(n[0])
	if len(v) == 5 {
		sheet, ok := e.text(v[4])
		if !ok {
			return refValue{}, false
		}
		s = quoteSheet(sheet) + "!" + s
	}
	return refValue{arg: calcArg{kind: argString, s: s}}, true
}

// countA is COUNTA of references: the cells holding a value or a formula
// (one showing "" counts, as in Excel), within maxFormulaWork cells read.
func (e *refEval) countA(v []refValue) (refValue, bool) {
	total := 0
	for _, x := range v {
		if !x.isRef {
			a, ok := e.scalar(x)
			if !ok {
				return refValue{}, false
			}
			if a.kind != argEmpty {
				total++
			}
			continue
		}
		read := 0
		complete := e.nc.src.each(x.ref.sheet, x.ref.rect, func(row, col int, c calcValue) bool {
			if read++; read > maxFormulaWork {
				return false
			}
			if c.formula || c.kind != calcEmpty {
				total++
			}
			return true
		})
		if !complete {
			return refValue{}, false
		}
	}
	return refValue{arg: calcArg{kind: argNumber, n: float64(total)}}, true
}
