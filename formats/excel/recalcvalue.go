package excel

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/xuri/efp"
)

// excelErrors are the error values a formula can show, stored with t="e".
var excelErrors = map[string]bool{"#NULL!": true, "#DIV/0!": true, "#VALUE!": true, "#REF!": true, "#NAME?": true,
	"#NUM!": true, "#N/A": true, "#GETTING_DATA": true, "#SPILL!": true, "#CALC!": true}

// recompute computes dependent i on the calculation workbook and records
// its cached value, or drops the value and warns when it cannot be
// computed.
func (w *writer) recompute(book *calcBook, i int, src calcSource, nc *nativeCalc, res *recalcResult) {
	n := book.g.nodes[i]
	computed, native := nc.stored(i)
	why := ""
	if !native {
		why = book.need(i)
	}
	sheet := w.wb.sheetName(n.at)
	if stale := w.arrayStale(book.g, n); stale != "" {
		w.drop(book.g, n, stale, res) // computed, it would read the removed results as they were
		return
	}
	if af := w.scan(sheet).arrayCovering(n.at.row, n.at.col); af != nil && af.holds(n.at.row, n.at.col) && why == "" {
		// excelize evaluates an array formula as a plain one (SUM(A2:A4*2)
		// reads A2 alone) and fills none of its range's other cells.
		why = "it is an array formula, which formfill does not compute"
		w.dropArray(sheet, af, res)
		book.g.noteArrayDropped(n.at, af.rect)
	}
	var v cachedValue
	if why == "" {
		var err error
		if native {
			v = computed
		} else if v, err = evaluate(book, i, src); err != nil {
			why = calcFailure(err) // calcfailure.go: in words, not Go's
		}
	}
	if why != "" {
		w.drop(book.g, n, why, res)
		return
	}
	res.set(sheet, n.at.row, n.at.col, v)
	before := src.value(n.at.sheet, n.at.row, n.at.col)
	if shown(v) == shownBefore(before) {
		return // the same stored value shows the same text: no formatting needed
	}
	// The note gives what a reader sees, as verify's does (see formulaDiff):
	// the values through the cell's number format, so that 0.5 reads "50%"
	// and a change the format hides (0 to 0.0031 under "0%") is no change.
	style := w.formulaStyle(sheet, n.at)
	now, was := w.shownAs(style, v.t, v.v), w.shownAs(style, before.cellType(), before.text)
	switch {
	case now == was:
	case len(res.shown) < maxShown:
		res.shown = append(res.shown, nowShows(w.wb.xpath(n.at), now, was))
	default:
		res.moreShown++ // counted, not written out: the notes list maxShown
	}
}

// formulaStyle is the style index of the formula cell c, read without
// scanning the sheet again: from its row scan's cell, which a lean scan
// (see leanScan) keeps though it lets go of the styles map, else from the
// scan's styles (an irregular sheet's lean scan has none: General).
func (w *writer) formulaStyle(sheet string, c cell) int {
	if rs := w.scan(sheet).rowScan(); rs != nil {
		if i, found := rs.cellIndex(c.row, c.col); found {
			return int(rs.cells[i].style)
		}
	}
	return w.shownStyle(sheet, c)
}

// shownAs is the text a formula cell of style index style shows with the
// cached value v of type t, as shownText reads a cell; an unreadable
// value shows as stored.
func (w *writer) shownAs(style int, t, v string) string {
	if t == "" && v == "" {
		return "" // no value: the cell shows nothing, whatever its format
	}
	text, err := w.shownText(cellRead{exists: true, t: t, value: v, style: style})
	if err != nil {
		return v
	}
	return text
}

// drop removes the cached value of n, which cannot be computed for why,
// and says so: by name for the first maxDropNotes, counted by reason
// after them (see summariseDrops).
func (w *writer) drop(g *formulaGraph, n *formulaNode, why string, res *recalcResult) {
	res.drop(w.wb.sheetName(n.at), n.at.row, n.at.col)
	if res.named < maxDropNotes {
		res.named++
		res.warnings = append(res.warnings, fmt.Sprintf("%s: =%s reads a written cell but %s; its cached value was removed and Excel or LibreOffice recalculates it on open", w.wb.xpath(n.at), g.fileText(n), why))
		return
	}
	if res.unnamed == nil {
		res.unnamed = map[string]int{}
	}
	res.unnamed[why]++
}

