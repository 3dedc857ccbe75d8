package word

import (
	"strconv"
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// kind says what an indexed element is.
type kind int

const (
	kindPara kind = iota
	kindTable
	kindRow
	kindCell
	kindSDT
)

// node is one addressable element: its ID, its XPath and, for cells, its
// row so neighbours can be found.
type node struct {
	id string
	// xpath is the node's XPath; read it through path. A paragraph's or
	// cell's is made on first use from base and step (stepPath): a write or
	// verify reads only its targets' (resolve), and making them all was
	// ~3.5% of an NVCA verify. The compact map still makes every node's.
	xpath string
	base  string // the XPath of the element el sits in, while xpath is unmade
	step  int    // el's position among its same-tag siblings there
	kind  kind
	el    *etree.Element
	row   *node   // the row of a cell
	cells []*node // the cells of a row
	col   int     // 0-based position of a cell in its row
}

// path returns n's XPath, making it on first use.
func (n *node) path() string {
	if n.xpath == "" && n.base != "" {
		n.xpath = stepPath(n.base, n.el, n.step)
	}
	return n.xpath
}

// index maps element IDs to elements, both ways, in document order.
type index struct {
	nodes []*node
	byID  map[string]*node         // built on first use by ids
	byEl  map[*etree.Element]*node // built on first use by node
	slab  []node                   // see add
	cut   [][]node                 // the slabs add cut nodes from, for recycle
	spare [][]node                 // recycled slabs add takes before making one
	// spareIDs is a recycled, empty map ids fills instead of making one.
	spareIDs map[string]*node
	stop     *formats.Stopper // stepped once per node while building
	err      error            // the stop that ended the build
}

// buildIndex walks w:body and names everything addressable (see the
// package documentation for the scheme). stop, if not nil, is stepped once
// per node and ends the walk with its error.
func buildIndex(body *etree.Element, stop *formats.Stopper) (*index, error) {
	ix := &index{stop: stop}
	ix.takeSpares()
	var p, t, s int
	eachStep(body, func(c *etree.Element, n int) {
		if ix.err != nil {
			return
		}
		path := func() string { return stepPath("/w:body", c, n) }
		switch {
		case isW(c, "p"):
			p++
			ix.add(node{id: "P" + strconv.Itoa(p), base: "/w:body", step: n, kind: kindPara, el: c})
		case isW(c, "tbl"):
			t++
			ix.table("T"+strconv.Itoa(t), c, path())
		case isW(c, "sdt"):
			s++
			ix.blockSDT("SDT"+strconv.Itoa(s), c, path())
		}
	})
	if ix.err != nil {
		return nil, ix.err
	}
	ix.stop = nil // the index outlives the build
	return ix, nil
}

// add indexes n, cutting it from a slab: a questionnaire has hundreds of
// nodes and allocating them one by one showed in every call.
func (ix *index) add(n node) *node {
	if len(ix.slab) == 0 {
		ix.slab = ix.newSlab()
	}
	p := &ix.slab[0]
	ix.slab = ix.slab[1:]
	*p = n
	ix.nodes = append(ix.nodes, p)
	if ix.byID != nil {
		ix.byID[p.id] = p
	}
	if ix.err == nil {
		ix.err = ix.stop.Step()
	}
	return p
}

const nodeSlab = 128

// ids maps the indexed IDs to their nodes. The map is made on first use,
// at its final size: growing it node by node while the index was built
// showed in every call on the questionnaires.
func (ix *index) ids() map[string]*node {
	if ix.byID == nil {
		ix.byID = ix.idMap()
		for _, n := range ix.nodes {
			ix.byID[n.id] = n
		}
	}
	return ix.byID
}

// node returns the indexed node of el, or nil. The element-to-node map is
// built only when asked for: most calls only look IDs up.
func (ix *index) node(el *etree.Element) *node {
	if ix.byEl == nil {
		ix.byEl = make(map[*etree.Element]*node, len(ix.nodes))
		for _, n := range ix.nodes {
			ix.byEl[n.el] = n
		}
	}
	return ix.byEl[el]
}

// blockSDT indexes a body-level content control and what it holds.
func (ix *index) blockSDT(id string, sdt *etree.Element, path string) {
	ix.add(node{id: id, xpath: path, kind: kindSDT, el: sdt})
	sc := childW(sdt, "sdtContent")
	if sc == nil {
		return
	}
	var p, t int
	base := path + "/w:sdtContent[1]"
	eachStep(sc, func(c *etree.Element, n int) {
		if ix.err != nil {
			return
		}
		switch {
		case isW(c, "p"):
			p++
			ix.add(node{id: id + "-P" + strconv.Itoa(p), base: base, step: n, kind: kindPara, el: c})
		case isW(c, "tbl"):
			t++
			ix.table(id+"-T"+strconv.Itoa(t), c, stepPath(base, c, n))
		}
	})
}

// table indexes a table, its rows and cells, and tables nested in cells.
func (ix *index) table(id string, tbl *etree.Element, path string) {
	ix.add(node{id: id, xpath: path, kind: kindTable, el: tbl})
	r := 0
	eachWrapped(tbl, path, "tr", func(tr *etree.Element, rpath string) {
		if ix.err != nil {
			return
		}
		r++
		row := ix.add(node{id: id + "-R" + strconv.Itoa(r), xpath: rpath, kind: kindRow, el: tr})
		c := 0
		eachWrappedStep(tr, rpath, "tc", func(tc *etree.Element, base string, step int) {
			c++
			cell := ix.add(node{id: row.id + "-C" + strconv.Itoa(c), base: base, step: step, kind: kindCell, el: tc, row: row, col: c - 1})
			row.cells = append(row.cells, cell)
			if !hasWrapped(tc, "tbl") {
				return
			}
			n := 0
			eachWrapped(tc, cell.path(), "tbl", func(inner *etree.Element, ipath string) {
				n++
				ix.table(cell.id+"/T"+strconv.Itoa(n), inner, ipath)
			})
		})
	})
}

// eachStep calls fn for each child element of parent with its position
// among its same-tag siblings, numbered as XPath (and etree) do. Callers
// build the step's XPath (stepPath) only for the children they index:
// building it for every child dominated the index build.
func eachStep(parent *etree.Element, fn func(c *etree.Element, n int)) {
	type count struct {
		space, tag string
		n          int
	}
	var buf [8]count
	counts := buf[:0] // few distinct tags per parent: a slice beats a map
	for _, tok := range parent.Child {
		c, ok := tok.(*etree.Element)
		if !ok {
			continue
		}
		i := 0
		for i < len(counts) && (counts[i].tag != c.Tag || counts[i].space != c.Space) {
			i++
		}
		if i == len(counts) {
			counts = append(counts, count{space: c.Space, tag: c.Tag})
		}
		counts[i].n++
		fn(c, counts[i].n)
	}
}

// stepPath is the XPath of c, the n-th child with its tag under base.
func stepPath(base string, c *etree.Element, n int) string {
	tag := c.Tag
	if c.Space != "" {
		tag = c.Space + ":" + c.Tag
	}
	return base + "/" + tag + "[" + strconv.Itoa(n) + "]"
}

// eachWrapped calls fn for each child w:tag of parent, looking through
// w:sdt/w:sdtContent and w:customXml wrappers, with its XPath.
func eachWrapped(parent *etree.Element, base, tag string, fn func(c *etree.Element, path string)) {
	eachWrappedStep(parent, base, tag, func(c *etree.Element, base string, n int) {
		fn(c, stepPath(base, c, n))
	})
}

// hasWrapped reports whether parent holds a w:tag that eachWrapped would
// visit, without making the XPaths.
func hasWrapped(parent *etree.Element, tag string) bool {
	found := false
	eachWrappedStep(parent, "", tag, func(*etree.Element, string, int) { found = true })
	return found
}

// eachWrappedStep is eachWrapped giving, instead of the XPath, what
// stepPath makes it from (the XPath of the element c sits in, and c's
// position there), for callers that need the XPath of only a few.
func eachWrappedStep(parent *etree.Element, base, tag string, fn func(c *etree.Element, base string, n int)) {
	eachStep(parent, func(c *etree.Element, n int) {
		switch {
		case isW(c, tag):
			fn(c, base, n)
		case isW(c, "sdt"):
			if sc := childW(c, "sdtContent"); sc != nil {
				eachWrappedStep(sc, stepPath(base, c, n)+"/w:sdtContent[1]", tag, fn)
			}
		case isW(c, "customXml"):
			eachWrappedStep(c, stepPath(base, c, n), tag, fn)
		}
	})
}

// lookup finds an element ID, forgiving letter case and surrounding space.
// Paragraphs inside cells (T1-R2-C1-P3) are not indexed up front, so as not
// to crowd the compact map; they are resolved on demand.
func (ix *index) lookup(id string) (*node, bool) {
	id = strings.ToUpper(strings.TrimSpace(id))
	if n, ok := ix.ids()[id]; ok {
		return n, true
	}
	return ix.cellParagraph(id)
}

// owner returns the innermost indexed cell, paragraph or control holding
// el (el itself when indexed), or nil.
func (ix *index) owner(el *etree.Element) *node {
	for e := el; e != nil; e = e.Parent() {
		if n := ix.node(e); n != nil {
			return n
		}
	}
	return nil
}
