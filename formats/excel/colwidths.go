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

// narrowColumns returns the sheet's spacer columns: <col> ranges set at
// most maxSpacerWidth wide, not hidden (a hidden column is already left
// out). None when the sheet has none or its part cannot be read: no
// column is then taken for a spacer.
func (m *sheetModel) narrowColumns() spacers {
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
	return spacerColumns(sheetPrefix(rc))
}

// sheetPrefix reads a worksheet's XML up to its <sheetData>, a chunk at a
// time, so a large sheet is inflated no further than its column list.
func sheetPrefix(r io.Reader) []byte {
	var prefix []byte
	chunk := make([]byte, 4<<10)
	for len(prefix) < maxColsPrefix {
		n, err := r.Read(chunk)
		from := max(0, len(prefix)-len("sheetData"))
		prefix = append(prefix, chunk[:n]...)
		if i := bytes.Index(prefix[from:], []byte("sheetData")); i >= 0 {
			return prefix[:from+i]
		}
		if err != nil {
			break
		}
	}
	return prefix
}

// spacers are column ranges (1-based, inclusive) too narrow to show an
// answer, kept as ranges: one <col> may span thousands of columns.
type spacers []span

// has reports whether column c is a spacer.
func (sp spacers) has(c int) bool {
	for _, s := range sp {
		if c >= s.min && c <= s.max {
			return true
		}
	}
	return false
}

// maxSpacerRanges bounds the <col> ranges kept: a sheet lists a few
// dozen; a hostile one is not read past this many.
const maxSpacerRanges = 256

// spacerColumns reads the <col> elements of a worksheet's XML prefix and
// returns the ranges narrow enough to be spacers. A truncated prefix is
// read as far as it goes.
func spacerColumns(prefix []byte) spacers {
	var out spacers
	d := xml.NewDecoder(bytes.NewReader(prefix))
	for len(out) < maxSpacerRanges {
		tok, err := d.RawToken()
		if err != nil {
			break
		}
		se, ok := tok.(xml.StartElement)
		if !ok || se.Name.Local != "col" {
			continue
		}
		lo, ok1 := number(firstAttr(&se, "min"))
		hi, ok2 := number(firstAttr(&se, "max"))
		w, err := strconv.ParseFloat(firstAttr(&se, "width"), 64)
		if !ok1 || !ok2 || err != nil || lo < 1 || hi < lo || lo > maxCols || isTrue(firstAttr(&se, "hidden")) || w > maxSpacerWidth {
			continue
		}
		out = append(out, span{lo, min(hi, maxCols)})
	}
	return out
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