// fileText is node n's formula as the file holds it, for a note to name:
// the user finds =SUM(INDIRECT("B2:B3")) in the cell, not the range
// =SUM(Q!$B$2:$B$3) recalc computes it as (resolveDynamic); text names
// the one computed.
func (g *formulaGraph) fileText(n *formulaNode) string {
	if d, ok := g.src.(*dynamicSource); ok {
		return d.calcSource.formula(n.at.sheet, n.at.row, n.at.col)
	}
	return g.text(n)
}

// maxArrayDrop caps the cells of one array formula's range whose cached
// values dropArray removes.
const maxArrayDrop = 10000

// dropArray removes the cached results in the other cells of the array
// formula af, whose own cell's value drop removes: no reader is to show a
// stale part of its result.
func (w *writer) dropArray(sheet string, af *arrayFormula, res *recalcResult) {
	n := 0
	for r := af.r1; r <= af.r2; r++ {
		for c := af.c1; c <= af.c2 && n < maxArrayDrop; c++ {
			if r != af.row || c != af.col {
				res.drop(sheet, r, c)
				n++
			}
		}
	}
}

// shown is a cached value as a note on it shows it: a boolean as TRUE or
// FALSE, anything else as stored.
func shown(v cachedValue) string {
	if v.t == "b" {
		return boolWord(v.v)
	}
	return v.v
}

// shownBefore is a stored value as shown does it.
func shownBefore(v calcValue) string {
	if v.kind == calcBool {
		return boolWord(v.text)
	}
	return v.text
}

func boolWord(d string) string {
	if boolDigit(d) == "1" {
		return "TRUE"
	}
	return "FALSE"
}

// evaluate is dependent i's value as excelize computes it on the book,
// with the cell type Excel would store.
func evaluate(book *calcBook, i int, src calcSource) (cachedValue, error) {
	n := book.g.nodes[i]
	raw, err := book.calc(i)
	if err != nil {
		// excelize reports a formula's error value (#DIV/0!) as the error
		// itself; anything else (an unsupported function) is its failure.
		if excelErrors[err.Error()] {
			return cachedValue{v: err.Error(), t: "e"}, nil
		}
		return cachedValue{}, err
	}
	return cachedOf(book, n, raw, src), nil
}

// cachedOf is the cached value of formula n of book whose computed value,
// as CalcCellValue gives it with RawCellValue, is raw: the value with the
// cell type Excel would store.
func cachedOf(book *calcBook, n *formulaNode, raw string, src calcSource) cachedValue {
	return cachedOfDepth(book, n, raw, src, 0)
}

// maxCopyDepth bounds the chain of copies (=A1 of =B1 of …) cachedOfDepth
// follows to the formula that gives a copied value its type.
const maxCopyDepth = 16

