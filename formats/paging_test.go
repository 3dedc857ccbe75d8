package formats_test

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	_ "github.com/formfill/formfill/formats/all"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/realdocs"
)

// pagingDoc is a document the paging tests read.
type pagingDoc struct {
	name string
	typ  formats.FileType
	data []byte
}

// pagingDocs are a fixture of each format and the real forms and
// agreements found beside the repository.
func pagingDocs(t *testing.T) []pagingDoc {
	t.Helper()
	var docs []pagingDoc
	for _, name := range []string{fixtures.WordTwoColumn, "excel/vendor_assessment.xlsx", "pdf/form.pdf"} {
		b, err := fixtures.Build(name)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, pagingDoc{name, typeOf(name), b})
	}
	paths, _ := filepath.Glob(filepath.Join(realdocs.SharedForms(), "*"))
	for _, dir := range []string{"agreements", "questionnaires"} {
		m, _ := filepath.Glob(filepath.Join(realdocs.Dir(), dir, "*"))
		paths = append(paths, m...)
	}
	if len(paths) == 0 {
		t.Log("no real documents beside the repository: paging runs on fixtures only")
	}
	for _, p := range paths {
		typ := typeOf(p)
		if typ == "" {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, pagingDoc{filepath.Base(p), typ, b})
	}
	return docs
}

func typeOf(name string) formats.FileType {
	switch {
	case strings.HasSuffix(name, ".docx") || strings.HasPrefix(name, "word/"):
		return formats.Word
	case strings.HasSuffix(name, ".xlsx") || strings.HasPrefix(name, "excel/"):
		return formats.Excel
	case strings.HasSuffix(name, ".pdf") || strings.HasPrefix(name, "pdf/"):
		return formats.PDF
	}
	return ""
}

func compactOf(t *testing.T, d pagingDoc) *formats.CompactStructure {
	t.Helper()
	e, err := formats.Lookup(d.typ)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := e.ExtractCompact(d.data)
	if err != nil {
		t.Fatalf("%s: %v", d.name, err)
	}
	return cs
}

// allPages reads the map page by page from offset 0, following
// next_offset.
func allPages(t *testing.T, cs *formats.CompactStructure, p formats.Page) []*formats.CompactStructure {
	t.Helper()
	var pages []*formats.CompactStructure
	for {
		pg, err := cs.Paged(p)
		if err != nil {
			t.Fatalf("page at offset %d: %v", p.Offset, err)
		}
		pages = append(pages, pg)
		if pg.NextOffset == 0 {
			return pages
		}
		if pg.NextOffset <= p.Offset {
			t.Fatalf("next_offset %d does not move past offset %d", pg.NextOffset, p.Offset)
		}
		p.Offset = pg.NextOffset
	}
}

// TestPagesTogetherHoldExactlyTheMap pages every document with element
// limits and token budgets and checks that the pages' text, id_to_xpath
// and complex elements together are exactly the full map's, each element
// once, and that the budget holds except for a lone oversized element.
func TestPagesTogetherHoldExactlyTheMap(t *testing.T) {
	for _, d := range pagingDocs(t) {
		full := compactOf(t, d)
		for _, p := range []formats.Page{{Limit: 1}, {Limit: 7}, {MaxTokens: 300}, {MaxTokens: 2000, Limit: 50}} {
			pages := allPages(t, full, p)
			var text strings.Builder
			xpaths := map[string]string{}
			var complex []string
			offset := 0
			for i, pg := range pages {
				// The page's elements: from offset to its next_offset
				// (to the end on the last page).
				elements := pg.NextOffset - offset
				if pg.NextOffset == 0 {
					elements = full.Total - offset
				}
				offset = pg.NextOffset
				text.WriteString(pg.CompactText)
				for k, v := range pg.IDToXPath {
					if _, dup := xpaths[k]; dup {
						t.Errorf("%s %+v: %s is on two pages", d.name, p, k)
					}
					xpaths[k] = v
				}
				complex = append(complex, pg.ComplexElements...)
				if pg.Total != full.Total {
					t.Errorf("%s %+v page %d: total %d, want %d", d.name, p, i, pg.Total, full.Total)
				}
				if p.MaxTokens > 0 && len(pg.CompactText) > p.MaxTokens*formats.BytesPerToken && elements > 1 {
					t.Errorf("%s %+v page %d: %d bytes of text for a budget of %d tokens", d.name, p, i, len(pg.CompactText), p.MaxTokens)
				}
				if i < len(pages)-1 && pg.More == "" {
					t.Errorf("%s %+v page %d: no note on how to get the rest", d.name, p, i)
				}
			}
			if text.String() != full.CompactText {
				t.Errorf("%s %+v: the pages' text is not the map's (%d bytes vs %d)", d.name, p, text.Len(), len(full.CompactText))
			}
			if !maps.Equal(xpaths, full.IDToXPath) {
				t.Errorf("%s %+v: the pages map %d IDs, the whole map %d", d.name, p, len(xpaths), len(full.IDToXPath))
			}
			if !slices.Equal(complex, full.ComplexElements) {
				t.Errorf("%s %+v: the pages list %d complex elements, the whole map %d", d.name, p, len(complex), len(full.ComplexElements))
			}
			if p.Limit == 1 && len(pages) != max(full.Total, 1) {
				t.Errorf("%s: %d pages of one element for %d elements", d.name, len(pages), full.Total)
			}
		}
	}
}

