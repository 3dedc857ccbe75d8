package excel

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/formfill/formfill/internal/readers"
)

// textMoreCells are the cells textMoreCases read: text, text that looks
// like a number, numbers (one of 8 digits and more, which excelize
// writes in exponent form), a boolean, an error and an empty A8.
var textMoreCells = mapSource{
	1: {"A1": num("45356.75"), "A2": num("0.375"), "A3": num("-1234.567"), "A4": str("abc"), "A5": num("0"),
		"A6": str("123"), "A7": str("a*c"), "A9": num("12345678.9"), "A10": str("ABC abc"),
		"A11": {text: "#N/A", kind: calcError}, "A12": flag("1")},
}

// textMoreCases are MID, RIGHT, SEARCH, MOD, IFNA and HYPERLINK on edge
// inputs, as Excel's function reference gives them; each marked excelize
// gave otherwise (the fallback that computed them before). lo says where
// LibreOffice differs from Excel.
var textMoreCases = []calcCase{
	{"MID of text that looks like a number", `MID(A6,2,5)`, "23", true, ""},
	{"MID past the end", `MID(A4,5,2)`, "", true, ""},
	{"MID from 0", `MID(A4,0,2)`, "#VALUE!", true, ""},
	{"MID of a negative count", `MID(A4,2,-1)`, "#VALUE!", true, ""},
	{"MID of an empty cell", `MID(A8,1,2)`, "", true, ""},
	{"MID of an error cell, excelize #N", `MID(A11,1,2)`, "#N/A", true, ""},
	{"MID of a long number, excelize .23", `MID(A9,2,3)`, "234", true, ""},
	{"MID of a boolean, excelize TR", `MID(A12,1,2)`, "TR", true, "LibreOffice has no boolean type: A12's TRUE is 1 to it"},
	{"MID truncates its numbers", `MID(A4,2.9,1.9)`, "b", true, ""},
	{"MID of a count past the end", `MID("abc",1,100)`, "abc", true, ""},
	{"RIGHT of one character", `RIGHT(A4)`, "c", true, ""},
	{"RIGHT of none", `RIGHT(A4,0)`, "", true, ""},
	{"RIGHT of a negative count", `RIGHT(A4,-1)`, "#VALUE!", true, ""},
	{"RIGHT past the start", `RIGHT(A4,10)`, "abc", true, ""},
	{"RIGHT of a long number, excelize +07", `RIGHT(A9,3)`, "8.9", true, ""},
	{"RIGHT of an empty cell", `RIGHT(A8,2)`, "", true, ""},
	{"RIGHT of an error cell, excelize /A", `RIGHT(A11,2)`, "#N/A", true, ""},
	{"RIGHT of a fraction", `RIGHT(A2,3)`, "375", true, ""},
	{"SEARCH ignores case", `SEARCH("B",A4)`, "2", true, ""},
	{"SEARCH wildcard *", `SEARCH("*c",A4)`, "1", true, ""},
	{"SEARCH wildcard ?", `SEARCH("a?c",A4)`, "1", true, ""},
	{"SEARCH escaped *, excelize #VALUE!", `SEARCH("~*",A7)`, "2", true, ""},
	{"SEARCH not found", `SEARCH("x",A4)`, "#VALUE!", true, ""},
	{"SEARCH from a start", `SEARCH("abc",A10,2)`, "5", true, ""},
	{"SEARCH past its match", `SEARCH("b",A4,3)`, "#VALUE!", true, ""},
	{"SEARCH from 0, excelize 2", `SEARCH("b",A4,0)`, "#VALUE!", true, ""},
	{"SEARCH past the end", `SEARCH("c",A4,10)`, "#VALUE!", true, ""},
	{"SEARCH in a long number, excelize 4", `SEARCH("3",A9)`, "3", true, ""},
	{"SEARCH in an empty cell", `SEARCH("b",A8)`, "#VALUE!", true, ""},
	{"SEARCH in an error cell, excelize 4", `SEARCH("a",A11)`, "#N/A", true, ""},
	{"SEARCH of empty text", `SEARCH("",A4)`, "1", true, "LibreOffice gives #VALUE! (Excel: an empty find_text matches the first character)"},
	{"MOD of a negative number", `MOD(-3,2)`, "1", true, ""},
	{"MOD by a negative number", `MOD(3,-2)`, "-1", true, ""},
	{"MOD of two negatives", `MOD(-3,-2)`, "-1", true, ""},
	{"MOD of a fraction", `MOD(5.5,2)`, "1.5", true, ""},
	{"MOD of text that looks like a number", `MOD(A6,5)`, "3", true, ""},
	{"MOD of text", `MOD(A4,5)`, "#VALUE!", true, ""},
	{"MOD of an empty cell", `MOD(A8,5)`, "0", true, ""},
	{"MOD by an empty cell", `MOD(5,A8)`, "#DIV/0!", true, ""},
	{"MOD of an error cell, excelize 0", `MOD(A11,2)`, "#N/A", true, ""},
	{"MOD of a boolean", `MOD(A12,2)`, "1", true, ""},
	{"MOD of a huge quotient not computed, excelize 2", `MOD(2^53,3)`, "", false, ""},
	{"IFNA catches #N/A", `_xlfn.IFNA(A11,"x")`, "x", true, ""},
	{"IFNA passes text", `_xlfn.IFNA(A4,"x")`, "abc", true, ""},
	{"IFNA of an empty cell shows 0, excelize empty", `_xlfn.IFNA(A8,"x")`, "0", true, ""},
	{"IFNA passes another error, excelize #VALUE!", `_xlfn.IFNA(1/0,"x")`, "#DIV/0!", true, ""},
	{"IFNA's fallback of an empty cell shows 0", `_xlfn.IFNA(A11,A8)`, "0", true, ""},
	{"IFNA of a failed lookup", `_xlfn.IFNA(VLOOKUP("zz",A1:A5,1,0),"nf")`, "nf", true, ""},
	{"HYPERLINK shows its name", `HYPERLINK("http://x.com","site")`, "site", true, ""},
	{"HYPERLINK shows its link", `HYPERLINK("http://x.com")`, "http://x.com", true, ""},
	{"HYPERLINK of a long number, excelize exponent", `HYPERLINK("http://x.com",A9)`, "12345678.9", true, ""},
	{"HYPERLINK of an empty name shows 0, excelize empty", `HYPERLINK("http://x.com",A8)`, "0", true, ""},
	{"HYPERLINK of an error link, excelize x", `HYPERLINK(A11,"x")`, "#N/A", true, ""},
}

