package wordxml

import "github.com/beevik/etree"

// longLists recycles the child lists that grow past maxKidsGrown: in a
// document.xml, w:body's, which holds every paragraph and table of the
// body. Grown by append from nothing, it was the largest allocation of a
// verify after the texts (~16 KB of ~115 KB on NVCA, its doublings). The
// longest list a read made is kept, cleared, for the next read of a
// recycled reader to grow into.
type longLists struct {
	spare []etree.Token   // a recycled read's longest list, empty, or nil
	cut   [][]etree.Token // the lists this read made or took
}

// maxPooledLong bounds the list a pooled reader keeps (16 bytes a child):
// one huge document must not make every later read carry its size.
const maxPooledLong = 1 << 16

// grow moves parent's full child list to one with room for c children:
// the spare when it has that room, which then has all it has (the list is
// parent's alone), else a new one.
func (l *longLists) grow(parent *etree.Element, c int) {
	n := len(parent.Child)
	var grown []etree.Token
	if cap(l.spare) >= c {
		grown, l.spare = l.spare[:n], nil
	} else {
		grown = make([]etree.Token, n, c)
	}
	copy(grown, parent.Child)
	parent.Child = grown
	l.cut = append(l.cut, grown)
}

// recycle keeps the longest list cut (or the spare left unused), cleared
// of the tree it held, as the spare of the next read.
func (l *longLists) recycle() {
	best := l.spare
	for _, s := range l.cut {
		if cap(s) > cap(best) {
			best = s
		}
	}
	clear(l.cut)
	l.cut = l.cut[:0]
	l.spare = nil
	if cap(best) <= maxPooledLong {
		clear(best[:cap(best)])
		l.spare = best[:0]
	}
}
