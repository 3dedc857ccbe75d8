package excel

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/formfill/formfill/internal/readers"
)

// sumProductCells are the answers and weights sumProductCases read: Data
// A1:A5 answers (one in lower case, one empty), B1:B5 weights, C1:C5
// numbers among text and a boolean, D1:D5 an error among numbers, E1:F2 a
// block of two columns.
var sumProductCells = mapSource{
	1: {"A3": num("2")},
	2: {"A1": str("Yes"), "A2": str("No"), "A3": str("Yes"), "A5": str("yes"),
		"B1": num("10"), "B2": num("20"), "B3": num("30"), "B4": num("40"), "B5": num("50"),
		"C1": num("2"), "C2": str("3"), "C3": str("abc"), "C4": flag("1"), "C5": num("4"),
		"D1": {text: "#N/A", kind: calcError}, "D2": num("1"), "D3": num("1"), "D4": num("1"), "D5": num("1"),
		"E1": num("1"), "F1": num("2"), "E2": num("3"), "F2": num("4")},
}

// sumProductCases are SUMPRODUCT's shapes, with the values Excel gives
// (Microsoft's reference: elements that are not numbers count as 0, an
// error is the result, arguments of other shapes #VALUE!); the last are
// left to excelize, and so dropped, as every SUMPRODUCT once was.
var sumProductCases = []calcCase{
	{"count of a comparison times one", `SUMPRODUCT((Data!A1:A5="Yes")*1)`, "3", true, ""},
	{"count of a negated comparison", `SUMPRODUCT(--(Data!A1:A5="Yes"))`, "3", true, ""},
	{"negative count", `SUMPRODUCT(-(Data!A1:A5="No"))`, "-1", true, ""},
	{"weights of the answers that match", `SUMPRODUCT((Data!A1:A5="Yes")*Data!B1:B5)`, "90", true, ""},
	{"weights as a second argument", `SUMPRODUCT(--(Data!A1:A5="Yes"),Data!B1:B5)`, "90", true, ""},
	{"two conditions multiplied", `SUMPRODUCT((Data!A1:A5<>"No")*(Data!B1:B5>15))`, "3", true, ""},
	{"an empty cell joined is empty text", `SUMPRODUCT(((Data!A1:A5&"")="")*1)`, "1", true, ""},
	{"plain ranges multiplied", `SUMPRODUCT(Data!B1:B5,Data!B1:B5)`, "5500", true, ""},
	{"text in a plain range counts 0", `SUMPRODUCT(Data!B1:B3,Data!C1:C3)`, "20", true, ""},
	{"text multiplied is #VALUE!", `SUMPRODUCT(Data!C1:C3*1)`, "#VALUE!", true, ""},
	{"a range divided", `SUMPRODUCT(Data!B1:B5/10)`, "15", true, ""},
	{"a range times a cell", `SUMPRODUCT(Data!B1:B2*Sheet1!A3)`, "60", true, ""},
	{"two columns", `SUMPRODUCT(Data!E1:F2,Data!E1:F2)`, "30", true, ""},
	{"one number", `SUMPRODUCT(3)`, "3", true, ""},
	{"an error in a range", `SUMPRODUCT(Data!D1:D5)`, "#N/A", true, ""},
	{"an error in a second argument", `SUMPRODUCT(Data!B1:B5,Data!D1:D5)`, "#N/A", true, ""},
	{"within IF", `IF(Data!A1="Yes",SUMPRODUCT(Data!B1:B2*2),0)`, "60", true, ""},
	{"added to", `SUMPRODUCT(Data!B1:B2)+1`, "31", true, ""},
	{"a bare comparison's booleans count 0", `SUMPRODUCT((Data!A1:A5="Yes"))`, "0", true, "LibreOffice's booleans are numbers: it counts 3"},
	{"a boolean cell counts 0", `SUMPRODUCT(Data!C4:C5)`, "4", true, "LibreOffice's booleans are numbers: it adds 1"},
	{"ranges of other shapes not computed", `SUMPRODUCT(Data!B1:B5,Data!B1:B4)`, "", false, ""},
	{"a function of a range not computed", `SUMPRODUCT(--(LEFT(Data!A1:A5,1)="Y"))`, "", false, ""},
	{"whole columns not computed", `SUMPRODUCT(--(Data!A:A="Yes"))`, "", false, ""},
	{"a row by a column not computed", `SUMPRODUCT(Data!E1:F1*Data!B1:B2)`, "", false, ""},
}

func TestSumProductTable(t *testing.T) {
	checkCalcCases(t, sumProductCells, sumProductCases)
}

// TestSumProductEqualsLibreOffice computes sumProductCases' native
// formulas in LibreOffice over the same cells: each must give the native
// result but where lo names LibreOffice's own difference. It skips
// without LibreOffice.
func TestSumProductEqualsLibreOffice(t *testing.T) {
	f := sumProductCells.book(t)
	var asked []int
	for k, tc := range sumProductCases {
		if tc.native && tc.lo == "" {
			must(t, f.SetCellFormula("Sheet1", fmt.Sprintf("Z%d", k+1), tc.formula))
			asked = append(asked, k)
		}
	}
	var buf bytes.Buffer
	must(t, f.Write(&buf))
	lo, _ := readers.XLSXCached(t, readers.LibreOfficeResave(t, buf.Bytes(), "xlsx"))
	for _, k := range asked {
		tc := sumProductCases[k]
		got, _ := nativeValue(sumProductCells, tc.formula)
		if want := lo["Sheet1"][fmt.Sprintf("Z%d", k+1)]; !sameCalcValue(want, got) {
			t.Errorf("%s: =%s: native %q, LibreOffice %q", tc.name, tc.formula, got, want)
		}
	}
	t.Logf("%d formulas equal LibreOffice's", len(asked))
}
