package excel

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

// rectArea is the number of cells a plain reference covers, as refArea
// gives it without a workbook: 0 for anything else.
func rectArea(ref string) int {
	if _, r, ok := splitSheetRef(ref); ok {
		ref = r
	}
	rc, ok := parseRect(strings.ReplaceAll(ref, "$", ""))
	if !ok {
		return 0
	}
	return (rc.r2 - rc.r1 + 1) * (rc.c2 - rc.c1 + 1)
}

func TestExcelizeMiscomputes(t *testing.T) {
	for _, tc := range []struct {
		name, formula, want string // want: a word of the reason, "" for none
	}{
		{"COUNTIFS of one cell", `COUNTIFS(M!C2,"Yes")`, "COUNTIFS"},
		{"SUMIFS summing one cell", `SUMIFS(M!$B$2,M!C2:C2,"Yes")`, "SUMIFS"},
		{"SUMIF of one cell", `SUMIF(M!C2,"Yes",M!B2:B2)`, "SUMIF"},
		{"AVERAGEIF's sum cell", `AVERAGEIF(M!C2:C2,"Yes",M!B2)`, "AVERAGEIF"},
		{"AVERAGEIFS of one cell", `_xlfn.AVERAGEIFS(M!B2:B3,M!C2,"Yes")`, "AVERAGEIFS"},
		{"COUNTIFS nested", `IF(COUNTIFS( M!C2 ,"Yes")>0,1,0)`, "COUNTIFS"},
		{"COUNTIF of one cell is right", `COUNTIF(M!C2,"Yes")`, ""},
		{"COUNTIFS of ranges", `COUNTIFS(M!C2:C3,"Yes",M!B2:B3,">0")`, ""},
		{"COUNTIFS criterion from a cell", `COUNTIFS(M!C2:C3,A1)`, ""},
		{"SUMIFS criterion from a cell", `SUMIFS(M!B2:B3,M!C2:C3,A1)`, ""},
		{"SUMPRODUCT of a comparison", `SUMPRODUCT((C2:C4="Yes")*1)`, "SUMPRODUCT"},
		{"SUMPRODUCT names what is left to excelize", `SUMPRODUCT(--(LEFT(C2:C4,1)="Y"),ROUND(B2:B4,0))`, "(ROUND)"},
		{"SUMPRODUCT of a negated comparison", `SUMPRODUCT(--(Q!C2:C4="Yes"))`, "SUMPRODUCT"},
		{"SUMPRODUCT of arithmetic", `SUMPRODUCT(B2:B4*2)`, "SUMPRODUCT"},
		{"SUMPRODUCT of two ranges, which may hold text", `SUMPRODUCT(B2:B4,C2:C4)`, "SUMPRODUCT"},
		{"SUMPRODUCT within IF", `IF(C2="Yes",SUMPRODUCT(B2:B4,C2:C4),0)`, "SUMPRODUCT"},
		{"a comparison and a SUM", `IF(C2="Yes",SUM(B2:B4),0)`, ""},
		{"TRIM names what is left to excelize", `TRIM(UPPER(A1))`, "computes TRIM itself but not UPPER,"},
		{"TRIM left whole for another reason", `TRIM(A1)&""`, "not all of this formula"},
		{"TRIM nested", `CLEAN(trim(A1))&""`, "TRIM"},
		{"TRIMMEAN is not TRIM", `TRIMMEAN(B2:B9,0.2)`, ""},
		{"no function", `C2*2`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := excelizeMiscomputes(tc.formula, rectArea)
			if tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
				t.Errorf("excelizeMiscomputes(%s) = %q, want %q", tc.formula, got, tc.want)
			}
		})
	}
}