func TestNativeTextMore(t *testing.T) {
	checkCalcCases(t, textMoreCells, textMoreCases)
}

// TestNativeTextMoreEqualsLibreOffice computes textMoreCases' formulas in
// LibreOffice over the same cells: each native result must be its, but
// where lo says LibreOffice differs from Excel. It skips without
// LibreOffice.
func TestNativeTextMoreEqualsLibreOffice(t *testing.T) {
	f := textMoreCells.book(t)
	var asked []int
	for k, tc := range textMoreCases {
		if tc.native && tc.lo == "" {
			must(t, f.SetCellFormula("Sheet1", fmt.Sprintf("Z%d", k+1), tc.formula))
			asked = append(asked, k)
		}
	}
	var buf bytes.Buffer
	must(t, f.Write(&buf))
	lo, _ := readers.XLSXCached(t, readers.LibreOfficeResave(t, buf.Bytes(), "xlsx"))
	for _, k := range asked {
		tc := textMoreCases[k]
		got, _ := nativeValue(textMoreCells, tc.formula)
		if want := lo["Sheet1"][fmt.Sprintf("Z%d", k+1)]; !sameCalcValue(want, got) {
			t.Errorf("%s: =%s: native %q, LibreOffice %q", tc.name, tc.formula, got, want)
		}
	}
	t.Logf("%d formulas equal LibreOffice's", len(asked))
}
