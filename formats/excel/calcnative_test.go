package excel

import (
	"testing"

	"github.com/xuri/excelize/v2"
)

// mapSource is a calcSource over a few stored values, by sheet and A1
// reference.
type mapSource map[int]map[string]calcValue

// book is an excelize workbook holding m's cells on Sheet1 and Data, an
// error as =NA(), for a reader to compute formulas over.
func (m mapSource) book(t *testing.T) *excelize.File {
	f := excelize.NewFile()
	_, err := f.NewSheet("Data")
	must(t, err)
	for si, cells := range m {
		sheet := []string{"Sheet1", "Data"}[si-1]
		for ref, v := range cells {
			switch v.kind {
			case calcNumber:
				err = f.SetCellDefault(sheet, ref, v.text)
			case calcString:
				err = f.SetCellStr(sheet, ref, v.text)
			case calcBool:
				err = f.SetCellBool(sheet, ref, v.text == "1")
			case calcError:
				err = f.SetCellFormula(sheet, ref, "NA()")
			}
			must(t, err)
		}
	}
	return f
}

func (m mapSource) formulaCells(int) [][2]int    { return nil }
func (m mapSource) formula(int, int, int) string { return "" }
func (m mapSource) names() []calcName            { return nil }
func (m mapSource) each(sheet int, r rect, fn func(int, int, calcValue) bool) bool {
	for ref, v := range m[sheet] {
		if col, row, _, err := cellRef(ref); err == nil && r.contains(row, col) && !fn(row, col, v) {
			return false
		}
	}
	return true
}
func (m mapSource) value(sheet, row, col int) calcValue {
	return m[sheet][cell{row: row, col: col}.name()]
}

var (
	num  = func(s string) calcValue { return calcValue{text: s, kind: calcNumber} }
	str  = func(s string) calcValue { return calcValue{text: s, kind: calcString} }
	flag = func(s string) calcValue { return calcValue{text: s, kind: calcBool} }
)

// nativeCells are the stored values the table's formulas read: Sheet1
// holds the values looked up, Data a table of IDs and answers.
var nativeCells = mapSource{
	1: {"A1": str("ORGN-01"), "A2": str("ORGN-1"), "A3": num("2"), "A4": str("Yes"), "A5": str("yes"),
		"A6": flag("1"), "A7": str("né"), "A8": str("Q*"), "A9": num("1000000"), "A10": num("0.5"), "A11": str("")},
	2: {"A1": str("ORGN-01"), "B1": str("Yes"), "C1": num("3"),
		"A2": str("ORGN-02"), "B2": str("No"), "C2": flag("1"),
		"A3": num("2"), "B3": str("two"), "C3": str(""),
		"A4": str("ORGN-10"), "B4": str("Ten"),
		"A5": str("NÉ"), "B5": str("accent"),
		"A6": str("2"), "B6": str("text two")},
}

