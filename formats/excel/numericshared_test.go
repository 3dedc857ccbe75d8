package excel

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/formfill/formfill/internal/realdocs"
)

// membersRead is what numericRefs gives the member at dCol, dRow from
// master: the plain path, tokenizing the member's moved text.
func membersRead(master string, dCol, dRow int) []rect {
	return numericRefs(shiftFormula(master, dCol, dRow))
}

// templateRead is the same through the master's template, and whether
// the template could tell.
func templateRead(master string, dCol, dRow int) ([]rect, bool) {
	return newNumericTemplate(master).rects(dCol, dRow)
}

func TestNumericTemplateReadsAsMembersRead(t *testing.T) {
	tests := []struct {
		name, master string
		dCol, dRow   int
		exact        bool // the template tells, rather than the plain path
	}{
		{"sum moved down", "SUM(C2:C40)", 0, 1, true},
		{"sum moved right", "SUM(C2:C40)", 3, 0, true},
		{"master itself", "a1*b1", 0, 0, true},
		{"anchored product", "$C$2*D2", 0, 5, true},
		{"mixed anchors", "SUM($A2:A$9)+B2", 2, 3, true},
		{"sheet-qualified operand", "Data!A1+B1", 1, 1, true},
		{"two ranges over a number", "AVERAGE(F5:F8,F11:F14)/2", 1, 7, true},
		{"nested numeric functions", "ROUND(SUM(A1:A3)*B1,2)", 4, 2, true},
		{"numeric inside a lookup", "VLOOKUP(MAX(A1:A9),B1:C9,2,0)", 1, 1, true},
		{"lookup reads no number", "VLOOKUP(A1,B1:C9,2,0)", 0, 9, true},
		{"arithmetic in an IF", `IF(A1="x",B1-C1,0)`, 1, 2, true},
		{"spaced operators", "A1 - B1 * 2", 0, 3, true},
		{"prefix minus", "-A1+B1", 2, 2, true},
		{"percent", "A1%*2", 1, 1, true},
		{"comparison", "A1>=B1", 0, 1, true},
		{"concatenation", "A1&B1", 0, 1, true},
		{"column range", "SUM(A:B)+C:C", 1, 0, true},
		{"row range", "SUM(1:3)*2", 0, 4, true},
		{"new function prefix", "_xlfn.STDEV(A1:A5)", 0, 2, true},
		{"string holding a hash", `IF(A1="#N/A",0,B1*2)`, 0, 1, true},
		{"operand before a string", `A1"x"+B1`, 1, 1, true},
		{"intersection", "SUM(A1:C3 B2:B9)*2", 1, 1, true},
		{"range written backwards", "SUM(B9:A2)*2", 1, 1, true},
		{"absolute corner crossing the other", "SUM($C$5:A1)*2", 4, 6, true},
		{"range of three parts", "SUM(A1:B2:C3)*2", 1, 1, true},
		{"lower-case range", "sum(a1:b2)+c3", 2, 2, true},
		{"column and row ranges with a cell", "SUM(A:C1)*2", 1, 1, true},
		{"defined name beside a cell", "Rate*A1", 3, 3, true},
		{"moved off the sheet's right", "XFD1+1", 1, 0, false},
		{"moved above row 1", "A2-B1", 0, -1, false},
		{"non-numeric operand moved off", "IF(A1,B2*2,0)", 0, -1, false},
		{"cell of a sheet-qualified range moved off", "$A$1!A1*0", -68, 1, false},
		{"row range moved off", "SUM(1:3)*2", 0, -2, false},
		{"quoted sheet", "'My Sheet'!A1*2", 0, 1, false},
		{"lower-case exponent", "2e+A1", 0, 1, false},
		{"exponent", "1E+5*A1", 0, 1, false},
		{"table column", "SUM(Table1[Col])*A1", 0, 1, false},
		{"error operand", "#REF!+A1", 0, 1, false},
		{"array constant", "SUM({1,2}*A1:A2)", 0, 1, false},
		{"line break", "A1\n+B1", 0, 1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := membersRead(tt.master, tt.dCol, tt.dRow)
			got, ok := templateRead(tt.master, tt.dCol, tt.dRow)
			if ok != tt.exact {
				t.Fatalf("template of %q at %d,%d tells = %v, want %v", tt.master, tt.dCol, tt.dRow, ok, tt.exact)
			}
			if ok && !slices.Equal(got, want) {
				t.Errorf("template of %q at %d,%d reads %v, want %v (the member's own tokens)", tt.master, tt.dCol, tt.dRow, got, want)
			}
			f := sharedFormula{text: tt.master, dCol: tt.dCol, dRow: tt.dRow, shared: true}
			if got, want := f.numericRefs(map[string]*numericTemplate{}), numericRefs(f.formula()); !slices.Equal(got, want) {
				t.Errorf("numericRefs of %q at %d,%d = %v, want %v", tt.master, tt.dCol, tt.dRow, got, want)
			}
		})
	}
}

