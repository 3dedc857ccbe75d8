package formats

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"sync"
	"testing"
)

// lazyCase is random runs of builder calls, one a part, each on IDs of its
// own (see CompactPart): built whole by one builder, and as the parts of a
// lazy map, counting the parts built.
type lazyCase struct {
	whole *CompactStructure
	parts [][]builderOp
	built int // parts built, over every lazy map of the case
	mu    sync.Mutex
}

func newLazyCase(rng *rand.Rand, n int) *lazyCase {
	c := &lazyCase{}
	whole := NewCompactBuilder(0)
	for i := 0; n > 0; i++ {
		ops := randomOpsOn(rng, min(n, rng.IntN(6)), fmt.Sprintf("P%dE", i))
		n -= max(len(ops), 1)
		for _, op := range ops {
			op(whole)
		}
		c.parts = append(c.parts, ops)
	}
	c.whole = whole.Finish()
	return c
}

// lazy is a new lazy map of the case's parts.
func (c *lazyCase) lazy() *CompactStructure {
	parts := make([]CompactPart, len(c.parts))
	for i, ops := range c.parts {
		count := NewCompactBuilder(0)
		for _, op := range ops {
			op(count)
		}
		parts[i] = CompactPart{Elements: len(count.ix.elems), Build: func(context.Context) (*CompactBuilder, error) {
			c.mu.Lock()
			c.built++
			c.mu.Unlock()
			b := NewCompactBuilder(0)
			for _, op := range ops {
				op(b)
			}
			return b, nil
		}}
	}
	return LazyCompact(parts)
}

// samePage fails unless the lazy map's page p is the whole map's.
func samePage(t *testing.T, what string, lazy, whole *CompactStructure, p Page) {
	t.Helper()
	got, gotErr := lazy.Paged(p)
	want, wantErr := whole.Paged(p)
	if (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
		t.Fatalf("%s %+v: error %v, want %v", what, p, gotErr, wantErr)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s %+v: page\n%+v\nwant\n%+v", what, p, got, want)
	}
}

func TestLazyMapPagesAsTheWholeMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for run := range 300 {
		c := newLazyCase(rng, rng.IntN(40))
		what := fmt.Sprintf("run %d", run)
		pages := []Page{{}, {Limit: 1}, {Limit: 3}, {MaxTokens: 10}, {MaxTokens: 40, Structured: true}, {Limit: 2, MaxTokens: 25, Structured: true}}
		for _, p := range pages {
			// From the start to the end, as an agent reads; then at
			// random offsets (and past the end) on a new map, as agents
			// sharing a worker's cached map jump about.
			lazy := c.lazy()
			for {
				samePage(t, what, lazy, c.whole, p)
				pg, _ := c.whole.Paged(p)
				if pg == nil || pg.NextOffset == 0 {
					break
				}
				p.Offset = pg.NextOffset
			}
			lazy = c.lazy()
			for range 5 {
				p.Offset = rng.IntN(c.whole.Total + 2)
				samePage(t, what, lazy, c.whole, p)
			}
		}
		whole, err := c.lazy().Whole()
		if err != nil || !reflect.DeepEqual(whole, c.whole) {
			t.Fatalf("%s: Whole gives %+v, %v; want %+v", what, whole, err, c.whole)
		}
	}
}

func TestLazyMapBuildsOnlyThePartsAPageReaches(t *testing.T) {
	var c *lazyCase
	rng := rand.New(rand.NewPCG(7, 8))
	for c == nil || len(c.parts) < 6 || c.whole.Total < 10 {
		c = newLazyCase(rng, 60)
	}
	lazy := c.lazy()
	if c.built != 0 {
		t.Fatalf("making the map built %d parts, want none", c.built)
	}
	if _, err := lazy.Paged(Page{Limit: 1}); err != nil {
		t.Fatal(err)
	}
	// The first element, and the next one that ends its span.
	if c.built == 0 || c.built == len(c.parts) {
		t.Fatalf("a first page of one element built %d of %d parts", c.built, len(c.parts))
	}
	first := c.built
	if !lazy.Partial() {
		t.Error("a map with parts not built says it is whole")
	}
	if _, err := lazy.Paged(Page{Limit: 1}); err != nil || c.built != first {
		t.Fatalf("the same page again built %d more parts (%v)", c.built-first, err)
	}
	if _, err := lazy.TargetsView(Page{}); err != nil || c.built != len(c.parts) {
		t.Fatalf("the targets view left %d parts unbuilt (%v)", len(c.parts)-c.built, err)
	}
	if lazy.Partial() || c.whole.Partial() {
		t.Error("a whole map says it is partial")
	}
	if _, err := lazy.Paged(Page{}); err != nil || c.built != len(c.parts) {
		t.Fatalf("a built map built parts again: %d builds of %d parts (%v)", c.built, len(c.parts), err)
	}
}

