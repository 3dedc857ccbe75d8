package wordxml

import (
	"fmt"
	"testing"

	"github.com/formfill/formfill/formats/internal/xmllex"
)

// TestHeldContentCheckedAsBuilt: content left out of the tree, read by
// skipHeld's fast path or handed back to run, is accepted and refused as
// the same content built, with the same error; and built lazily, it gives
// the same tree.
func TestHeldContentCheckedAsBuilt(t *testing.T) {
	for _, inner := range []string{
		`plain text`, `t &amp; &#x41; u`, `a ]] > b`, `a ]]> b`, "tab\tnl\ncr\r", "bell\x07", "\uFFFE", "\uFFFD\uFFFF",
		`<d/>`, `<d x="1" y='2'/>`, `<d x='"' y="'"/>`, `<d x="a]]>b"/>`, `<d x="&lt;"/>`, `<d x="&bogus;"/>`, `<d x="<"/>`,
		"<d x=\"\x01\"/>", `<d x="1"y="2"/>`, `<d x=1/>`, `<d x="1`, `<d x/>`, `<d / >`, `<d></e>`, `<d></d >`, `</b>x`,
		`<!--c-->`, `<!-- a -- b -->`, `<?p i?>`, `<![CDATA[<x>]]>`, `<!DOCTYPE x>`, `<1d/>`, `<d:e:f/>`, `<d>`, `<`,
		`<w:rPr><w:b w:val="1"/></w:rPr><d>t</d>`,
		// Names, checked as scanned (heldName) or handed to name.
		`<d:/>`, `<:d/>`, `<d: x="1"/>`, `<d x:="1"/>`, `<d :x="1"/>`, `<d x:y:z="1"/>`, `<d:e:/>`, `<_d.-1 a-b.c_d="1"/>`,
		`<d:1 x:-="1"/>`, `<-d/>`, `<d é="1"/>`, `<dé/>`, "<d\u0082/>", "<d x\u0082=\"1\"/>", `<d!/>`, `<d x!="1"/>`,
		`<w:p><w:pPr/></w:p>`, `<w:p></w:pPr>`, `<w:pPr></w:p>`,
	} {
		doc := "<a><b>" + inner + "</b><c/></a>"
		t.Run(fmt.Sprintf("%q", inner), func(t *testing.T) {
			full, ferr := Read([]byte(doc), xmllex.MaxDepth, nil, nil)
			_, serr := Read([]byte(doc), xmllex.MaxDepth, map[string]bool{"b": true}, nil)
			if fmt.Sprint(ferr) != fmt.Sprint(serr) {
				t.Fatalf("built: %v; left out: %v", ferr, serr)
			}
			checkLazy(t, doc, full, ferr)
		})
	}
}

// TestUnbuiltAttributesCheckedAsBuilt: the attributes of an element
// deferred or left out itself (startAttr's scan, with attr from the same
// byte when unsure) are accepted and refused as the same attributes
// built, with the same error at the same byte.
func TestUnbuiltAttributesCheckedAsBuilt(t *testing.T) {
	for _, attrs := range []string{
		` x="1"`, ` x="1" y='2'`, ` w:x="a]]>b"`, ` x='"' y="'"`, ` x = "1"`, ` x="&lt;&#65;"`, ` x="&bogus;"`,
		` x="<"`, ` x="1"y="2"`, ` x=1`, ` x`, ` x="1`, ` x:="1"`, ` :x="1"`, ` x:y:z="1"`, ` é="1"`, " x\u0082=\"1\"",
		" x=\"\x01\"", " x=\"\uFFFE\"", ` x!="1"`, ` 1x="1"`, ` x="1" x="2"`, ` x="a` + "\t\n\r" + `b"`,
	} {
		for _, tail := range []string{">t</b>", "/>"} {
			doc := "<a><b" + attrs + tail + "<c/></a>"
			t.Run(fmt.Sprintf("%q", doc), func(t *testing.T) {
				full, ferr := Read([]byte(doc), xmllex.MaxDepth, nil, nil)
				_, serr := Read([]byte(doc), xmllex.MaxDepth, map[string]bool{"b": true}, nil)
				if fmt.Sprint(ferr) != fmt.Sprint(serr) {
					t.Fatalf("built: %v; left out: %v", ferr, serr)
				}
				checkLazy(t, doc, full, ferr)
			})
		}
	}
}

// TestSpanPlainStopsAsSpan: spanPlain, eight bytes a step, stops where
// the byte loop does, for every byte at every place of a block, from
// every start.
func TestSpanPlainStopsAsSpan(t *testing.T) {
	for c := 0; c < 256; c++ {
		for at := 0; at < 24; at++ {
			b := []byte("the quick brown fox jumps over")[:24]
			b[at] = byte(c)
			for from := 0; from <= len(b); from++ {
				if got, want := spanPlain(b, from), xmllex.Span(b, from, &heldPlain); got != want {
					t.Fatalf("byte %#x at %d, from %d: spanPlain %d, Span %d", c, at, from, got, want)
				}
			}
		}
	}
}
