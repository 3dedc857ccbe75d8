package excel

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/formfill/formfill/formats/internal/xmllex"
	"github.com/formfill/formfill/internal/readers"
)

// TestShiftFormulaShiftsAsOpenpyxl holds shiftFormula to openpyxl's
// Translator (Excel's moving of a copied formula, or of a shared formula
// to its member) on formulas of every kind of reference, shifted every
// way, all moved by one Python process. Spacing aside: shiftFormula keeps
// the formula's, openpyxl keeps the first character of each run of it
// (sameMove). A move off the sheet has no openpyxl answer (Excel shows
// #REF!): TestShiftFormulaLeavesNothingOffTheSheet holds those.
func TestShiftFormulaShiftsAsOpenpyxl(t *testing.T) {
	formulas := []string{
		"A1+B2", "SUM(A1:B10)", "$A$1*B$2+$C3", "SUM(A:A)", "SUM($A:B)", "SUM(1:1)", "SUM($2:3)",
		"'Sheet 2'!A1+Sheet3!B2", "VLOOKUP(B5,Lists!$A$2:$C$90,3,FALSE)", `IF(A1="A1","B2",C3)`,
		"#REF!+A1", "A1:B2:C3", "SUM(A1:B2 B2:C3)", "SUM((A1,B2))", "{1,2;3,4}", "50%*A1",
		"XFD1+A1048576", "IFERROR(INDEX(Table1[Column],MATCH(A1,Table1[Key],0)),\"\")",
		"myName+A1", "-A1^2&\" \"&TEXT(B1,\"0.0%\")", "", "A", "a1+b2", "A01",
		"'Bob''s'!B2+'My Data'!$A1:B$2", "A1 + B2", `Data!A1&"Data!A1"`,
		"A1  +   B2", "A:C1", "SUM(A1:A02)", "{1,2;3,4}+A", "LOG10(A1)", "1E+5+A1", "2.5e-3*B2",
		"Table1[[#This Row],[Col]]+A1", `"a""b"&A1`, "INDEX(A:A,1):B5", "[1]Sheet1!A1+$a$1+$b2",
		"SUM(a:c)+SUM(ABCD1)+ZZ1", "'It''s ''A1'''!A1",
	}
	offsets := [][2]int{{0, 0}, {1, 0}, {0, 1}, {3, 7}, {-1, 0}, {0, -1}, {-2, -3}, {16383, 0}, {0, 1048575}}
	var shifts []readers.Shift
	for _, formula := range formulas {
		for _, d := range offsets {
			shifts = append(shifts, readers.Shift{Formula: formula, Cols: d[0], Rows: d[1]})
		}
	}
	moved, ok := readers.XLSXShifted(t, shifts)
	compared := 0
	for i, s := range shifts {
		if !ok[i] {
			continue // off the sheet
		}
		compared++
		if got := shiftFormula(s.Formula, s.Cols, s.Rows); !sameMove(got, moved[i]) {
			t.Errorf("%q shifted %d columns, %d rows: %q, openpyxl %q", s.Formula, s.Cols, s.Rows, got, moved[i])
		}
	}
	if compared < len(shifts)/2 {
		t.Errorf("openpyxl moved only %d formulas of %d", compared, len(shifts))
	}
}

// TestShiftFormulaKeepsAllButReferences gives the moves where Excel keeps
// what is no reference as written, some of which openpyxl has no answer
// for or gets wrong (marked): array constants, names that look like
// references, spacing, strings, functions named like cells.
func TestShiftFormulaKeepsAllButReferences(t *testing.T) {
	tests := []struct {
		name, formula string
		dCol, dRow    int
		want          string
	}{
		{"array constant kept as written", "{1,2;3,4}+A1", 1, 0, "{1,2;3,4}+B1"},
		{"bare column letter is a name", "A+A1", 1, 0, "A+B1"},
		{"row with a leading zero is a name", "A01+A1:A02", 0, 1, "A01+A2:A02"},
		{"column past XFD is a name", "XFE1+B1", -1, 0, "XFE1+A1"}, // openpyxl moves it
		{"row past the sheet is a name", "A1048577+A1", 0, -1, "A1048577+"},
		{"spacing kept", "SUM( A1 ,  B2 )", 0, 1, "SUM( A2 ,  B3 )"},
		{"line break ends a reference", "A1\nB2", 0, 1, "A2\nB3"},                          // openpyxl joins A1B2
		{"sheet-qualified name keeps its sheet", "Data!myName+A1", 1, 0, "Data!myName+B1"}, // openpyxl drops Data!
		{"sheet-qualified error kept", "Data!#REF!+A1", 1, 0, "Data!#REF!+B1"},
		{"string kept", `"A1"&A1&"B""2"`, 1, 1, `"A1"&B2&"B""2"`},
		{"unclosed string kept", `A1&"B2`, 1, 0, `B1&"B2`},
		{"function named like a cell", "LOG10(A1)", 2, 0, "LOG10(C1)"},
		{"number with an exponent", "1E+5+A1", 0, 1, "1E+5+A2"},
		{"lower case moved in capitals, absolute kept", "a1+$b1+a$1+$c$1", 1, 1, "B2+$b2+B$1+$c$1"},
		{"master itself: lower case in capitals", "sum(a1)", 0, 0, "sum(A1)"},
		{"nothing to move: the same text", `IF(X=1,"a",{1;2})`, 3, 3, `IF(X=1,"a",{1;2})`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := shiftFormula(tt.formula, tt.dCol, tt.dRow); got != tt.want {
				t.Errorf("%q shifted %d columns, %d rows: %q, want %q", tt.formula, tt.dCol, tt.dRow, got, tt.want)
			}
		})
	}
}

