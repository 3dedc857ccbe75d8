package excel

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/formfill/formfill/internal/readers"
	"github.com/xuri/excelize/v2"
)

// textFormatCells are the values textFormatCases format: a date and
// time, fractions, a negative, text, zero, text that looks like a
// number, an elapsed time and a number of 8 digits.
var textFormatCells = map[string]string{"A1": "45356.75", "A2": "0.375", "A3": "-1234.567", "A5": "0",
	"A7": "1.5", "A9": "12345678.9"}

// textFormatCases are TEXT calls, wrong when excelize renders their
// format otherwise than Excel (textFormatMisrendered says why); lo says
// where LibreOffice, the oracle, differs from Excel.
var textFormatCases = []struct {
	formula string
	wrong   bool
	lo      string
}{
	{`TEXT(A1,"[$-F800]")`, true, "LibreOffice gives #VALUE!, Excel the system long date; excelize gives empty text"},
	{`TEXT(A1,"[$-F800]dddd, mmmm dd, yyyy")`, true, "Excel shows the system long date whatever follows [$-F800]"},
	{`TEXT(A1,"[$-F400]")`, true, "LibreOffice gives #VALUE!, Excel the system time; excelize gives empty text"},
	{`TEXT(A1,"[$-x-sysdate]dddd, mmmm dd, yyyy")`, true, ""},
	{`TEXT(A2,"# ?/?")`, true, ""},
	{`TEXT(A2,"# ??/??")`, true, ""},
	{`TEXT(A2,"0/8")`, true, ""},
	{`TEXT(A2,"?.??")`, true, ""},
	{`TEXT(A3,"[<100]""low"";""high""")`, true, ""},
	{`TEXT(A3,"[>=1000]#,##0;[<0]""neg"";0")`, true, ""},
	{`TEXT(A5,"0;-0;""zero""")`, true, ""},
	{`TEXT(A5,"0.00;-0.00;0.0")`, true, ""},
	{`TEXT(A5,"0;;;@")`, true, ""},
	{`TEXT(A9,"General")`, true, ""},
	{`TEXT(A9,"##0.0E+0")`, true, ""},
	{`TEXT(A2,"#.##")`, true, ""},
	{`TEXT(A2,".00")`, true, ""},
	{`TEXT(A2,"#,###")`, true, ""},
	{`TEXT(A1,"")`, true, ""},
	{`TEXT(A1,"[DBNum1]0")`, true, ""},
	{`TEXT(A1,"[$-2000000]mmmm")`, true, ""},
	{`TEXT(A3,"0.00_ ;[Red]-0.00 ")`, true, ""},
	{`TEXT(A3,"[Red]0.00")`, false, ""},
	{`TEXT(A3,"0.00;[Red]-0.00")`, false, ""},
	{`TEXT(A3,"0.00;(0.00)")`, false, ""},
	{`TEXT("abc","""x""@")`, false, ""},
	{`TEXT("abc","0;0;0;""t:""@")`, false, ""},
	{`TEXT("123","0.00")`, false, ""},
	{`TEXT(A9,"0,")`, false, ""},
	{`TEXT(A9,"0.0,,")`, false, ""},
	{`TEXT(A9,"#,##0.00")`, false, ""},
	{`TEXT(A9,"#,##0,""K""")`, false, ""},
	{`TEXT(A7,"[h]:mm")`, false, ""},
	{`TEXT(A7,"[mm]:ss")`, false, ""},
	{`TEXT(A1,"h:mm AM/PM")`, false, ""},
	{`TEXT(A1,"h:mm a/p")`, false, ""},
	{`TEXT(A1,"[$-409]mmmm d, yyyy")`, false, ""},
	{`TEXT(A1,"[$-407]mmmm")`, false, ""},
	{`TEXT(A1,"[$-40C]dddd d mmmm yyyy")`, false, ""},
	{`TEXT(A9,"[$€-x-euro2] #,##0.00")`, false, ""},
	{`TEXT(A9,"[$$-409]#,##0.00")`, false, ""},
	{`TEXT(A9,"#,##0.00 [$€-407]")`, false, ""},
	{`TEXT(A9,"[$USD] #,##0")`, false, ""},
	{`TEXT(A9,"[Color10]#,##0")`, false, ""},
	{`TEXT(A9,"0.00E+00")`, false, ""},
	{`TEXT(A2,"0.0%")`, false, ""},
	{`TEXT(A3,"#,##0.00_);(#,##0.00)")`, false, ""},
	{`TEXT(A1,"yyyy-mm-dd")`, false, ""},
	{`TEXT(A1,"dd/mm/yyyy")`, false, ""},
	{`TEXT(A1,"mmm d, yyyy")`, false, ""},
	{`TEXT(A1,"dddd"" the ""d")`, false, ""},
	{`TEXT(A1,"m/d/yyyy h:mm")`, false, ""},
	{`TEXT(A1,"ss.00")`, false, ""},
	{`TEXT(A3,"0;")`, false, ""},
	{`TEXT(A9,"000000000000")`, false, ""},
	{`TEXT(A2,"0.###")`, false, ""},
	{`TEXT(5,"@")`, false, ""},
	{`TEXT(A2*100,0)`, false, ""},
}

