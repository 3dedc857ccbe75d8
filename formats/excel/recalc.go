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
	// maxRecalc caps the dependent formulas one write recomputes: excelize
	// takes milliseconds a formula on lookups over large ranges (6 ms on
	// HECVAT 4.14's scoring sheets), and one HECVAT answer has thousands
	// of dependents. The nearest ones are computed; the rest lose their
	// cached value rather than keep a stale one.
	maxRecalc = 200
	// maxDependents caps the dependents found: past it the rest keep
	// their old cached values until a recalculation.
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
// cells no reference names, so a dependency graph cannot hold them.
var volatile = map[string]bool{"NOW": true, "TODAY": true, "RAND": true, "RANDBETWEEN": true, "RANDARRAY": true,
	"OFFSET": true, "INDIRECT": true, "CELL": true, "INFO": true}

// formulaNode is one formula cell of the workbook.
type formulaNode struct {
	at       cell
	text     string
	refs     []sheetRect
	external bool   // reads another workbook
	volatile string // the first volatile function it calls
	pureRef  bool   // the formula is one single-cell reference
	approx   string // the first approximate-match lookup it calls (see calclookup.go)
	lookup   bool   // the formula is one lookup: an empty cell found shows 0
	joins    bool   // its last operation joins text (&): the result is a string
}

// sheetRect is a reference: a rectangle of one sheet.
type sheetRect struct {
	sheet int
	rect
}

// cachedValue is the cached value recalc gives a formula cell: v and its
// cell type t ("" for a number), or none at all when drop.
type cachedValue struct {
	v, t string
	drop bool
}

// recalcResult is what recalc found: the new cached values by sheet name
// and A1 reference, the shown values that changed, and what it could not
// compute.
type recalcResult struct {
	values   map[string]map[string]cachedValue
	shown    []string // "Organization!C3 now shows 'Acme Cloud Inc'"
	warnings []string
}

// formulaGraph indexes the workbook's formulas by the cells they read.
type formulaGraph struct {
	nodes []*formulaNode
	byCol map[[2]int][]colRef // sheet, column → the narrow ranges read there
	wide  map[int][]int       // sheet → nodes reading a wide range
}

// recalc recomputes the dependents of the written cells on a calculation
// workbook bounded by what they read (see calcBook).
func (w *writer) recalc() *recalcResult {
	res := &recalcResult{values: map[string]map[string]cachedValue{}}
	if len(w.written) == 0 {
		return res
	}
	src := newScanSource(w)
	g, ok := w.graph(src)
	if !ok {
		res.warnings = append(res.warnings, fmt.Sprintf("the workbook holds more than %d formulas: formfill did not recompute them; Excel and LibreOffice recalculate them on open", maxFormulas))
		return res
	}
	w.textReadAsNumber(g, src.names(), res)
	deps, capped := g.dependents(w.written)
	if capped {
		res.warnings = append(res.warnings, fmt.Sprintf("more than %d formulas depend on the written cells: the others keep their old cached values until Excel or LibreOffice recalculates the workbook", maxDependents))
	}
	rest := deps[min(len(deps), maxRecalc):]
	ordered, cyclic := g.order(deps[:len(deps)-len(rest)])
	// The index is not read past here: the calculation, which allocates
	// the most, runs without it.
	g.byCol, g.wide = nil, nil
	book, err := newCalcBook(w.wb, src, g, deps, cyclic)
	if err != nil {
		w.dropAll(g, ordered, fmt.Sprintf("formfill could not make a workbook to compute it in (%v)", err), res)
		w.dropRest(g, rest, res)
		return res
	}
	native := newNativeCalc(book)
	raws := map[int]string{} // node → its value computed by native
	for _, i := range ordered {
		if w.wb.stop.Check() != nil {
			return res
		}
		n := g.nodes[i]
		if uncomputable(n, cyclic[i]) == "" {
			if raw, ok := native.calc(i, n); ok {
				raws[i] = raw
				continue
			}
		}
		book.need(i)
	}
	for _, i := range ordered {
		if w.wb.stop.Check() != nil {
			return res
		}
		w.recompute(book, i, src, raws, res)
	}
	w.dropRest(g, rest, res)
	if n := len(res.shown); n > maxShown {
		res.shown = append(res.shown[:maxShown], fmt.Sprintf("and %d more formulas now show other values", n-maxShown))
	}
	return res
}

