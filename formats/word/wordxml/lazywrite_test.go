package wordxml

import (
	"testing"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats/internal/xmllex"
	"github.com/formfill/formfill/internal/realdocs"
)

// TestWriteLazyMatchesWrite: a tree read lazily writes the bytes the tree
// read whole writes, its unbuilt elements transcribed from the part when
// they are plain and built when the transcription is unsure of them.
func TestWriteLazyMatchesWrite(t *testing.T) {
	for name, tc := range map[string]struct {
		in          string
		transcribed bool // every deferred element written unbuilt
	}{
		"plain paragraph":                {`<a><b x="1"><d y="2">t</d></b></a>`, true},
		"single quotes and spacing":      {"<a><b  x='1'\ty = \"2\" ><d  z='&quot;' />t<e\n/></b><b><f x='1'\n></f\n></b></a>", true},
		"quotes and > escaped in text":   {`<a><b>it's "so" &gt; a>b</b></a>`, true},
		"quotes and > in values":         {`<a><b x='say "hi"' y="it's > 1"/></a>`, true},
		"predefined entities kept":       {`<a><b x="&amp;&lt;&gt;&quot;&apos;">&amp;&lt;&gt;&quot;&apos;</b></a>`, true},
		"empty element with end tag":     {`<a><b><d></d><e ></e ></b><b></b></a>`, true},
		"white space kept as text":       {"<a><b>\n <d/>\t</b></a>", true},
		"tab and newline in a value":     {"<a><b x=\"1\t2\n3\"/></a>", true},
		"non-ASCII text":                 {`<a><b>“Company’s” — é ☃ 𝄞</b></a>`, true},
		"nested deferred name":           {`<a><b><b>t</b></b></a>`, true},
		"root deferred":                  {`<b x="1"><d/></b>`, true},
		"character reference built":      {`<a><b>&#x41;&#66;</b></a>`, false},
		"carriage return built":          {"<a><b>x\r\ny</b></a>", false},
		"carriage return in value built": {"<a><b><d x=\"1\r2\"/></b></a>", false},
		"comment built":                  {`<a><b><!--c-->t</b></a>`, false},
		"CDATA built":                    {`<a><b><![CDATA[<x>]]></b></a>`, false},
		"processing instruction built":   {`<a><b><?pi  data ?></b></a>`, false},
		"repeated attribute built":       {`<a><b><d x="1" x="2"/></b></a>`, false},
		"names whose hashes clash":       {`<a><b><d Aa="1" BB="2"/></b></a>`, true},
		"nine attributes":                {`<a><b><d a="1" b="2" c="3" d="4" e="5" f="6" g="7" h="8" i="9"/></b></a>`, true},
		"repeat after eight attributes":  {`<a><b><d a="1" b="2" c="3" d="4" e="5" f="6" g="7" h="8" a="9"/></b></a>`, false},
		"seventeen attributes built":     {`<a><b><d a="1" b="2" c="3" d="4" e="5" f="6" g="7" h="8" i="9" j="1" k="2" l="3" m="4" n="5" o="6" p="7" q="8"/></b></a>`, false},
	} {
		full, err := Read([]byte(tc.in), xmllex.MaxDepth, nil, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := string(Write(nil, full, 0))
		x, lz, err := readLazy(tc.in, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := WriteLazyStop(nil, x, 0, lz, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if string(got) != want {
			t.Errorf("%s: lazy write\n %q\nwant %q", name, got, want)
		}
		if lz.Unbuilt() != tc.transcribed {
			t.Errorf("%s: unbuilt content left %v, want %v", name, lz.Unbuilt(), tc.transcribed)
		}
	}
}

// TestWriteLazyAfterPartialBuild: elements built before the write (a
// write's targets, changed or not) are written as trees beside the
// transcribed ones.
func TestWriteLazyAfterPartialBuild(t *testing.T) {
	in := `<a><b x="1">one's</b><b>two</b><c><b>three</b></c></a>`
	x, lz, err := readLazy(in, nil)
	if err != nil {
		t.Fatal(err)
	}
	second := x.Root().ChildElements()[1]
	if err := lz.Build(second); err != nil {
		t.Fatal(err)
	}
	second.CreateAttr("y", "2")
	got, err := WriteLazyStop(nil, x, 0, lz, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := `<a><b x="1">one&apos;s</b><b y="2">two</b><c><b>three</b></c></a>`
	if string(got) != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// checkLazyWrite holds the lazy write of s to want, the whole tree's
// write, with nothing built and with every other deferred element built
// first, deferring <b> alone and <b> and <e>; each with the unbuilt
// elements the read found as Write gives them copied whole, and without.
func checkLazyWrite(t *testing.T, s, want string) {
	t.Helper()
	for i := range 8 {
		partly, slow := i%2 == 1, i%4 >= 2
		lr := newLazyRead("b", "c")
		if i >= 4 {
			lr = newLazyRead("b", "c", "e")
		}
		x, err := read([]byte(s), xmllex.MaxDepth, nil, nil, lr)
		if err != nil {
			t.Fatalf("the lazy read refuses: %v", err)
		}
		lz := lr.done([]byte(s))
		checkAsIsCopies(t, lz)
		if partly {
			buildEveryOther(t, lz, x)
		}
		got, err := writeLazy(nil, x, 0, lz, nil, slow)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want {
			t.Fatalf("lazy write (partly built %v, no copies %v):\n %q\nwant %q", partly, slow, got, want)
		}
	}
}

// buildEveryOther builds every other deferred element of x, in document
// order.
func buildEveryOther(t *testing.T, lz *Lazy, x *etree.Document) {
	t.Helper()
	var deferred []*etree.Element
	Descend(&x.Element, func(e *etree.Element) bool {
		if _, ok := lz.spans[e]; ok {
			deferred = append(deferred, e)
		}
		return true
	})
	for i := 0; i < len(deferred); i += 2 {
		if err := lz.Build(deferred[i]); err != nil {
			t.Fatal(err)
		}
	}
}

// TestParseLazyDefersSeveralNames: elements of every deferred name are
// left bare, built whole by BuildAll and written as the whole tree is.
func TestParseLazyDefersSeveralNames(t *testing.T) {
	in := `<a><e k='1'><f/></e><b>it's<e><f/></e></b><g><e/></g></a>`
	lr := newLazyRead("b", "c", "e")
	x, err := read([]byte(in), xmllex.MaxDepth, nil, nil, lr)
	if err != nil {
		t.Fatal(err)
	}
	lz := lr.done([]byte(in))
	if got, want := serialized(t, x), `<a><e/><b/><g><e/></g></a>`; got != want {
		t.Errorf("lazy tree %q, want %q", got, want)
	}
	full, err := Read([]byte(in), xmllex.MaxDepth, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := string(Write(nil, full, 0))
	got, err := WriteLazyStop(nil, x, 0, lz, nil)
	if err != nil || string(got) != want {
		t.Errorf("lazy write %q (%v), want %q", got, err, want)
	}
	if err := lz.BuildAll(); err != nil {
		t.Fatal(err)
	}
	if got := string(Write(nil, x, 0)); got != want {
		t.Errorf("built whole %q, want %q", got, want)
	}
}

// BenchmarkWriteLazy writes back, from a lazy read that built nothing,
// the document.xml of a long agreement: the transcription of unbuilt
// paragraphs a plain write spends most of its serialising in.
func BenchmarkWriteLazy(b *testing.B) {
	for _, name := range []string{"nvca-spa.docx", "ilpa-lpa-deal-by-deal.docx"} {
		raw := documentXML(b, realdocs.Read(b, "agreements", name))
		x, lz, err := ParseLazy(raw, "document", nil, "w:p", "w:tc", nil)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(raw)))
			var out []byte
			for b.Loop() {
				if out, err = WriteLazyStop(out, x, len(raw), lz, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
		lz.Close()
	}
}
