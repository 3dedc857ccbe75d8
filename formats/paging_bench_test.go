package formats_test

import (
	"testing"

	"github.com/formfill/formfill/formats"
)

// BenchmarkFirstPage is one page of the default budget as a worker makes
// it from the document's bytes (the map's page and the targets view's,
// from a lazy map where the engine makes them as a worker's does, and the
// document view's),
// and the next page of the map, the targets view and the document view as
// it makes them from its cache, for every document found (fixtures, shared
// forms, real agreements and questionnaires).
func BenchmarkFirstPage(b *testing.B) {
	t := &testing.T{}
	docs := pagingDocs(t)
	page := formats.Page{MaxTokens: formats.DefaultToolTokens, Structured: true} // as over MCP
	for _, d := range docs {
		e, err := formats.Lookup(d.typ)
		if err != nil {
			b.Fatal(err)
		}
		extract := e.ExtractCompact
		if lc, ok := e.(formats.LazyCompactor); ok {
			extract = lc.ExtractCompactLazy
		}
		b.Run(d.name+"/map", func(b *testing.B) {
			for b.Loop() {
				cs, err := extract(d.data)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := cs.Paged(page); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(d.name+"/targets", func(b *testing.B) {
			for b.Loop() {
				cs, err := extract(d.data)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := cs.TargetsView(page); err != nil {
					b.Fatal(err)
				}
			}
		})
		cs, err := e.ExtractCompact(d.data)
		if err != nil {
			b.Fatal(err)
		}
		rows, err := e.ReadDocument(d.data)
		if err != nil {
			b.Fatal(err)
		}
		// What a worker does for the next pages of a document it has read:
		// the whole map and view come from its cache.
		b.Run(d.name+"/next-page", func(b *testing.B) {
			for b.Loop() {
				p := page
				p.Offset = cs.Total / 2
				if _, err := cs.Paged(p); err != nil {
					b.Fatal(err)
				}
				if _, err := cs.TargetsView(page); err != nil {
					b.Fatal(err)
				}
				p.Offset = len(rows) / 2
				if _, err := formats.NewDocumentView(rows, formats.ViewTOON, p); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(d.name+"/read", func(b *testing.B) {
			for b.Loop() {
				rows, err := e.ReadDocument(d.data)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := formats.NewDocumentView(rows, formats.ViewTOON, page); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
