package excel

// Narrow columns: a column set a character or two wide is a spacer
// between the columns a person reads and types in (a gutter left of a
// drop-down, a 2-wide gap inside a validation range). It cannot show an
// answer, so it is never an answer target, whatever validation or header
// spans it: the answer goes in the wide column next to it.

// maxSpacerWidth is the widest column (in Excel's character units) read
// as a spacer: at most two narrow digits show in it.
const maxSpacerWidth = 2.5

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

// add keeps the columns lo to hi (1-based, as <col> gives them) as a
// spacer, unless they read as no range or maxSpacerRanges are kept.
func (sp *spacers) add(lo, hi int) {
	if lo < 1 || hi < lo || lo > maxCols || len(*sp) >= maxSpacerRanges {
		return
	}
	*sp = append(*sp, span{lo, min(hi, maxCols)})
}

// narrowColumns returns the sheet's spacer columns, read with its other
// <col> settings in the scan's pass: <col> ranges set at most
// maxSpacerWidth wide and not hidden (a hidden column is already left
// out).
func (m *sheetModel) narrowColumns() spacers {
	if m.scan == nil {
		return nil
	}
	return m.scan.spacers
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
