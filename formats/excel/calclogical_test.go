package excel

import (
	"regexp"
	"strings"
	"testing"
)

// logicalCells hold an answer beside booleans and numbers, as a
// questionnaire's checklist does: AND and OR over them skip the text.
var logicalCells = mapSource{
	1: {"A1": str("Acme"), "A2": flag("1"), "A3": num("5"), "A4": flag("0"), "A5": str("007"),
		"A6": {text: "#N/A", kind: calcError}, "A7": num("45356")},
}

// logicalCases are AND, OR and N as Microsoft's function reference gives
// them; TestExcelModeEqualsLibreOffice checks them against LibreOffice.
// The native calculation once left all of them to excelize, which gave
// #VALUE! for AND and OR over a range holding text, and 7 for N("007").
var logicalCases = []calcCase{
	{"AND over a range holding text, once #VALUE!", `AND(A1:A3)`, "TRUE", true, ""},
	{"OR over a range holding text", `OR(A1:A1,A4)`, "FALSE", true, ""},
	{"AND over a range with a FALSE", `AND(A1:A4)`, "FALSE", true, ""},
	{"OR of text alone is #VALUE!", `OR(A1)`, "#VALUE!", true, ""},
	{"AND of an empty range is #VALUE!", `AND(B1:B9)`, "#VALUE!", true, ""},
	{"AND of an error cell", `AND(A2,A6)`, "#N/A", true, ""},
	{"AND of numbers given", `AND(1,2>1)`, "TRUE", true, ""},
	{"OR of a comparison", `OR(A1="Acme",A3>9)`, "TRUE", true, ""},
	{"AND of text given not computed", `AND("yes")`, "", false, ""},
	{"N of text is 0, once 7", `N(A5)`, "0", true, ""},
	{"N of a number", `N(A3)`, "5", true, ""},
	{"N of a date", `N(A7)`, "45356", true, ""},
	{"N of TRUE", `N(A2)`, "1", true, ""},
	{"N of an empty cell", `N(B1)`, "0", true, ""},
	{"N of an error", `N(A6)`, "#N/A", true, ""},
	{"N of a range not computed", `N(A1:A2)`, "", false, ""},
}

func TestLogicalFunctionsComputeAsExcel(t *testing.T) {
	checkCalcCases(t, logicalCells, logicalCases)
}

// TestRecalcReadsADateCellAsItsSerial: a t="d" cell (an ISO date, as
// openpyxl and some exporters write dates) is its serial number to a
// formula, as in Excel and LibreOffice; it was read as text, and
// subtracting it gave #VALUE!.
func TestRecalcReadsADateCellAsItsSerial(t *testing.T) {
	doc := recalcBook(t, map[string]string{"C8": "'START HERE'!C6-'START HERE'!C5"})
	const part = "xl/worksheets/sheet1.xml"
	sheet := zipEntry(t, doc, part)
	isoC6 := regexp.MustCompile(`<c r="C6"[^>]*><v>2</v></c>`).ReplaceAll(sheet, []byte(`<c r="C6" t="d"><v>2024-03-05</v></c>`))
	if string(isoC6) == string(sheet) {
		t.Fatalf("no C6 of 2 to make a date in %s", sheet)
	}
	res, rep := fillRecalc(t, rezip(t, unzip(t, doc), part, isoC6))
	out := zipEntry(t, res.Document, "xl/worksheets/sheet2.xml")
	for ref, want := range map[string]string{
		"C8": `<c r="C8"><f>&#39;START HERE&#39;!C6-&#39;START HERE&#39;!C5</f><v>45316</v></c>`,
		"C4": `<c r="C4"><f>SUM(&#39;START HERE&#39;!C5:C6)</f><v>45396</v></c>`,
	} {
		if got := cellXML(t, out, ref); got != want {
			t.Errorf("%s = %s, want %s", ref, got, want)
		}
	}
	notes := strings.Join(rep.Warnings, "\n")
	sameAsLibreOffice(t, res.Document, rep.Warnings, map[string]map[string]string{"Organization": {
		"C3": "Acme Cloud Inc", "C4": "45396", "C5": "90792", "C6": "ACME CLOUD INC!", "C8": "45316"}})
	if strings.Contains(notes, "could not") {
		t.Errorf("a formula reading the date cell was not computed:\n%s", notes)
	}
}