// A formula excelize computes wrong is dropped and reported, never cached
// with its wrong value; the native calculation's single-cell ranges are
// cached. 'START HERE'!C5 is written 40, C6 holds 2.
func TestRecalcDropsWhatExcelizeMiscomputes(t *testing.T) {
	for _, tc := range []struct {
		name, formula, want string // want: the cached <v>, or a word of the warning
	}{
		{"COUNTIFS of one cell computed", `COUNTIFS('START HERE'!C5,">30")`, "<v>1</v>"},
		{"SUMIFS of one cell computed", `SUMIFS('START HERE'!C5,'START HERE'!C5,">30")`, "<v>40</v>"},
		{"AVERAGEIF of one cell dropped", `AVERAGEIF('START HERE'!C5,">30",'START HERE'!C5)`, "AVERAGEIF with a range of one cell"},
		{"SUMPRODUCT of a comparison computed", `SUMPRODUCT(('START HERE'!C5:C6>1)*1)`, "<v>2</v>"},
		{"SUMPRODUCT of two ranges computed", `SUMPRODUCT('START HERE'!C5:C6,'START HERE'!C5:C6)`, "<v>1604</v>"},
		{"SUMPRODUCT of a function of a range dropped", `SUMPRODUCT(--(LEFT('START HERE'!C5:C6,1)="4"))`, "calls SUMPRODUCT"},
		{"TRIM beside a function left to excelize dropped", `TRIM(UPPER('START HERE'!C5))`, "computes TRIM itself but not UPPER"},
		{"TEXT of a fraction format dropped", `TEXT('START HERE'!C5/64,"# ?/?")`, "TEXT with the placeholder ?"},
		{"TEXT of the system long date dropped", `TEXT('START HERE'!C5,"[$-F800]")`, "system format [$-F800]"},
		{"TEXT of a condition dropped", `TEXT('START HERE'!C5,"[<100]""low"";""high""")`, "condition"},
		{"TEXT of an empty cell dropped", `TEXT('START HERE'!C9,"0.00")&'START HERE'!C5`, "TEXT of an empty cell"},
		{"TEXT of date text dropped", `TEXT("3/5/2024","yyyy")&'START HERE'!C5`, "TEXT of text Excel reads as a number"},
		{"TEXT of a plain format computed", `TEXT('START HERE'!C5,"0.00")`, "<v>40.00</v>"},
		{"SEARCH in a long number computed", `SEARCH("0",'START HERE'!C5*1000000)`, "<v>2</v>"},
		{"RIGHT of a long number computed", `RIGHT('START HERE'!C5*1000000+0.5,3)`, "<v>0.5</v>"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, _ := fillRecalc(t, recalcBook(t, map[string]string{"D1": tc.formula}))
			got := cellXML(t, zipEntry(t, res.Document, "xl/worksheets/sheet2.xml"), "D1")
			warns := strings.Join(res.Warnings, "\n")
			if strings.HasPrefix(tc.want, "<v>") {
				if !strings.Contains(got, tc.want) {
					t.Errorf("D1 = %s, want %s (warnings: %s)", got, tc.want, warns)
				}
				return
			}
			if strings.Contains(got, "<v>") || !strings.Contains(warns, "Organization!D1") || !strings.Contains(warns, tc.want) {
				t.Errorf("D1 = %s, want it dropped and named (%s) in:\n%s", got, tc.want, warns)
			}
		})
	}
}

// TestRecalcChecksTheTextExcelizeIsGiven: a this-row structured reference
// is handed to excelize rewritten as one cell, so a conditional count
// over it is one excelize counts wrong, though the formula as written
// names no single cell: it is dropped and reported, not cached as 0.
func TestRecalcChecksTheTextExcelizeIsGiven(t *testing.T) {
	// ROUND is not native: the whole formula goes to excelize.
	doc := tableBook(t, nil, map[string]string{"H3": `ROUND(COUNTIFS(Scores[[#This Row],[Item]],"a"),0)+'START HERE'!C5*0`})
	res, err := New().Write(doc, []formats.Answer{{PairID: "'START HERE'!C5", AnswerText: "40"}}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got := cellXML(t, zipEntry(t, res.Document, "xl/worksheets/sheet2.xml"), "H3")
	warns := strings.Join(res.Warnings, "\n")
	if strings.Contains(got, "<v>") || !strings.Contains(warns, "'Data Tab'!H3") || !strings.Contains(warns, "COUNTIFS with a range of one cell") {
		t.Errorf("H3 = %s, want it dropped and named in:\n%s", got, warns)
	}
}

// TestRecalcHandsExcelizeTheNativeResults: a formula left to excelize
// (ROUND is not native) that reads one the native calculation computed
// gets its value, as PCI DSS's Summary!G58 reads one-cell COUNTIFS:
// excelize, computing D1 again, would count it wrong, and D2 was dropped.
func TestRecalcHandsExcelizeTheNativeResults(t *testing.T) {
	res, _ := fillRecalc(t, recalcBook(t, map[string]string{"D1": `COUNTIFS('START HERE'!C5,">30")`, "D2": `ROUND(D1*10,0)`}))
	sheet := zipEntry(t, res.Document, "xl/worksheets/sheet2.xml")
	if got := cellXML(t, sheet, "D2"); !strings.Contains(got, "<v>10</v>") {
		t.Errorf("D2 = %s, want 10 (warnings: %s)", got, strings.Join(res.Warnings, "\n"))
	}
}

// TestNativeFunctionsAreTheCallCases reads call's case labels from its
// source: nativeFunctions, which the warnings on formulas left to excelize
// rely on, must name exactly the functions call computes.
func TestNativeFunctionsAreTheCallCases(t *testing.T) {
	file, err := parser.ParseFile(token.NewFileSet(), "calcexcelfuncs.go", nil, 0)
	must(t, err)
	cases := map[string]bool{}
	for _, d := range file.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Name.Name != "call" {
			continue
		}
		sw := fn.Body.List[0].(*ast.SwitchStmt)
		for _, c := range sw.Body.List {
			for _, e := range c.(*ast.CaseClause).List {
				name, err := strconv.Unquote(e.(*ast.BasicLit).Value)
				must(t, err)
				cases[name] = true
			}
		}
	}
	if len(cases) == 0 {
		t.Fatal("no case of call found")
	}
	for name := range cases {
		if !nativeFunctions[name] {
			t.Errorf("call computes %s, which nativeFunctions lacks", name)
		}
	}
	for name := range nativeFunctions {
		if !cases[name] {
			t.Errorf("nativeFunctions names %s, which call does not compute", name)
		}
	}
}
