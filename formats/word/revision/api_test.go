package revision

import (
	"strings"
	"testing"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/word/wordxml"
)

// testEngine is a minimal Engine: text is the concatenated w:t, runs hold
// one w:t.
var testEngine = Engine{
	Line: func(el *etree.Element) string {
		var b strings.Builder
		for _, t := range wordxml.FindW(el, "t") {
			b.WriteString(t.Text())
		}
		return b.String()
	},
	Shorten: func(s string, n int) string { return s[:min(len(s), n)] },
	Rows:    func(el *etree.Element) []*etree.Element { return wordxml.ChildrenW(el, "tr") },
	Cells:   func(el *etree.Element) []*etree.Element { return wordxml.ChildrenW(el, "tc") },
	Run: func(rPr *etree.Element, text string) *etree.Element {
		r := etree.NewElement("w:r")
		r.CreateElement("w:t").SetText(text)
		return r
	},
}

// body parses a w:body holding one paragraph of text.
func body(t *testing.T, text string) *etree.Element {
	t.Helper()
	x, err := wordxml.Parse([]byte(`<w:document xmlns:w="`+wordxml.NamespaceW+`"><w:body><w:p><w:r><w:t>`+text+`</w:t></w:r></w:p></w:body></w:document>`), "test", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return wordxml.ChildW(x.Root(), "body")
}

// TestReviewMarksFollowTheOptions: no reviser without review options, no
// watch for an answer that needs no mark, and a text change watched under
// track_changes comes out as a deletion and an insertion that accept to
// the new text; a nil reviser (a write without marks) is safe to use.
func TestReviewMarksFollowTheOptions(t *testing.T) {
	st := formats.Stamp{Author: "Tester"}
	if rv, err := New(nil, body(t, "x"), formats.WriteOptions{}, st, testEngine); rv != nil || err != nil {
		t.Fatalf("New without review options = %v, %v; want nil, nil", rv, err)
	}
	var none *Reviser
	if w, err := none.Watch(nil, "P1", formats.Answer{}); w != nil || err != nil {
		t.Errorf("a nil Reviser watches: %v, %v", w, err)
	}
	if parts, err := none.Parts(); parts != nil || err != nil || none.Comments() != nil {
		t.Errorf("a nil Reviser has parts %v (%v) or comments %v", parts, err, none.Comments())
	}

	b := body(t, "Old text")
	rv, err := New(nil, b, formats.WriteOptions{TrackChanges: true}, st, testEngine)
	if err != nil || rv == nil {
		t.Fatalf("New with track_changes = %v, %v", rv, err)
	}
	p := wordxml.ChildW(b, "p")
	w, err := rv.Watch(p, "P1", formats.Answer{PairID: "P1", AnswerText: "New text"})
	if err != nil || w == nil {
		t.Fatalf("Watch = %v, %v", w, err)
	}
	wordxml.FindW(p, "t")[0].SetText("New text")
	if place, err := w.Finish(); err != nil || place != "" {
		t.Fatalf("Finish = %q, %v; want no comment", place, err)
	}
	ins, del := wordxml.FindW(p, "ins"), wordxml.FindW(p, "del")
	if len(ins) == 0 || len(del) == 0 {
		t.Fatalf("the change is not tracked: %s", wordxml.ElementXML(p))
	}
	if got := testEngine.Line(ins[0]); !strings.Contains("New text", got) || got == "" {
		t.Errorf("the insertion reads %q, want part of the new text", got)
	}
	if a, ok := wordxml.Attr(ins[0], "w", "author"); !ok || a != "Tester" {
		t.Errorf("the insertion's author is %q, want the stamp's", a)
	}
}