func cachedOfDepth(book *calcBook, n *formulaNode, raw string, src calcSource, depth int) cachedValue {
	if excelErrors[raw] {
		return cachedValue{v: raw, t: "e"}
	}
	g := book.g
	if n.pureRef {
		// A copy of one cell takes that cell's type; an empty one shows 0.
		r := g.ref(n, 0)
		from := src.value(r.sheet, r.r1, r.c1)
		switch {
		case from.formula:
			// A copy of a recomputed formula has the type that formula's
			// value is given (Watkins' ='Cyber Incidence'!$M$17 of a
			// TEXT(B17,"0") is text), not its old cached one.
			if j, in := book.closure.get(cell{sheet: r.sheet, row: r.r1, col: r.c1}); in && depth < maxCopyDepth && j < len(g.nodes) {
				return cachedOfDepth(book, g.nodes[j], raw, src, depth+1)
			}
		case from.kind == calcBool:
			return cachedValue{v: boolDigit(raw), t: "b"}
		case raw == "":
			return cachedValue{v: "0"}
		case from.kind == calcString:
			return cachedValue{v: raw, t: "str"}
		}
	}
	if n.joins {
		return cachedValue{v: raw, t: "str"}
	}
	// The type the formula gives (recalctype.go), not one guessed from the
	// text; a choice's, the type of the branch it takes.
	switch takenType(g.text(n), book.judgeAt(n, raw, src, depth)) {
	case kindString:
		return cachedValue{v: raw, t: "str"}
	case kindBool:
		if raw == "TRUE" || raw == "FALSE" {
			return cachedValue{v: boolDigit(raw), t: "b"}
		}
	case kindNum:
		if _, err := strconv.ParseFloat(raw, 64); err == nil && raw != "" {
			return cachedValue{v: raw}
		}
	}
	if n.lookup && raw == "" {
		return cachedValue{v: "0"} // the lookup found an empty cell
	}
	if _, err := strconv.ParseFloat(raw, 64); err == nil && raw != "" {
		return cachedValue{v: raw}
	}
	if raw == "TRUE" || raw == "FALSE" {
		return cachedValue{v: boolDigit(raw), t: "b"}
	}
	return cachedValue{v: raw, t: "str"}
}

// judgeAt is takenType's judge of formula n's branches, whose value is
// raw: expressions computed with the native calculation in n's context,
// a reference to a recomputed formula typed as that formula's value
// would be (cachedOfDepth); nil without a native calculation.
func (b *calcBook) judgeAt(n *formulaNode, raw string, src calcSource, depth int) *branchJudge {
	if b.native == nil {
		return nil
	}
	return &branchJudge{
		eval: func(toks []efp.Token) (calcArg, bool) {
			e := nativeEval{c: b.native, from: n.at.sheet, at: n.at, toks: toks}
			v, ok := e.compare()
			return v, ok && e.pos == len(toks)
		},
		copied: func(ref efp.Token) resultKind {
			r, ok := b.wb.refRect(n.at.sheet, ref.TValue, b.native.names)
			if !ok || r.r1 != r.r2 || r.c1 != r.c2 || depth >= maxCopyDepth {
				return kindUnknown
			}
			j, in := b.closure.get(cell{sheet: r.sheet, row: r.r1, col: r.c1})
			if !in || j >= len(b.g.nodes) {
				return kindUnknown
			}
			switch cachedOfDepth(b, b.g.nodes[j], raw, src, depth+1).t {
			case "str":
				return kindString
			case "b":
				return kindBool
			case "":
				return kindNum
			}
			return kindUnknown
		},
	}
}

// boolDigit is a boolean's stored form: 1 or 0.
func boolDigit(s string) string {
	if strings.EqualFold(s, "TRUE") || s == "1" {
		return "1"
	}
	return "0"
}

// set records the computed cached value of sheet's cell at row, col; a
// value set after a drop of the cell wins over it (see dropsOf).
func (r *recalcResult) set(sheet string, row, col int, v cachedValue) {
	c := r.values[sheet]
	if c == nil {
		c = &cachedCells{}
		r.values[sheet] = c
	}
	c.set(row, col, v)
}

// drop records that sheet's cell at row, col loses its cached value, a
// value set before for it too.
func (r *recalcResult) drop(sheet string, row, col int) {
	if c := r.values[sheet]; c != nil {
		c.unset(row, col)
	}
	r.dropped[sheet] = append(r.dropped[sheet], dropKey(row, col))
}

// dropKey packs a cell's row and column into one number that sorts in
// sheet order.
func dropKey(row, col int) uint64 { return uint64(row)<<32 | uint64(uint32(col)) }

// dropsOf sorts sheet's dropped cells into sheet order, each once, and
// returns them with a test of whether one was given a value after its
// drop (set wins then).
func (r *recalcResult) dropsOf(sheet string) (keys []uint64, valued func(k uint64) bool) {
	keys = r.dropped[sheet]
	slices.Sort(keys)
	keys = slices.Compact(keys)
	r.dropped[sheet] = keys
	return keys, r.values[sheet].holds
}

// rowCol unpacks a dropKey.
func rowCol(k uint64) (row, col int) { return int(k >> 32), int(uint32(k)) }
