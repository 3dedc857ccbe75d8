package wordxml

import (
	"fmt"
	"strings"
	"testing"

	"github.com/beevik/etree"
)

// bigDocument is a document.xml of n paragraphs, large enough for
// document-sized slabs (those Recycle keeps), whose attributes, runs,
// texts and tables vary with seed so that two of them share no tree.
func bigDocument(n, seed int) string {
	var b strings.Builder
	b.WriteString(`<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>`)
	for i := 0; i < n; i++ {
		k := i*7 + seed
		if k%13 == 0 {
			fmt.Fprintf(&b, `<w:tbl><w:tr><w:tc><w:p w:rsidR="%04X"><w:r><w:t>cell %d</w:t></w:r></w:p></w:tc></w:tr></w:tbl>`, k, k)
			continue
		}
		fmt.Fprintf(&b, `<w:p w:rsidR="%08X" w:rsidRDefault="%d">`, k, seed)
		for r := 0; r < k%5; r++ {
			fmt.Fprintf(&b, `<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">run %d.%d &amp; more </w:t></w:r>`, k, r)
		}
		if k%3 == 0 {
			fmt.Fprintf(&b, `<w:bookmarkStart w:id="%d" w:name="b%d"/><w:bookmarkEnd w:id="%d"/>`, k, k, k)
		}
		b.WriteString(`</w:p>`)
	}
	b.WriteString(`<w:sectPr/></w:body></w:document>`)
	return b.String()
}

// TestRecycledStorageReadsAsFresh reads documents one after another, each
// tree recycled once done with, built wholly, partly or not at all: every
// tree must be the one Parse makes of the same bytes, and strings read
// from a recycled tree must stay as they were. It fails unless some read
// does take a recycled reader (sync.Pool may drop one now and then).
func TestRecycledStorageReadsAsFresh(t *testing.T) {
	if slabFor(len(bigDocument(400, 0))) != elementSlab {
		t.Fatal("the test documents are too small to be recycled")
	}
	reused := 0
	var kept []string
	var keptWant []string
	var last *xmlReader
	for i, tc := range []struct{ n, seed, build int }{
		{900, 1, 2}, {400, 2, 2}, {1500, 3, 1}, {400, 4, 0}, {2000, 5, 2},
		{700, 6, 1}, {900, 7, 2}, {1200, 8, 2}, {400, 9, 1}, {900, 10, 2},
	} {
		raw := []byte(bigDocument(tc.n, tc.seed))
		x, lz, err := ParseLazy(raw, "doc", lazySkip, "w:p", "w:tc", nil)
		if err != nil {
			t.Fatalf("document %d: %v", i, err)
		}
		// After ParseLazy, which is to take the recycled reader if any.
		want, err := Parse(raw, "doc", lazySkip, nil)
		if err != nil {
			t.Fatal(err)
		}
		if lz.rd == last {
			reused++
		}
		last = lz.rd
		switch tc.build {
		case 1: // the first paragraphs only, as a verify builds its targets
			ps, wps := x.FindElements("//w:p")[:5], want.FindElements("//w:p")[:5]
			for j, p := range ps {
				if err := lz.Build(p); err != nil {
					t.Fatal(err)
				}
				if got, w := elementString(t, p), elementString(t, wps[j]); got != w {
					t.Fatalf("document %d: paragraph %d built %q, want %q", i, j, got, w)
				}
			}
		case 2:
			if err := lz.BuildAll(); err != nil {
				t.Fatal(err)
			}
			if got, w := serialized(t, x), serialized(t, want); got != w {
				t.Fatalf("document %d: tree read with recycled storage differs from Parse's", i)
			}
		}
		for _, el := range x.FindElements("//w:t") {
			kept = append(kept, el.Text())
			keptWant = append(keptWant, strings.Clone(el.Text()))
		}
		lz.Recycle()
		if lz.Unbuilt() {
			t.Fatalf("document %d: content still unbuilt after Recycle", i)
		}
	}
	for i := range kept {
		if kept[i] != keptWant[i] {
			t.Fatalf("text %d read from a recycled tree changed: %q, was %q", i, kept[i], keptWant[i])
		}
	}
	if reused == 0 {
		t.Fatal("no read took a recycled reader")
	}
}

// elementString is el written alone.
func elementString(t *testing.T, el *etree.Element) string {
	t.Helper()
	d := etree.NewDocument()
	d.AddChild(el.Copy())
	return serialized(t, d)
}

// TestRecycleIsSafeWhenClosedOrNil checks that Recycle after Close, twice,
// or on no Lazy at all does nothing.
func TestRecycleIsSafeWhenClosedOrNil(t *testing.T) {
	var none *Lazy
	none.Recycle()
	_, lz, err := ParseLazy([]byte(bigDocument(400, 1)), "doc", lazySkip, "w:p", "w:tc", nil)
	if err != nil {
		t.Fatal(err)
	}
	lz.Close()
	lz.Recycle()
	lz.Recycle()
	if err := lz.Build(nil); err != nil {
		t.Fatal(err)
	}
}
