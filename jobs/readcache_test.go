package jobs

import (
	"context"
	"fmt"
	"testing"

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
	res, _, err := Execute(context.Background(), e, &Payload{Kind: KindSearch, DocID: DocID(other), FileType: formats.Word, Pattern: "another"}, other)
	if err != nil || e.maps != 2 || res.Search.Total != 5 {
		t.Errorf("another document: %d maps, %+v, %v", e.maps, res.Search, err)
	}
}

// lazyEngine makes lazy maps of five one-element parts, counting the maps
// of each kind it makes and the parts built, and the contexts they were
// built under.
type lazyEngine struct {
	countingEngine
	lazies, built int
	ctxs          []context.Context
}

func (l *lazyEngine) ExtractCompactLazy(doc []byte) (*formats.CompactStructure, error) {
	l.lazies++
	parts := make([]formats.CompactPart, 5)
	for i := range parts {
		parts[i] = formats.CompactPart{Elements: 1, Build: func(ctx context.Context) (*formats.CompactBuilder, error) {
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

// TestAPageOfTheMapIsMadeLazily: a bounded page of the map comes from a
// lazy map built only up to it, under the job's context; the cached lazy
// map answers the next calls, the targets view too; an unbounded map is
// made whole at once.
func TestAPageOfTheMapIsMadeLazily(t *testing.T) {
	e := &lazyEngine{}
	doc := []byte("lazy test " + t.Name())
	p := &Payload{Kind: KindExtractCompact, DocID: DocID(doc), FileType: formats.Excel, Page: formats.Page{Limit: 1}}
	ctx := context.WithValue(context.Background(), struct{}{}, "job")
	res, _, err := Execute(ctx, e, p, doc)
	if err != nil {
		t.Fatal(err)
	}
	if e.lazies != 1 || e.maps != 0 || e.built != 2 || res.Compact.CompactText == "" || res.Compact.NextOffset != 1 {
		t.Fatalf("a first page: %d lazy and %d whole maps, %d parts built, page %+v; want one lazy map, two parts", e.lazies, e.maps, e.built, res.Compact)
	}
	if e.ctxs[0].Value(struct{}{}) != "job" {
		t.Error("the parts were not built under the job's context")
	}
	p.View = formats.ViewTargets
	if _, _, err := Execute(context.Background(), e, p, doc); err != nil || e.lazies != 1 || e.maps != 0 || e.built != 5 {
		t.Errorf("the targets view after a page: %d lazy and %d whole maps, %d parts built (%v); want the cached map made whole", e.lazies, e.maps, e.built, err)
	}
	other := []byte("another " + t.Name())
	whole := &Payload{Kind: KindExtractCompact, DocID: DocID(other), FileType: formats.Excel}
	if res, _, err := Execute(context.Background(), e, whole, other); err != nil || e.maps != 1 || e.lazies != 1 || res.Compact.Total != 5 {
		t.Errorf("a whole map: %d lazy and %d whole maps (%v); want it made whole at once", e.lazies, e.maps, err)
	}
}
