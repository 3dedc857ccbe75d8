package excel

import (
	"encoding/xml"
	"strconv"

	"github.com/xuri/excelize/v2"
)

// The elements of a worksheet's XML one streaming pass records (see
// sheetScan.recorder): cells, formulas, rows, columns and panes, and
// the attribute readers they share.

// element records one start element; cur is the cell being read.
func (s *sheetScan) element(se *xml.StartElement, cur [2]int) [2]int {
	a := func(name string) string { return firstAttr(se, name) }
	switch se.Name.Local {
	case "c":
		cur = s.cell(a("r"), a("s"))
	case "f":
		if cur[0] > 0 {
			s.markFormula(cur)
			if a("t") == "array" {
				if r, ok := parseRect(a("ref")); ok {
					s.arrays = append(s.arrays, arrayFormula{rect: r, row: cur[0], col: cur[1]})
				}
			}
		}
	case "row":
		r, ok := number(a("r"))
		if !ok {
			break
		}
		if r > excelize.TotalRows && s.pastLastRow == 0 {
			s.pastLastRow = r
		}
		if isTrue(a("hidden")) {
			s.hiddenRows[r] = true
		}
		if isTrue(a("customFormat")) && !s.lean {
			if st, ok := number(a("s")); ok {
				s.rowStyles[r] = st
			}
		}
	case "col":
		s.col(se)
	case "pane":
		if st := a("state"); st == "frozen" || st == "frozenSplit" {
			if n, err := strconv.ParseFloat(a("ySplit"), 64); err == nil && n >= 1 {
				s.frozenRows = int(n)
			}
		}
	case "sheetProtection":
		s.protected = isTrue(a("sheet"))
	case "mergeCell":
		if ref := a("ref"); ref != "" {
			s.merges = append(s.merges, ref)
		}
	case "dimension":
		s.dimension = a("ref")
	}
	return cur
}

// markFormula records that the cell at at holds a formula, as an <f>
// read while at was the cell being read finds it. A lean scan leaves
// those of the sheet's data to its row scan (see holdsFormula) and keeps
// in its map only those read after the data: an extension's <xm:f> (a
// validation's list, say), which the full scan records on the sheet's
// last cell, as the lean one must to read as it does.
func (s *sheetScan) markFormula(at [2]int) {
	if s.lean && s.cells.sheetData != 2 {
		return
	}
	if s.formulas == nil {
		s.formulas = map[[2]int]bool{}
	}
	s.addFormula(at)
}

// cell records a cell's start tag, given its r and s attributes, and
// returns its row and column, zeros when ref does not parse.
func (s *sheetScan) cell(ref, style string) [2]int {
	col, row, _, err := cellRef(ref)
	if err != nil {
		return [2]int{}
	}
	if st, ok := number(style); ok && !s.lean {
		s.cellStyles.add(row, col, st)
	}
	return [2]int{row, col}
}

// cellAt is cell for a canonical reference read as row and col, and a
// style index read as style (styled false: none).
func (s *sheetScan) cellAt(row, col, style int, styled bool) [2]int {
	if styled && !s.lean {
		s.cellStyles.add(row, col, style)
	}
	return [2]int{row, col}
}

// firstAttr is the value of se's first attribute of local name name, ""
// when it has none.
func firstAttr(se *xml.StartElement, name string) string {
	for _, at := range se.Attr {
		if at.Name.Local == name {
			return at.Value
		}
	}
	return ""
}

// col records a <col> element: the style and visibility of a column range.
func (s *sheetScan) col(se *xml.StartElement) {
	a := func(name string) string { return firstAttr(se, name) }
	lo, ok1 := number(a("min"))
	hi, ok2 := number(a("max"))
	if !ok1 || !ok2 {
		return
	}
	if st, ok := number(a("style")); ok && !s.lean {
		s.colStyles = append(s.colStyles, colStyle{lo, hi, st})
	}
	if isTrue(a("hidden")) {
		s.hiddenCols = append(s.hiddenCols, span{lo, hi})
		return
	}
	if w, err := strconv.ParseFloat(a("width"), 64); err == nil && w <= maxSpacerWidth && !s.lean {
		s.spacers.add(lo, hi)
	}
}

// number reads a decimal attribute as strconv.Atoi does; an absent one is
// not a number. Most cells have no style: answering "" first spares
// strconv's error, an allocation per cell.
func number(v string) (int, bool) {
	if v == "" {
		return 0, false
	}
	if len(v) <= 9 { // a style index or a row: digits only, read here as Atoi reads them
		n := 0
		for i := 0; i < len(v); i++ {
			if v[i] < '0' || v[i] > '9' {
				n = -1
				break
			}
			n = n*10 + int(v[i]-'0')
		}
		if n >= 0 {
			return n, true
		}
	}
	n, err := strconv.Atoi(v)
	return n, err == nil
}

// isTrue reads an XML boolean attribute.
func isTrue(v string) bool { return v == "1" || v == "true" }
