package excel

import (
	"fmt"
	"strings"
	"testing"
)

// questionsModel opens doc and loads its first sheet.
func questionsModel(t *testing.T, doc []byte) *sheetModel {
	t.Helper()
	wb := mustOpen(t, doc)
	m, err := wb.loadSheet(1)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// withLinks is kindsSheet with its <hyperlinks> replaced by links (none
// when empty).
func withLinks(t *testing.T, links string) string {
	t.Helper()
	start, end := strings.Index(kindsSheet, "<hyperlinks>"), strings.Index(kindsSheet, "</hyperlinks>")
	if start < 0 || end < 0 {
		t.Fatal("kindsSheet has no <hyperlinks>")
	}
	return kindsSheet[:start] + links + kindsSheet[end+len("</hyperlinks>"):]
}

// Each link of kindsBook reads where Excel sends the person who clicks
// it, on the cell Excel puts it on.
func TestSheetLinksGoWhereExcelGoes(t *testing.T) {
	m := questionsModel(t, kindsBook(t, ""))
	const policy = "https://example.com/policies/access-control"
	for _, tt := range []struct {
		name, ref, address, tooltip string
	}{
		{"external, its tip kept", "A5", policy, "Read the policy"},
		{"into the workbook", "A6", "Lists!A1", ""},
		{"to a defined name, what it refers to beside it", "A7", "Policy (Lists!$A$1)", ""},
		{"into a merged range's covered cell: on its first cell, the fragment kept", "A8", policy + "#section-2", ""},
		{"over a range: on each of its cells", "D6", policy, ""},
		{"no link", "B5", "", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			col, row, _, err := cellRef(tt.ref)
			must(t, err)
			l := m.linkAt(row, col)
			switch {
			case l == nil && tt.address != "":
				t.Fatalf("%s: no link, want %q", tt.ref, tt.address)
			case l != nil && (l.address() != tt.address || l.tooltip != tt.tooltip):
				t.Fatalf("%s: %q (tip %q), want %q (tip %q)", tt.ref, l.address(), l.tooltip, tt.address, tt.tooltip)
			}
		})
	}
	if l := m.linkAt(8, 2); l != nil {
		t.Errorf("B8, covered by A8:B8, keeps the link %q: Excel shows it on A8", l.address())
	}
}

// The map carries a question's link on its line, as an attribute; an
// empty cell's link (a blank inside a linked range) is not shown.
func TestCompactMapShowsAQuestionsLink(t *testing.T) {
	cs, err := New().ExtractCompact(kindsBook(t, ""))
	must(t, err)
	for _, want := range []string{
		`S1-R5-C1: "Do you follow the access control policy?" [link: https://example.com/policies/access-control]`,
		`S1-R6-C1: "Options are on the Lists sheet" [link: Lists!A1]`,
		`S1-R7-C1: "See the policy" [link: Policy (Lists!$A$1)]`,
		`S1-R8-C1: "See the policy" [merged: A8:B8, link: https://example.com/policies/access-control#section-2]`,
	} {
		if !strings.Contains(cs.CompactText, want+"\n") {
			t.Errorf("the map has no line\n%s\nmap:\n%s", want, cs.CompactText)
		}
	}
	if strings.Count(cs.CompactText, "link: ") != 4 {
		t.Errorf("want 4 links in the map (none on the empty cells of C5:D6):\n%s", cs.CompactText)
	}
}

