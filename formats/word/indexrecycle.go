package word

import "sync"

// Recycling an index's storage. A verify of a long agreement indexes every
// body paragraph (~600 nodes on the NVCA, ~70 KB of slabs) and its ID map
// (~13 KB) and list (~9 KB), then lets both go with the document: after the tree's own
// storage was recycled (wordxml's Lazy.Recycle) they were the largest part
// of what a verify allocated. A caller that knows nothing holds the index
// any more gives it back (index.recycle); the next index cuts its nodes
// from those slabs and fills that map.

// indexStore is what a recycled index leaves for the next one.
type indexStore struct {
	slabs [][]node
	nodes []*node // empty, with the capacity of the last index's
	byID  map[string]*node
}

// indexPool holds *indexStore.
var indexPool sync.Pool

// maxPooledSlabs bounds the slabs a recycled index keeps (8192 nodes): one
// huge document must not make every later index carry its storage.
const maxPooledSlabs = 64

// newSlab is a slab of nodeSlab nodes, a recycled one when there is one.
func (ix *index) newSlab() []node {
	var s []node
	if n := len(ix.spare); n > 0 {
		s, ix.spare = ix.spare[n-1], ix.spare[:n-1]
	} else {
		s = make([]node, nodeSlab)
	}
	ix.cut = append(ix.cut, s)
	return s
}

// idMap is an empty map for ids, a recycled one when there is one.
func (ix *index) idMap() map[string]*node {
	if m := ix.spareIDs; m != nil {
		ix.spareIDs = nil
		return m
	}
	return make(map[string]*node, len(ix.nodes))
}

// takeSpares gives ix, before it is built, a recycled index's storage if
// there is one.
func (ix *index) takeSpares() {
	if st, _ := indexPool.Get().(*indexStore); st != nil {
		ix.spare, ix.nodes, ix.spareIDs = st.slabs, st.nodes, st.byID
	}
}

// recycle gives ix's nodes and ID map to later indexes. The caller
// promises that nothing uses ix or any of its nodes any more; strings read
// from them (IDs, XPaths) stay valid.
func (ix *index) recycle() {
	if ix == nil {
		return
	}
	st := &indexStore{byID: ix.byID}
	if cap(ix.nodes) <= maxPooledSlabs*nodeSlab {
		clear(ix.nodes)
		st.nodes = ix.nodes[:0]
	}
	if len(st.byID) > maxPooledSlabs*nodeSlab {
		st.byID = nil
	}
	clear(st.byID)
	if st.byID == nil {
		st.byID = ix.spareIDs
	}
	for _, s := range append(ix.cut, ix.spare...) {
		if len(st.slabs) == maxPooledSlabs {
			break
		}
		clear(s) // let go of the tree's elements
		st.slabs = append(st.slabs, s)
	}
	*ix = index{}
	indexPool.Put(st)
}
