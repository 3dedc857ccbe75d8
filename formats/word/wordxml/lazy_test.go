package wordxml

import (
	"errors"
	"strings"
	"testing"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats/internal/xmllex"
	"github.com/formfill/formfill/internal/fixtures"
)

// lazySkip is what the lazy read tests leave out.
var lazySkip = map[string]bool{"w:rPr": true}

// readLazy reads s deferring the content of <b> elements and flagging
// those holding a <c>, as ParseLazy does without its DTD check.
func readLazy(s string, skip map[string]bool) (*etree.Document, *Lazy, error) {
	lr := newLazyRead("b", "c")
	x, err := read([]byte(s), xmllex.MaxDepth, skip, nil, lr)
	if err != nil {
		return nil, nil, err
	}
	return x, lr.done([]byte(s)), nil
}

func serialized(t *testing.T, x *etree.Document) string {
	t.Helper()
	s, err := x.WriteToString()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestParseLazyDefersContentOnly(t *testing.T) {
	for name, tc := range map[string]struct {
		in, lazy string
		flagged  int
	}{
		"content and attributes left out": {`<a><b x="1" y='&amp;'>t<d y="&amp;"/></b><e/></a>`, `<a><b/><e/></a>`, 0},
		"self-closed with attributes":     {`<a><b x="1"/><b	y="2" /></a>`, `<a><b/><b/></a>`, 0},
		"empty and self-closed":           {`<a><b></b><b/></a>`, `<a><b/><b/></a>`, 0},
		"nested deferred names":           {`<a><b><b>t</b></b></a>`, `<a><b/></a>`, 0},
		"flag deep inside":                {`<a><b><d><c/></d></b><b><d/></b></a>`, `<a><b/><b/></a>`, 1},
		"flag outside a deferred element": {`<a><c/><b>t</b></a>`, `<a><c/><b/></a>`, 0},
		"the root deferred":               {`<b><d/></b>`, `<b/>`, 0},
		"skipped kept out when built":     {`<a><b><w:rPr/><d/></b></a>`, `<a><b/></a>`, 0},
	} {
		x, lz, err := readLazy(tc.in, lazySkip)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := serialized(t, x); got != tc.lazy {
			t.Errorf("%s: lazy tree %q, want %q", name, got, tc.lazy)
		}
		if got := len(lz.Flagged()); got != tc.flagged {
			t.Errorf("%s: %d flagged, want %d", name, got, tc.flagged)
		}
		full, err := Read([]byte(tc.in), xmllex.MaxDepth, lazySkip, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := lz.BuildAll(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got, want := serialized(t, x), serialized(t, full); got != want || lz.Unbuilt() {
			t.Errorf("%s: built %q (unbuilt left: %v), want %q", name, got, lz.Unbuilt(), want)
		}
	}
}

func TestLazyBuildBuildsOnlyTheSubtree(t *testing.T) {
	x, lz, err := readLazy(`<a><e><b>1<d/></b></e><b>2</b></a>`, nil)
	if err != nil {
		t.Fatal(err)
	}
	e := x.Root().SelectElement("e")
	if err := lz.Build(e); err != nil {
		t.Fatal(err)
	}
	if got := serialized(t, x); got != `<a><e><b>1<d/></b></e><b/></a>` {
		t.Fatalf("after building <e>: %q", got)
	}
	if err := lz.Build(e); err != nil || !lz.Unbuilt() {
		t.Fatalf("building <e> again: %v, unbuilt %v", err, lz.Unbuilt())
	}
	lz.Close()
	if err := lz.BuildAll(); err != nil || lz.Unbuilt() {
		t.Fatalf("a closed Lazy has nothing left to build: %v", err)
	}
}

// TestParseLazyRefusesAsParse: deferred content is checked as strictly as
// the rest, with the same error at the same byte.
func TestParseLazyRefusesAsParse(t *testing.T) {
	for _, bad := range []string{
		`<a><b>`, `<a><b><d></b></a>`, `<a><b>&nope;</b></a>`, `<a><b><d x=1/></b></a>`, "<a><b>\x01</b></a>",
		`<a><b><!-- a -- b --></b></a>`, `<a><c><b><!-----></b></c></a>`, `<a><b x="<"/></a>`, `<a><b><1d/></b></a>`, `<a><b>]]></b></a>`,
		`<a><b><d x="1"y="2"/></b></a>`, `<a><b/></a><b>t</b>`, `<a><b x="1"y="2">t</b></a>`, `<a><b x="&nope;"/></a>`,
		`<a><b x="1" x2></b></a>`, `<a><b x="1"`,
	} {
		_, full := Read([]byte(bad), xmllex.MaxDepth, nil, nil)
		_, _, lazy := readLazy(bad, nil)
		if full == nil || lazy == nil || full.Error() != lazy.Error() {
			t.Errorf("%q: Read says %v, the lazy read %v", bad, full, lazy)
		}
	}
	// <a><b> and the <d>s: one past the bound.
	deep := strings.Repeat("<d>", xmllex.MaxDepth-1) + strings.Repeat("</d>", xmllex.MaxDepth-1)
	if _, _, err := readLazy("<a><b>"+deep+"</b></a>", nil); !errors.Is(err, etree.ErrMaxDepth) {
		t.Errorf("content nested past the bound: %v", err)
	}
	if _, _, err := readLazy("<a><b>"+deep[3:len(deep)-4]+"</b></a>", nil); err != nil {
		t.Errorf("content nested up to the bound: %v", err)
	}
}

// TestParseLazyBuildsEveryFixtureWhole: deferring paragraphs, then
// building them all, gives the tree Parse gives, on every Word fixture.
func TestParseLazyBuildsEveryFixtureWhole(t *testing.T) {
	for _, name := range fixtures.Names() {
		if !strings.HasPrefix(name, "word/") {
			continue
		}
		raw := []byte(fixtureDocumentXML(t, name))
		want, err := Parse(raw, "doc", fuzzSkip, nil)
		if err != nil {
			t.Fatal(err)
		}
		x, lz, err := ParseLazy(raw, "doc", fuzzSkip, "w:p", "w:tc", nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := lz.BuildAll(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got, w := serialized(t, x), serialized(t, want); got != w {
			t.Errorf("%s: lazy tree built whole differs from Parse's", name)
		}
	}
}

// checkLazy reads s deferring <b> elements: it must refuse what Read
// refused (full, err), with the same error, and otherwise give full's tree
// once every deferred element is built.
func checkLazy(t *testing.T, s string, full *etree.Document, err error) {
	t.Helper()
	x, lz, lerr := readLazy(s, nil)
	if err != nil {
		if lerr == nil || lerr.Error() != err.Error() {
			t.Fatalf("Read refuses (%v), the lazy read gives %v", err, lerr)
		}
		return
	}
	if lerr != nil {
		t.Fatalf("Read accepts, the lazy read refuses: %v", lerr)
	}
	if err := lz.BuildAll(); err != nil {
		t.Fatal(err)
	}
	if got, want := serialized(t, x), serialized(t, full); got != want {
		t.Fatalf("lazy tree built whole:\n %q\nwant %q", got, want)
	}
}
