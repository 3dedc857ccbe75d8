package excel

import (
	"cmp"
	"encoding/xml"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/formfill/formfill/formats"
)

// The guard's pass (rowScan) follows a sheet whose rows and cells are
// numbered, in order, with plain character data. Any other sheet
// (irregular) is read here, once, by a decoder over its part: a row
// without a number follows the one before, a cell without a reference
// the cell before it in its row, a cell's own reference places it
// wherever its row is, the cells are put in row and column order, and of
// two cells at one place the later counts. Character data is the
// element's own (CDATA included, comments and nested elements left out),
// and of an element given twice in a cell the later counts.

// sheetCells is the cells of a sheet the guard's pass did not follow,
// read when first asked, whatever the lanes that ask.
type sheetCells struct {
	once    sync.Once
	cells   *rowScan
	masters map[int32]int // the shared formulas' masters (see mastersOf)
	err     error
}

// cellsOf is the cells of sheet as the read tools take them: the scan's
// when it followed the sheet, else readCells' of its part (none for a
// sheet whose part the workbook does not name).
func (wb *workbook) cellsOf(sheet string, sc *sheetScan) (*rowScan, map[int32]int, error) {
	if rs := sc.rowScan(); rs != nil {
		return rs, sc.mastersIndex(), nil
	}
	if sc == nil || sc.read == nil {
		return &rowScan{}, nil, nil
	}
	sc.read.once.Do(func() {
		sc.read.cells, sc.read.err = wb.readSheetCells(sheet)
		if sc.read.cells != nil {
			sc.read.masters = mastersOf(sc.read.cells)
		}
	})
	return sc.read.cells, sc.read.masters, sc.read.err
}

// readSheetCells reads the cells of sheet's part.
func (wb *workbook) readSheetCells(sheet string) (*rowScan, error) {
	parts, err := wb.parts()
	if err != nil {
		return nil, err
	}
	if parts[sheet] == "" {
		return &rowScan{}, nil
	}
	data, err := wb.readXML(parts[sheet])
	if err != nil {
		return nil, err
	}
	rs, err := readCells(data, wb.stop)
	if err != nil {
		return nil, formats.Wrap(formats.ErrInvalidDocument, sheet, err, "the sheet's cells could not be read")
	}
	return rs, nil
}

// cellReader is readCells' state.
type cellReader struct {
	rs       *rowScan
	depth    int
	inData   bool // inside <sheetData>
	row, col int  // the open row's number, the last cell's column
	cell     *rawCell
	text     *strings.Builder // the open text element's character data
	textAt   int              // its depth
	own, run string           // the open inline string's own text, its open run's
	runs     []string
	inRun    bool   // inside one of the inline string's runs
	typ      string // the open cell's t
	cells    []rawCell
}

// readCells reads the cells of a worksheet part; stop ends it part-way.
func readCells(data []byte, stop *formats.Stopper) (*rowScan, error) {
	r := &cellReader{rs: &rowScan{sheetData: 2}}
	walk := xmlWalk{
		start: func(path []string, t *xml.StartElement) {
			r.depth = len(path)
			r.start(t)
		},
		text: func(_ []string, t xml.CharData) {
			if r.text != nil && r.depth == r.textAt {
				r.text.Write(t)
			}
		},
		end: func(path []string) {
			r.end(path[len(path)-1])
			r.depth = len(path) - 1
		},
	}
	if err := walk.run(data, stop, nil); err != nil {
		return nil, err
	}
	r.rs.cells = ordered(r.cells)
	return r.rs, nil
}