func TestLazyMapWholeCallsAnswerAsTheWholeMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for run := range 100 {
		c := newLazyCase(rng, 1+rng.IntN(40))
		for _, call := range []struct {
			name string
			do   func(cs *CompactStructure) (any, error)
		}{
			{"targets view", func(cs *CompactStructure) (any, error) { return cs.TargetsView(Page{Limit: 2}) }},
			{"elements", func(cs *CompactStructure) (any, error) { return cs.Elements(), nil }},
			{"search", func(cs *CompactStructure) (any, error) { return cs.Search("line", false, Page{}) }},
			{"select", func(cs *CompactStructure) (any, error) {
				if cs.Total == 0 && cs.lazy == nil {
					return nil, nil
				}
				whole, _ := cs.Whole()
				if whole.Total == 0 {
					return nil, nil
				}
				return cs.Select([]string{whole.index.elems[whole.Total-1].id})
			}},
		} {
			got, gotErr := call.do(c.lazy())
			want, wantErr := call.do(c.whole)
			if !reflect.DeepEqual(got, want) || (gotErr == nil) != (wantErr == nil) {
				t.Fatalf("run %d, %s: %+v, %v; want %+v, %v", run, call.name, got, gotErr, want, wantErr)
			}
		}
	}
}

func TestLazyMapRetriesAStopAndKeepsAFailure(t *testing.T) {
	calls := 0
	var fail error
	ok := func(context.Context) (*CompactBuilder, error) {
		b := NewCompactBuilder(0)
		b.Text = append(b.Text, "A: a\n"...)
		b.Begin("A", "a", 0)
		return b, nil
	}
	failing := func(ctx context.Context) (*CompactBuilder, error) {
		calls++
		if ctx == nil {
			ctx = context.Background() // a nil ctx never ends
		}
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrStopped, err)
		}
		if fail != nil {
			return nil, fail
		}
		return ok(ctx)
	}
	lazy := LazyCompact([]CompactPart{{Elements: 1, Build: ok}, {Elements: 1, Build: failing}, {Elements: 1, Build: ok}})
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := lazy.WithContext(ended).Paged(Page{Offset: 1, Limit: 1}); !errors.Is(err, ErrStopped) || !errors.Is(err, context.Canceled) {
		t.Fatalf("a page built under an ended context: %v, want a stop", err)
	}
	pg, err := lazy.WithContext(context.Background()).Paged(Page{Offset: 1, Limit: 1})
	if err != nil || pg.CompactText != "A: a\n" || pg.NextOffset != 2 {
		t.Fatalf("after a stop the page is %+v, %v; want the second part's element", pg, err)
	}

	calls, fail = 0, errors.New("malformed sheet")
	lazy = LazyCompact([]CompactPart{{Elements: 1, Build: ok}, {Elements: 1, Build: failing}})
	for range 2 {
		if _, err := lazy.Paged(Page{Limit: 1, Offset: 1}); !errors.Is(err, fail) {
			t.Fatalf("a page past a malformed part: %v, want %v", err, fail)
		}
	}
	if calls != 1 {
		t.Errorf("a part that failed was built %d times, want once", calls)
	}

	miscounted := LazyCompact([]CompactPart{{Elements: 2, Build: ok}})
	if _, err := miscounted.Paged(Page{Limit: 1}); err == nil {
		t.Error("a part that began fewer elements than it counted gave no error")
	}
	mapsA := func(ctx context.Context) (*CompactBuilder, error) {
		b, _ := ok(ctx)
		b.XPath("A", "/a")
		return b, nil
	}
	twice := LazyCompact([]CompactPart{{Elements: 1, Build: mapsA}, {Elements: 1, Build: mapsA}})
	if _, err := twice.Paged(Page{Limit: 1}); err == nil {
		t.Error("two parts mapping the same ID gave no error")
	}
}