// TestShiftFormulaLeavesNothingOffTheSheet gives the moves openpyxl has
// no answer for, a reference taken off the sheet, where Excel shows
// #REF!: shiftFormula drops the reference, so that the formula fails to
// compute too.
func TestShiftFormulaLeavesNothingOffTheSheet(t *testing.T) {
	tests := []struct {
		name string
		in   readers.Shift
		want string
	}{
		{"left of column A", readers.Shift{Formula: "A1+B2", Cols: -1}, "+A2"},
		{"past column XFD", readers.Shift{Formula: "XFD1+A1048576", Cols: 1}, "+B1048576"},
		{"one end of a range above row 1", readers.Shift{Formula: "SUM(A1:B2)", Rows: -1}, "SUM(:B1)"},
		{"on another sheet", readers.Shift{Formula: "Data!A1*2", Cols: -1}, "Data!*2"},
	}
	in := make([]readers.Shift, len(tests))
	for i, tt := range tests {
		in[i] = tt.in
	}
	_, ok := readers.XLSXShifted(t, in)
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if ok[i] {
				t.Errorf("openpyxl moves %q %d, %d on the sheet", tt.in.Formula, tt.in.Cols, tt.in.Rows)
			}
			if got := shiftFormula(tt.in.Formula, tt.in.Cols, tt.in.Rows); got != tt.want {
				t.Errorf("%q shifted %d columns, %d rows: %q, want %q", tt.in.Formula, tt.in.Cols, tt.in.Rows, got, tt.want)
			}
		})
	}
}

// FuzzShiftFormula holds shiftFormula to openpyxl's Translator on any
// formula and offset (one Python process an input: slow, but fuzzing
// alone pays it; the seeds run in go test), but where openpyxl departs
// from Excel:
//   - a line break after an operand does not end it (A1\nB2 reads as
//     \nA1B2), nor does a string after a colon (A1:"x"B2 as "x"B2:C3);
//   - a sheet-qualified name loses its sheet (Data!myName moves to
//     myName, Data!#REF! to nothing): the move loses a '!';
//   - a reference past the sheet's end (XFE1) moves as a reference, where
//     Excel reads a name: openpyxl finds the formula off the sheet
//     unmoved.
func FuzzShiftFormula(f *testing.F) {
	f.Add("SUM($A1:B$2)+'My Sheet'!C3", int16(2), int16(-1))
	f.Add("A:A", int16(-3), int16(0))
	f.Add(`IF(X9="Y","Z",1:2)`, int16(0), int16(4))
	f.Add("{1,2;3,4}+A+A01", int16(1), int16(1))
	f.Fuzz(func(t *testing.T, formula string, dCol, dRow int16) {
		if len(formula) > 200 || !xmlText(formula) {
			return // no worksheet holds it
		}
		if strings.Contains(formula, "\n") || strings.Contains(formula, `:"`) {
			return // openpyxl reorders it
		}
		moved, ok := readers.XLSXShifted(t, []readers.Shift{{Formula: formula, Cols: int(dCol), Rows: int(dRow)}, {Formula: formula}})
		if !ok[0] || !ok[1] || strings.Count(moved[0], "!") < strings.Count(formula, "!") {
			return // off the sheet, refused, or a sheet-qualified name openpyxl unqualifies
		}
		if got := shiftFormula(formula, int(dCol), int(dRow)); !sameMove(got, moved[0]) {
			t.Fatalf("%q shifted %d columns, %d rows: %q, openpyxl %q", formula, dCol, dRow, got, moved[0])
		}
	})
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

// sameMove reports whether shiftFormula's move, got, is openpyxl's,
// want, but for spacing: openpyxl keeps only the first character of each
// run of spaces and line breaks outside strings, shiftFormula all.
func sameMove(got, want string) bool {
	return got == want || firstOfRuns(got) == firstOfRuns(want)
}

// firstOfRuns is f with each run of spaces and line breaks outside
// strings cut to its first character.
func firstOfRuns(f string) string {
	var b strings.Builder
	quoted := false
	for i := 0; i < len(f); i++ {
		c := f[i]
		if c == '"' {
			quoted = !quoted
		}
		if quoted || (c != ' ' && c != '\n') || i == 0 || (f[i-1] != ' ' && f[i-1] != '\n') {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// squeeze drops the spaces outside string literals, for comparing
// formulas whose spacing may differ (realreaders_test.go): openpyxl cuts
// each run of spaces to one.
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
