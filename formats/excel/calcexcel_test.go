package excel

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/formfill/formfill/internal/readers"
)

// excelCells are the stored values the Excel-mode table's formulas read:
// Sheet1 holds values of every kind, Data tables to look up and sum.
var excelCells = mapSource{
	1: {"A1": str("ORGN-01"), "A2": str("ORGN-1"), "A3": num("2"), "A4": str("Yes"), "A6": flag("1"),
		"A9": num("1000000"), "A10": num("0.5"), "B1": {text: "#N/A", kind: calcError},
		"B2": str("3"), "B3": str("abc")},
	2: {"A1": str("ORGN-01"), "B1": str("Yes"), "D1": num("10"), "E1": str("k"),
		"A2": str("ORGN-02"), "B2": str("No"), "D2": num("20"), "E2": str("K"),
		"A3": num("2"), "B3": str("two"), "D3": num("30"), "E3": str("j"),
		"A4": str("ORGN-10"), "B4": str("Ten"), "D4": num("40"),
		"A5": str("NÉ"), "D5": num("50"),
		"A6": str("2"), "B6": str("text two"),
		"A8": str("x"), "B8": str("y"), "C8": str("z"), "A9": num("1"), "B9": num("2"), "C9": num("3")},
}

// excelModeCases are formulas computed with Excel's semantics (see
// calcexcel.go) and the values Excel gives, per Microsoft's function
// reference (IFERROR, XLOOKUP, SUMIF, COUNTIF, "Calculation operators and
// precedence"): TestExcelModeEqualsLibreOffice checks them against
// LibreOffice too, but where lo says LibreOffice differs.
var excelModeCases = []calcCase{
	{"IFERROR catches #N/A", `IFERROR(VLOOKUP("none",Data!$A$1:$C$6,2,0),"nf")`, "nf", true, ""},
	{"IFERROR passes a value", `IFERROR(VLOOKUP(A1,Data!$A$1:$C$6,2,0),"nf")`, "Yes", true, ""},
	{"IFERROR catches #DIV/0!", `IFERROR(1/0,"d")`, "d", true, ""},
	{"IFERROR catches an error cell", `IFERROR(B1,"e")`, "e", true, ""},
	{"IFERROR of an empty cell shows 0", `IFERROR(B99,"e")`, "0", true, ""},
	{"IFERROR of an empty cell joined", `IFERROR(B99,"e")&""`, "", true, ""},
	{"IFERROR's fallback error stays", `IFERROR(1/0,1/0)`, "#DIV/0!", true, ""},
	{"IFERROR nested", `IFERROR(VLOOKUP("x",Data!$A$1:$C$6,2,0),IFERROR(VLOOKUP(A2,Data!$A$1:$C$6,2,0),""))&""`, "", true, ""},
	{"IFERROR reads no fallback it does not give", `IFERROR("ok",NOSUCH(1))`, "ok", true, "NOSUCH is #NAME?, never read"},
	{"IF reads no branch it does not give", `IF(A3>1,"a",NOSUCH(1))`, "a", true, "NOSUCH is #NAME?, never read"},
	{"IF of a word is #VALUE!", `IF(A4,1,0)`, "#VALUE!", true, ""},
	{"IF of a word caught", `IFERROR(IF(A4,1,0),"e")`, "e", true, ""},
	{"IF of text TRUE not computed", `IF("TRUE",1,0)`, "", false, ""},
	{"IF of numeric text not computed", `IF(B2,1,0)`, "", false, ""},
	{"VLOOKUP not found", `VLOOKUP("none",Data!$A$1:$C$6,2,0)`, "#N/A", true, ""},
	{"VLOOKUP matches whole text only", `VLOOKUP(A2,Data!$A$1:$C$6,2,0)`, "#N/A", true, ""},
	{"VLOOKUP number finds no text", `VLOOKUP(A3,Data!$A$1:$C$6,2,0)`, "two", true, ""},
	{"VLOOKUP of an error", `VLOOKUP(B1,Data!$A$1:$C$6,2,0)`, "#N/A", true, ""},
	{"VLOOKUP wildcard, once not computed", `VLOOKUP("ORGN*",Data!$A$1:$C$6,2,0)`, "Yes", true, ""},
	{"VLOOKUP wildcard ?, once not computed", `VLOOKUP("orgn-?0",Data!$A$1:$C$6,2,0)`, "Ten", true, ""},
	{"VLOOKUP ~ escape not computed", `VLOOKUP("ORGN~*",Data!$A$1:$C$6,2,0)`, "", false, ""},
	{"XLOOKUP exact", `_xlfn.XLOOKUP("orgn-02",Data!$A$1:$A$6,Data!$B$1:$B$6)`, "No", true, "XLOOKUP is LibreOffice 24.8's"},
	{"XLOOKUP if not found", `_xlfn.XLOOKUP("none",Data!$A$1:$A$6,Data!$B$1:$B$6,"nf")`, "nf", true, "XLOOKUP is LibreOffice 24.8's"},
	{"XLOOKUP not found", `_xlfn.XLOOKUP("none",Data!$A$1:$A$6,Data!$B$1:$B$6)`, "#N/A", true, "XLOOKUP is LibreOffice 24.8's"},
	{"XLOOKUP next smaller", `_xlfn.XLOOKUP(25,Data!$D$1:$D$5,Data!$B$1:$B$5,"nf",-1)`, "No", true, "XLOOKUP is LibreOffice 24.8's"},
	{"XLOOKUP next larger", `_xlfn.XLOOKUP(25,Data!$D$1:$D$5,Data!$B$1:$B$5,"nf",1)`, "two", true, "XLOOKUP is LibreOffice 24.8's"},
	{"XLOOKUP last to first", `_xlfn.XLOOKUP("k",Data!$E$1:$E$3,Data!$B$1:$B$3,,0,-1)`, "No", true, "XLOOKUP is LibreOffice 24.8's"},
	{"XLOOKUP first to last", `_xlfn.XLOOKUP("k",Data!$E$1:$E$3,Data!$B$1:$B$3,,0,1)`, "Yes", true, "XLOOKUP is LibreOffice 24.8's"},
	{"XLOOKUP across a row", `_xlfn.XLOOKUP("Y",Data!$A$8:$C$8,Data!$A$9:$C$9)`, "2", true, "XLOOKUP is LibreOffice 24.8's"},
	{"XLOOKUP finds an empty cell", `_xlfn.XLOOKUP("NÉ",Data!$A$1:$A$6,Data!$B$1:$B$6)`, "0", true, "XLOOKUP is LibreOffice 24.8's"},
	{"XLOOKUP wildcard mode not computed", `_xlfn.XLOOKUP("O*",Data!$A$1:$A$6,Data!$B$1:$B$6,"",2)`, "", false, ""},
	{"SUMIF comparison", `SUMIF(Data!$D$1:$D$5,">25")`, "120", true, ""},
	{"SUMIF text ignores case", `SUMIF(Data!$A$1:$A$5,"orgn-01",Data!$D$1:$D$5)`, "10", true, ""},
	{"SUMIF number", `SUMIF(Data!$D$1:$D$5,30)`, "30", true, ""},
	{"SUMIF by a cell", `SUMIF(Data!$E$1:$E$3,Data!E1,Data!$D$1:$D$3)`, "30", true, ""},
	{"COUNTIF not equal", `COUNTIF(Data!$D$1:$D$5,"<>30")`, "4", true, ""},
	{"COUNTIF text", `COUNTIF(Data!$B$1:$B$6,"yes")`, "1", true, ""},
	{"COUNTIF error criterion", `COUNTIF(Data!$D$1:$D$5,B1)`, "#N/A", true, ""},
	{"SUMIF wildcard, once not computed", `SUMIF(Data!$A$1:$A$5,"ORGN*",Data!$D$1:$D$5)`, "70", true, ""},
	{"SUM skips referenced text", `SUM(Data!$D$1:$D$5,B2,1)`, "151", true, ""},
	{"COUNT counts referenced numbers alone", `COUNT(A1:B10)`, "3", true, "LibreOffice has no boolean type: it counts A6's TRUE, a number to it (Excel: logical values in a reference are not counted)"},
	{"COUNT skips referenced text and errors", `COUNT(A1:A5,B1:B10)`, "1", true, ""},
	{"COUNT counts a single cell", `COUNT(A3)+COUNT(A4)`, "1", true, ""},
	{"COUNT counts numbers and booleans given", `COUNT(Data!$D$1:$D$5,1,TRUE)`, "7", true, ""},
	{"COUNT skips an error given", `COUNT(1/0,2)`, "1", true, ""},
	{"COUNT of an empty range", `COUNT(Data!$H$1:$H$9)`, "0", true, ""},
	{"COUNT leaves text given to excelize", `COUNT("1")`, "", false, ""},
	{"MAX skips referenced text", `MAX(A1:A5)`, "2", true, ""},
	{"MAX over two ranges", `MAX(Data!$D$1:$D$5,Data!$A$1:$A$6)`, "50", true, ""},
	{"MAX skips a referenced boolean", `MAX(A6:A7)`, "0", true, "LibreOffice has no boolean type: A6's TRUE is the number 1 to it (Excel skips logical values in a reference)"},
	{"MAX counts a boolean given", `MAX(-1,TRUE)`, "1", true, ""},
	{"MAX reads numeric text given", `MAX("3",1)`, "3", true, "LibreOffice's default conversion of text to numbers gives #VALUE! (Excel: text representations of numbers typed into the arguments are counted)"},
	{"MAX of other text given", `MAX("abc",1)`, "#VALUE!", true, ""},
	{"MAX of an empty range is 0", `MAX(Data!$H$1:$H$9)`, "0", true, ""},
	{"MAX passes a referenced error", `MAX(A1:B3)`, "#N/A", true, ""},
	{"MAX compared, as PCI DSS's Summary", `IF(MAX(Data!$H$1:$H$9)=0,"",MAX(Data!$D$1:$D$5))`, "", true, ""},
	{"MAX leaves date text given to excelize", `MAX("1/2/2024")`, "", false, ""},
	{"MAX leaves an empty value given to excelize", `MAX(IF(A3>1,B99),-1)`, "", false, ""},
	{"MIN of a range", `MIN(Data!$D$1:$D$5)`, "10", true, ""},
	{"MIN skips empty cells", `MIN(A3:A5)`, "2", true, ""},
	{"MIN of cells and a number", `MIN(A3,A10,5)`, "0.5", true, ""},
	{"MIN of an empty range is 0", `MIN(Data!$H$1:$H$9)`, "0", true, ""},
	{"MIN of MATCHes, as FFIEC CAT's roll-up", `MIN(MATCH("Ten",Data!$B$1:$B$6,0),MATCH("two",Data!$B$1:$B$6,0))`, "3", true, ""},
	{"MIN passes a MATCH's #N/A", `IFERROR(MIN(MATCH("none",Data!$B$1:$B$6,0),3),"nf")`, "nf", true, ""},
	{"AVERAGE of a range", `AVERAGE(Data!$D$1:$D$5)`, "30", true, ""},
	{"AVERAGE skips referenced text and empty cells", `AVERAGE(A3:A5,A10)`, "1.25", true, ""},
	{"AVERAGE of no number", `AVERAGE(Data!$H$1:$H$9)`, "#DIV/0!", true, ""},
	{"AVERAGE counts a boolean given", `AVERAGE(A3,TRUE)`, "1.5", true, ""},
	{"AVERAGE skips a referenced boolean", `AVERAGE(A6:A6,A3)`, "2", true, "LibreOffice has no boolean type: A6's TRUE is the number 1 to it (Excel skips logical values in a reference)"},
	{"AVERAGE of empty cells caught, as SAMM's scores", `IFERROR(AVERAGE(B98,B99),0)`, "0", true, ""},
	{"AVERAGE passes a referenced error", `AVERAGE(B1:B2)`, "#N/A", true, ""},
	{"COUNTA counts text, numbers and booleans", `COUNTA(A1:A10)`, "7", true, ""},
	{"COUNTA counts errors", `COUNTA(B1:B5)`, "3", true, ""},
	{"COUNTA counts values given, not an empty cell", `COUNTA(1,"",B99)`, "2", true, ""},
	{"COUNTA of an empty range", `COUNTA(B90:B99)`, "0", true, ""},
	{"ISBLANK of an empty cell", `ISBLANK(B99)`, "TRUE", true, ""},
	{"ISBLANK of a number", `ISBLANK(A3)`, "FALSE", true, ""},
	{"ISBLANK of empty text given", `ISBLANK("")`, "FALSE", true, ""},
	{"ISBLANK of an error cell", `ISBLANK(B1)`, "FALSE", true, ""},
	{"ISBLANK added, as FedRAMP's POA&M", `(A4="N/A")+(ISBLANK(B99))`, "1", true, ""},
	{"ISBLANK of a range not computed", `ISBLANK(A1:A2)`, "", false, ""},
	{"SUM of an empty value given", `SUM(IF(A3>1,B99),1)`, "1", true, ""},
	{"add", `A3+1`, "3", true, ""},
	{"precedence", `1+A3*3-4/2`, "5", true, ""},
	{"divide", `A3/4`, "0.5", true, ""},
	{"divide by zero", `A3/0`, "#DIV/0!", true, ""},
	{"numeric text in arithmetic", `B2+1`, "4", true, ""},
	{"other text in arithmetic", `B3+1`, "#VALUE!", true, ""},
	{"boolean in arithmetic", `A6+1`, "2", true, ""},
	{"empty cell in arithmetic", `B99+1`, "1", true, ""},
	{"sign before power", `-A3^2`, "4", true, ""},
	{"error propagates", `B1*2+1`, "#N/A", true, ""},
	{"fraction joined", `A10&""`, "0.5", true, ""},
	{"million joined", `A9&""`, "1000000", true, ""},
	{"15 digits joined", `1/3&""`, "0.333333333333333", true, ""},
	{"error through a join", `B1&"x"`, "#N/A", true, ""},
	{"boolean joined", `A6&""`, "TRUE", true, "LibreOffice joins a boolean cell as 1"},
	{"number is not its text", `A3="2"`, "FALSE", true, ""},
	{"numbers before text", `A3<"a"`, "TRUE", true, ""},
	{"text before booleans", `"z"<TRUE`, "TRUE", true, "LibreOffice's booleans are numbers, before text"},
	{"text equal ignores case", `A4="YES"`, "TRUE", true, ""},
	{"empty equals 0", `B99=0`, "TRUE", true, ""},
	{"empty equals empty text", `B99=""`, "TRUE", true, ""},
	{"boolean equals TRUE", `A6=TRUE`, "TRUE", true, ""},
	{"error compared", `B1=1`, "#N/A", true, ""},
	{"IF without else", `IF(A3>5,"big")`, "FALSE", true, ""},
	{"IF on an error", `IF(B1,1,2)`, "#N/A", true, ""},
	{"IF on an empty cell", `IF(B99,1,2)`, "2", true, ""},
	{"IF keeps a boolean", `IF(A6,A6,0)`, "TRUE", true, ""},
	{"IF on a sum", `IF(A3+1>2,"",A3+1)`, "", true, ""},
	{"OR of comparisons", `OR(A3=1,A4="yes")`, "TRUE", true, ""},
	{"LEFT", `LEFT(A1,4)`, "ORGN", true, ""},
	{"LEN", `LEN(A1)`, "7", true, ""},
	{"LEN of an empty cell", `LEN(B99)`, "0", true, ""},
	{"LEN of a number", `LEN(A10)`, "3", true, ""},
	{"FIND with regard to case", `FIND("N",A1)`, "4", true, ""},
	{"FIND not found", `FIND("n",A1)`, "#VALUE!", true, ""},
	{"ISNUMBER of a number", `ISNUMBER(A3)`, "TRUE", true, ""},
	{"ISNUMBER of numeric text", `ISNUMBER(B2)`, "FALSE", true, ""},
	{"ISNUMBER of an error", `ISNUMBER(FIND("n",A1))`, "FALSE", true, ""},
	{"ISTEXT of numeric text", `ISTEXT(B2)`, "TRUE", true, ""},
	{"ISTEXT of a number", `ISTEXT(A3)`, "FALSE", true, ""},
	{"ISTEXT of an empty cell", `ISTEXT(B99)`, "FALSE", true, ""},
	{"ISTEXT of a number's text", `ISTEXT(A3&"")`, "TRUE", true, ""},
	{"ISNONTEXT of an empty cell", `ISNONTEXT(B99)`, "TRUE", true, ""},
	{"ISNONTEXT of an error", `ISNONTEXT(B1)`, "TRUE", true, ""},
	{"ISLOGICAL of TRUE", `ISLOGICAL(A6)`, "TRUE", true, ""},
	{"ISLOGICAL of a comparison", `ISLOGICAL(A3=2)`, "TRUE", true, ""},
	{"ISLOGICAL of 1", `ISLOGICAL(A9)`, "FALSE", true, ""},
	{"date text in arithmetic not computed", `"1/2/2024"+1`, "", false, ""},
	{"a date written out in arithmetic not computed", `"March 1, 2024"+1`, "", false, ""},
	{"a month's name alone is text", `"March"+1`, "#VALUE!", true, ""},
	{"text with digits in arithmetic", `"ORGN-01"+1`, "#VALUE!", true, ""},
	{"LEFT of a number", `LEFT(A9,3)`, "100", true, ""},
	{"TRIM collapses inner spaces", `TRIM("  Acme   Cloud  Inc ")`, "Acme Cloud Inc", true, ""},
	{"TRIM keeps a tab", `TRIM(" a"&CHAR(9)&" ")&"|"`, "a\t|", true, ""},
	{"TRIM of a number", `TRIM(A10)`, "0.5", true, ""},
	{"TRIM passes an error", `TRIM(B1)`, "#N/A", true, ""},
	{"CLEAN drops control characters", `CLEAN("a"&CHAR(9)&"b"&CHAR(10))`, "ab", true, ""},
	{"CHAR of a no-break space replaced", `SUBSTITUTE("a"&CHAR(160)&"b",CHAR(160),"-")`, "a-b", true, ""},
	{"CHAR 0 is an error", `CHAR(0)`, "#VALUE!", true, "LibreOffice gives the character U+0000, where Excel takes 1 to 255 alone"},
	{"CHAR in the code page's own range not computed", `CHAR(150)`, "", false, ""},
	{"SUBSTITUTE every one", `SUBSTITUTE("a-b-c","-","+")`, "a+b+c", true, ""},
	{"SUBSTITUTE with regard to case", `SUBSTITUTE("Yes yes","yes","no")`, "Yes no", true, ""},
	{"SUBSTITUTE the second", `SUBSTITUTE("a-b-c","-","+",2)`, "a-b+c", true, ""},
	{"SUBSTITUTE past the last", `SUBSTITUTE("a-b","-","+",3)`, "a-b", true, ""},
	{"SUBSTITUTE instance 0", `SUBSTITUTE("a-b","-","+",0)`, "#VALUE!", true, ""},
	{"SUBSTITUTE of nothing", `SUBSTITUTE("ab","","x")`, "ab", true, ""},
	{"the statement cleaning of Watkins", `CLEAN(TRIM(SUBSTITUTE(LEFT(" x"&CHAR(160)&"y  z",MIN(255,LEN(A1))),CHAR(160)," ")))`, "x y z", true, ""},
}

