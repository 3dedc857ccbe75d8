package wordxml

import (
	"strings"
	"testing"

	"github.com/beevik/etree"
)

// TestSkipAnswersAreTheReadsOwn reads the same document over and over
// with recycled readers, alternately leaving w:b out and keeping it:
// the reader's remembered answers to skip (skips) must be the read's own,
// never the previous read's.
func TestSkipAnswersAreTheReadsOwn(t *testing.T) {
	raw := []byte(bigDocument(900, 3))
	if !strings.Contains(string(raw), "<w:b/>") {
		t.Fatal("the test document has no w:b")
	}
	bold := map[string]bool{"w:b": true}
	for i, skip := range []map[string]bool{bold, nil, bold, lazySkip, bold, {"w:t": true}, nil, bold} {
		_, lz, err := ParseLazy(raw, "doc", skip, "w:p", "w:tc", nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := lz.BuildAll(); err != nil {
			t.Fatal(err)
		}
		x, want := lz.rd.doc, mustParse(t, raw, skip)
		got, w := serialized(t, x), serialized(t, want)
		if got != w {
			t.Fatalf("read %d (skip %v): tree differs from Parse's", i, skip)
		}
		if kept := strings.Contains(got, "<w:b/>"); kept == (skip["w:b"] || skip["w:rPr"]) {
			t.Fatalf("read %d (skip %v): w:b kept = %v", i, skip, kept)
		}
		lz.Recycle()
	}
}

func mustParse(t *testing.T, raw []byte, skip map[string]bool) *etree.Document {
	t.Helper()
	x, err := Parse(raw, "doc", skip, nil)
	if err != nil {
		t.Fatal(err)
	}
	return x
}
