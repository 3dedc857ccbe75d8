package excel

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/xuri/efp"
	"github.com/xuri/excelize/v2"
)

// After a write, the formulas that read the written cells, directly or
// through other formulas and across sheets, would keep the values cached
// when the workbook was last saved: previews, pandas and openpyxl's
// data_only show those. recalc finds those dependents from one graph of
// the workbook's formulas, recomputes them (the shapes questionnaires
// repeat itself, see calcnative.go, the others with excelize's evaluator)
// and returns their new cached values; the ones it cannot compute lose their
// cached value and are reported. Excel and LibreOffice recalculate
// everything on open anyway (see setFullCalcOnLoad).

const (
	// maxDependents caps the dependents recomputed (see recalcbudget.go
	// for the work they may take): past it the rest lose their cached
	// values, as the ones past the budget do (see dropBeyond).
	maxDependents = 20000
	// maxShown caps the notes on changed values a verification lists.
	maxShown = 20
	// maxFormulas caps the formulas read into the graph: past it the
	// workbook is left to recalculate on open.
	maxFormulas = 200000
	// wideRef is the width past which a reference is indexed per sheet
	// rather than per column.
	wideRef = 64
)

// volatile functions give another value on every calculation, or read
// cells no reference names, so a dependency graph cannot hold them; but
// an INDIRECT or OFFSET call resolveDynamic rewrites as the range it
// reads.
var volatile = map[string]bool{"NOW": true, "TODAY": true, "RAND": true, "RANDBETWEEN": true, "RANDARRAY": true,
	"OFFSET": true, "INDIRECT": true, "CELL": true, "INFO": true}

// cachedValue is the cached value recalc gives a formula cell: v and its
// cell type t ("" for a number), or none at all when drop.
type cachedValue struct {
	v, t string
	drop bool
}

// recalcResult is what recalc found: the new cached values by sheet name
// and cell (see cachedCells), the cells whose cached values are removed, the shown
// values that changed, and what it could not compute.
//
// The removed values are most of a large write's (13,300 of 13,500 on a
// 600-answer HECVAT 4.14 fill once, the dependents past a cap), so they are
// kept apart, a cell in 8 bytes (see dropKey), not as map entries of 90:
// the save holds them beside its edits.
type recalcResult struct {
	values  map[string]*cachedCells // computed values, packed; never a drop
	dropped map[string][]uint64     // sheet → dropKeys, in the order dropped, maybe twice
	shown   []string                // "Organization!C3 now shows 'Acme Cloud Inc'"
	// moreShown counts the changed values past the first maxShown,
	// which shown lists.
	moreShown int
	warnings  []string
	spent     int // the work done, in recalcbudget.go's units
	// named counts the dropped formulas a warning names; unnamed counts
	// the others by why they could not be computed.
	named   int
	unnamed map[string]int
}

