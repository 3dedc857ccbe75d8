package excel

import (
	"github.com/formfill/formfill/formats"
)

// formulaNode is one formula cell of the workbook. The graph holds one
// for every formula through the whole calculation (17,782 on HECVAT
// 4.14), so it keeps no text (formulaGraph.text reads it again, for the
// few computed: a shared formula's is made anew) and names the functions
// it notes by a byte: 56 bytes, not 104.
type formulaNode struct {
	at       cell
	refs     []int32  // the references it reads: indexes into the graph's rects
	volatile funcCode // the first volatile function it calls
	approx   funcCode // the first approximate-match lookup it calls (see calclookup.go)
	external bool     // reads another workbook
	untraced untraced // how it reads cells the graph cannot name, if it does
	pureRef  bool     // the formula is one single-cell reference
	lookup   bool     // the formula is one lookup: an empty cell found shows 0
	joins    bool     // its last operation joins text (&): the result is a string
}

// funcCode names one of noted: 0 for none.
type funcCode uint8

// noted are the functions a node notes: the volatile ones and the
// lookups that can match approximately (see approximate).
var noted = []string{"", "NOW", "TODAY", "RAND", "RANDBETWEEN", "RANDARRAY", "OFFSET", "INDIRECT", "CELL", "INFO",
	"VLOOKUP", "HLOOKUP", "MATCH", "LOOKUP"}

// codeOf is name's code, 0 when noted does not hold it.
func codeOf(name string) funcCode {
	for i, n := range noted {
		if n == name {
			return funcCode(i)
		}
	}
	return 0
}

// String is the function's name, "" for none.
func (f funcCode) String() string { return noted[f] }

// sheetRect is a reference: a rectangle of one sheet.
type sheetRect struct {
	sheet int
	rect
}

// formulaGraph indexes the workbook's formulas by the cells they read.
//
// A questionnaire's formulas read few ranges many times (HECVAT 4.14:
// 59,261 references, 9,369 of them distinct, most lookups over the same
// tables), so each distinct reference is kept once, in rects, and the
// column index lists each distinct narrow range once with the nodes
// reading it, not once per node: a 24-column table read by a thousand
// lookups is 24 entries, not 24,000.
type formulaGraph struct {
	src    calcSource // where text reads a node's formula
	nodes  []*formulaNode
	rects  []sheetRect       // the distinct references, indexed by formulaNode.refs
	rectID map[rectKey]int32 // rects' indexes while the graph is built
	ids    []int32           // the storage of the nodes' refs, filled a chunk at a time

	// The index, which readers reads and the calculation does without.
	byCol     map[[2]int][]colRead // sheet, column → the narrow ranges read there, each once
	rectNodes [][]int32            // rect → the nodes reading it that read no wide range, ascending
	mixed     map[[2]int][]colRef  // sheet, column → the narrow ranges read by nodes reading a wide one too
	wide      map[int][]int        // sheet → nodes reading a wide range
	hits      []int32              // readers' scratch: the nodes whose narrow ranges hold the cell

	// arrays are the workbook's array formulas (recalcarray.go): a reader
	// of a cell of one's range reads the formula.
	arrays *arrayIndex

	// untraced are the nodes that read cells no reference of theirs names
	// (see untraced): any write may change them (see noteUntraced).
	untraced []int32
	// dynamic are the ranges the rewritten INDIRECT and OFFSET calls
	// read, by sheet (see resolveDynamic): readers finds their formulas
	// through them.
	dynamic map[int][]dynamicRead

	stop  *formats.Stopper // the call's: readers looks at it (see stepReaders)
	steps int              // readers' work since its last look
}

// colRead is a distinct narrow range of one column: its rows and its
// index in rects.
type colRead struct {
	rect, r1, r2 int32
	reach        int32 // the last row the column's ranges up to this one reach (recalcgraphindex.go)
}

// colRef is a narrow range of one column that a node reading a wide
// range too reads: its rows, and the node. Checking a column's readers
// reads these in a row, not each node's references.
type colRef struct {
	node, r1, r2 int32
}

// idChunk is how many reference indexes the graph allocates at a time.
const idChunk = 4096

func newFormulaGraph() *formulaGraph {
	return &formulaGraph{rectID: map[rectKey]int32{}, byCol: map[[2]int][]colRead{},
		mixed: map[[2]int][]colRef{}, wide: map[int][]int{}}
}