// nativeCases are the formulas a questionnaire repeats (answers looked up
// and joined, tested with IF and LEFT) over nativeCells, with the values
// Excel gives; TestExcelModeEqualsLibreOffice checks them against
// LibreOffice too. The native calculation once gave excelize's values
// here, and left to excelize what Excel and excelize differ on: the
// cases whose names say "once" are where the values changed.
var nativeCases = []calcCase{
	{"text constant", `"a"&"b"`, "ab", true, ""},
	{"number joined in full, once 1e+06", `A9&""`, "1000000", true, ""},
	{"half joined", `A10&""`, "0.5", true, ""},
	{"whole number", `A3`, "2", true, ""},
	{"fraction, once left to excelize", `A10`, "0.5", true, ""},
	{"boolean", `A6`, "TRUE", true, ""},
	{"equal ignores case", `A4=A5`, "TRUE", true, ""},
	{"not equal", `A4<>A5`, "FALSE", true, ""},
	{"empty equals empty text", `A11=B99`, "TRUE", true, ""},
	{"number is not its text, once equal", `A3="2"`, "FALSE", true, ""},
	{"IF on a comparison", `IF(A4="yes","y","n")`, "y", true, ""},
	{"IF keeps a number", `IF(A6,A3,"n")`, "2", true, ""},
	{"IF on a word is #VALUE!", `IF(A4,1,2)`, "#VALUE!", true, ""},
	{"IF on TRUE text not computed, once y", `IF("true","y","n")`, "", false, ""},
	{"LEFT", `LEFT(A1,4)`, "ORGN", true, ""},
	{"LEFT past the end", `LEFT(A1,40)`, "ORGN-01", true, ""},
	{"LEFT of a number, once 1e+", `LEFT(A9,3)`, "100", true, ""},
	{"exact VLOOKUP", `VLOOKUP(A1,Data!$A$1:$C$6,2,FALSE)`, "Yes", true, ""},
	{"exact VLOOKUP by 0, joined", `VLOOKUP(A1,Data!$A$1:$C$6,2,0)&""`, "Yes", true, ""},
	{"VLOOKUP finds a number", `VLOOKUP(A3,Data!$A$1:$C$6,2,0)`, "two", true, ""},
	{"VLOOKUP of a boolean", `VLOOKUP("ORGN-02",Data!$A$1:$C$6,3,0)`, "TRUE", true, "LibreOffice's booleans are numbers"},
	{"VLOOKUP of a number", `VLOOKUP("ORGN-01",Data!$A$1:$C$6,3,0)`, "3", true, ""},
	{"VLOOKUP of an empty text", `VLOOKUP(2,Data!$A$1:$C$6,3,0)&"x"`, "x", true, ""},
	{"VLOOKUP ignores case beyond ASCII", `VLOOKUP(A7,Data!$A$1:$C$6,2,0)`, "accent", true, ""},
	{"VLOOKUP ignores case", `VLOOKUP("orgn-02",Data!$A$1:$C$6,2,0)`, "No", true, ""},
	{"VLOOKUP finds no text inside text, once left to excelize", `VLOOKUP(A2,Data!$A$1:$C$6,2,0)`, "#N/A", true, ""},
	{"VLOOKUP of a number finds no text, once left to excelize", `VLOOKUP(A3,Data!$A$6:$C$6,2,0)`, "#N/A", true, ""},
	{"VLOOKUP not found, once left to excelize", `VLOOKUP("none",Data!$A$1:$C$6,2,0)`, "#N/A", true, ""},
	{"VLOOKUP wildcard finding nothing, once not computed", `VLOOKUP(A8,Data!$A$1:$C$6,2,0)`, "#N/A", true, ""},
	{"approximate VLOOKUP, once not computed", `VLOOKUP(A1,Data!$A$1:$C$6,2,TRUE)`, "Yes", true, "the IDs are not sorted: Excel's search is the oracle (calcapprox_test.go)"},
	{"VLOOKUP on whole columns, once left to excelize", `VLOOKUP(A1,Data!A:C,2,0)`, "Yes", true, ""},
	{"VLOOKUP past the table not computed", `VLOOKUP(A1,Data!$A$1:$C$6,4,0)`, "", false, ""},
	{"IF of lookups", `IF(LEFT(VLOOKUP(A1,Data!$A$1:$C$6,2,0),1)="Y",A4,VLOOKUP(A1,Data!$A$1:$C$6,3,0))&""`, "Yes", true, ""},
	{"parenthesised", `("a"&A4)`, "aYes", true, ""},
	{"& before =, once left to excelize", `A4&""=A5`, "TRUE", true, ""},
	{"SUM, once left to excelize", `SUM(A3,A9)`, "1000002", true, ""},
	{"a fraction stored in full", `1/3`, "0.3333333333333333", true, ""},
	{"a large number stored with an exponent", `A9*A9*A9*A9`, "1E+24", true, ""},
	{"arithmetic, once left to excelize", `A3+1`, "3", true, ""},
}

func TestNativeCalcTable(t *testing.T) {
	checkCalcCases(t, nativeCells, nativeCases)
}

// calcCase is a formula, the value Excel gives for it, and whether the
// native calculation computes it; lo says why LibreOffice is not asked
// (it differs from Excel there), "" when it is.
type calcCase struct {
	name, formula, want string
	native              bool
	lo                  string
}

// checkCalcCases computes each case's formula natively over cells.
func checkCalcCases(t *testing.T, cells mapSource, cases []calcCase) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := nativeValue(cells, tc.formula)
			if ok != tc.native || ok && got != tc.want {
				t.Fatalf("calc(%s) = %q, %v; want %q, %v", tc.formula, got, ok, tc.want, tc.native)
			}
		})
	}
}

// nativeValue is formula's value, as its cached value shows, as the
// native calculation gives it over cells.
func nativeValue(cells mapSource, formula string) (string, bool) {
	wb := &workbook{sheets: []string{"Sheet1", "Data"}}
	c := &nativeCalc{wb: wb, src: cells, closure: closureMap{}}
	v, ok := c.calcText(0, &formulaNode{at: cell{sheet: 1, row: 50, col: 5}}, formula)
	return shown(v), ok
}