// recalc recomputes the dependents of the written cells on a calculation
// workbook bounded by what they read (see calcBook).
func (w *writer) recalc() *recalcResult {
	res := &recalcResult{values: map[string]*cachedCells{}, dropped: map[string][]uint64{}}
	defer res.summariseDrops()
	if len(w.written) == 0 {
		return res
	}
	src, g, ok := w.recalcGraph()
	if !ok {
		res.warnings = append(res.warnings, fmt.Sprintf("the workbook holds more than %d formulas: formfill did not recompute them; Excel and LibreOffice recalculate them on open", maxFormulas))
		return res
	}
	dyn, resolved := w.resolveDynamic(g, src) // INDIRECT and OFFSET as the ranges they read
	resolved = dyn.settleUntraced(g, resolved)
	g.src = dyn
	w.textReadAsNumber(g, src.names(), res)
	deps := g.dependents(w.written)
	dyn.settleChanged(g, resolved, w.written, deps)
	ordered, cyclic := orderDeps(g, deps)
	w.noteUntraced(g, ordered, res)
	ordered, beyond := capInOrder(ordered, cyclic) // past maxDependents: found, not computed
	// The index is not read past here: the calculation, which allocates
	// the most, runs without it.
	g.dropIndex()
	// Nor are the scans of the sheets the formulas to compute neither sit
	// on nor read: the graph let go of the unwritten sheets' scans, but
	// the check of text read as numbers may have scanned some again, and
	// the calculation reads a few sheets' cells.
	w.release(g.sheetsOf(ordered))
	book := newCalcBook(w.wb, dyn, g, ordered, cyclic)
	native := newNativeCalc(book)
	computed, rest, ok := w.calcWithin(book, native, ordered, res)
	native.done()
	if !ok {
		w.dropBeyond(g, beyond, res)
		return res
	}
	for _, i := range computed {
		if w.wb.stop.Check() != nil {
			return res
		}
		w.recompute(book, i, dyn, native, res)
	}
	w.dropRest(g, rest, res)
	w.dropBeyond(g, beyond, res)
	if res.moreShown > 0 {
		res.shown = append(res.shown, moreShown(res.moreShown))
	}
	return res
}

// dropAll removes the cached values of the dependents nodes, which cannot
// be computed for why.
func (w *writer) dropAll(g *formulaGraph, nodes []int, why string, res *recalcResult) {
	for _, i := range nodes {
		w.drop(g, g.nodes[i], why, res)
	}
}

// dropRest removes the cached values of the dependents past the work
// budget (maxRecalcWork), so that no reader shows a stale one, and says so
// once.
func (w *writer) dropRest(g *formulaGraph, rest []int, res *recalcResult) {
	if len(rest) == 0 {
		return
	}
	some := w.dropEach(g, rest, res)
	res.warnings = append(res.warnings, fmt.Sprintf("%d more formulas depend on the written cells (%s, …): computing them would pass the work formfill does for one write, so their cached values were removed; readers that show cached values show them empty until Excel or LibreOffice recalculates the workbook", len(rest), strings.Join(some, ", ")))
}

// dropBeyond removes the cached values of the dependents past
// maxDependents, which recalc does not compute, and says so once: they
// still depend on the written cells, and no reader is to show a stale
// value.
func (w *writer) dropBeyond(g *formulaGraph, beyond []int, res *recalcResult) {
	if len(beyond) == 0 {
		return
	}
	some := w.dropEach(g, beyond, res)
	res.warnings = append(res.warnings, fmt.Sprintf("more than %d formulas depend on the written cells: formfill recomputes at most %d per write and removed the cached values of the %d others (%s, …); readers that show cached values show them empty until Excel or LibreOffice recalculates the workbook", maxDependents, maxDependents, len(beyond), strings.Join(some, ", ")))
}

// sortCells sorts cells in workbook order: by sheet, row, column.
func sortCells(cells []cell) {
	sort.Slice(cells, func(i, j int) bool {
		a, b := cells[i], cells[j]
		return a.sheet < b.sheet || a.sheet == b.sheet && rowColLess(a.row, a.col, b.row, b.col)
	})
}

// sortedCells is the [row, col] keys of m in reading order.
func sortedCells(m map[[2]int]bool) [][2]int {
	out := make([][2]int, 0, len(m))
	for p := range m {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool {
		return rowColLess(out[i][0], out[i][1], out[j][0], out[j][1])
	})
	return out
}