// graph reads every formula of the workbook once. The graph keeps no
// formula's text, so once a sheet's formulas are read the scan of a sheet
// the write did not write is let go (releaseSheet): the open held every
// sheet's scan, and with the graph beside them (HECVAT 4.14: 5 MB of
// scans, most of them the scoring sheets', and 2.3 MB of graph) they
// made the fill's peak. The formulas are read in two passes
// (readFormulas), so that no scan is held while they are parsed either.
// The calculation scans again only the sheets its formulas sit on or
// read, when it first reads them.
func (w *writer) graph(src calcSource) (*formulaGraph, bool) {
	g := newFormulaGraph()
	g.src, g.stop, g.arrays = src, w.wb.stop, w.arrayRanges()
	names := src.names()
	tc := newTokenCache()
	read, ok := w.readFormulas(src)
	if !ok {
		return nil, false
	}
	for si := range read {
		if !g.addSheet(w.wb, si+1, read[si], names, tc) {
			return nil, false
		}
		read[si] = sheetFormulas{} // parsed: its texts are let go of
	}
	g.finish()
	return g, true
}

// addSheet parses and adds the formulas f of sheet; false past
// maxFormulas.
func (g *formulaGraph) addSheet(wb *workbook, sheet int, f sheetFormulas, names []calcName, tc *tokenCache) bool {
	for k, p := range f.cells {
		if len(g.nodes) >= maxFormulas {
			return false
		}
		at := cell{sheet: sheet, row: p[0], col: p[1]}
		text := f.texts[k].String()
		if text == "" {
			continue
		}
		g.add(wb.parseFormula(at, text, names, tc))
	}
	return true
}

// text is node n's formula.
func (g *formulaGraph) text(n *formulaNode) string {
	return g.src.formula(n.at.sheet, n.at.row, n.at.col)
}

// add keeps n, which reads refs, and indexes it by the cells it reads
// while the graph has an index (the calculation workbook adds the
// formulas it pulls in after the index is dropped).
func (g *formulaGraph) add(n *formulaNode, refs []sheetRect) {
	i := int32(len(g.nodes))
	g.nodes = append(g.nodes, n)
	if n.untraced != 0 {
		g.untraced = append(g.untraced, i)
	}
	n.refs = g.intern(refs)
	if g.byCol == nil {
		return
	}
	wide := false
	for _, r := range refs {
		wide = wide || r.c2-r.c1 >= wideRef
	}
	for k, r := range refs {
		switch {
		case r.c2-r.c1 >= wideRef:
			g.wide[r.sheet] = append(g.wide[r.sheet], int(i))
		case wide:
			for c := r.c1; c <= r.c2; c++ {
				key := [2]int{r.sheet, c}
				g.mixed[key] = append(g.mixed[key], colRef{node: i, r1: int32(r.r1), r2: int32(min(r.r2, maxRows))})
			}
		default:
			id := n.refs[k]
			l := g.rectNodes[id]
			if len(l) > 0 && l[len(l)-1] == i {
				continue // the formula reads the range twice
			}
			if len(l) == 0 {
				for c := r.c1; c <= r.c2; c++ {
					key := [2]int{r.sheet, c}
					g.byCol[key] = append(g.byCol[key], colRead{rect: id, r1: int32(r.r1), r2: int32(min(r.r2, maxRows))})
				}
			}
			g.rectNodes[id] = append(l, i)
		}
	}
}

// intern is refs as indexes into rects, adding the new ones.
func (g *formulaGraph) intern(refs []sheetRect) []int32 {
	if len(refs) == 0 {
		return nil
	}
	if cap(g.ids)-len(g.ids) < len(refs) {
		g.ids = make([]int32, 0, max(idChunk, len(refs)))
	}
	from := len(g.ids)
	for _, r := range refs {
		k, keyed := keyOf(r)
		id, ok := g.rectID[k]
		if !ok || !keyed {
			id = int32(len(g.rects))
			g.rects = append(g.rects, r)
			if g.rectID != nil && keyed {
				g.rectID[k] = id
			}
			if g.byCol != nil {
				g.rectNodes = append(g.rectNodes, nil)
			}
		}
		g.ids = append(g.ids, id)
	}
	return g.ids[from:len(g.ids):len(g.ids)]
}

// rectKey is a sheetRect in 20 bytes, not 40: the map of the distinct
// references while the graph is built holds one per reference (9,400 on
// HECVAT 4.14), and was the largest thing the recalculation held at its
// peak, beside every sheet's scan.
type rectKey struct{ sheet, r1, c1, r2, c2 int32 }

// keyOf is r's key; false when a bound does not fit (no reference parsed
// within Excel's grid does), and r is then not looked up, only added: a
// reference given two indexes reads the same cells under each.
func keyOf(r sheetRect) (rectKey, bool) {
	k := rectKey{int32(r.sheet), int32(r.r1), int32(r.c1), int32(r.r2), int32(r.c2)}
	ok := int(k.sheet) == r.sheet && int(k.r1) == r.r1 && int(k.c1) == r.c1 && int(k.r2) == r.r2 && int(k.c2) == r.c2
	return k, ok
}