// textFormatBook is an excelize workbook holding textFormatCells on
// Sheet1 and each case's formula in column Z.
func textFormatBook(t *testing.T) *excelize.File {
	f := excelize.NewFile()
	for ref, v := range textFormatCells {
		must(t, f.SetCellDefault("Sheet1", ref, v))
	}
	for k, tc := range textFormatCases {
		must(t, f.SetCellFormula("Sheet1", fmt.Sprintf("Z%d", k+1), tc.formula))
	}
	return f
}

// TestTextFormatsExcelizeRendersWrong: the formats excelize renders as
// LibreOffice does are the ones textFormatMisrendered passes, and the
// ones it renders otherwise are reported (but where lo says Excel
// differs from LibreOffice). It skips without LibreOffice.
func TestTextFormatsExcelizeRendersWrong(t *testing.T) {
	f := textFormatBook(t)
	var buf bytes.Buffer
	must(t, f.Write(&buf))
	lo, _ := readers.XLSXCached(t, readers.LibreOfficeResave(t, buf.Bytes(), "xlsx"))
	for k, tc := range textFormatCases {
		ref := fmt.Sprintf("Z%d", k+1)
		got, _ := f.CalcCellValue("Sheet1", ref)
		if tc.lo != "" {
			continue
		}
		if differs := got != lo["Sheet1"][ref]; differs != tc.wrong {
			t.Errorf("=%s: excelize %q, LibreOffice %q, want wrong=%v", tc.formula, got, lo["Sheet1"][ref], tc.wrong)
		}
	}
}

// TestTextFormatMisrendered: excelizeMiscomputes reports each TEXT whose
// format excelize renders wrong, and no other.
func TestTextFormatMisrendered(t *testing.T) {
	for _, tc := range textFormatCases {
		got := excelizeMiscomputes(tc.formula, rectArea)
		if tc.wrong != (got != "") || tc.wrong && !strings.Contains(got, "TEXT") {
			t.Errorf("excelizeMiscomputes(%s) = %q, want wrong=%v", tc.formula, got, tc.wrong)
		}
	}
	for _, tc := range []struct{ formula, want string }{
		{`TEXT(A1,B1)`, "format not written in the formula"},
		{`TEXT(A1,"[$-F800]")&"x"`, "system format [$-F800]"},
		{`IF(A1>0,TEXT(A2,"# ?/?"),"")`, "placeholder ?"},
		{`TEXT(A1,"0.0" )`, ""},
		{`"#Page="&TEXT(A1,0)`, ""},
		{`TEXTJOIN(",",TRUE,A1:A2)`, ""},
	} {
		if got := excelizeMiscomputes(tc.formula, rectArea); tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("excelizeMiscomputes(%s) = %q, want %q", tc.formula, got, tc.want)
		}
	}
}

