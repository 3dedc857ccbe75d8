package wordxml

import (
	"sync"

	"github.com/beevik/etree"
)

// Recycling a tree's storage. A verify reads a document.xml, builds its
// targets, reports and lets the whole tree go: ~300 KB of slabs a call,
// half of what it allocates, and the collector's work grows with it (a
// fifth of a verify's CPU). A caller that knows nothing holds the tree any
// more gives it back (Lazy.Recycle); the next read of a document-sized part
// cuts its elements from those slabs instead of new ones, and keeps the
// reader's interned names and values, which depend only on the bytes they
// were read from.

// slabList lists slabs by kind.
type slabList struct {
	els   [][]etree.Element
	attrs [][]etree.Attr
	kids  [][]etree.Token
	texts [][]etree.CharData
}

// readerPool holds readers whose trees were recycled, with their slabs as
// spares. Only readers of document-sized parts (slabs of elementSlab) go
// in: fragments' slabs are small and their trees are kept by callers.
var readerPool sync.Pool

// maxPooledNames bounds the interned names a pooled reader keeps: a
// document with endless distinct names must not make every later read
// carry them.
const maxPooledNames = 1024

// newReader is a reader for n bytes of XML, a recycled one when there is
// one and n is document-sized; its per-read fields are zero.
func newReader(n int) *xmlReader {
	slab := slabFor(n)
	if slab == elementSlab {
		if r, _ := readerPool.Get().(*xmlReader); r != nil {
			if len(r.values) != valueSlots(n) {
				r.values = nil
			}
			return r
		}
	}
	return &xmlReader{slab: slab}
}

// slabOf is a slab of n, a spare one when spare has one of that length
// (spares of another length are dropped), noted in cut either way.
func slabOf[T any](spare, cut *[][]T, n int) []T {
	var s []T
	for len(*spare) > 0 && s == nil {
		last := (*spare)[len(*spare)-1]
		*spare = (*spare)[:len(*spare)-1]
		if len(last) == n {
			s = last
		}
	}
	if s == nil {
		s = make([]T, n)
	}
	*cut = append(*cut, s)
	return s
}

// recycle puts r in readerPool, every slab it cut and every spare it did
// not use as spares, and lets go of what the read was about. Nothing may
// use the tree r read afterwards.
func (r *xmlReader) recycle() {
	if r.slab != elementSlab {
		return
	}
	r.spare.els = append(r.spare.els, r.cut.els...)
	r.spare.attrs = append(r.spare.attrs, r.cut.attrs...)
	r.spare.kids = append(r.spare.kids, r.cut.kids...)
	r.spare.texts = append(r.spare.texts, r.cut.texts...)
	r.cut = slabList{r.cut.els[:0], r.cut.attrs[:0], r.cut.kids[:0], r.cut.texts[:0]}
	r.long.recycle()
	r.els, r.attrs, r.kids, r.texts = nil, nil, nil, nil
	r.b, r.i, r.doc, r.skip, r.stop, r.lz = nil, 0, nil, nil, nil, nil
	r.frag, r.max, r.roots = false, 0, 0
	clear(r.stack)
	clear(r.held)
	r.stack, r.held = r.stack[:0], r.held[:0]
	if len(r.names) > maxPooledNames {
		r.names = nil
	}
	readerPool.Put(r)
}

// Recycle is Close, and gives the storage of the whole tree ParseLazy
// made — every element, attribute and text of the document it returned,
// built or not — to later reads. The caller promises that nothing uses
// that tree any more: its elements will be another document's. Strings
// read from it (names, values, text) stay valid.
func (l *Lazy) Recycle() {
	if l == nil || l.rd == nil {
		return
	}
	r := l.rd
	clear(l.read[:cap(l.read)])
	r.entries = l.read[:0]
	if l.spans != nil {
		clear(l.spans)
		r.spans = l.spans
	}
	l.Close()
	r.recycle()
}