// Bad hyperlinks never fail a read: a link whose ref is no cell is
// dropped, as is one that goes nowhere (a relationship the sheet does
// not have, no location); past Excel's limit of links a sheet's are
// counted, not kept; a link over the whole sheet is not indexed cell by
// cell; a <hyperlink> outside <hyperlinks> is none.
func TestBadHyperlinksAreSkipped(t *testing.T) {
	many := func(n int, ref func(i int) string) string {
		var b strings.Builder
		b.WriteString("<hyperlinks>")
		for i := range n {
			fmt.Fprintf(&b, `<hyperlink ref="%s" r:id="rId1"/>`, ref(i))
		}
		return b.String() + "</hyperlinks>"
	}
	const policy = "https://example.com/policies/access-control"
	for _, tt := range []struct {
		name, links      string
		kept, dropped    int
		indexed          int
		linkedA5, linkA6 string
	}{
		{"a ref that is no cell", `<hyperlinks><hyperlink ref="not a cell" r:id="rId1"/><hyperlink ref="A5" r:id="rId1"/></hyperlinks>`, 1, 0, 1, policy, ""},
		{"an empty ref", `<hyperlinks><hyperlink ref="" location="Lists!A1"/></hyperlinks>`, 0, 0, 0, "", ""},
		{"a relationship the sheet lacks", `<hyperlinks><hyperlink ref="A5" r:id="rId99"/><hyperlink ref="A6" r:id="rId99" location="Lists!A2"/></hyperlinks>`, 1, 0, 1, "", "Lists!A2"},
		{"a relationship of another type", `<hyperlinks><hyperlink ref="A5" r:id="rId2"/></hyperlinks>`, 0, 0, 0, "", ""},
		// B8's link goes to A8, the first cell of its merge, which has its own.
		{"more links than Excel allows", many(maxSheetLinks+100, func(i int) string { return cellName(i/100+1, i%100+1) }), maxSheetLinks, 100, maxSheetLinks - 1, policy, policy},
		{"a link over the whole sheet", `<hyperlinks><hyperlink ref="A1:XFD1048576" r:id="rId1"/><hyperlink ref="A6" location="Lists!A1"/></hyperlinks>`, 2, 0, 1, "", "Lists!A1"},
		{"a hyperlink outside hyperlinks", `<hyperlink ref="A5" r:id="rId1"/>`, 0, 0, 0, "", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := questionsModel(t, kindsBook(t, withLinks(t, tt.links)))
			if len(m.links) != tt.kept || m.scan.droppedLinks != tt.dropped || len(m.linkCells) != tt.indexed {
				t.Errorf("kept %d links, dropped %d, indexed %d cells; want %d, %d, %d",
					len(m.links), m.scan.droppedLinks, len(m.linkCells), tt.kept, tt.dropped, tt.indexed)
			}
			for ref, want := range map[string]string{"A5": tt.linkedA5, "A6": tt.linkA6} {
				col, row, _, _ := cellRef(ref)
				got := ""
				if l := m.linkAt(row, col); l != nil {
					got = l.address()
				}
				if got != want {
					t.Errorf("%s links to %q, want %q", ref, got, want)
				}
			}
			if _, err := New().ExtractCompact(kindsBook(t, withLinks(t, tt.links))); err != nil {
				t.Errorf("the map fails: %v", err)
			}
		})
	}
}

// FuzzSheetHyperlinks feeds arbitrary <hyperlinks> to a sheet: opening it
// and mapping it never panic, and every link kept covers a real range.
func FuzzSheetHyperlinks(f *testing.F) {
	f.Add(`<hyperlinks><hyperlink ref="A5" r:id="rId1" tooltip="t"/></hyperlinks>`)
	f.Add(`<hyperlinks><hyperlink ref="B8" location="Policy"/><hyperlink ref="C5:D6" r:id="rId2"/></hyperlinks>`)
	f.Add(`<hyperlinks><hyperlink ref="XFD1048576:A1" r:id="rId1" location="#x"/></hyperlinks>`)
	f.Fuzz(func(t *testing.T, links string) {
		doc := kindsBook(t, withLinks(t, links))
		wb, err := open(doc)
		if err != nil {
			return // malformed XML: refused by the guard
		}
		m, err := wb.loadSheet(1)
		if err != nil {
			return
		}
		for _, l := range m.links {
			if l.r1 < 1 || l.c1 < 1 || l.r1 > l.r2 || l.c1 > l.c2 || l.address() == "" {
				t.Fatalf("kept a link over %+v going to %q", l.rect, l.address())
			}
		}
		_, _ = New().ExtractCompact(doc)
	})
}
