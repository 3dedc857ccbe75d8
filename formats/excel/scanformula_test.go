package excel

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/formfill/formfill/formats/internal/xmllex"
	"github.com/xuri/efp"
	"github.com/xuri/excelize/v2"
)

// excelizeShifted is excelize's answer for the cell dCol, dRow away from a
// shared formula's master holding formula: the oracle of shiftFormula. ok
// is false when the offset leaves the sheet's first cells, where the two
// cells cannot be placed.
func excelizeShifted(tb testing.TB, formula string, dCol, dRow int) (got string, ok bool) {
	tb.Helper()
	mc, mr := max(1, 1-dCol), max(1, 1-dRow) // the master, so that the cell is on the sheet
	cc, cr := mc+dCol, mr+dRow
	master, _ := excelize.CoordinatesToCellName(mc, mr)
	member, err := excelize.CoordinatesToCellName(cc, cr)
	if err != nil {
		return "", false
	}
	var text bytes.Buffer
	if err := xml.EscapeText(&text, []byte(formula)); err != nil {
		return "", false
	}
	masterCell := fmt.Sprintf(`<c r="%s"><f t="shared" ref="%s" si="0">%s</f></c>`, master, master+":"+member, text.String())
	memberCell := fmt.Sprintf(`<c r="%s"><f t="shared" si="0"/></c>`, member)
	var rows string
	switch {
	case mr == cr && mc < cc:
		rows = fmt.Sprintf(`<row r="%d">%s%s</row>`, mr, masterCell, memberCell)
	case mr == cr:
		rows = fmt.Sprintf(`<row r="%d">%s%s</row>`, mr, memberCell, masterCell)
	case mr < cr:
		rows = fmt.Sprintf(`<row r="%d">%s</row><row r="%d">%s</row>`, mr, masterCell, cr, memberCell)
	default:
		rows = fmt.Sprintf(`<row r="%d">%s</row><row r="%d">%s</row>`, cr, memberCell, mr, masterCell)
	}
	f, err := stubFile([]byte(`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` + rows + `</sheetData></worksheet>`))
	if err != nil {
		tb.Fatal(err)
	}
	got, err = f.GetCellFormula(stubSheet, member)
	return got, err == nil
}

// TestShiftFormulaShiftsAsExcelize holds shiftFormula to excelize's
// GetCellFormula on formulas of every kind of reference, shifted every way.
func TestShiftFormulaShiftsAsExcelize(t *testing.T) {
	formulas := []string{
		"A1+B2", "SUM(A1:B10)", "$A$1*B$2+$C3", "SUM(A:A)", "SUM($A:B)", "SUM(1:1)", "SUM($2:3)",
		"'Sheet 2'!A1+Sheet3!B2", "VLOOKUP(B5,Lists!$A$2:$C$90,3,FALSE)", `IF(A1="A1","B2",C3)`,
		"#REF!+A1", "A1:B2:C3", "SUM(A1:B2 B2:C3)", "SUM((A1,B2))", "{1,2;3,4}", "50%*A1",
		"XFD1+A1048576", "IFERROR(INDEX(Table1[Column],MATCH(A1,Table1[Key],0)),\"\")",
		"myName+A1", "-A1^2&\" \"&TEXT(B1,\"0.0%\")", "", "A", "a1+b2", "A01",
	}
	offsets := [][2]int{{0, 0}, {1, 0}, {0, 1}, {3, 7}, {-1, 0}, {0, -1}, {-2, -3}, {16383, 0}, {0, 1048575}}
	for _, formula := range formulas {
		for _, d := range offsets {
			want, ok := excelizeShifted(t, formula, d[0], d[1])
			if !ok || sheetQualified(formula) {
				continue // see TestShiftFormulaShiftsSheetQualifiedReferences
			}
			if got := shiftFormula(formula, d[0], d[1]); got != want {
				t.Errorf("%q shifted %d columns, %d rows: %q, excelize %q", formula, d[0], d[1], got, want)
			}
		}
	}
}