// FuzzNumericTemplate holds the template to the plain path on any master
// and offset: where it tells, it reads what the member's tokens read.
func FuzzNumericTemplate(f *testing.F) {
	for _, s := range []string{"SUM(C2:C40)", "$C$2*D2+Data!A1", `IF(A1="x",B1-C1,0)`, "ROUND(SUM(A1:A3)*B1,2)", "A1 - B1 * 2", "-A1%+B1", "SUM(A:B)+C:C*1:3", `A1"x"+B1`, "A2-B1", "2e+A1", "SUM($A2:A$9)+B2", "Data!A1:B2*XFD1048576", "A1 B1-C1", "MAX(A1,MIN(B1:B4))*C1"} {
		f.Add(s, int16(1), int16(1))
	}
	f.Fuzz(func(t *testing.T, master string, dCol, dRow int16) {
		if strings.Count(master, "(") > 50 || len(master) > 500 {
			return // efp's work, not the template's
		}
		got, ok := templateRead(master, int(dCol), int(dRow))
		if want := membersRead(master, int(dCol), int(dRow)); ok && !slices.Equal(got, want) {
			t.Errorf("template of %q at %d,%d reads %v, want %v", master, dCol, dRow, got, want)
		}
	})
}

// TestFormulaSourceGivesTheReadFormula holds formulaSource to wb.formula
// on every cell of a sheet of shared formulas, in the cases the scan
// meets (members before their master, no master, an index that is text,
// an empty master, a merged range), from the scan and from readScan.
func TestFormulaSourceGivesTheReadFormula(t *testing.T) {
	tests := []struct{ name, replace, with string }{
		{"as written", "", ""},
		{"a master whose index is text", `si=" 1 "`, `si="one"`},
		{"a merged range written backwards", `ref="C6:D7"`, `ref="D7:C6"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sheet := sharedSheet
			if tt.replace != "" {
				sheet = strings.Replace(sheet, tt.replace, tt.with, 1)
			}
			wb, err := open(rezip(t, unzip(t, fixture(t)), "xl/worksheets/sheet1.xml", []byte(sheet)))
			must(t, err)
			name := wb.sheets[0]
			sc, err := wb.scanSheet(name)
			must(t, err)
			for _, s := range []*sheetScan{sc, wb.readScan(name, sc)} {
				for r := 1; r <= 8; r++ {
					for c := 1; c <= 7; c++ {
						ref := cell{row: r, col: c}.name()
						if got, want := wb.formulaSource(name, s, r, c).formula(), wb.formula(name, ref, s); got != want {
							t.Errorf("formulaSource(%s) = %q, want %q", ref, got, want)
						}
					}
				}
			}
		})
	}
}

func TestMayReadNumbersReadsAsTheRegexp(t *testing.T) {
	for _, f := range []string{
		"A1+1", "1+A1", "A1 \t+ 2", "2 *\n $B$12", "$A1-2", "A$1^2", "ABCD1+1", "1+ABCD1", "1+ABC1", "1/AB$", "$$A1+1",
		"A+1", "1+A", "A1:B2", "Data!C3*2", "xfd9/1", "sum(A1:A2)", "DSUM(A1)", "Round (A1)", "IF(A1,B1,C1)", "VLOOKUP(A1,B:C,2,0)",
		"1-2", "A1&B1", "max(", "(SUM", "1+\vA1", "ſum(A1)", "ıNT(A1)", "é+A1", "",
	} {
		if got, want := mayReadNumbers(f), regexpMayReadNumbers(f); got != want {
			t.Errorf("mayReadNumbers(%q) = %v, want %v (the regexp's)", f, got, want)
		}
	}
}

// FuzzMayReadNumbers holds mayReadNumbers to the regexp on any text.
func FuzzMayReadNumbers(f *testing.F) {
	for _, s := range []string{"A1+1", "2 *\n $B$12", "1+ABCD1", "sum(A1:A2)", "Round (A1)", "ſum(A1)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, formula string) {
		if got, want := mayReadNumbers(formula), regexpMayReadNumbers(formula); got != want {
			t.Errorf("mayReadNumbers(%q) = %v, want %v (the regexp's)", formula, got, want)
		}
	})
}

// TestNumericTemplateReadsEveryRealMemberAsItsTokens holds the template
// to the plain path on every member of a shared formula in the real
// workbooks.
func TestNumericTemplateReadsEveryRealMemberAsItsTokens(t *testing.T) {
	names, _ := filepath.Glob(filepath.Join(realdocs.Dir(), "questionnaires", "*.xlsx"))
	if len(names) == 0 {
		t.Skipf("no real workbooks under %s", realdocs.Dir())
	}
	for _, path := range names {
		t.Run(filepath.Base(path), func(t *testing.T) {
			doc, err := os.ReadFile(path)
			must(t, err)
			wb, err := open(doc)
			must(t, err)
			members := 0
			for _, name := range wb.sheets {
				sc, err := wb.scanSheet(name)
				must(t, err)
				templates := map[string]*numericTemplate{}
				for p := range sc.formulas {
					f := wb.formulaSource(name, sc, p[0], p[1])
					if !f.shared {
						continue
					}
					members++
					if got, want := f.numericRefs(templates), numericRefs(f.formula()); !slices.Equal(got, want) {
						t.Errorf("%s!%s: template reads %v, the member's tokens %v", name, cell{row: p[0], col: p[1]}.name(), got, want)
					}
				}
			}
			t.Logf("%d members of shared formulas", members)
		})
	}
}
