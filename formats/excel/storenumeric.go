package excel

import (
	"math"
	"strings"
)

// A value checkNumeric lets through because it is a number or a date
// ("1,200", "March 1, 2024") goes in as that number or date when a
// formula of the sheet reads the cell as a number, or the cell holds a
// date (t="d"): stored as text, SUM would skip it and B3*1.2 would be
// #VALUE!, where Excel, when the same text is typed, stores the number.

// storedAsRead is how such a value goes in: a number as the number it
// reads as, a date as its serial, with a date format (numFmt) when the
// cell's own format is General. ok is false when the cell is not read
// as a number, is text-formatted (Excel keeps text typed there as
// text), or the value is neither; storedAs then decides as before.
func (w *writer) storedAsRead(sheet string, c cell, value string) (kind editKind, text string, numFmt int, ok bool) {
	if strings.TrimSpace(value) == "" {
		return 0, "", 0, false
	}
	if w.cellAt(sheet, c).t != "d" && !w.readAsNumber(sheet, c) {
		return 0, "", 0, false
	}
	return w.asReadNumber(sheet, c, value)
}

// asReadNumber is value as the number or date a formula reading the cell
// sees: what storedAsRead stores once a formula of the sheet reads it,
// and textReadAsNumber (calcnumeric.go) once one of another sheet, or a
// reference naming the cell's own sheet, does. In a General cell a date
// gets a date format and a percentage or a grouped number the format
// Excel gives it when typed (typedFormat); not ok in a text-formatted
// cell (Excel keeps text typed there as text) or for a value that is
// neither.
func (w *writer) asReadNumber(sheet string, c cell, value string) (kind editKind, text string, numFmt int, ok bool) {
	fk := w.kindAt(sheet, c)
	if fk == kindText || strings.TrimSpace(value) == "" {
		return 0, "", 0, false
	}
	if n, ok := parseNumber(value); ok {
		return numberEdit(n)
	}
	if n, ok := parseFormatted(value); ok {
		kind, text, _, ok = numberEdit(n)
		if fk == "" && w.canAddStyles() { // else the number, as it reads, unformatted
			numFmt = typedFormat(value)
		}
		return kind, text, numFmt, ok
	}
	t, ok := parseDate(value)
	if !ok {
		return 0, "", 0, false
	}
	if fk == "" { // General shows a serial as a bare number: give it a date format
		if !w.canAddStyles() {
			return 0, "", 0, false
		}
		numFmt = numFmtDate
		if t.Hour() != 0 || t.Minute() != 0 || t.Second() != 0 {
			numFmt = numFmtDateTime
		}
	}
	kind, text, _, ok = numberEdit(excelSerial(t, w.date1904))
	return kind, text, numFmt, ok
}

// Built-in number formats Excel gives a General cell a formatted number
// is typed into.
const (
	numFmtGrouped         = 3  // #,##0
	numFmtGroupedDecimals = 4  // #,##0.00
	numFmtPercent         = 9  // 0%
	numFmtPercentDecimals = 10 // 0.00%
)

// typedFormat is the format Excel gives a General cell value is typed
// into, value being one parseFormatted reads: 0% or 0.00% for a
// percentage, #,##0 or #,##0.00 for a number with thousands separators,
// by whether decimals were typed; 0 for none.
func typedFormat(value string) int {
	s := strings.TrimSpace(value)
	decimals := strings.Contains(s, ".")
	switch {
	case strings.HasSuffix(s, "%") && decimals:
		return numFmtPercentDecimals
	case strings.HasSuffix(s, "%"):
		return numFmtPercent
	case strings.Contains(s, ",") && decimals:
		return numFmtGroupedDecimals
	case strings.Contains(s, ","):
		return numFmtGrouped
	}
	return 0
}

// A percentage or grouped number ("50%", "1,200") written into a General
// cell no formula reads goes in as Excel stores it typed there, the
// number with the format typedFormat gives, under the rule a plain number
// ("42") follows: the cell is empty or holds a number (a General cell
// holding text keeps it text). Unlike a cell a formula reads, which must
// hold the number whatever it shows (storedAsRead), such a cell may hold
// a free-text answer: it becomes the number only where the format shows
// it exactly as written, so a reader of the sheet sees the answer's own
// text ("50%", "1,200.50") and a data reader (pandas, openpyxl) the
// number Excel would give; "12.5%" (shown "12.50%") and "1,200.5" stay
// text.

// storedAsTyped is value as storedAs stores it in such a cell; not ok
// when it is no percentage or grouped number, the styles part takes no
// format, or the format would show other text.
func (w *writer) storedAsTyped(value string) (kind editKind, text string, numFmt int, ok bool) {
	n, ok := parseFormatted(value)
	if !ok || !showsAsTyped(value) || !w.canAddStyles() {
		return 0, "", 0, false
	}
	if numFmt = typedFormat(value); numFmt == 0 {
		return 0, "", 0, false
	}
	kind, text, _, ok = numberEdit(n)
	return kind, text, numFmt, ok
}

// showsAsTyped reports whether typedFormat's format shows value, one
// parseFormatted reads, as written: no space before a percent sign, and
// no decimals or exactly the two the format shows.
func showsAsTyped(value string) bool {
	s := strings.TrimSpace(value)
	if strings.Contains(s, " ") {
		return false
	}
	_, decimals, found := strings.Cut(strings.TrimSuffix(s, "%"), ".")
	return !found || len(decimals) == 2
}

// numberEdit is n as a number edit, written as the calculation writes a
// cached number (storedNumber); not ok for NaN or an infinity, which a
// cell cannot hold.
func numberEdit(n float64) (editKind, string, int, bool) {
	if math.IsNaN(n) || math.IsInf(n, 0) {
		return 0, "", 0, false
	}
	return editNumber, storedNumber(n), 0, true
}

// readAsNumber reports whether a formula of the sheet reads the cell as a
// number (see numericUses).
func (w *writer) readAsNumber(sheet string, c cell) bool {
	uses := w.numericReadsOf(sheet)
	if uses == nil {
		return false
	}
	_, ok := uses.at(c.row, c.col)
	return ok
}

// numericReadsOf are the cells the sheet's formulas read as numbers, read
// once a write; nil when the sheet cannot be scanned. A cell the write
// has written keeps no formula (as formulaAt).
func (w *writer) numericReadsOf(sheet string) *numericReads {
	if uses, ok := w.numeric[sheet]; ok {
		return uses
	}
	sc := w.scan(sheet)
	if sc == nil {
		return nil
	}
	uses := numericUses(sc, sc.formulas, func(r, col int) sharedFormula {
		if _, ok := w.edits[sheet][[2]int{r, col}]; ok {
			return sharedFormula{}
		}
		return w.wb.formulaSource(sheet, sc, r, col)
	})
	w.numeric[sheet] = uses
	return uses
}
