package excel

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
)

// excelize evaluates formulas on its model of a workbook, and reading a
// whole questionnaire into that model, then evaluating over it, costs
// hundreds of megabytes (issue 33: 417 MB for a 600-answer HECVAT fill).
// recalc evaluates instead on a calcBook: a new workbook with the same
// sheet names and defined names, holding only what the formulas to
// recompute need: themselves, the values of the cells and ranges they
// read (the written answers among them), and the formulas those depend on
// in turn where their cached values will not do. Its size is bounded by
// maxCalcCells, not by the workbook's.

const (
	// maxCalcCells caps the cells one write's calculation workbook holds:
	// a formula whose precedents would pass it is reported, not computed.
	maxCalcCells = 200000
	// maxCalcWork caps the cell reads of one write's calculation.
	// excelize reads every cell of a range each time a formula reads the
	// range, allocating for each: a VLOOKUP over 333 rows × 24 columns
	// reads 8,000 cells and allocates about a megabyte. A formula whose
	// evaluation, with that of the formulas it needs, would pass the cap
	// is reported, not computed.
	maxCalcWork = 2000000
	// maxFormulaWork caps the cell reads of one formula with the formulas
	// it puts in: excelize computes it in one call that cannot be stopped,
	// and a stop is to end the work within 100 ms of CPU. The first read
	// of a cell costs excelize about 5 µs on a loaded machine (a lookup
	// over 40,000 cells went 240 ms without a look at the context).
	maxFormulaWork = 30000
)

// calcBook is the calculation workbook of one write.
type calcBook struct {
	f      *excelize.File // nil until open
	src    calcSource
	wb     *workbook
	g      *formulaGraph
	sheets []string
	// closure maps the cells of the formulas to recompute (every dependent
	// of the written cells, and the uncached formulas they read) to their
	// nodes; their cached values are stale, so the book holds their
	// formulas, never their values.
	closure closureMap
	cyclic  nodeFlags
	why     map[int]string       // node → why it cannot be computed, "" when it can
	rects   map[sheetRect]string // ranges copied → why not wholly
	area    map[sheetRect]int    // cells excelize reads for each range copied
	// guessed marks the ranges copied holding a formula excelize computes:
	// a type test of it is not computed (typeTestOfGuessed).
	guessed map[sheetRect]bool
	cells   int // cells the book holds
	work    int // cells the formulas put in read (see maxCalcWork)
	// native is the write's native calculation (newNativeCalc sets it):
	// a formula it computed is put into the book as its value, so that
	// excelize never computes again, and maybe wrong, what it computed
	// (see copyRect).
	native *nativeCalc
}

// newCalcBook makes the calculation workbook of g's dependents deps,
// still without excelize's file: most writes' dependents are computed
// natively (calcnative.go), and making an excelize file parses its
// templates, a fifth of a small workbook's write. open makes it for the
// first formula left to excelize.
func newCalcBook(wb *workbook, src calcSource, g *formulaGraph, deps []int, cyclic nodeFlags) *calcBook {
	b := &calcBook{src: src, wb: wb, g: g, sheets: wb.sheets, closure: make(closureMap, len(deps)),
		cyclic: cyclic, why: map[int]string{}, rects: map[sheetRect]string{}, area: map[sheetRect]int{},
		guessed: map[sheetRect]bool{}}
	for _, i := range deps {
		b.closure.set(g.nodes[i].at, i)
	}
	return b
}

// open makes the book's excelize file: the workbook's sheets, empty, and
// its defined names.
func (b *calcBook) open() error {
	if b.f != nil {
		return nil
	}
	f := excelize.NewFile()
	if err := f.SetSheetName("Sheet1", b.sheets[0]); err != nil {
		return fmt.Errorf("sheet %q: %w", b.sheets[0], err)
	}
	for _, s := range b.sheets[1:] {
		if _, err := f.NewSheet(s); err != nil {
			return fmt.Errorf("sheet %q: %w", s, err)
		}
	}
	for _, n := range b.src.names() {
		scope := n.scope
		if scope == "" {
			scope = "Workbook"
		}
		// A name excelize refuses (a reserved one, a print area) leaves
		// the formulas using it uncomputable: they report it.
		_ = f.SetDefinedName(&excelize.DefinedName{Name: n.name, RefersTo: excelizeRefersTo(n.refersTo), Scope: scope}) // calcnames.go
	}
	b.f = f
	return nil
}