// finish gives the graph's lists their lengths as capacities, in one
// block for the rects' nodes: the graph is held through the whole
// calculation, and appending left up to half of each list's room unused.
func (g *formulaGraph) finish() {
	g.rectID = nil
	g.rects = append(make([]sheetRect, 0, len(g.rects)), g.rects...)
	for k, l := range g.byCol {
		g.byCol[k] = append(make([]colRead, 0, len(l)), l...)
	}
	g.sortColumns()
	for k, l := range g.mixed {
		g.mixed[k] = append(make([]colRef, 0, len(l)), l...)
	}
	total := 0
	for _, l := range g.rectNodes {
		total += len(l)
	}
	flat := make([]int32, 0, total)
	for id, l := range g.rectNodes {
		from := len(flat)
		flat = append(flat, l...)
		g.rectNodes[id] = flat[from:len(flat):len(flat)]
	}
}

// dropIndex lets go of the index: the calculation, which allocates the
// most, runs without it.
func (g *formulaGraph) dropIndex() {
	g.byCol, g.rectNodes, g.mixed, g.wide, g.hits, g.dynamic = nil, nil, nil, nil, nil, nil
}

// sheetsOf is the sheets (1-based indexes) the nodes sit on and read.
func (g *formulaGraph) sheetsOf(nodes []int) map[int]bool {
	out := map[int]bool{}
	for _, i := range nodes {
		n := g.nodes[i]
		out[n.at.sheet] = true
		for _, id := range n.refs {
			out[g.rects[id].sheet] = true
		}
	}
	return out
}

// ref is node n's k-th reference.
func (g *formulaGraph) ref(n *formulaNode, k int) sheetRect {
	return g.rects[n.refs[k]]
}

// readers are the formulas that read c, in the order of the nodes: those
// whose narrow ranges of c's column hold it, and those reading a wide
// range too among them when one of their ranges holds it; then those
// reading a wide range of c's sheet that holds it (visited a second
// time when they were among the first), and those whose rewritten
// INDIRECT or OFFSET calls read it. visit must not call readers.
// Once the call's context has ended it abandons the call (see
// stepReaders).
func (g *formulaGraph) readers(c cell, visit func(int)) {
	g.arrayReaders(c, visit) // recalcarray.go: an array formula's results' readers read it
	check := func(i int) {
		for _, id := range g.nodes[i].refs {
			if r := g.rects[id]; r.sheet == c.sheet && r.contains(c.row, c.col) {
				visit(i)
				return
			}
		}
	}
	key := [2]int{c.sheet, c.col}
	hits, mixed := g.hitNodes(key, c.row), g.mixed[key]
	for h, k := 0, 0; h < len(hits) || k < len(mixed); {
		if k == len(mixed) || h < len(hits) && hits[h] < mixed[k].node {
			visit(int(hits[h]))
			h++
			continue
		}
		i, hit := mixed[k].node, false
		for ; k < len(mixed) && mixed[k].node == i; k++ { // a node's ranges lie together
			hit = hit || int(mixed[k].r1) <= c.row && c.row <= int(mixed[k].r2)
		}
		if hit {
			visit(int(i))
		} else { // a wide range may hold c: the node is visited here too
			check(int(i))
		}
	}
	for _, i := range g.wide[c.sheet] {
		check(i)
	}
	for _, d := range g.dynamic[c.sheet] {
		if d.rect.contains(c.row, c.col) {
			visit(int(d.node))
		}
	}
	g.stepReaders(1 + len(hits) + len(mixed) + len(g.wide[c.sheet]) + len(g.dynamic[c.sheet]))
}

// hitNodes are the nodes reading no wide range whose narrow ranges of
// column key hold row, ascending, each once, in the graph's scratch.
func (g *formulaGraph) hitNodes(key [2]int, row int) []int32 {
	g.hits = g.columnHits(g.byCol[key], row, g.hits[:0]) // recalcgraphindex.go
	return g.hits
}

// dependents are the formulas reading the written cells, directly or
// through each other, breadth first (nearest first): all of them, those
// recalc computes (at most maxDependents, the nearest) and those whose
// cached values it can only remove.
func (g *formulaGraph) dependents(written map[cell]string) (deps []int) {
	seen := make([]bool, len(g.nodes))
	cells := make([]cell, 0, len(written))
	for c := range written {
		cells = append(cells, c)
	}
	sortCells(cells) // the order found is the order computed and reported
	// The queue is the written cells, then the cells of deps in the order
	// found: deps is read from head on as it grows, not copied into a
	// queue of cells beside it (three times its size, 0.9 MB live at the
	// recalculation's peak on a 600-answer HECVAT fill).
	found := func(i int) {
		if !seen[i] {
			seen[i] = true
			deps = append(deps, i)
		}
	}
	for _, c := range cells {
		g.readers(c, found)
	}
	for head := 0; head < len(deps); head++ {
		g.readers(g.nodes[deps[head]].at, found)
	}
	return deps
}
