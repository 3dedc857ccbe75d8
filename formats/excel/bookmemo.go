package excel

import "strings"

// The format book's text for a cell depends on its type, value and style
// alone (see sameFormatting), and those mean the same on every sheet of a
// workbook: one styles part, one shared strings table, one date system.
// The sheets of a questionnaire repeat them (the same percentages, dates
// and codes under the same formats), so a text the book gave one sheet is
// remembered for the others, and a sheet whose every formatted cell is
// remembered opens no book at all (excelize parses the book's every part
// for each sheet).

// cellFormatting is what a formatted cell's text depends on.
type cellFormatting struct {
	typ      cellType
	other, v string // other: the t of a typeOther cell (b, d, e)
	style    int
}

// formattingOf is cell c's formatting, its strings still rs's.
func formattingOf(rs *rowScan, c *rawCell) cellFormatting {
	return cellFormatting{c.typ, rs.str(c.other), rs.str(c.v), int(c.style)}
}

// knownText is a remembered text of the format book.
type knownText struct {
	val string
	ok  bool
}

// knownTexts gives the cells that stand for their formatting (like[i] ==
// i, not plain, not inline) the texts remembered from other sheets; nil
// when none is remembered.
func (wb *workbook) knownTexts(rs *rowScan, fast []scannedText, like []int) []knownText {
	wb.mu.Lock()
	defer wb.mu.Unlock()
	if len(wb.bookTexts) == 0 {
		return nil
	}
	var known []knownText
	for i := range rs.cells {
		c := &rs.cells[i]
		if fast[i].plain || like[i] != i || c.typ == typeInline {
			continue
		}
		if val, ok := wb.bookTexts[formattingOf(rs, c)]; ok {
			if known == nil {
				known = make([]knownText, len(rs.cells))
			}
			known[i] = knownText{val, true}
		}
	}
	return known
}

// rememberTexts keeps the texts the book gave this sheet's standing cells
// for the sheets read after it.
func (wb *workbook) rememberTexts(rs *rowScan, fast []scannedText, like []int, known []knownText, formatted [][]string) {
	wb.mu.Lock()
	defer wb.mu.Unlock()
	if wb.bookTexts == nil {
		wb.bookTexts = map[cellFormatting]string{}
	}
	for i := range rs.cells {
		c := &rs.cells[i]
		if fast[i].plain || like[i] != i || c.typ == typeInline || known != nil && known[i].ok {
			continue
		}
		k := formattingOf(rs, c)
		// The scan's strings live in the sheet's buffer: the map keeps copies.
		k.other, k.v = strings.Clone(k.other), strings.Clone(k.v)
		wb.bookTexts[k] = formattedAt(formatted, c)
	}
}
