package excel

import (
	"strings"
)

// Writes past a grid's formatted rows: an entry grid prepares some rows
// (borders, fills, drop-downs) and an agent listing more items than that
// writes below them. Such a cell takes the style of the nearest prepared
// cell above it in its column and that cell's validations, so the new row
// looks and checks like the ones above.

// maxExtendGap bounds how far below the prepared rows a write still
// extends them.
const maxExtendGap = 50

// extendGrid gives cell c, empty and in a row nothing has prepared (no
// cell of it styled, c not validated), the style and validations of the nearest
// prepared cell above it in its column, within maxExtendGap rows; value is
// the answer to be written there (see copyPrepared).
func (w *writer) extendGrid(sheet string, c cell, value string) {
	sc := w.scan(sheet)
	if sc == nil || w.validated(sheet, c) {
		return
	}
	for col := 1; col <= c.col+maxExtendCols; col++ {
		if sc.styleIndex(c.row, col) != 0 {
			return // a prepared row (as the document came): its own formatting stands
		}
	}
	for r := c.row - 1; r >= max(1, c.row-maxExtendGap); r-- {
		from := cell{sheet: c.sheet, row: r, col: c.col}
		idx, validated := sc.styleIndex(r, c.col), w.validated(sheet, from)
		if idx == 0 && !validated {
			continue
		}
		w.copyPrepared(sheet, from, c, idx, value)
		return
	}
}

// maxExtendCols is how far right of the cell its row is looked at for
// formatting of its own.
const maxExtendCols = 30

// copyPrepared gives to the style index idx of from (when not 0) and
// from's validations. The style's number format is kept only when value
// fits it (see fitsPreparedFormat): the row above may hold a start date
// and this one a head count, and 12 under a date format would show
// 01-12-00. A value that does not fit takes a copy of the style in
// General (a new cell format: the one from shares stays as it is), its
// font, border, fill and alignment kept; without room for a new format
// it takes none of the style.
func (w *writer) copyPrepared(sheet string, from, to cell, idx int, value string) {
	if idx > 0 && idx < w.wb.styleCount() {
		w.styled[to] = idx // an index the styles lack stays off, as Excel would refuse it
		if !w.fitsPreparedFormat(sheet, to, value) {
			if w.canAddStyles() {
				w.styled[to] = w.xfs.indexOf(idx, 0)
			} else {
				delete(w.styled, to)
			}
		}
	}
	if !w.validated(sheet, from) {
		return
	}
	// The patching save extends the validations covering from to the
	// cell (see dvCopies).
	w.dvCopies[sheet] = append(w.dvCopies[sheet], [2]cell{from, to})
	delete(w.rules, sheet) // read again: the cell has its validations now
}

// fitsPreparedFormat reports whether value, written into the cell at
// to under the number format its copied style carries, is stored and
// shown as the answer it is. A date format fits only a date; the text
// format @ fits anything but a plain number, which it would store as
// text a formula cannot add up; a percentage format fits anything but a
// plain number, which it would show a hundredfold (250 as 25000%).
func (w *writer) fitsPreparedFormat(sheet string, to cell, value string) bool {
	if strings.TrimSpace(value) == "" {
		return true
	}
	f := w.format(w.shownStyle(sheet, to))
	switch numberKind(f) {
	case kindDate:
		return w.readsAsDate(sheet, to, value)
	case kindText:
		_, plain := parseNumber(value)
		return !plain
	case kindNumber:
		if isPercentFormat(f) {
			_, plain := parseNumber(value)
			return !plain
		}
	}
	return true
}

// isPercentFormat reports whether the number format multiplies by 100
// to show a value: the built-in 0% and 0.00%, or a custom code with a %
// outside its literals.
func isPercentFormat(f *cellFormat) bool {
	if f == nil {
		return false
	}
	if f.CustomNumFmt != nil {
		return strings.Contains(quoted.ReplaceAllString(*f.CustomNumFmt, ""), "%")
	}
	return f.NumFmt == numFmtPercent || f.NumFmt == numFmtPercentDecimals
}

// readsAsDate reports whether value is a date the cell at c, date
// formatted, takes as one (see storedAs).
func (w *writer) readsAsDate(sheet string, c cell, value string) bool {
	if _, ok := parseDateIn(value, w.dateOrderAt(sheet, c)); ok {
		return true
	}
	_, ok := parseDate(value)
	return ok
}

// validated reports a validation covering the cell, from the rules the
// writer read (none read at all on a sheet the scan found without
// validations: dataValidations would read the sheet's whole part again
// to find none).
func (w *writer) validated(sheet string, c cell) bool {
	if sc := w.scan(sheet); sc != nil && !sc.validations {
		return false
	}
	rules, ok := w.rules[sheet]
	if !ok {
		var err error
		if rules, err = w.wb.rules(sheet, w.scan(sheet)); err != nil {
			return false
		}
		w.rules[sheet] = rules
	}
	for _, r := range rules {
		if inRects(r.rects, c) {
			return true
		}
	}
	return false
}

// sqrefContains reports whether the space-separated ranges hold c.
func sqrefContains(sqref string, c cell) bool {
	for _, part := range strings.Fields(sqref) {
		if rc, ok := parseRect(part); ok && rc.contains(c.row, c.col) {
			return true
		}
	}
	return false
}
