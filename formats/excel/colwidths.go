package excel

import (
	"bytes"
	"encoding/xml"
	"io"
	"strconv"
)

// Narrow columns: a column set a character or two wide is a spacer
// between the columns a person reads and types in (a gutter left of a
// drop-down, a 2-wide gap inside a validation range). It cannot show an
// answer, so it is never an answer target, whatever validation or header
// spans it: the answer goes in the wide column next to it.

// maxSpacerWidth is the widest column (in Excel's character units) read
// as a spacer: at most two narrow digits show in it.
const maxSpacerWidth = 2.5

// maxColsPrefix bounds how much of a sheet's XML is inflated to find its
// <cols>, which come before <sheetData>: a sheet whose prefix is longer
// is read as having no narrow columns.
const maxColsPrefix = 256 << 10

// narrowColumns returns the sheet's spacer columns (1-based): <col>
// ranges set at most maxSpacerWidth wide, not hidden (a hidden column is
// already left out). Nil when the sheet has none or its
// part cannot be read: no column is then taken for a spacer.
func (m *sheetModel) narrowColumns() map[int]bool {
	if m.wb == nil || m.wb.arch == nil {
		return nil
	}
	parts, err := m.wb.parts()
	if err != nil || parts[m.name] == "" {
		return nil
	}
	f := m.wb.arch.File(parts[m.name])
	if f == nil {
		return nil
	}
	rc, err := f.Open()
	if err != nil {
		return nil
	}
	defer rc.Close()
	prefix, _ := io.ReadAll(io.LimitReader(rc, maxColsPrefix))
	if i := bytes.Index(prefix, []byte("sheetData")); i >= 0 {
		prefix = prefix[:i]
	}
	return spacerColumns(prefix)
}

// spacerColumns reads the <col> elements of a worksheet's XML prefix and
// returns the columns narrow enough to be spacers. A truncated prefix is
// read as far as it goes.
func spacerColumns(prefix []byte) map[int]bool {
	var out map[int]bool
	d := xml.NewDecoder(bytes.NewReader(prefix))
	for {
		tok, err := d.RawToken()
		if err != nil {
			return out
		}
		se, ok := tok.(xml.StartElement)
		if !ok || se.Name.Local != "col" {
			continue
		}
		lo, ok1 := number(firstAttr(&se, "min"))
		hi, ok2 := number(firstAttr(&se, "max"))
		w, err := strconv.ParseFloat(firstAttr(&se, "width"), 64)
		if !ok1 || !ok2 || err != nil || lo < 1 || hi < lo || isTrue(firstAttr(&se, "hidden")) || w > maxSpacerWidth {
			continue
		}
		for c := lo; c <= min(hi, maxCols); c++ {
			if out == nil {
				out = map[int]bool{}
			}
			out[c] = true
		}
	}
}

// pastSheet reports a column right of every cell the sheet holds: past
// its declared dimension and its last cell with text. A label merged up
// to the sheet's edge ("How to use this tool:" over A:J of a sheet ending
// at J) has no blank beside it; the column past it is outside the form.
// A sheet without a dimension is never past.
func (m *sheetModel) pastSheet(c int) bool {
	d, ok := parseRect(m.dimension)
	return ok && c > d.c2 && c > m.maxCol
}
