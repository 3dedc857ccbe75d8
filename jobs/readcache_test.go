package jobs

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
)

// countingEngine counts the maps it makes.
type countingEngine struct {
	formats.Engine
	maps int
}

func (c *countingEngine) ExtractCompact(doc []byte) (*formats.CompactStructure, error) {
	c.maps++
	b := formats.NewCompactBuilder(0)
	for i := range 5 {
		from := len(b.Text)
		b.Text = fmt.Appendf(b.Text, "P%d: %q\n", i+1, string(doc))
		b.Begin(fmt.Sprintf("P%d", i+1), string(doc), from)
	}
	return b.Finish(), nil
}

// TestNextPagesComeFromTheCache reads a document page by page: the map is
// made once, and a document with other content is not answered from it.
func TestNextPagesComeFromTheCache(t *testing.T) {
	freshCache(t)
	e := &countingEngine{}
	doc := []byte("cache test " + t.Name())
	p := &Payload{Kind: KindExtractCompact, DocID: DocID(doc), FileType: formats.Word, Page: formats.Page{Limit: 2}}
	for off := 0; ; {
		p.Offset = off
		res, _, err := Execute(context.Background(), e, p, doc)
		if err != nil {
			t.Fatal(err)
		}
		if off = res.Compact.NextOffset; off == 0 {
			break
		}
	}
	if e.maps != 1 {
		t.Errorf("three pages made the map %d times, want once", e.maps)
	}
	other := []byte("another document")
	res, _, err := Execute(context.Background(), e, &Payload{Kind: KindSearch, DocID: DocID(other), FileType: formats.Word, Search: &SearchArgs{Pattern: "another"}}, other)
	if err != nil || e.maps != 2 || res.Search.Total != 5 {
		t.Errorf("another document: %d maps, %+v, %v", e.maps, res.Search, err)
	}
}

// freshCache empties the worker's read cache for a test that counts the
// maps made, so that it may run again (-count).
func freshCache(t *testing.T) {
	t.Helper()
	reads.mu.Lock()
	defer reads.mu.Unlock()
	reads.items, reads.order = map[string]any{}, nil
}

// lazyEngine makes lazy maps of five one-element parts, counting the maps
// of each kind it makes and the parts built, and the contexts they were
// built under. Parts from the third on wait for gate.
type lazyEngine struct {
	countingEngine
	gate          chan struct{}
	mu            sync.Mutex
	lazies, built int
	ctxs          []context.Context
}

func (l *lazyEngine) ExtractCompactLazy(doc []byte) (*formats.CompactStructure, error) {
	l.lazies++
	parts := make([]formats.CompactPart, 5)
	for i := range parts {
		parts[i] = formats.CompactPart{Elements: 1, Build: func(ctx context.Context) (*formats.CompactBuilder, error) {
			if i >= 2 {
				<-l.gate
			}
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("%w: %w", formats.ErrStopped, err)
			}
			l.mu.Lock()
			defer l.mu.Unlock()
			l.built++
			l.ctxs = append(l.ctxs, ctx)
			b := formats.NewCompactBuilder(0)
			b.Text = fmt.Appendf(b.Text, "P%d: %q\n", i+1, string(doc))
			b.Begin(fmt.Sprintf("P%d", i+1), string(doc), 0)
			return b, nil
		}}
	}
	return formats.LazyCompact(parts), nil
}

func (l *lazyEngine) counts() (lazies, maps, built int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.lazies, l.maps, l.built
}

// TestAPageOfTheMapIsMadeLazily: a bounded page of the map comes from a
// lazy map built only up to it, under the job's context; the rest is
// written after the answer, under a context that outlives the job's; the
// cached map answers the next calls; a page of the targets view comes
// from a lazy map too; an unbounded map is made whole at once.
func TestAPageOfTheMapIsMadeLazily(t *testing.T) {
	freshCache(t)
	e := &lazyEngine{gate: make(chan struct{})}
	doc := []byte("lazy test " + t.Name())
	p := &Payload{Kind: KindExtractCompact, DocID: DocID(doc), FileType: formats.Excel, Page: formats.Page{Limit: 1}}
	ctx, endJob := context.WithCancel(context.WithValue(context.Background(), struct{}{}, "job"))
	res, _, err := Execute(ctx, e, p, doc)
	endJob()
	if err != nil {
		t.Fatal(err)
	}
	if lazies, maps, built := e.counts(); lazies != 1 || maps != 0 || built != 2 || res.Compact.CompactText == "" || res.Compact.NextOffset != 1 {
		t.Fatalf("a first page: %d lazy and %d whole maps, %d parts built, page %+v; want one lazy map, two parts", lazies, maps, built, res.Compact)
	}
	close(e.gate) // the rest is written after the answer, though the job has ended
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(time.Millisecond) {
		if _, _, built := e.counts(); built == 5 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the rest of the map was not written after the page was answered")
		}
	}
	for i, c := range e.ctxs {
		if c.Value(struct{}{}) != "job" {
			t.Errorf("part %d was not built under the job's context", i+1)
		}
	}
	p.Compact = &CompactArgs{View: formats.ViewTargets}
	if _, _, err := Execute(context.Background(), e, p, doc); err != nil {
		t.Fatal(err)
	}
	if lazies, maps, built := e.counts(); lazies != 1 || maps != 0 || built != 5 {
		t.Errorf("the targets view after a page: %d lazy and %d whole maps, %d parts built; want the cached map", lazies, maps, built)
	}
	targets := []byte("targets " + t.Name())
	view := &Payload{Kind: KindExtractCompact, DocID: DocID(targets), FileType: formats.Excel, Compact: &CompactArgs{View: formats.ViewTargets}, Page: formats.Page{Limit: 3}}
	if _, _, err := Execute(context.Background(), e, view, targets); err != nil {
		t.Fatal(err)
	}
	if lazies, maps, _ := e.counts(); lazies != 2 || maps != 0 {
		t.Errorf("a page of the targets view: %d lazy and %d whole maps; want a lazy one", lazies, maps)
	}
	other := []byte("another " + t.Name())
	whole := &Payload{Kind: KindExtractCompact, DocID: DocID(other), FileType: formats.Excel}
	if res, _, err := Execute(context.Background(), e, whole, other); err != nil || res.Compact.Total != 5 {
		t.Fatalf("a whole map: %+v, %v", res.Compact, err)
	}
	if lazies, maps, _ := e.counts(); maps != 1 || lazies != 2 {
		t.Errorf("a whole map: %d lazy and %d whole maps; want it made whole at once", lazies, maps)
	}
}