// need puts node i's formula into the book with everything it reads, and
// returns why it cannot be computed ("" when it can).
func (b *calcBook) need(i int) string {
	if why, ok := b.why[i]; ok {
		return why // or i is being put in: a cycle, which order marked
	}
	b.why[i] = ""
	n := b.g.nodes[i]
	start := b.work
	// The text excelize is given, its structured references rewritten:
	// what excelizeMiscomputes must judge (a this-row reference becomes
	// one cell).
	text := b.text(n)
	why := notForExcelize(n, b.cyclic.has(i))
	if why == "" {
		why = date1904Gap(b.wb.book.date1904, text) // calcdate1904.go
	}
	if why == "" {
		why = excelizeMiscomputes(text, func(ref string) int { return b.wb.refArea(n.at.sheet, ref, b.src.names()) })
	}
	if why == "" {
		why = textValueMisread(text, func(ref string) (calcValue, bool) { return b.singleCellValue(n.at.sheet, ref) }) // calcexcelizetext.go
	}
	for _, id := range n.refs {
		if why != "" {
			break
		}
		why = b.copyRect(b.g.rects[id])
	}
	if why == "" {
		why = b.typeTestOfGuessed(n, text) // calctypetest.go
	}
	if why == "" {
		for _, id := range n.refs {
			b.work += b.area[b.g.rects[id]]
		}
		switch {
		case b.work-start > maxFormulaWork:
			why = fmt.Sprintf("computing it, with the formulas it needs, reads more than %d cells, more than formfill computes for one formula", maxFormulaWork)
		case b.work > maxCalcWork:
			why = fmt.Sprintf("computing it, with the formulas it needs, reads more than %d cells, more than formfill computes per write", maxCalcWork)
		}
	}
	if why == "" {
		if err := b.f.SetCellFormula(b.sheets[n.at.sheet-1], n.at.name(), calcText(text)); err != nil {
			why = fmt.Sprintf("formfill could not compute it (%v)", err)
		}
	}
	b.why[i] = why
	return why
}

// uncomputable is why a formula cannot be computed by itself, natively or
// by excelize, "" when it can.
func uncomputable(n *formulaNode, cyclic bool) string {
	switch {
	case n.external:
		return "it reads another workbook"
	case n.volatile != 0:
		return fmt.Sprintf("it calls %s, whose value changes on every calculation or cannot be traced", n.volatile)
	case n.untraced != tracedFully:
		return n.untraced.reason()
	case cyclic:
		// The native calculation computes a loop of ranges in which no
		// cell reads itself (calcexcel.go); it reaches here when it could
		// not.
		return "it lies on or reads a circular reference (cells, or whole ranges, that read each other), which formfill computes only where no cell reads itself and every formula on it can be computed"
	}
	return ""
}

// notForExcelize is why a formula cannot be computed by excelize, "" when
// it can: uncomputable's reasons, and an approximate-match lookup, which
// only the native calculation searches as Excel does (calcapprox.go);
// excelize searches otherwise. A formula reaching excelize with one is
// one the native calculation could not compute (a match it does not
// search, such as MATCH(value, range, C1), or a text order it does not
// know). Its own reason comes before the loop it lies on: such a lookup
// on a loop of ranges is why the loop cannot be computed.
func notForExcelize(n *formulaNode, cyclic bool) string {
	if why := uncomputable(n, false); why != "" {
		return why
	}
	if n.approx != 0 {
		return fmt.Sprintf("it calls %s with an approximate match whose search formfill does not compute as Excel does (a match type that is not a constant, or text Excel's collation may order otherwise)", n.approx)
	}
	return uncomputable(n, cyclic)
}

// copyRect puts the cells of r into the book and returns why it could not
// ("" when it could): a formula of the closure there is put in as a
// formula (need), an uncached formula outside it too, any other cell as
// its stored value.
func (b *calcBook) copyRect(r sheetRect) string {
	if why, ok := b.rects[r]; ok {
		return why
	}
	b.rects[r] = ""
	why := ""
	last := r.r1 // the last row of r holding a cell: whole columns end there
	complete := b.src.each(r.sheet, r.rect, func(row, col int, v calcValue) bool {
		last = max(last, row)
		if b.cells++; b.cells > maxCalcCells {
			why = fmt.Sprintf("it reads, with the formulas it depends on, more than %d cells, more than formfill computes per write", maxCalcCells)
			return false
		}
		if b.cells%1024 == 0 && b.wb.stop.Check() != nil {
			why = "the call was stopped"
			return false
		}
		c := cell{sheet: r.sheet, row: row, col: col}
		j, ok := b.closure.get(c)
		if !ok && v.formula && v.kind == calcEmpty {
			j, ok = b.pull(c)
		}
		if ok {
			if v, done := b.computed(j); done {
				return b.placeOrStop(c, v, &why)
			}
			if w := b.need(j); w != "" {
				why = w // already names the formula it comes from
				if !strings.HasPrefix(w, dependsOn) {
					why = fmt.Sprintf("%s%s, which formfill cannot compute: %s", dependsOn, b.wb.xpath(c), w)
				}
				return false
			}
			b.guessed[r] = true
			return true
		}
		return b.placeOrStop(c, v, &why)
	})
	if why == "" && !complete {
		why = fmt.Sprintf("formfill could not read all of %s", b.wb.xpath(cell{sheet: r.sheet, row: r.r1, col: r.c1}))
	}
	b.rects[r] = why
	rows := r.r2 - r.r1 + 1
	if r.r2 == maxRows {
		rows = last - r.r1 + 1
	}
	b.area[r] = rows * (min(r.c2, maxCols) - r.c1 + 1)
	return why
}

