package wordxml

import (
	"bytes"
	"strings"

	"github.com/beevik/etree"
)

// Slab sizes: allocating elements and attribute slices one by one was most
// of the parse; a document.xml holds thousands of each.
const (
	elementSlab = 512 // elements; twice as many attributes and first children
	kidsEach    = 2   // most elements have at most two children (w:r: w:rPr, w:t)
)

// slabFor sizes the slabs for n bytes of XML: a snippet or an answer's
// fragment of a few hundred bytes must not cost a document's slabs
// (about 120 KB), since a call may parse thousands of them. An element
// takes at least a few bytes, so n/32 rarely runs out; when it does, the
// next slab is cut.
func slabFor(n int) int { return min(elementSlab, max(16, n/32)) }

// element makes an element called name, with room for attrs attributes,
// from the slabs and appends it to parent. Capacities are capped so an
// attribute appended later reallocates instead of overwriting a neighbour.
func (r *xmlReader) element(parent *etree.Element, name string, attrs int) *etree.Element {
	if len(r.els) == 0 {
		r.els = slabOf(&r.spare.els, &r.cut.els, r.slab)
	}
	el := &r.els[0]
	r.els = r.els[1:]
	// Whole, as a recycled slab holds another tree's element.
	*el = etree.Element{Tag: name}
	if i := strings.IndexByte(name, ':'); i >= 0 {
		el.Space, el.Tag = name[:i], name[i+1:]
	}
	el.Attr = r.attrRoom(attrs)
	if len(r.kids) < kidsEach {
		r.kids = slabOf(&r.spare.kids, &r.cut.kids, 2*r.slab)
	}
	el.Child = r.kids[:0:kidsEach]
	r.kids = r.kids[kidsEach:]
	r.room(parent)
	parent.AddChild(el)
	return el
}

// attrRoom cuts an empty attribute list with room for n from the slab.
// The capacity is capped as in element.
func (r *xmlReader) attrRoom(n int) []etree.Attr {
	if len(r.attrs) < n {
		r.attrs = slabOf(&r.spare.attrs, &r.cut.attrs, max(2*r.slab, n))
	}
	a := r.attrs[:0:n]
	r.attrs = r.attrs[n:]
	return a
}

// addText appends text s to parent as a CharData cut from a slab, as
// etree's CreateText would make it (flags 0; AddChild sets parent and
// index): one allocation per text was a few percent of a write's parse.
func (r *xmlReader) addText(parent *etree.Element, s string) {
	if len(r.texts) == 0 {
		r.texts = slabOf(&r.spare.texts, &r.cut.texts, r.slab)
	}
	c := &r.texts[0]
	r.texts = r.texts[1:]
	*c = etree.CharData{Data: s} // whole: see element
	r.room(parent)
	parent.AddChild(c)
}

// maxKidsGrown bounds the child lists room cuts from the kids slab; a
// longer list (w:body's) grows by append as before.
const maxKidsGrown = 64

// room makes room for one more child of parent, when its list is full,
// by moving it to twice the capacity cut from the kids slab: paragraphs
// hold more runs than kidsEach, and append allocated at each doubling.
// The capacity is capped as in element.
func (r *xmlReader) room(parent *etree.Element) {
	n := len(parent.Child)
	if n < cap(parent.Child) {
		return
	}
	c := 2 * max(n, kidsEach)
	if c > maxKidsGrown {
		r.long.grow(parent, c)
		return
	}
	if len(r.kids) < c {
		r.kids = slabOf(&r.spare.kids, &r.cut.kids, max(2*r.slab, c))
	}
	grown := r.kids[:n:c]
	r.kids = r.kids[c:]
	copy(grown, parent.Child)
	parent.Child = grown
}

// attrCount estimates the attributes of the start tag at r.i: the '='
// signs before the next '>' (an '=' or '>' inside a value only makes the
// estimate wrong, never the tree).
func (r *xmlReader) attrCount() int {
	rest := r.b[r.i:]
	if end := bytes.IndexByte(rest, '>'); end >= 0 {
		rest = rest[:end]
	}
	return min(bytes.Count(rest, []byte("=")), 64)
}
