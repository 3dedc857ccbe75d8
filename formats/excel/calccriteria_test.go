package excel

import "testing"

// singleCellCriteriaCases are conditional sums and counts whose ranges are
// one cell, written without a colon: Excel and LibreOffice read such a
// reference as a range of one (COUNTIFS(M!C2,"Yes") is 1 where M!C2 holds
// Yes). Data!B1 holds Yes, Data!B2 No, Data!D1 10, Data!D2 20.
var singleCellCriteriaCases = []calcCase{
	{"COUNTIFS of one cell met", `COUNTIFS(Data!B1,"Yes")`, "1", true, ""},
	{"COUNTIFS of one cell not met", `COUNTIFS(Data!B2,"Yes")`, "0", true, ""},
	{"COUNTIFS of one cell written as a range", `COUNTIFS(Data!B1:B1,"Yes")`, "1", true, ""},
	{"COUNTIFS of one cell and a range of one", `COUNTIFS(Data!B1,"Yes",Data!D1:D1,">5")`, "1", true, ""},
	{"COUNTIF of one cell", `COUNTIF(Data!$B$1,"yes")`, "1", true, ""},
	{"SUMIFS of one cell", `SUMIFS(Data!D1,Data!B1,"Yes")`, "10", true, ""},
	{"SUMIFS of one cell not met", `SUMIFS(Data!D2,Data!B2,"Yes")`, "0", true, ""},
	{"SUMIF of one cell with a sum cell", `SUMIF(Data!B1,"Yes",Data!D1)`, "10", true, ""},
	{"SUMIF of one cell summing itself", `SUMIF(Data!D2,">15")`, "20", true, ""},
	{"a cell and a range of other shapes not computed", `SUMIFS(Data!D1,Data!B1:B2,"Yes")`, "", false, ""},
}

func TestSingleCellCriteriaRanges(t *testing.T) {
	checkCalcCases(t, excelCells, singleCellCriteriaCases)
}

// criteriaKindsCells hold, on Data, a number (B1 4), numeric-looking
// text (B2 "007"), written dates as Excel stores them (B3 45356, 5 March
// 2024; B5 45000, 15 March 2023), a word (B4) and a date written as text
// (B6); D1:D6 are 1 to 6 for the sums.
var criteriaKindsCells = mapSource{
	2: {"B1": num("4"), "B2": str("007"), "B3": num("45356"), "B4": str("Acme"), "B5": num("45000"), "B6": str("3/5/2024"),
		"D1": num("1"), "D2": num("2"), "D3": num("3"), "D4": num("4"), "D5": num("5"), "D6": num("6")},
}

// criteriaKindsCases are criteria whose values LibreOffice gives (and
// Excel's function reference describes): text holding a number meets no
// comparison with a number, and a criterion's date is the serial number
// a written date is stored as. Before, the conditionals of several
// ranges left text like "007" to excelize, which counted it as seven,
// and a date criterion was left to excelize, which compared it as text.
var criteriaKindsCases = []calcCase{
	{"COUNTIFS skips numeric text", `COUNTIFS(Data!B1:B2,">0")`, "1", true, ""},
	{"SUMIFS skips numeric text", `SUMIFS(Data!D1:D2,Data!B1:B2,">0")`, "1", true, ""},
	{"COUNTIF of a later date", `COUNTIF(Data!B3:B5,">1/1/2024")`, "1", true, ""},
	{"COUNTIF of an earlier date", `COUNTIF(Data!B3:B5,"<1/1/2024")`, "1", true, ""},
	{"COUNTIF of an ISO date", `COUNTIF(Data!B3:B5,">=2024-03-05")`, "1", true, ""},
	{"COUNTIF of a date equal", `COUNTIF(Data!B3:B5,"3/5/2024")`, "1", true, ""},
	{"SUMIF of a later date", `SUMIF(Data!B3:B5,">1/1/2024",Data!D3:D5)`, "3", true, ""},
	{"COUNTIFS of a date range", `COUNTIFS(Data!B3:B5,">=1/1/2023",Data!B3:B5,"<=12/31/2023")`, "1", true, ""},
	{"a date equal over a date as text not computed", `COUNTIF(Data!B5:B6,"3/5/2024")`, "", false, ""},
}

func TestCriteriaReadNumericTextAndDatesAsExcel(t *testing.T) {
	checkCalcCases(t, criteriaKindsCells, criteriaKindsCases)
}
