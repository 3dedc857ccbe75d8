package excel

import (
	"encoding/xml"
	"math"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
)

// The guard's pass over a sheet already walks its cells: rowScan keeps
// each cell's reference, type, style, raw value and formula, so that the
// read tools need not parse the sheet a second time (rows.go gives its
// rows, scanformula.go its formulas). A sheet laid out in any way rowScan
// does not follow (rows or cells without references or out of order, an
// element given twice, markup inside a value) is irregular: readCells
// reads it whole (see cellread.go).

// rawCell is one <c> of a sheet as the scan found it. It holds no pointer:
// a large sheet has tens of thousands of cells, and a slice the collector
// need not scan costs far less to make and to keep. Its texts are in the
// scan's (see textRef). Its fields are narrow (40 bytes a cell, held by
// TestRawCellStaysNarrow): a large questionnaire's cells are much of what
// an open workbook holds. A row, column or style index past int32
// saturates (see narrowIndex).
type rawCell struct {
	row, col    int32
	style       int32
	v           textRef // the <v>, unescaped
	is          textRef // an inline string's text: its <t>, then its runs' <t>
	other       textRef // the t of a cell of typeOther
	formula     textRef // its <f>'s text, unescaped (a shared formula's member shifts its master's)
	sharedIndex int32   // the shared formula's si, when it has a role
	typ         cellType
	hasV, hasF  bool
	hasIS       bool
	shared      sharedRole // its part in a shared formula (see scanformula.go)
}

// narrowIndex is n as a rawCell holds a row, column or style index:
// one past int32 saturates. A style index that large names no cell format
// either way, and the rows and columns a regular scan keeps are within
// Excel's; only readCells' counted rows of a malformed sheet could pass
// int32, where placing them would not fit in memory anyway.
func narrowIndex(n int) int32 {
	return int32(max(min(n, math.MaxInt32), math.MinInt32))
}

// textRef is a cell's text: an index into its scan's texts, plus one; 0
// is "".
type textRef int32

// cellType is a cell's t attribute.
type cellType uint8

const (
	typeNone   cellType = iota // no t: a number, or empty
	typeNumber                 // n
	typeShared                 // s
	typeString                 // str
	typeInline                 // inlineStr
	typeOther                  // b, d, e, or anything else (see beforeBook)
)

// cellTypeOf reads a t attribute.
func cellTypeOf(t string) cellType {
	switch t {
	case "":
		return typeNone
	case "n":
		return typeNumber
	case "s":
		return typeShared
	case "str":
		return typeString
	case "inlineStr":
		return typeInline
	}
	return typeOther
}

// rowScan collects the cells of a sheet during the guard's pass. It
// keeps no cell that is empty and only styled (most of a large
// questionnaire's cells): such a cell is found among the guard's cell
// styles instead (see emptyStyle). The sheet's XML is read during the pass
// only (see done).
type rowScan struct {
	data      []byte      // the part, during the pass
	styles    *cellStyles // the guard's cell styles, once the pass is over; nil for readCells' cells
	dropped   int         // how many empty, only styled cells the scan left to styles
	irregular bool
	sheetData int // 0 before <sheetData>, 1 inside, 2 after
	row       int // the open row's number, 0 between rows
	lastRow   int
	lastCol   int
	cell      *rawCell // the open cell
	valueAt   int64    // where the open <v> or <t>'s text starts
	isT       bool     // the open inline string has its own <t>
	isRun     bool     // inside one of its runs
	runs      strings.Builder
	formulaAt int64 // where the open <f>'s content starts
	cells     []rawCell
	texts     []string // the cells' texts (see textRef)
	// shapes are the last formula kept of each shape, during the pass of
	// a scan that keeps row copies (rowscancopy.go); nil in any other.
	shapes map[uint64]rowCopyShape
	// kept are the short texts kept so far, during the pass: a text many
	// cells hold is kept once (HECVAT 4.14's scans for the calculation
	// hold 20,130 texts, 3,703 of them distinct), each cell referring to
	// it. Nil outside the pass, and for readCells' cells. The numbers
	// below 1,024 written as digits (shared-string indexes, scores,
	// flags: most of the repeats) are kept in keptSmall, by value, in
	// every scan; other texts in kept only in the calculation's lean
	// scans, as hashing each text cost a first page 5% of its CPU.
	kept      map[string]textRef
	keptSmall *[len(decimals)]textRef
	// rooted is set once the pass is over when the part's root element
	// was whole (the stub builder kept it): a scan without one is no
	// sheet's.
	rooted bool
}

