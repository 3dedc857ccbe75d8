package formats

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// A map's first page is a few hundred of a large workbook's ten thousand
// lines, yet writing every line was a quarter of making it. A lazy map
// knows from the start how many elements each of its parts holds, which
// is all that paging needs of the parts a page does not show, and builds
// a part only when a page first reaches it. Its pages are those of the
// whole map, byte for byte: the parts are built in order and appended as
// a CompactBuilder appends them, so every element's span is the one it
// has in the whole map once the next element has been built.

// CompactPart is a part of a map that can be built later: a workbook's
// sheet. Elements is how many elements Build begins; Build builds the
// part, stopping once ctx ends (a nil ctx never ends). A part maps IDs of
// its own in id_to_xpath: were a later part to map an ID again, the whole
// map would hold the later XPath, which a page built before that part
// could not know.
type CompactPart struct {
	Elements int
	Build    func(ctx context.Context) (*CompactBuilder, error)
	// Described says the engine gives, before building the part, the
	// answer targets it adds to the map (Targets, maybe none) and their
	// id_to_xpath entries (XPaths). When every part is described, the
	// targets view needs no part built.
	Described bool
	Targets   []Target
	XPaths    map[string]string
}

// LazyCompactor is implemented by engines whose maps can be built as
// pages need them: ExtractCompactLazy returns the map ExtractCompact
// returns, made with LazyCompact. A worker asks for it when it is to
// answer with a page.
type LazyCompactor interface {
	ExtractCompactLazy(doc []byte) (*CompactStructure, error)
}

// LazyCompact returns the map of parts, in order, each built when a call
// first needs it. Paged builds only the parts up to its page; the other
// calls (Select, Elements, Search, TargetsView unless every part is
// described) and a page holding the whole map build every part. Of its
// fields only Total is set: the rest are the pages'. The map is safe for
// concurrent use: a worker's cache hands it to every job reading the
// document.
func LazyCompact(parts []CompactPart) *CompactStructure {
	l := &lazyMap{parts: parts, b: NewCompactBuilder(0)}
	described := true
	for _, p := range parts {
		l.total += p.Elements
		described = described && p.Described
	}
	if described {
		l.targets = &CompactStructure{IDToXPath: map[string]string{}, Targets: []Target{}}
		for _, p := range parts {
			l.targets.Targets = append(l.targets.Targets, p.Targets...)
			for id, xpath := range p.XPaths {
				l.targets.IDToXPath[id] = xpath
			}
		}
	}
	return &CompactStructure{Total: l.total, lazy: l}
}

// WithContext returns the map bound to ctx: the parts its calls build
// stop once ctx ends, with an error wrapping ErrStopped. A map built
// whole is returned as it is.
func (cs *CompactStructure) WithContext(ctx context.Context) *CompactStructure {
	if cs.lazy == nil {
		return cs
	}
	bound := *cs
	bound.ctx = ctx
	return &bound
}

// Partial reports whether some of a lazy map's parts are not built yet.
func (cs *CompactStructure) Partial() bool {
	if cs.lazy == nil {
		return false
	}
	cs.lazy.mu.Lock()
	defer cs.lazy.mu.Unlock()
	return cs.lazy.b != nil
}

// Whole returns the whole map, building the parts not built yet: cs
// itself unless cs is lazy. It builds a few parts at a time, so that a
// page asked for meanwhile (a worker completes a map in the background)
// waits for those parts only.
func (cs *CompactStructure) Whole() (*CompactStructure, error) {
	if cs.lazy == nil {
		return cs, nil
	}
	l := cs.lazy
	for {
		l.mu.Lock()
		if l.b == nil || l.err != nil {
			whole, err := l.built, l.err
			l.mu.Unlock()
			if err != nil {
				return nil, err
			}
			return whole, nil
		}
		err := l.build(cs.ctx, len(l.b.ix.elems)+1)
		l.mu.Unlock()
		if err != nil {
			return nil, err
		}
	}
}

