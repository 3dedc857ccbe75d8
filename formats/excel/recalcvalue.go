package excel

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
)

// excelErrors are the error values a formula can show, stored with t="e".
var excelErrors = map[string]bool{"#NULL!": true, "#DIV/0!": true, "#VALUE!": true, "#REF!": true, "#NAME?": true,
	"#NUM!": true, "#N/A": true, "#GETTING_DATA": true, "#SPILL!": true, "#CALC!": true}

// recompute computes one dependent formula and records its cached value,
// or drops the value and warns when it cannot be computed (cyclic: it lies
// on or reads a cycle).
func (w *writer) recompute(n *formulaNode, cyclic bool, res *recalcResult) {
	sheet := w.wb.sheetName(n.at)
	ref := n.at.name()
	where := w.wb.xpath(n.at)
	before, _ := w.wb.f.GetCellValue(sheet, ref)
	var why string
	switch {
	case n.external:
		why = "it reads another workbook"
	case cyclic:
		why = "it lies on or reads a circular reference"
	case n.volatile != "":
		why = fmt.Sprintf("it calls %s, whose value changes on every calculation or cannot be traced", n.volatile)
	}
	var v cachedValue
	if why == "" {
		var err error
		if v, err = w.evaluate(sheet, ref, n); err != nil {
			why = fmt.Sprintf("formfill could not compute it (%v)", err)
		}
	}
	if why != "" {
		res.set(sheet, ref, cachedValue{drop: true})
		res.warnings = append(res.warnings, fmt.Sprintf("%s: =%s reads a written cell but %s; its cached value was removed and Excel or LibreOffice recalculates it on open", where, n.text, why))
		return
	}
	res.set(sheet, ref, v)
	shown, err := w.wb.f.CalcCellValue(sheet, ref)
	if err != nil {
		shown = v.v
	}
	if shown != before {
		res.shown = append(res.shown, fmt.Sprintf("%s now shows %q (was %q)", where, clip(shown, 80), clip(before, 80)))
	}
}

// evaluate is the formula's value as excelize computes it, with the cell
// type Excel would store.
func (w *writer) evaluate(sheet, ref string, n *formulaNode) (cachedValue, error) {
	raw, err := w.wb.f.CalcCellValue(sheet, ref, excelize.Options{RawCellValue: true})
	if err != nil {
		// excelize reports a formula's error value (#DIV/0!) as the error
		// itself; anything else (an unsupported function) is its failure.
		if excelErrors[err.Error()] {
			return cachedValue{v: err.Error(), t: "e"}, nil
		}
		return cachedValue{}, err
	}
	if excelErrors[raw] {
		return cachedValue{v: raw, t: "e"}, nil
	}
	if n.pureRef {
		// A copy of one cell takes that cell's type; an empty one shows 0.
		r := n.refs[0]
		src := w.wb.sheets[r.sheet-1]
		name, _ := excelize.CoordinatesToCellName(r.c1, r.r1)
		t, _ := w.wb.f.GetCellType(src, name)
		switch {
		case t == excelize.CellTypeBool:
			return cachedValue{v: boolDigit(raw), t: "b"}, nil
		case raw == "" && t != excelize.CellTypeFormula:
			return cachedValue{v: "0"}, nil
		case t == excelize.CellTypeSharedString || t == excelize.CellTypeInlineString:
			return cachedValue{v: raw, t: "str"}, nil
		}
	}
	if n.joins {
		return cachedValue{v: raw, t: "str"}, nil
	}
	if _, err := strconv.ParseFloat(raw, 64); err == nil && raw != "" {
		return cachedValue{v: raw}, nil
	}
	if raw == "TRUE" || raw == "FALSE" {
		return cachedValue{v: boolDigit(raw), t: "b"}, nil
	}
	return cachedValue{v: raw, t: "str"}, nil
}

// boolDigit is a boolean's stored form: 1 or 0.
func boolDigit(s string) string {
	if strings.EqualFold(s, "TRUE") || s == "1" {
		return "1"
	}
	return "0"
}

// set records the cached value of sheet's cell ref.
func (r *recalcResult) set(sheet, ref string, v cachedValue) {
	m := r.values[sheet]
	if m == nil {
		m = map[string]cachedValue{}
		r.values[sheet] = m
	}
	m[ref] = v
}