// newRowScan returns the row scan of a worksheet's data. Its cells grow
// as they come: most of a large questionnaire's are empty and only
// styled, and left out (see end), so room for every <c> (counted, and
// cleared) was many times what the scan keeps.
func newRowScan(data []byte) *rowScan {
	return &rowScan{data: data}
}

// token sees an element of the sheet at depth, spanning data[from:to].
func (s *rowScan) token(start bool, el *xml.StartElement, depth int, from, to int64) {
	switch {
	case s.irregular:
	case start:
		s.start(el, depth, from, to)
	default:
		s.end(el.Name.Local, depth, from, to)
	}
}

func (s *rowScan) start(t *xml.StartElement, depth int, from, to int64) {
	name := t.Name.Local
	switch {
	case depth == 1 && name == "sheetData":
		s.irregular = s.sheetData != 0
		s.sheetData = 1
	case s.sheetData != 1 || depth < 2:
		s.irregular = s.irregular || name == "row" || name == "c"
	case depth == 2:
		s.startRow(t)
	case depth == 3:
		s.startCell(t, from)
	case s.cell == nil:
	case depth == 4:
		switch name {
		case "v":
			s.irregular = s.cell.hasV
			s.cell.hasV, s.valueAt = true, to
		case "f":
			s.irregular = s.cell.hasF
			s.cell.hasF, s.formulaAt = true, to
			if typ, once := attr(t, "t"); typ == "shared" && once {
				s.readShared(t)
			}
		case "is":
			s.irregular = s.cell.hasIS
			s.cell.hasIS, s.isT = true, false
			s.runs.Reset()
		}
	case !s.cell.hasIS:
	case depth == 5 && name == "t":
		s.irregular = s.isT
		s.isT, s.valueAt = true, to
	case depth == 5 && name == "r":
		s.isRun = true
	case depth == 6 && name == "t" && s.isRun:
		s.valueAt = to
	}
}

// startRow opens a row: it must carry its number, after the last row's.
func (s *rowScan) startRow(t *xml.StartElement) {
	ref, once := attr(t, "r")
	r, err := strconv.Atoi(ref)
	if t.Name.Local != "row" || !once || err != nil || r <= s.lastRow || r > excelize.TotalRows {
		s.irregular = true
		return
	}
	s.row, s.lastRow, s.lastCol = r, r, 0
}

// startCell opens a cell: it must name itself, in its row, after the last.
func (s *rowScan) startCell(t *xml.StartElement, from int64) {
	if t.Name.Local != "c" || s.row == 0 {
		s.irregular = true
		return
	}
	ref, once1 := attr(t, "r")
	typ, once2 := attr(t, "t")
	st, hasStyle := attrCount(t, "s")
	s.openCell(ref, typ, once1 && once2, st, hasStyle, from)
}

// emptyCell sees a cell that closes itself, with reference ref (read:
// row, col, ok false when it does not read) and style index style only
// (styled false: no style), at depth 3, as token sees its start and end:
// such a cell is left out of the scan's cells (see end), so none is made.
func (s *rowScan) emptyCell(row, col int, ok bool, style int, styled bool) {
	switch {
	case s.irregular:
		return
	case s.sheetData != 1:
		s.irregular = true // a cell outside the sheet's data
		return
	case s.row == 0:
		s.irregular = true // a cell outside a row
		return
	case !ok || row != s.row || col <= s.lastCol:
		s.irregular = true // as openCell finds it
		return
	}
	s.lastCol = col
	if styled && style != 0 {
		s.dropped++
	}
}

// valueCell sees a cell with a value, and maybe a formula, as token sees
// its elements (start, startCell, end): c's texts are read as text reads
// them, the formula's first, and where each starts is left as they leave
// it.
func (s *rowScan) valueCell(c *plainCell) {
	switch {
	case s.irregular:
		return
	case s.sheetData != 1 || s.row == 0:
		s.irregular = true // a cell outside the sheet's data, or outside a row
		return
	}
	if c.row > 0 {
		s.openCellAt(c.col, c.row, true, c.typ, c.styleIndex, c.style != "")
	} else {
		hasStyle := 0
		if c.style != "" {
			hasStyle = 1
		}
		s.openCell(c.ref, c.typ, true, c.style, hasStyle, c.from)
	}
	if s.irregular {
		return
	}
	if c.hasF {
		s.cell.hasF, s.formulaAt = true, c.formulaAt
		if c.shared {
			s.cell.shared, s.cell.sharedIndex = sharedMember, c.sharedIndex // as readShared reads it
		}
		s.keepFormula(s.plain(c.formula))
	}
	s.cell.hasV, s.valueAt = true, c.valueAt
	s.cell.v = s.keep(s.plain(c.value))
	s.end("c", 3, c.to, c.to)
}