// dependsOn starts the reason of a formula that cannot be computed
// because a formula it needs cannot.
const dependsOn = "it depends on "

// pull adds to the closure an uncached formula outside it, which has no
// value to copy and must be computed too.
func (b *calcBook) pull(c cell) (int, bool) {
	text := b.src.formula(c.sheet, c.row, c.col)
	if text == "" {
		return 0, false
	}
	i := len(b.g.nodes)
	b.g.add(b.wb.parseFormula(c, text, b.src.names(), nil))
	b.closure.set(c, i)
	return i, true
}

// closureMap maps cells to node numbers, a cell packed in one word: keyed
// by cell, the closure of a fill of HECVAT 4.14 (12,900 formulas) held
// twice as much.
type closureMap map[uint64]int32

// closureKey packs c: a sheet's rows (at most 2^20) and columns (2^14)
// fit in 21 bits each.
func closureKey(c cell) uint64 {
	return uint64(c.sheet)<<42 | uint64(c.row)<<21 | uint64(c.col)
}

// get is the node at c.
func (m closureMap) get(c cell) (int, bool) {
	i, ok := m[closureKey(c)]
	return int(i), ok
}

// set puts node i at c.
func (m closureMap) set(c cell, i int) { m[closureKey(c)] = int32(i) }

// placeOrStop places v at c, and otherwise sets why and returns false, to
// end copyRect's walk.
func (b *calcBook) placeOrStop(c cell, v calcValue, why *string) bool {
	if err := b.place(c, v); err != nil {
		*why = fmt.Sprintf("formfill could not copy %s (%v)", b.wb.xpath(c), err)
		return false
	}
	return true
}

// computed is the value the native calculation gave node j, as a stored
// value for place: PCI DSS's Summary!G58 reads F52:F57, one-cell COUNTIFS
// the native calculation computes and excelize counts wrong. A formula
// the dependents are ordered after was tried natively first
// (calcWithin), so its value is known by the time one reading it is put
// in.
func (b *calcBook) computed(j int) (calcValue, bool) {
	if b.native == nil {
		return calcValue{}, false
	}
	v, ok := b.native.value(j)
	if !ok {
		return calcValue{}, false
	}
	switch v.kind {
	case argNumber:
		return calcValue{kind: calcNumber, text: storedNumber(v.n)}, true
	case argBool:
		return calcValue{kind: calcBool, text: strconv.Itoa(int(v.n))}, true
	case argError:
		return calcValue{kind: calcError, text: v.s}, true
	case argString:
		return calcValue{kind: calcString, text: v.s}, true
	}
	return calcValue{}, false
}

// place puts a stored value into the book.
func (b *calcBook) place(c cell, v calcValue) error {
	sheet, ref := b.sheets[c.sheet-1], c.name()
	switch v.kind {
	case calcNumber:
		return b.f.SetCellDefault(sheet, ref, v.text)
	case calcString:
		// excelize decodes _xHHHH_ where it reads a cell back: the text as
		// written is given escaped, as the saved part holds it.
		return b.f.SetCellStr(sheet, ref, encodeXstring(v.text))
	case calcBool:
		return b.f.SetCellBool(sheet, ref, boolDigit(v.text) == "1")
	case calcError:
		// An error value is read as the error: a formula giving it.
		return b.f.SetCellFormula(sheet, ref, v.text)
	}
	return nil
}

// calc is node i's value as excelize computes it on the book (need has
// put it in).
func (b *calcBook) calc(i int) (string, error) {
	n := b.g.nodes[i]
	return b.f.CalcCellValue(b.sheets[n.at.sheet-1], n.at.name(), excelize.Options{RawCellValue: true})
}
