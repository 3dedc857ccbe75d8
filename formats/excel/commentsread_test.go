package excel

import (
	"bytes"
	"maps"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/readers"
)

// The notes sheetComments reads from the package are openpyxl's, cell for
// cell, text and author: on every real workbook that has notes, and on the
// fixture once a write has put notes on it (one of them on two sheets).
func TestSheetCommentsAgreeWithOpenpyxl(t *testing.T) {
	noted, err := New().Write(fixture(t), []formats.Answer{
		{PairID: "S1-R3-C3", AnswerText: "Yes", Confidence: formats.Uncertain, Note: "per the <2024> audit"},
		{PairID: "S2-R1-C2", AnswerText: "Acme & Sons", Confidence: formats.Uncertain},
	}, noteOpts)
	if err != nil {
		t.Fatal(err)
	}
	docs := map[string][]byte{"fixture with formfill's notes": noted.Document}
	for name, doc := range workbooks(t) {
		if bytes.Contains(doc, []byte("comments")) { // a zip lists its entries' names in the clear
			docs[name] = doc
		}
	}
	for name, doc := range docs {
		t.Run(name, func(t *testing.T) {
			wb := mustOpen(t, doc)
			want := readers.XLSXNotes(t, doc)
			total := 0
			for _, sheet := range wb.sheets {
				cs, err := wb.sheetComments(sheet)
				if err != nil {
					t.Fatalf("sheet %q: %v", sheet, err)
				}
				got := map[string]readers.Note{}
				for _, c := range cs {
					author := c.author
					if author == "" {
						author = "None" // openpyxl's name for an empty <author/> (HECVAT 4.14's C11)
					}
					got[c.ref] = readers.Note{Text: c.text, Author: author}
				}
				if w := want[sheet]; !maps.Equal(got, w) && len(got)+len(w) > 0 {
					t.Errorf("sheet %q: read %d notes, openpyxl %d:\n got %v\nwant %v", sheet, len(got), len(w), got, w)
				}
				total += len(got)
			}
			if total == 0 {
				t.Fatal("no notes read: the test compares nothing")
			}
		})
	}
}

// readComments joins a note's own text and its runs', names its author by
// index, and reads strict and prefixed parts as transitional ones.
func TestReadCommentsParts(t *testing.T) {
	const main = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"`
	for _, tc := range []struct {
		name, part string
		want       []sheetComment
	}{
		{"runs joined, phonetic text left out",
			`<comments ` + main + `><authors><author>Ann</author><author>Bo &amp; Co</author></authors><commentList>` +
				`<comment ref="B2" authorId="1"><text><r><rPr><b/></rPr><t>Bo:</t></r><r><t xml:space="preserve"> a &lt;b&gt;</t></r><rPh sb="0" eb="1"><t>x</t></rPh></text></comment>` +
				`<comment ref="C3" authorId="0"><text><t>plain</t></text></comment></commentList></comments>`,
			[]sheetComment{{"B2", "Bo & Co", "Bo: a <b>", 2}, {"C3", "Ann", "plain", 1}}},
		{"own text first, whatever its place",
			`<comments ` + main + `><authors><author>Ann</author></authors><commentList><comment ref="A1" authorId="0"><text><r><t>run</t></r><t>own </t></text></comment></commentList></comments>`,
			[]sheetComment{{"A1", "Ann", "own run", 2}}},
		{"an author index out of range or no number",
			`<comments ` + main + `><authors/><commentList><comment ref="A1" authorId="3"><text><t>x</t></text></comment><comment ref="A2" authorId="z"><text><t>y</t></text></comment></commentList></comments>`,
			[]sheetComment{{"A1", "", "x", 1}, {"A2", "", "y", 1}}},
		{"escaped characters decoded, a literal escape kept",
			`<comments ` + main + `><authors><author>A_x005F_x0042_</author></authors><commentList><comment ref="A1" authorId="0"><text><t>a_x0009_b _x005F_x0041_</t></text></comment></commentList></comments>`,
			[]sheetComment{{"A1", "A_x0042_", "a\tb _x0041_", 1}}},
		{"strict and prefixed",
			`<x:comments xmlns:x="http://purl.oclc.org/ooxml/spreadsheetml/main"><x:authors><x:author>Ann</x:author></x:authors><x:commentList><x:comment ref="D4" authorId="0"><x:text><x:t>s</x:t></x:text></x:comment></x:commentList></x:comments>`,
			[]sheetComment{{"D4", "Ann", "s", 1}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := readComments([]byte(tc.part))
			must(t, err)
			if len(got) != len(tc.want) {
				t.Fatalf("got %v; want %v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("note %d = %+v; want %+v", i, got[i], tc.want[i])
				}
			}
		})
	}
}