// TestTextValueMisread: a TEXT of an empty cell, or of text Excel reads
// as a number, is reported (excelize gave "" and the text as it is, where
// LibreOffice gives 0.00, 2024, 1234.00; TestTextValuesExcelizeMisreads);
// other values are not.
func TestTextValueMisread(t *testing.T) {
	cells := map[string]calcValue{"B1": {}, "B2": str("3/5/2024"), "B3": str("abc"), "B4": num("45356"),
		"B5": {kind: calcEmpty, formula: true}, "B6": str("12"), "B7": str(" 12"), "B8": str("March 5, 2024")}
	value := func(ref string) (calcValue, bool) { v, ok := cells[ref]; return v, ok }
	for _, tc := range []struct{ formula, want string }{
		{`TEXT(B1,"0.00")`, "empty cell"},
		{`"on "&TEXT(B2,"yyyy")`, "text Excel reads as a number"},
		{`TEXT(B7,"0.00")`, "text Excel reads as a number"},
		{`TEXT("1,234","0.00")`, "text Excel reads as a number"},
		{`TEXT("45%","0.00")`, "text Excel reads as a number"},
		{`TEXT(" 12","0.00")`, "text Excel reads as a number"},
		{`TEXT(B3,"0.00")`, ""},
		{`TEXT(B4,"yyyy")`, ""},
		{`TEXT(B5,"0.00")`, ""}, // a formula's value: computed, not read
		{`TEXT(B6,"0.00")`, ""},
		{`TEXT("1e3","0.00")`, ""},
		{`TEXT(B1:B2,"0.00")`, ""},
		{`LEN(B1)`, ""},
		{`DATEVALUE(B8)`, "DATEVALUE of a cell holding text Excel reads as a number"},
		{`YEAR(DATEVALUE(B2))`, ""}, // excelize reads 3/5/2024
		{`YEAR(DATEVALUE(B8))`, "DATEVALUE of a cell holding text"},
		{`_xlfn.DATEVALUE("March 5, 2024")`, "DATEVALUE of text Excel reads as a number"},
		{`VALUE(B7)`, "VALUE of a cell holding text"},
		{`DATEVALUE(B1)`, ""}, // #VALUE! in Excel and excelize alike
		{`DATEVALUE(B3)`, ""},
		{`VALUE(B6)`, ""},
	} {
		if got := textValueMisread(tc.formula, value); tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("textValueMisread(%s) = %q, want %q", tc.formula, got, tc.want)
		}
	}
}

// TestTextValuesExcelizeMisreads: the values textValueMisread reports
// are ones excelize's TEXT gives otherwise than LibreOffice. It skips
// without LibreOffice.
func TestTextValuesExcelizeMisreads(t *testing.T) {
	f := excelize.NewFile()
	must(t, f.SetCellStr("Sheet1", "A1", "3/5/2024"))
	must(t, f.SetCellStr("Sheet1", "A3", "March 5, 2024"))
	formulas := []string{`DATEVALUE(A3)`, `VALUE(A3)`, `TEXT(A1,"yyyy")`, `TEXT(A2,"0.00")`, `TEXT("1,234","0.00")`, `TEXT("45%","0.00")`, `TEXT(" 12","0.00")`, `TEXT("$5","0.00")`}
	for k, fm := range formulas {
		must(t, f.SetCellFormula("Sheet1", fmt.Sprintf("Z%d", k+1), fm))
	}
	var buf bytes.Buffer
	must(t, f.Write(&buf))
	lo, _ := readers.XLSXCached(t, readers.LibreOfficeResave(t, buf.Bytes(), "xlsx"))
	for k, fm := range formulas {
		ref := fmt.Sprintf("Z%d", k+1)
		if got, _ := f.CalcCellValue("Sheet1", ref); got == lo["Sheet1"][ref] {
			t.Errorf("=%s: excelize %q equals LibreOffice's: not a value it misreads", fm, got)
		}
	}
}