// dropAll removes the cached values of the dependents nodes, which cannot
// be computed for why.
func (w *writer) dropAll(g *formulaGraph, nodes []int, why string, res *recalcResult) {
	for _, i := range nodes {
		w.drop(g.nodes[i], why, res)
	}
}

// dropRest removes the cached values of the dependents past maxRecalc, so
// that no reader shows a stale one, and says so once.
func (w *writer) dropRest(g *formulaGraph, rest []int, res *recalcResult) {
	if len(rest) == 0 {
		return
	}
	var some []string
	for _, i := range rest {
		at := g.nodes[i].at
		res.set(w.wb.sheetName(at), at.name(), cachedValue{drop: true})
		if len(some) < 3 {
			some = append(some, w.wb.xpath(at))
		}
	}
	res.warnings = append(res.warnings, fmt.Sprintf("%d more formulas depend on the written cells (%s, …): formfill computes at most %d per write, so their cached values were removed; readers that show cached values show them empty until Excel or LibreOffice recalculates the workbook", len(rest), strings.Join(some, ", "), maxRecalc))
}

// graph reads every formula of the workbook once.
func (w *writer) graph(src calcSource) (*formulaGraph, bool) {
	g := &formulaGraph{byCol: map[[2]int][]colRef{}, wide: map[int][]int{}}
	names := src.names()
	tc := newTokenCache()
	for si := range w.wb.sheets {
		for _, p := range src.formulaCells(si + 1) {
			if len(g.nodes) >= maxFormulas {
				return nil, false
			}
			at := cell{sheet: si + 1, row: p[0], col: p[1]}
			text := src.formula(at.sheet, at.row, at.col)
			if text == "" {
				continue
			}
			g.add(w.wb.parseFormula(at, text, names, tc))
		}
	}
	g.clip()
	return g, true
}

// add indexes n by the cells it reads.
func (g *formulaGraph) add(n *formulaNode) {
	i := len(g.nodes)
	g.nodes = append(g.nodes, n)
	wide := false
	for _, r := range n.refs {
		wide = wide || r.c2-r.c1 >= wideRef
	}
	for _, r := range n.refs {
		if r.c2-r.c1 >= wideRef {
			g.wide[r.sheet] = append(g.wide[r.sheet], i)
			continue
		}
		for c := r.c1; c <= r.c2; c++ {
			k := [2]int{r.sheet, c}
			node := int32(i)
			if wide {
				node = ^node
			}
			g.byCol[k] = append(g.byCol[k], colRef{node: node, r1: int32(r.r1), r2: int32(min(r.r2, maxRows))})
		}
	}
}

// colRef is a narrow range of one column that a node reads: its rows,
// and the node, complemented (^i) when it reads a wide range too.
// Checking a column's readers reads these in a row, not each node's
// references: a column of a questionnaire is read by thousands of
// formulas.
type colRef struct {
	node, r1, r2 int32
}

// clip gives each column's list its length as capacity: the graph is
// held through the whole calculation, and appending left up to half of
// each list's room unused.
func (g *formulaGraph) clip() {
	for k, l := range g.byCol {
		g.byCol[k] = append(make([]colRef, 0, len(l)), l...)
	}
}