// plain is the text of raw, character data that holds no markup, as text
// reads it.
func (s *rowScan) plain(raw []byte) string {
	v, ok := unescapeText(raw)
	s.irregular = s.irregular || !ok
	return v
}

// openCell opens a cell given its r, t and s attributes (once: r and t
// are given once at most; hasStyle: how many times s is).
func (s *rowScan) openCell(ref, typ string, once bool, st string, hasStyle int, from int64) {
	col, row, _, err := cellRef(ref)
	if err != nil || !once || hasStyle > 1 || row != s.row || col <= s.lastCol {
		s.irregular = true
		return
	}
	style := 0
	if hasStyle == 1 {
		// A style that is no number: readCells' to read.
		n, err := strconv.Atoi(st)
		if err != nil {
			if cellTypeOf(typ) == typeOther {
				s.keep(typ) // as the cell would have kept it before its style
			}
			s.irregular = true
			return
		}
		style = n
	}
	s.openCellAt(col, row, true, typ, style, hasStyle == 1)
}

// openCellAt is openCell given the cell's reference read (ok false: it did
// not read, or an attribute is given twice) and its style's number
// (styled false: none).
func (s *rowScan) openCellAt(col, row int, ok bool, typ string, style int, styled bool) {
	if !ok || row != s.row || col <= s.lastCol {
		s.irregular = true
		return
	}
	c := rawCell{row: int32(row), col: int32(col), typ: cellTypeOf(typ)}
	if c.typ == typeOther {
		c.other = s.keep(typ)
	}
	if styled {
		c.style = narrowIndex(style)
	}
	s.lastCol = col
	// The open cell lives in its place in cells: nothing is appended
	// while it is open.
	s.cells = append(s.cells, c)
	s.cell = &s.cells[len(s.cells)-1]
}

func (s *rowScan) end(name string, depth int, from, to int64) {
	switch {
	case depth == 1 && name == "sheetData":
		s.sheetData = 2
	case s.sheetData != 1:
	case depth == 2:
		s.row = 0
	case depth == 3 && s.cell != nil:
		if s.cell.hasIS && s.runs.Len() > 0 {
			s.cell.is = s.keep(s.str(s.cell.is) + s.runs.String())
		}
		if c := s.cell; c.typ == typeNone && !c.hasV && !c.hasF && !c.hasIS {
			// Unstyled, rows neither shows nor counts it; styled, the
			// guard's cell styles hold all there is to it (emptyStyle).
			if c.style != 0 {
				s.dropped++
			}
			s.cells = s.cells[:len(s.cells)-1]
		}
		s.cell = nil
	case s.cell == nil:
	case depth == 4 && name == "v":
		s.cell.v = s.keep(s.text(from))
	case depth == 4 && name == "f":
		s.valueAt = s.formulaAt
		s.keepFormula(s.text(from))
	case depth == 5 && name == "t" && s.cell.hasIS:
		s.cell.is = s.keep(s.text(from))
	case depth == 5 && name == "r":
		s.isRun = false
	case depth == 6 && name == "t" && s.isRun:
		s.runs.WriteString(s.text(from))
	}
}

// keep adds t to the scan's texts and returns its reference.
func (s *rowScan) keep(t string) textRef {
	if t == "" {
		return 0
	}
	if n, ok := smallDecimal([]byte(t)); ok && s.keptSmall != nil {
		if s.keptSmall[n] == 0 {
			s.texts = append(s.texts, t)
			s.keptSmall[n] = textRef(len(s.texts))
		}
		return s.keptSmall[n]
	}
	if s.kept == nil || len(t) > maxKeptOnce {
		s.texts = append(s.texts, t)
		return textRef(len(s.texts))
	}
	ref, ok := s.kept[t]
	if !ok {
		s.texts = append(s.texts, t)
		ref = textRef(len(s.texts))
		s.kept[t] = ref
	}
	return ref
}

// maxKeptOnce is the longest text the pass keeps once however many cells
// hold it (see rowScan.kept): a questionnaire's repeated texts are short
// values (0, 1, Yes, a score), and a longer text is seldom repeated.
const maxKeptOnce = 32

// str is the cell text t refers to.
func (s *rowScan) str(t textRef) string {
	if t == 0 {
		return ""
	}
	return s.texts[t-1]
}

// text is the character data from valueAt to end, as encoding/xml gives
// it; markup inside (a comment, CDATA) makes the sheet irregular.
func (s *rowScan) text(end int64) string {
	if s.valueAt < 0 || end > int64(len(s.data)) || s.valueAt > end {
		s.irregular = true
		return ""
	}
	v, ok := unescapeText(s.data[s.valueAt:end])
	s.irregular = s.irregular || !ok
	return v
}