// parseFormula reads the references and functions of the formula at at,
// and returns its node and the references it reads (for formulaGraph.add,
// which copies them). names are the workbook's defined names; tc, when not
// nil, tokenizes each shape of formula once, and lends the references'
// list, valid until its next parse.
func (wb *workbook) parseFormula(at cell, text string, names []calcName, tc *tokenCache) (*formulaNode, []sheetRect) {
	n := &formulaNode{at: at}
	text = wb.structuredA1(at, text) // Tbl[Col] as the A1 range it reads (calcstructured.go)
	toks := tc.parse(text)
	var refs []sheetRect
	if tc != nil {
		refs = tc.refs[:0]
		defer func() { tc.refs = refs[:0] }()
	}
	operands, depth := 0, 0
	for _, t := range toks {
		switch {
		case t.TSubType == efp.TokenSubTypeStart:
			depth++
		case t.TSubType == efp.TokenSubTypeStop:
			depth--
		case t.TType == efp.TokenTypeOperatorInfix && t.TValue == "&" && depth == 0:
			n.joins = true
		}
		switch {
		case t.TType == efp.TokenTypeFunction && t.TSubType == efp.TokenSubTypeStart:
			name := strings.ToUpper(strings.TrimPrefix(t.TValue, "_xlfn."))
			if volatile[name] && n.volatile == 0 {
				n.volatile = codeOf(name)
			}
			if dynamicRef[name] {
				n.untraced = untracedDynamic
			}
			operands += 2
		case t.TType == efp.TokenTypeOperand && t.TSubType == efp.TokenSubTypeRange:
			operands++
			if strings.Contains(t.TValue, "[") {
				if externalRef(t.TValue) {
					n.external = true
				} else {
					n.untraced = max(n.untraced, untracedTable)
				}
				continue
			}
			if r, ok := wb.refRect(at.sheet, t.TValue, names); ok {
				refs = append(refs, r)
			} else if span, ok := wb.spanRects(t.TValue); ok {
				refs = append(refs, span...)
				n.untraced = max(n.untraced, untraced3D)
			} else {
				n.untraced = max(n.untraced, untracedRef)
			}
		case t.TType == efp.TokenTypeOperand || t.TType == efp.TokenTypeOperatorInfix || t.TType == efp.TokenTypeOperatorPrefix:
			operands += 2
		}
	}
	approx, lookup := lookupFacts(toks)
	n.approx, n.lookup = codeOf(approx), lookup
	n.pureRef = operands == 1 && len(refs) == 1 && refs[0].r1 == refs[0].r2 && refs[0].c1 == refs[0].c2
	return n, refs
}

// refRect resolves a reference token (A1, $A$1:B2, Sheet!A1, 'A b'!A:A,
// 1:3, or one of the defined names) against the workbook; from is the
// sheet of the formula.
func (wb *workbook) refRect(from int, tok string, names []calcName) (sheetRect, bool) {
	sheet, ref := from, tok
	if name, r, ok := splitSheetRef(tok); ok {
		var err error
		if sheet, err = wb.sheetIndex(name); err != nil {
			return sheetRect{}, false
		}
		ref = r
	}
	ref = strings.ReplaceAll(ref, "$", "")
	if r, ok := parseRect(ref); ok {
		return sheetRect{sheet, r}, true
	}
	a, b, found := strings.Cut(ref, ":")
	if !found {
		return wb.definedRect(from, tok, names)
	}
	if c1, err := excelize.ColumnNameToNumber(a); err == nil {
		if c2, err := excelize.ColumnNameToNumber(b); err == nil {
			return sheetRect{sheet, rect{1, min(c1, c2), maxRows, max(c1, c2)}}, true
		}
	}
	r1, err1 := strconv.Atoi(a)
	r2, err2 := strconv.Atoi(b)
	if err1 == nil && err2 == nil {
		return sheetRect{sheet, rect{min(r1, r2), 1, max(r1, r2), maxCols}}, true
	}
	return sheetRect{}, false
}

// dropEach removes the cached values of nodes, which one warning reports,
// and returns the first three cells, for that warning to name.
func (w *writer) dropEach(g *formulaGraph, nodes []int, res *recalcResult) (some []string) {
	for _, i := range nodes {
		at := g.nodes[i].at
		res.drop(w.wb.sheetName(at), at.row, at.col)
		if len(some) < 3 {
			some = append(some, w.wb.xpath(at))
		}
	}
	return some
}