// FuzzShiftFormula holds shiftFormula to excelize on any formula and
// offset.
func FuzzShiftFormula(f *testing.F) {
	f.Add("SUM($A1:B$2)+'My Sheet'!C3", int16(2), int16(-1))
	f.Add("A:A", int16(-3), int16(0))
	f.Add(`IF(X9="Y","Z",1:2)`, int16(0), int16(4))
	f.Fuzz(func(t *testing.T, formula string, dCol, dRow int16) {
		if len(formula) > 200 || !xmlText(formula) {
			return // no worksheet holds it
		}
		want, ok := excelizeShifted(t, formula, int(dCol), int(dRow))
		if !ok || sheetQualified(formula) {
			return // excelize keeps those unshifted, Excel does not
		}
		if got := shiftFormula(formula, int(dCol), int(dRow)); got != want {
			t.Fatalf("%q shifted %d columns, %d rows: %q, excelize %q", formula, dCol, dRow, got, want)
		}
	})
}

// sheetQualified reports a formula with a range operand naming its sheet
// (Data!A1), which excelize neither shifts nor quotes again when shifting a
// shared formula: shiftFormula departs from it there.
func sheetQualified(formula string) bool {
	p := efp.ExcelParser()
	for _, t := range p.Parse(formula) {
		if t.TType == efp.TokenTypeOperand && t.TSubType == efp.TokenSubTypeRange && strings.Contains(t.TValue, "!") {
			return true
		}
	}
	return false
}

// TestShiftFormulaShiftsSheetQualifiedReferences holds shiftFormula to
// Excel (and openpyxl's Translator) on references naming a sheet: they
// shift like any other, $ keeps a coordinate, and a sheet name that needs
// quotes keeps them.
func TestShiftFormulaShiftsSheetQualifiedReferences(t *testing.T) {
	tests := []struct {
		name, formula string
		dCol, dRow    int
		want          string
	}{
		{"relative cell one row down", "Data!A1+A2", 0, 1, "Data!A2+A3"},
		{"relative cell across", "Data!A1*2", 2, 0, "Data!C1*2"},
		{"quoted sheet name kept quoted", "'My Data'!A1+A2", 0, 2, "'My Data'!A3+A4"},
		{"quote inside a quoted name", "'Bob''s'!B2", 1, 1, "'Bob''s'!C3"},
		{"range on another sheet", "SUM(Data!A1:B2)", 0, 3, "SUM(Data!A4:B5)"},
		{"absolute parts stay", "VLOOKUP(A2,Lists!$A$2:$C$90,3,FALSE)", 0, 1, "VLOOKUP(A3,Lists!$A$2:$C$90,3,FALSE)"},
		{"mixed absolute", "Data!$A1+Data!A$1", 1, 1, "Data!$A2+Data!B$1"},
		{"whole column", "SUM(Data!A:A)", 1, 5, "SUM(Data!B:B)"},
		{"master itself", "'My Data'!A1", 0, 0, "'My Data'!A1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := shiftFormula(tt.formula, tt.dCol, tt.dRow); got != tt.want {
				t.Errorf("%q shifted %d columns, %d rows: %q, want %q", tt.formula, tt.dCol, tt.dRow, got, tt.want)
			}
		})
	}
}

// xmlText reports text a worksheet can hold: valid UTF-8 of XML's
// characters.
func xmlText(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || !xmllex.IsChar(r) {
			return false
		}
	}
	return true
}

// sharedSheet is a worksheet of shared formulas in the cases the scan
// reads, or leaves to the stub, for TestSharedFormulasReadAsExcelizeReads.
const sharedSheet = `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` +
	`<row r="1"><c r="A1"><v>1</v></c><c r="B1"><f t="shared" si="0"/><v>2</v></c><c r="F1"><f t="shared" si="9"/></c></row>` + // before its master; no master at all
	`<row r="2"><c r="A2"><v>2</v></c><c r="B2"><f t="shared" ref="B1:B6" si="0">A2*2+$A$1+A$1+$A2+SUM(A:A)</f><v>4</v></c>` +
	`<c r="C2"><f t="shared" ref="C2:C5" si=" 1 ">IF(A2&gt;1,"a&amp;b",B2)</f></c><c r="D2"><f t="shared" ref="D2:D4" si="">A2</f></c></row>` + // a spaced index; an empty one reads as 0
	`<row r="3"><c r="B3"><f t="shared" ref="B3:B4" si="0">Z9</f></c><c r="C3"><f t="shared" si="1">ignored</f></c><c r="D3"><f t="shared" si="0"/></c></row>` + // a second master; a member's own text
	`<row r="4"><c r="B4"><f t="shared" si="0"/></c><c r="C4"><f t="shared" si="1"/></c><c r="E4"><f t="shared" ref="E4:E5" si="7"/></c></row>` + // an empty master
	`<row r="5"><c r="C5"><f t="shared" si="1"/></c><c r="E5"><f t="shared" si="7"/></c></row>` +
	`<row r="6"><c r="B6"><f t="shared" si="0"/></c><c r="C6"><f t="shared" si="1"/></c></row>` + // the merged range C6:D7
	`<row r="7"><c r="D7"><f t="shared" si="1"/></c></row>` +
	`</sheetData><mergeCells count="1"><mergeCell ref="C6:D7"/></mergeCells></worksheet>`

