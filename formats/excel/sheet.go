package excel

import (
	"strings"

	"github.com/formfill/formfill/formats"
	"github.com/xuri/excelize/v2"
)

// rect is a 1-based, inclusive cell rectangle.
type rect struct{ r1, c1, r2, c2 int }

func (r rect) contains(row, col int) bool {
	return row >= r.r1 && row <= r.r2 && col >= r.c1 && col <= r.c2
}

// parseRect reads C5 or C5:D6 (absolute markers allowed).
func parseRect(ref string) (rect, bool) {
	ref = strings.ReplaceAll(strings.TrimSpace(ref), "$", "")
	a, b, found := strings.Cut(ref, ":")
	if !found {
		b = a
	}
	c1, r1, err1 := excelize.CellNameToCoordinates(a)
	c2, r2, err2 := excelize.CellNameToCoordinates(b)
	if err1 != nil || err2 != nil {
		return rect{}, false
	}
	return rect{min(r1, r2), min(c1, c2), max(r1, r2), max(c1, c2)}, true
}

// mergeRange is one merged range of a sheet.
type mergeRange struct {
	ref string
	rect
}

// sheetModel is what the read tools need of one worksheet.
type sheetModel struct {
	index     int // 1-based
	name      string
	hidden    bool
	rows      [][]string // formatted cell text, rows[r-1][c-1]
	maxCol    int
	dimension string
	merged    []mergeRange
	rules     []rule
	// links are the sheet's hyperlinks, resolved (hyperlinks.go), and
	// linkCells the index linkAt reads them by.
	links     []sheetLink
	linkCells map[[2]int]int32
	// noEntryRules marks the rules whose input message asks the user not
	// to type (see noEntry), made when first asked.
	noEntryRules []bool
	hiddenRows   map[int]bool
	formulas     map[[2]int]bool
	formulaOrder [][2]int    // formulas' cells in reading order, when the scan has them (see orderedFormulas)
	formulaBits  formulaBits // formulas as bitsets, made when first asked (formulaindex.go)
	scan         *sheetScan
	wb           *workbook
	matched      map[patternText]bool // matches, by pattern and text
	// numeric maps the cells formulas read as numbers to a formula's
	// cell (numeric.go), made when first asked.
	numeric *numericReads
	// stop is the Stopper of a sheet worked in a lane; nil: the call's.
	stop *formats.Stopper
}

// loadSheet reads sheet index (1-based) of wb.
func (wb *workbook) loadSheet(index int) (*sheetModel, error) {
	if err := wb.stop.Check(); err != nil {
		return nil, err
	}
	name := wb.sheets[index-1]
	visible := wb.book.sheets[index-1].visible()
	sc, err := wb.scanSheet(name)
	if err != nil {
		return nil, err
	}
	rows, err := wb.rows(name, sc)
	if err != nil {
		return nil, err
	}
	m := &sheetModel{index: index, name: name, hidden: !visible, rows: rows, wb: wb,
		hiddenRows: map[int]bool{}}
	for _, r := range rows {
		m.maxCol = max(m.maxCol, len(r))
	}
	m.scan, m.formulas, m.hiddenRows, m.dimension = sc, sc.formulas, sc.hiddenRows, sc.dimension
	m.formulaOrder = sc.formulaOrder
	for _, ref := range sc.merges {
		if r, ok := parseRect(ref); ok {
			m.merged = append(m.merged, mergeRange{ref: ref, rect: r})
		}
	}
	if m.links, err = wb.sheetLinks(name, sc, m.merged); err != nil {
		return nil, err
	}
	m.linkCells = linkIndex(m.links)
	if !sc.validations {
		return m, nil
	}
	if m.rules, err = wb.rules(name, sc); err != nil {
		return nil, err
	}
	return m, nil
}

// maxRow is the last row with any cell in the sheet's data.
func (m *sheetModel) maxRow() int { return len(m.rows) }

// usedRange is the sheet's declared dimension widened to cover every cell
// it holds: Excel and openpyxl do not trust a <dimension> that leaves
// cells out (a generator may write it before adding rows), and neither
// does the range formfill reports. It then starts at A1, where the
// rows formfill reads start.
func (m *sheetModel) usedRange() string {
	rows, cols := m.maxRow(), max(m.maxCol, 1)
	if rows == 0 {
		return m.dimension
	}
	dim := strings.ReplaceAll(m.dimension, "$", "")
	if r, ok := parseRect(dim); ok && r.r1 >= 1 && r.c1 >= 1 {
		if r.r2 >= rows && r.c2 >= cols {
			return m.dimension // covers every cell: as declared
		}
		rows, cols = max(rows, r.r2), max(cols, r.c2)
	}
	last, _ := excelize.CoordinatesToCellName(cols, rows)
	return "A1:" + last
}

// text is the formatted text of the cell, "" when absent.
func (m *sheetModel) text(row, col int) string {
	if row < 1 || row > len(m.rows) || col < 1 || col > len(m.rows[row-1]) {
		return ""
	}
	return m.rows[row-1][col-1]
}

// mergeAt returns the merged range covering the cell, or nil.
func (m *sheetModel) mergeAt(row, col int) *mergeRange {
	for i := range m.merged {
		if m.merged[i].contains(row, col) {
			return &m.merged[i]
		}
	}
	return nil
}

// covered reports whether the cell lies inside a merged range but is not
// its anchor: Excel ignores such cells.
func (m *sheetModel) covered(row, col int) bool {
	mr := m.mergeAt(row, col)
	return mr != nil && (mr.r1 != row || mr.c1 != col)
}

// ruleAt returns the first validation rule covering the cell, or nil.
func (m *sheetModel) ruleAt(row, col int) *rule {
	for i := range m.rules {
		for _, r := range m.rules[i].rects {
			if r.contains(row, col) {
				return &m.rules[i]
			}
		}
	}
	return nil
}

// style returns the cell's style, nil when it has none or cannot be read.
func (m *sheetModel) style(row, col int) *cellFormat {
	return m.wb.cellFormat(m.scan.styleIndex(row, col))
}

// rowText joins the non-empty cells of a row with tabs: the context
// validate_locations shows.
func (m *sheetModel) rowText(row int) string {
	if row < 1 || row > len(m.rows) {
		return ""
	}
	var parts []string
	for _, v := range m.rows[row-1] {
		if v = strings.TrimSpace(v); v != "" {
			parts = append(parts, v)
		}
	}
	return strings.Join(parts, "\t")
}
