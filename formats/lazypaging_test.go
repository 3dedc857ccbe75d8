package formats_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/formfill/formfill/formats"
)

// TestLazyMapsPageAsWholeMaps reads every document a lazy engine makes
// maps of (the workbooks: fixtures, shared forms, real questionnaires)
// page by page from a lazy map, as a worker does, and checks every page
// against the same page of the whole map: the text, id_to_xpath, complex
// elements, targets, total, next offset and note, byte for byte. Then it
// jumps about a new lazy map, and makes one whole.
func TestLazyMapsPageAsWholeMaps(t *testing.T) {
	lazies := 0
	for _, d := range pagingDocs(t) {
		e, err := formats.Lookup(d.typ)
		if err != nil {
			t.Fatal(err)
		}
		lc, ok := e.(formats.LazyCompactor)
		if !ok {
			continue
		}
		lazies++
		whole := compactOf(t, d)
		lazy := func() *formats.CompactStructure {
			cs, err := lc.ExtractCompactLazy(d.data)
			if err != nil {
				t.Fatalf("%s: %v", d.name, err)
			}
			return cs.WithContext(context.Background())
		}
		pages := []formats.Page{
			{MaxTokens: formats.DefaultToolTokens, Structured: true}, // as over MCP
			{MaxTokens: 300}, {Limit: 40}, {Limit: 1000, MaxTokens: 2000, Structured: true},
		}
		for _, p := range pages {
			cs := lazy()
			for {
				got, err := cs.Paged(p)
				if err != nil {
					t.Fatalf("%s %+v: %v", d.name, p, err)
				}
				want, _ := whole.Paged(p)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s %+v: the lazy map's page differs from the whole map's:\n%.600s\nwant\n%.600s", d.name, p, got.CompactText, want.CompactText)
				}
				if got.NextOffset == 0 {
					break
				}
				p.Offset = got.NextOffset
			}
		}
		cs := lazy()
		for _, offset := range []int{whole.Total - 1, whole.Total / 2, 0, whole.Total / 3} {
			p := formats.Page{Offset: max(offset, 0), Limit: 25, Structured: true}
			got, err := cs.Paged(p)
			want, _ := whole.Paged(p)
			if err != nil || !reflect.DeepEqual(got, want) {
				t.Fatalf("%s %+v: the lazy map's page differs from the whole map's (%v)", d.name, p, err)
			}
		}
		// The targets view, from a new lazy map: a workbook's parts are
		// described, so it needs no line written.
		cs = lazy()
		for _, p := range []formats.Page{{MaxTokens: formats.DefaultToolTokens, Structured: true}, {Limit: 30, Offset: 5}, {MaxTokens: 500}} {
			for {
				got, err := cs.TargetsView(p)
				want, wantErr := whole.TargetsView(p)
				if (err == nil) != (wantErr == nil) || !reflect.DeepEqual(got, want) {
					t.Fatalf("%s %+v: the lazy map's targets view differs from the whole map's (%v)", d.name, p, err)
				}
				if err != nil || got.NextOffset == 0 {
					break
				}
				p.Offset = got.NextOffset
			}
		}
		if !cs.Partial() && whole.Total > 0 {
			t.Errorf("%s: the targets view wrote the map's lines", d.name)
		}
		all, err := lazy().Whole()
		if err != nil || !reflect.DeepEqual(all, whole) {
			t.Fatalf("%s: the lazy map made whole differs from the whole map (%v)", d.name, err)
		}
	}
	if lazies == 0 {
		t.Fatal("no document has an engine that makes lazy maps")
	}
}

// TestLazyMapStopsWithItsCall binds a lazy map to an ended context: the
// page past the first sheet stops, and the same page under a live one goes
// through.
func TestLazyMapStopsWithItsCall(t *testing.T) {
	for _, d := range pagingDocs(t) {
		if d.name != "excel/vendor_assessment.xlsx" {
			continue
		}
		e, _ := formats.Lookup(d.typ)
		cs, err := e.(formats.LazyCompactor).ExtractCompactLazy(d.data)
		if err != nil {
			t.Fatal(err)
		}
		ended, cancel := context.WithCancel(context.Background())
		cancel()
		p := formats.Page{Offset: cs.Total - 1}
		if _, err := cs.WithContext(ended).Paged(p); err == nil {
			t.Fatal("a page built under an ended context went through")
		}
		want, _ := compactOf(t, d).Paged(p)
		got, err := cs.WithContext(context.Background()).Paged(p)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("after a stop, the page is %+v, %v; want %+v", got, err, want)
		}
		return
	}
	t.Fatal("no vendor_assessment.xlsx fixture")
}