// TestSharedFormulasReadFromTheScan gives the formula of every cell of a
// sheet of shared formulas in every case the scan meets: each member
// shifts the first master of its index, a master reads as itself, a
// member with no master has no formula, and a cell whose index does not
// parse keeps its own text; a cell inside a merged range has the range's
// top-left cell's.
func TestSharedFormulasReadFromTheScan(t *testing.T) {
	tests := []struct {
		name, replace, with string
		want                map[string]string
	}{
		{"as written", "", "", sharedWant(nil)},
		{"an index that does not parse keeps the cell's own text (none)", `si="9"`, `si="x"`, sharedWant(nil)},
		{"a master whose index is text keeps its own text; its members find no master", `si=" 1 "`, `si="one"`,
			sharedWant(map[string]string{"C2": `IF(A2>1,"a&b",B2)`, "C3": "", "C4": "", "C5": "", "C6": "", "D7": ""})},
		{"a merged range written backwards still gives its top-left cell's formula", `ref="C6:D7"`, `ref="D7:C6"`, sharedWant(nil)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sheet := sharedSheet
			if tt.replace != "" {
				sheet = strings.Replace(sheet, tt.replace, tt.with, 1)
			}
			doc := rezip(t, unzip(t, fixture(t)), "xl/worksheets/sheet1.xml", []byte(sheet))
			got := edgeFormulas(t, doc)
			var name string
			for name = range got {
			}
			if !reflect.DeepEqual(got[name], tt.want) {
				t.Errorf("formulas\n%v\nwant\n%v", got[name], tt.want)
			}
		})
	}
}

// sharedWant is the formulas of sharedSheet, "=" first, but for the cells
// of change, whose formulas it gives ("": a formula cell with none).
func sharedWant(change map[string]string) map[string]string {
	want := map[string]string{
		"B1": "=A1*2+$A$1+A$1+$A1+SUM(A:A)", "F1": "=", "B2": "=A2*2+$A$1+A$1+$A2+SUM(A:A)",
		"C2": `=IF(A2>1,"a&b",B2)`, "D2": "=A2", "B3": "=A3*2+$A$1+A$1+$A3+SUM(A:A)", "C3": `=IF(A3>1,"a&b",B3)`,
		"D3": "=C3*2+$A$1+C$1+$A3+SUM(C:C)", "B4": "=A4*2+$A$1+A$1+$A4+SUM(A:A)", "C4": `=IF(A4>1,"a&b",B4)`,
		"E4": "=", "C5": `=IF(A5>1,"a&b",B5)`, "E5": "=", "B6": "=A6*2+$A$1+A$1+$A6+SUM(A:A)",
		"C6": `=IF(A6>1,"a&b",B6)`, "D7": `=IF(A6>1,"a&b",B6)`, // inside C6:D7: C6's
	}
	for ref, f := range change {
		want[ref] = "=" + f
	}
	return want
}

// squeeze drops the spaces outside string literals: the scan puts a
// shifted shared formula back together from efp's tokens, which keep no
// space between operands; openpyxl keeps the master's spacing.
func squeeze(f string) string {
	var b strings.Builder
	quoted := false
	for _, r := range f {
		if r == '"' {
			quoted = !quoted
		}
		if r != ' ' || quoted {
			b.WriteRune(r)
		}
	}
	return b.String()
}