// lazyMap is the state of a LazyCompact map, under mu.
type lazyMap struct {
	mu    sync.Mutex
	parts []CompactPart // those not built yet are parts[next:]
	next  int
	total int
	b     *CompactBuilder // the parts built so far, appended in order
	// built is b as a map: each element's span is final but for the last
	// one's until the next part with elements is built. Once every part
	// is, it is the whole map, and parts and b are let go.
	built     *CompactStructure
	builtUpTo int // the parts built holds: next when built was made
	// targets is what the targets view reads of the whole map, when every
	// part was described: its targets and their id_to_xpath entries.
	targets *CompactStructure
	err     error // a part that failed other than by a stop fails every call
}

// build builds parts in order until the map holds at least n elements or
// every part is built. It builds half as many elements again as the map
// holds when it needs more: a page's window asks for one element after
// another, and each time parts are added the map built so far is copied
// (snapshot), so growing by a share keeps the copies to a few per page
// however small the parts (a workbook of thousands of small sheets).
func (l *lazyMap) build(ctx context.Context, n int) (err error) {
	if l.err != nil || l.b == nil {
		return l.err // failed, or built whole
	}
	if have := len(l.b.ix.elems); have < n {
		n = max(n, have+have/2)
	}
	for l.next < len(l.parts) && len(l.b.ix.elems) < n {
		part := l.parts[l.next]
		var pb *CompactBuilder
		pb, err = part.Build(ctx)
		if err == nil {
			err = l.fits(pb, part)
		}
		if err != nil {
			if !errors.Is(err, ErrStopped) {
				l.err = err // a stop may go through next time; a malformed part will not
			}
			break // the parts built before it stay, and the map must show them
		}
		l.b.Append(pb)
		l.parts[l.next] = CompactPart{} // its builder holds what it needs no more
		l.next++
	}
	switch {
	case err == nil && l.next == len(l.parts):
		l.built, l.parts, l.b = l.b.Finish(), nil, nil
	case l.built == nil || l.builtUpTo != l.next:
		l.built, l.builtUpTo = l.b.snapshot(), l.next
	}
	return err
}

// fits checks that a part built as it said it would be: with the
// elements it counted and IDs of its own.
func (l *lazyMap) fits(pb *CompactBuilder, part CompactPart) error {
	if len(pb.ix.elems) != part.Elements {
		return fmt.Errorf("formats: part %d of a lazy map began %d elements, not the %d it counted", l.next, len(pb.ix.elems), part.Elements)
	}
	if part.Described && len(pb.cs.Targets) != len(part.Targets) {
		return fmt.Errorf("formats: part %d of a lazy map added %d targets, not the %d it described", l.next, len(pb.cs.Targets), len(part.Targets))
	}
	for _, id := range pb.ix.keys {
		if _, dup := l.b.cs.IDToXPath[id]; dup {
			return fmt.Errorf("formats: part %d of a lazy map maps %s, which an earlier part maps", l.next, id)
		}
	}
	return nil
}

// paged is Paged for a lazy map: the page of the whole map, building the
// parts up to the element after its last.
func (l *lazyMap) paged(ctx context.Context, p Page) (*CompactStructure, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.total == 0 {
		if err := l.build(ctx, 1); err != nil {
			return nil, err
		}
		return l.built.Paged(p)
	}
	var failed error
	var size func(int) int
	var sizedFor *CompactStructure
	start, end, err := p.Window(l.total, func(i int) int {
		if failed == nil {
			failed = l.build(ctx, i+2) // element i's span ends where i+1 begins
		}
		if failed != nil {
			return 0
		}
		if sizedFor != l.built {
			size, sizedFor = l.built.sizer(p), l.built
		}
		return size(i)
	})
	if err == nil {
		err = failed
	}
	if err == nil {
		err = l.build(ctx, end+1)
	}
	if err != nil {
		return nil, err
	}
	if start == 0 && end == l.total {
		if err := l.build(ctx, l.total+1); err != nil {
			return nil, err
		}
		return l.built, nil
	}
	return l.built.page(start, end, l.total), nil
}

// snapshot is the map built so far, as Finish returns it but for what is
// held for an element not begun yet, leaving b to be appended to. It
// shares b's id_to_xpath and slices, which later parts only add to: a
// lazy map reads its snapshots under its lock only.
func (b *CompactBuilder) snapshot() *CompactStructure {
	cs := b.cs
	cs.CompactText = string(b.Text)
	ix := b.ix
	cs.index = &ix
	cs.Total = len(ix.elems)
	return &cs
}