// readers are the formulas that read c.
func (g *formulaGraph) readers(c cell, visit func(int)) {
	check := func(i int) {
		for _, r := range g.nodes[i].refs {
			if r.sheet == c.sheet && r.contains(c.row, c.col) {
				visit(i)
				return
			}
		}
	}
	l := g.byCol[[2]int{c.sheet, c.col}]
	for k := 0; k < len(l); {
		i, hit := l[k].node, false
		for ; k < len(l) && l[k].node == i; k++ { // a node's ranges lie together
			hit = hit || int(l[k].r1) <= c.row && c.row <= int(l[k].r2)
		}
		node, wide := int(i), i < 0
		if wide {
			node = int(^i)
		}
		switch {
		case hit:
			visit(node)
		case wide: // a wide range may hold c: the node is visited here too
			check(node)
		}
	}
	for _, i := range g.wide[c.sheet] {
		check(i)
	}
}

// dependents are the formulas reading the written cells, directly or
// through each other, breadth first (nearest first), at most
// maxDependents of them.
func (g *formulaGraph) dependents(written map[cell]string) (deps []int, capped bool) {
	seen := make([]bool, len(g.nodes))
	var queue []cell
	for c := range written {
		queue = append(queue, c)
	}
	sortCells(queue)
	for len(queue) > 0 && !capped {
		c := queue[0]
		queue = queue[1:]
		g.readers(c, func(i int) {
			if seen[i] || capped {
				return
			}
			if len(deps) >= maxDependents {
				capped = true
				return
			}
			seen[i] = true
			deps = append(deps, i)
			queue = append(queue, g.nodes[i].at)
		})
	}
	return deps, capped
}

// order is the dependents in calculation order, each after the dependents
// it reads (Kahn), and marks those on a cycle or reading one: the ones the
// peeling leaves, which come last. excelize's evaluator caches what it
// computes along the way, so the order decides what a formula reads.
func (g *formulaGraph) order(deps []int) (ordered []int, cyclic map[int]bool) {
	in := map[int]bool{}
	for _, i := range deps {
		in[i] = true
	}
	pending := map[int]int{} // node → unresolved dependents it reads
	readBy := map[int][]int{}
	for _, i := range deps {
		g.readers(g.nodes[i].at, func(j int) {
			if in[j] {
				pending[j]++
				readBy[i] = append(readBy[i], j)
			}
		})
	}
	var ready []int
	for _, i := range deps {
		if pending[i] == 0 {
			ready = append(ready, i)
		}
	}
	for len(ready) > 0 {
		i := ready[0]
		ready = ready[1:]
		ordered = append(ordered, i)
		for _, j := range readBy[i] {
			if pending[j]--; pending[j] == 0 {
				ready = append(ready, j)
			}
		}
	}
	cyclic = map[int]bool{}
	for _, i := range deps {
		if pending[i] > 0 {
			cyclic[i] = true
			ordered = append(ordered, i)
		}
	}
	return ordered, cyclic
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

// parseFormula reads the references and functions of the formula at at.
// names are the workbook's defined names; tc, when not nil, tokenizes
// each shape of formula once.
func (wb *workbook) parseFormula(at cell, text string, names []calcName, tc *tokenCache) *formulaNode {
	n := &formulaNode{at: at, text: text}
	toks := tc.parse(text)
	ranges := 0
	for _, t := range toks {
		if t.TType == efp.TokenTypeOperand && t.TSubType == efp.TokenSubTypeRange {
			ranges++
		}
	}
	n.refs = make([]sheetRect, 0, ranges) // held through the calculation: no room to spare
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
			if volatile[name] && n.volatile == "" {
				n.volatile = name
			}
			operands += 2
		case t.TType == efp.TokenTypeOperand && t.TSubType == efp.TokenSubTypeRange:
			operands++
			if strings.Contains(t.TValue, "[") {
				n.external = true
				continue
			}
			if r, ok := wb.refRect(at.sheet, t.TValue, names); ok {
				n.refs = append(n.refs, r)
			}
		case t.TType == efp.TokenTypeOperand || t.TType == efp.TokenTypeOperatorInfix || t.TType == efp.TokenTypeOperatorPrefix:
			operands += 2
		}
	}
	n.approx, n.lookup = lookupFacts(toks)
	n.pureRef = operands == 1 && len(n.refs) == 1 && n.refs[0].r1 == n.refs[0].r2 && n.refs[0].c1 == n.refs[0].c2
	return n
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