func TestLazyMapIsSafeForConcurrentPages(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	c := newLazyCase(rng, 200)
	lazy := c.lazy()
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := range 8 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(g), 1))
			for range 50 {
				p := Page{Offset: rng.IntN(c.whole.Total), Limit: 1 + rng.IntN(5), Structured: g%2 == 0}
				got, err := lazy.Paged(p)
				want, _ := c.whole.Paged(p)
				if err != nil || !reflect.DeepEqual(got, want) {
					errs <- fmt.Errorf("page %+v: %+v, %v; want %+v", p, got, err, want)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// twoElements is a part of two elements, named after i.
func twoElements(i int) func(context.Context) (*CompactBuilder, error) {
	return func(context.Context) (*CompactBuilder, error) {
		b := NewCompactBuilder(0)
		for k := range 2 {
			from := len(b.Text)
			b.Text = fmt.Appendf(b.Text, "E%d-%d: line\n", i, k)
			b.Begin(fmt.Sprintf("E%d-%d", i, k), "line", from)
		}
		return b, nil
	}
}

// TestLazyMapShowsThePartsBuiltBeforeAStop: the parts a call built before
// one of them stopped are in the map the next call pages.
func TestLazyMapShowsThePartsBuiltBeforeAStop(t *testing.T) {
	stopped := false
	parts := []CompactPart{{Elements: 2, Build: twoElements(0)}, {Elements: 2, Build: twoElements(1)}, {Elements: 2, Build: func(ctx context.Context) (*CompactBuilder, error) {
		if !stopped {
			stopped = true
			return nil, fmt.Errorf("%w: %w", ErrStopped, context.DeadlineExceeded)
		}
		return twoElements(2)(ctx)
	}}, {Elements: 2, Build: twoElements(3)}}
	whole := NewCompactBuilder(0)
	for i, p := range parts {
		if i == 2 {
			p.Build = twoElements(2)
		}
		b, _ := p.Build(nil)
		whole.Append(b)
	}
	want := whole.Finish()
	lazy := LazyCompact(parts)
	samePage(t, "first", lazy, want, Page{Limit: 1})
	if _, err := lazy.Whole(); !errors.Is(err, ErrStopped) {
		t.Fatalf("making the map whole through a stopped part: %v, want a stop", err)
	}
	for offset := range want.Total {
		samePage(t, "after the stop", lazy, want, Page{Offset: offset, Limit: 1})
	}
}

// TestLazyMapCopiesAPageOfManyPartsAFewTimes pages a map of 4,000 small
// parts at once: what the page allocates stays a few times the map's
// text, where copying the map built so far for each part added would
// allocate thousands of times it.
func TestLazyMapCopiesAPageOfManyPartsAFewTimes(t *testing.T) {
	parts := make([]CompactPart, 4000)
	for i := range parts {
		parts[i] = CompactPart{Elements: 2, Build: twoElements(i)}
	}
	lazy := LazyCompact(parts)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	pg, err := lazy.Paged(Page{MaxTokens: 1 << 20, Structured: true})
	runtime.ReadMemStats(&after)
	if err != nil || pg.Total != 8000 {
		t.Fatalf("page: %v, total %d", err, pg.Total)
	}
	text := len(pg.CompactText)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(100*text) {
		t.Errorf("a page of %d bytes of text allocated %d bytes", text, alloc)
	}
}

// targetsPart is a part of n elements, each an answer target mapped to
// an XPath, described (or not) before it is built.
func targetsPart(i, n int, described bool, built *int) CompactPart {
	var targets []Target
	xpaths := map[string]string{}
	for k := range n {
		id := fmt.Sprintf("S%d-R%d-C2", i, k)
		targets = append(targets, Target{ID: id, Question: fmt.Sprintf("question %d.%d", i, k), QuestionID: fmt.Sprintf("S%d-R%d-C1", i, k)})
		xpaths[id] = fmt.Sprintf("Sheet%d!B%d", i, k)
	}
	return CompactPart{Elements: n, Described: described, Targets: targets, XPaths: xpaths, Build: func(context.Context) (*CompactBuilder, error) {
		*built++
		b := NewCompactBuilder(0)
		b.Hold()
		b.Text = fmt.Appendf(b.Text, "=== Sheet %d ===\n", i)
		b.Structure().Targets = append(b.Structure().Targets, targets...)
		for _, t := range targets {
			from := len(b.Text)
			b.Text = fmt.Appendf(b.Text, "%s: \"\" [empty] %s\n", t.ID, TargetMarker)
			b.Begin(t.ID, "", from)
			b.XPath(t.ID, xpaths[t.ID])
		}
		return b, nil
	}}
}

func TestLazyMapOfDescribedPartsGivesTheTargetsViewUnbuilt(t *testing.T) {
	for _, described := range []bool{true, false} {
		built := 0
		var parts []CompactPart
		for i, n := range []int{3, 0, 7, 1, 0, 12} {
			parts = append(parts, targetsPart(i, n, described, &built))
		}
		whole := NewCompactBuilder(0)
		for _, p := range parts {
			b, _ := p.Build(nil)
			whole.Append(b)
		}
		want, lazy := whole.Finish(), LazyCompact(parts)
		built = 0
		for _, p := range []Page{{}, {Limit: 4}, {Limit: 4, Offset: 20}, {MaxTokens: 30, Offset: 2}, {Offset: 23}, {Offset: 24}} {
			got, gotErr := lazy.TargetsView(p)
			exp, expErr := want.TargetsView(p)
			if !reflect.DeepEqual(got, exp) || (gotErr == nil) != (expErr == nil) {
				t.Fatalf("described %v, %+v: %+v, %v; want %+v, %v", described, p, got, gotErr, exp, expErr)
			}
		}
		if described && built != 0 {
			t.Errorf("the targets view of described parts built %d parts", built)
		}
		if !described && built != len(parts) {
			t.Errorf("the targets view of parts not described built %d of %d parts", built, len(parts))
		}
	}
	// A part that adds other targets than it described is refused.
	built := 0
	p := targetsPart(0, 2, true, &built)
	p.Targets = p.Targets[:1]
	if _, err := LazyCompact([]CompactPart{p}).Paged(Page{Limit: 1}); err == nil {
		t.Error("a part adding more targets than it described gave no error")
	}
}
