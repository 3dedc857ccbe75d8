package excel

import (
	"strings"

	"github.com/xuri/efp"
)

// excelize's calculation reads every date serial in the 1900 date system
// (its date functions call timeFromExcelTime(n, false)), whatever the
// workbook's workbookPr date1904 says, and the calculation workbook,
// made with excelize.NewFile, does not carry it either. In a 1904-system
// workbook YEAR of a date written as 2024-03-15 gave 2020 and TEXT of it
// 2020-03-14: four years and a day off. Such a formula is not computed
// there (its cached value is removed and named): a wrong value is worse
// than one Excel recomputes on open.

// dateFunctions read or make a date serial.
var dateFunctions = setOf("YEAR", "MONTH", "DAY", "WEEKDAY", "WEEKNUM", "ISOWEEKNUM", "TEXT", "DATE", "DATEVALUE",
	"EDATE", "EOMONTH", "DATEDIF", "DAYS", "DAYS360", "NETWORKDAYS", "NETWORKDAYS.INTL", "WORKDAY", "WORKDAY.INTL",
	"YEARFRAC", "TODAY", "NOW")

// date1904Gap is why excelize cannot compute formula in a workbook of
// the 1904 date system: it calls a date function; "" when it can.
func date1904Gap(date1904 bool, formula string) string {
	if !date1904 || !strings.Contains(formula, "(") {
		return ""
	}
	p := efp.ExcelParser()
	for _, t := range p.Parse(formula) {
		if t.TType != efp.TokenTypeFunction || t.TSubType != efp.TokenSubTypeStart {
			continue
		}
		if name := strings.ToUpper(strings.TrimPrefix(t.TValue, "_xlfn.")); dateFunctions[name] {
			return "it calls " + name + " in a workbook of the 1904 date system, whose dates formfill's calculation reads as 1900-system ones"
		}
	}
	return ""
}