func TestExcelModeTable(t *testing.T) {
	checkCalcCases(t, excelCells, excelModeCases)
}

// TestExcelModeEqualsLibreOffice computes excelModeCases',
// nativeCases', lookupCases', logicalCases' and criteriaKindsCases' formulas in LibreOffice over the same cells: each native
// result LibreOffice can give must be its. It skips without LibreOffice.
func TestExcelModeEqualsLibreOffice(t *testing.T) {
	for _, table := range []struct {
		name  string
		cells mapSource
		cases []calcCase
	}{{"excel", excelCells, excelModeCases}, {"native", nativeCells, nativeCases}, {"lookup", lookupCells, lookupCases},
		{"logical", logicalCells, logicalCases}, {"criteria kinds", criteriaKindsCells, criteriaKindsCases}} {
		t.Run(table.name, func(t *testing.T) {
			f := table.cells.book(t)
			var asked []int
			for k, tc := range table.cases {
				if tc.native && tc.lo == "" {
					must(t, f.SetCellFormula("Sheet1", fmt.Sprintf("Z%d", k+1), tc.formula))
					asked = append(asked, k)
				}
			}
			var buf bytes.Buffer
			must(t, f.Write(&buf))
			lo, _ := readers.XLSXCached(t, readers.LibreOfficeResave(t, buf.Bytes(), "xlsx"))
			for _, k := range asked {
				tc := table.cases[k]
				got, _ := nativeValue(table.cells, tc.formula)
				if want := lo["Sheet1"][fmt.Sprintf("Z%d", k+1)]; !sameCalcValue(want, got) {
					t.Errorf("%s: =%s: native %q, LibreOffice %q", tc.name, tc.formula, got, want)
				}
			}
			t.Logf("%d formulas equal LibreOffice's", len(asked))
		})
	}
}