// TestPagingIsDeterministicAndOffsetZeroIsTheStart checks that the same
// request gives the same page and that offset 0 is the omitted offset.
func TestPagingIsDeterministicAndOffsetZeroIsTheStart(t *testing.T) {
	for _, d := range pagingDocs(t)[:3] {
		a, err := compactOf(t, d).Paged(formats.Page{Limit: 3})
		if err != nil {
			t.Fatal(err)
		}
		b, err := compactOf(t, d).Paged(formats.Page{Offset: 0, Limit: 3})
		if err != nil {
			t.Fatal(err)
		}
		if a.CompactText != b.CompactText || !maps.Equal(a.IDToXPath, b.IDToXPath) || a.NextOffset != b.NextOffset {
			t.Errorf("%s: two reads of the first page differ", d.name)
		}
		if a.NextOffset != 3 {
			t.Errorf("%s: next_offset %d after a first page of 3, want 3", d.name, a.NextOffset)
		}
	}
}

func TestPageErrorsNameTheArgument(t *testing.T) {
	cs := compactOf(t, pagingDocs(t)[0])
	for _, tc := range []struct {
		p     formats.Page
		field string
	}{
		{formats.Page{Offset: -1}, "offset"},
		{formats.Page{Limit: -2}, "limit"},
		{formats.Page{MaxTokens: -5}, "max_tokens"},
		{formats.Page{Offset: cs.Total}, "offset"},
	} {
		_, err := cs.Paged(tc.p)
		if !formats.IsInputError(err) || !strings.Contains(err.Error(), tc.field) {
			t.Errorf("%+v: error %v, want an invalid_argument naming %s", tc.p, err, tc.field)
		}
	}
}

// TestSelectReturnsElementsUntruncated checks that ids returns an element
// the map cuts at 200 characters in full, and names an unknown ID.
func TestSelectReturnsElementsUntruncated(t *testing.T) {
	for _, d := range pagingDocs(t) {
		cs := compactOf(t, d)
		for _, e := range cs.Elements() {
			if len([]rune(e.Text)) <= 300 {
				continue
			}
			got, err := cs.Select([]string{strings.ToLower(e.ID)})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(got.CompactText, strings.ReplaceAll(e.Text[len(e.Text)-40:], "\n", `\n`)) || got.IDToXPath[e.ID] != cs.IDToXPath[e.ID] {
				t.Errorf("%s: ids [%s] did not return the element's end: %.100q", d.name, e.ID, got.CompactText)
			}
			if strings.Contains(cs.CompactText, e.Text) {
				t.Errorf("%s: %s is not cut in the map, so this test proves nothing", d.name, e.ID)
			}
			_, err = cs.Select([]string{e.ID, "P99999"})
			if !formats.IsInputError(err) || !strings.Contains(err.Error(), "ids[1]") {
				t.Errorf("%s: unknown ID: error %v, want one naming ids[1]", d.name, err)
			}
			return // one long element is enough
		}
	}
	t.Skip("no element longer than 300 characters in the documents found")
}