// start sees a start element at r.depth (the root's is 1).
func (r *cellReader) start(t *xml.StartElement) {
	name := t.Name.Local
	switch {
	case r.depth == 2 && name == "sheetData":
		r.inData = true
	case !r.inData:
	case r.depth == 3 && name == "row":
		v, _ := attr(t, "r")
		if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && n > 0 {
			r.row = n
		} else {
			r.row++
		}
		r.col = 0
	case r.depth == 4 && name == "c":
		r.startCell(t)
	case r.cell == nil:
	case r.depth == 5 && name == "v":
		r.cell.hasV = true
		r.openText()
	case r.depth == 5 && name == "f":
		r.cell.hasF, r.cell.shared = true, sharedNone
		if typ, once := attr(t, "t"); typ == "shared" && once {
			r.rs.cell = r.cell
			r.rs.readShared(t)
		}
		r.openText()
	case r.depth == 5 && name == "is":
		r.cell.hasIS, r.own, r.runs = true, "", nil
	case r.depth == 6 && name == "t" && r.cell.hasIS:
		r.openText()
	case r.depth == 7 && name == "t" && r.inRun:
		r.openText()
	case r.depth == 6 && name == "r" && r.cell.hasIS:
		r.run, r.inRun = "", true
	}
}

// startCell opens a cell at its reference, else after the last one.
func (r *cellReader) startCell(t *xml.StartElement) {
	ref, _ := attr(t, "r")
	col, row, _, err := cellRef(strings.TrimSpace(ref))
	if err != nil {
		col, row = r.col+1, max(r.row, 1)
	}
	r.col = col
	r.typ, _ = attr(t, "t")
	c := rawCell{row: narrowIndex(row), col: narrowIndex(col), typ: cellTypeOf(r.typ)}
	if st, ok := attr(t, "s"); ok {
		n, _ := strconv.Atoi(strings.TrimSpace(st))
		c.style = narrowIndex(n)
	}
	r.cell = &c
}

// openText starts collecting the open element's character data.
func (r *cellReader) openText() {
	r.text, r.textAt = &strings.Builder{}, r.depth
}

// end sees the end of an element at r.depth.
func (r *cellReader) end(name string) {
	text := ""
	if r.text != nil && r.depth == r.textAt {
		text, r.text = r.text.String(), nil
	}
	switch {
	case r.depth == 2 && name == "sheetData":
		r.inData = false
	case r.cell == nil:
	case r.depth == 4:
		r.endCell()
	case r.depth == 5 && name == "v":
		r.cell.v = r.rs.keep(text)
	case r.depth == 5 && name == "f":
		r.cell.formula = r.rs.keep(text)
	case r.depth == 5 && name == "is":
		r.cell.is = r.rs.keep(r.own + strings.Join(r.runs, ""))
	case r.depth == 6 && name == "t" && r.cell.hasIS:
		r.own = text
	case r.depth == 7 && name == "t" && r.inRun:
		r.run = text
	case r.depth == 6 && name == "r" && r.inRun:
		r.runs, r.inRun = append(r.runs, r.run), false
	}
}

// endCell keeps the open cell unless it holds nothing at all.
func (r *cellReader) endCell() {
	c := r.cell
	r.cell = nil
	if c.typ == typeOther {
		c.other = r.rs.keep(r.typ)
	}
	if c.style == 0 && c.typ == typeNone && !c.hasV && !c.hasF && !c.hasIS {
		return
	}
	r.cells = append(r.cells, *c)
}

// ordered is cells in row and column order, the later of two at one
// place kept.
func ordered(cells []rawCell) []rawCell {
	slices.SortStableFunc(cells, func(a, b rawCell) int {
		if a.row != b.row {
			return cmp.Compare(a.row, b.row)
		}
		return cmp.Compare(a.col, b.col)
	})
	out := cells[:0]
	for _, c := range cells {
		if n := len(out); n > 0 && out[n-1].row == c.row && out[n-1].col == c.col {
			out[n-1] = c
			continue
		}
		out = append(out, c)
	}
	return out
}

// mastersOf is, by index, the cell index of the first master of each
// shared formula among rs's cells, in row and column order.
func mastersOf(rs *rowScan) map[int32]int {
	m := map[int32]int{}
	for i := range rs.cells {
		if c := &rs.cells[i]; c.shared == sharedMaster {
			if _, seen := m[c.sharedIndex]; !seen {
				m[c.sharedIndex] = i
			}
		}
	}
	return m
}
