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