// TestReadDocumentPagesEveryFormat reads the document view of every
// document in pages of a small budget and of the JSON format: the pages
// hold every row once, in order, and Word and PDF rows carry the compact
// map's IDs (Excel rows are the map's cells' rows).
func TestReadDocumentPagesEveryFormat(t *testing.T) {
	for _, d := range pagingDocs(t) {
		e, _ := formats.Lookup(d.typ)
		rows, err := e.ReadDocument(d.data)
		if err != nil {
			t.Fatalf("%s: %v", d.name, err)
		}
		whole, err := formats.NewDocumentView(rows, formats.ViewTOON, formats.Page{})
		if err != nil {
			t.Fatal(err)
		}
		var text strings.Builder
		text.WriteString(formats.ToonSchema + "\n")
		var ids []string
		for p := (formats.Page{MaxTokens: 500}); ; {
			pg, err := formats.NewDocumentView(rows, formats.ViewTOON, p)
			if err != nil {
				t.Fatal(err)
			}
			text.WriteString(strings.TrimPrefix(pg.TOON, formats.ToonSchema+"\n"))
			if pg.NextOffset == 0 {
				break
			}
			p.Offset = pg.NextOffset
		}
		for p := (formats.Page{MaxTokens: 500}); ; {
			js, err := formats.NewDocumentView(rows, formats.ViewJSON, p)
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range js.Nodes {
				ids = append(ids, n.ID)
			}
			if js.NextOffset == 0 {
				break
			}
			p.Offset = js.NextOffset
		}
		if text.String() != whole.TOON {
			t.Errorf("%s: the TOON pages are not the whole view", d.name)
		}
		if len(ids) != len(rows) {
			t.Errorf("%s: %d rows over the pages, %d in the view", d.name, len(ids), len(rows))
		}
		cs := compactOf(t, d)
		for _, id := range ids {
			if _, ok := cs.IDToXPath[id]; !ok && d.typ != formats.Excel {
				t.Errorf("%s: row %s is not an ID of the compact map", d.name, id)
				break
			}
			if d.typ == formats.Excel && !strings.HasPrefix(id, "S") {
				t.Errorf("%s: row ID %s", d.name, id)
				break
			}
		}
	}
}

// TestStructuredPagesFitTheBudgetWithTheirJSON pages every document as an
// MCP tool answers, with the page both as text and as structured content
// (Page.Structured): the two together must fit the budget, on the map and
// on the targets view, except for a page of one oversized element.
func TestStructuredPagesFitTheBudgetWithTheirJSON(t *testing.T) {
	const tokens = 2000
	budget := tokens * formats.BytesPerToken
	for _, d := range pagingDocs(t) {
		full := compactOf(t, d)
		for _, view := range []string{formats.ViewMap, formats.ViewTargets} {
			p := formats.Page{MaxTokens: tokens, Structured: true}
			for range 20 { // the first pages are enough to see the bound hold
				var pg *formats.CompactStructure
				var err error
				if view == formats.ViewTargets {
					pg, err = full.TargetsView(p)
				} else {
					pg, err = full.Paged(p)
				}
				if err != nil {
					t.Fatalf("%s %s %+v: %v", d.name, view, p, err)
				}
				js, err := json.Marshal(pg)
				if err != nil {
					t.Fatal(err)
				}
				answer := len(pg.CompactText) + len(pg.More) + len(js)
				elements := pg.NextOffset - p.Offset
				if pg.NextOffset == 0 {
					elements = pg.Total - p.Offset
				}
				// JSON escapes and the page's own fields are not charged
				// exactly: a tenth and a few hundred bytes of slack.
				if elements > 1 && answer > budget+budget/10+300 {
					t.Errorf("%s %s at offset %d: %d elements make an answer of %d bytes (text %d + JSON %d) for a budget of %d",
						d.name, view, p.Offset, elements, answer, len(pg.CompactText), len(js), budget)
				}
				if pg.NextOffset == 0 {
					break
				}
				p.Offset = pg.NextOffset
			}
		}
	}
}
