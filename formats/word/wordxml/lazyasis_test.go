package wordxml

import (
	"testing"

	"github.com/formfill/formfill/formats/internal/xmllex"
	"github.com/formfill/formfill/internal/realdocs"
)

// copies reports whether transcribe copies the unbuilt element with span
// sp whole, and the bytes it copies.
func copies(lz *Lazy, sp lazySpan, tag int) (bool, []byte) {
	raw := lz.raw
	from := sp.attrs - tag - 1
	to := sp.start
	if raw[sp.start-2] != '/' {
		to = skipEndTag(raw, sp.end)
	}
	if !sp.asIs {
		return false, raw[from:to]
	}
	next, kept := writtenAsIs(raw, from, new(attrKeys))
	return kept && next == sp.start, raw[from:to]
}

// checkAsIsCopies holds every element of lz that transcribe would copy
// whole to the token-by-token transcription: it must give the same bytes.
// It returns how many elements would be copied.
func checkAsIsCopies(t testing.TB, lz *Lazy) int {
	t.Helper()
	n := 0
	for _, e := range lz.read {
		ok, b := copies(lz, e.span, len(e.el.FullTag()))
		if !ok {
			continue
		}
		n++
		w := &appendWriter{lz: lz, keys: new(attrKeys)}
		if !w.content(b) || string(w.b) != string(b) {
			t.Fatalf("copied whole %q, but transcribed %q (ok %v)", b, w.b, w.err == nil)
		}
	}
	return n
}

// TestAsIsCopiesOnlyWhatWriteGivesAlike: the read marks a deferred
// element for copying whole only when its bytes are Write's; otherwise
// the transcription goes token by token (escaping, rewriting tags) or
// the element is built.
func TestAsIsCopiesOnlyWhatWriteGivesAlike(t *testing.T) {
	for _, tc := range []struct {
		name   string
		in     string
		copied bool
	}{
		{"plain paragraph", `<a><b x="1" y="2"><d y="2">t</d><e/></b></a>`, true},
		{"empty-element tag", `<a><b x="1"/></a>`, true},
		{"non-ASCII text", `<a><b>“Company’s” — é ☃ 𝄞</b></a>`, true},
		{"tab and newline in a value", "<a><b><d x=\"1\t2\n3\"/></b></a>", true},
		{"eight attributes", `<a><b><d a="1" b="2" c="3" d="4" e="5" f="6" g="7" h="8"/></b></a>`, true},
		{"own tag's spacing", `<a><b  x="1">t</b></a>`, false},
		{"own tag's single quotes", `<a><b x='1'>t</b></a>`, false},
		{"own empty pair", `<a><b></b></a>`, false},
		{"own end tag spaced", `<a><b>t</b ></a>`, false},
		{"two spaces before an attribute", `<a><b><d  y="2"/></b></a>`, false},
		{"a tab before an attribute", "<a><b><d\ty=\"2\"/></b></a>", false},
		{"spaces around =", `<a><b><d y = "2"/></b></a>`, false},
		{"single quotes", `<a><b><d y='2'/></b></a>`, false},
		{"space before />", `<a><b><d y="2" /></b></a>`, false},
		{"space before >", `<a><b><d y="2" >t</d></b></a>`, false},
		{"empty pair inside", `<a><b><d></d></b></a>`, false},
		{"end tag spaced inside", `<a><b><d>x</d ></b></a>`, false},
		{"apostrophe in text", `<a><b>it's</b></a>`, false},
		{"quote in text", `<a><b>say "hi"</b></a>`, false},
		{"> in text", `<a><b>a>b</b></a>`, false},
		{"carriage return in text", "<a><b>x\ry</b></a>", false},
		{"entity in text", `<a><b>&amp;</b></a>`, false},
		{"apostrophe in a value", `<a><b><d x="it's"/></b></a>`, false},
		{"> in a value", `<a><b><d x="1>0"/></b></a>`, false},
		{"carriage return in a value", "<a><b><d x=\"1\r2\"/></b></a>", false},
		{"entity in a value", `<a><b><d x="&amp;"/></b></a>`, false},
		{"repeated attribute", `<a><b><d x="1" x="2"/></b></a>`, false},
		{"sixteen attributes", `<a><b><d a="1" b="2" c="3" d="4" e="5" f="6" g="7" h="8" i="9" j="" k="" l="" m="" n="" o="" p=""/></b></a>`, true},
		{"seventeen attributes", `<a><b><d a="1" b="2" c="3" d="4" e="5" f="6" g="7" h="8" i="9" j="" k="" l="" m="" n="" o="" p="" q=""/></b></a>`, false},
		{"own repeated attribute", `<a><b x="1" x="2">t</b></a>`, false},
		{"own entity in a value", `<a><b x="&amp;">t</b></a>`, false},
		{"] and U+FFFD in a value", `<a><b><d x="a]]b` + "\uFFFD" + `"/></b></a>`, true},
		{"comment", `<a><b><!--c-->t</b></a>`, false},
		{"CDATA", `<a><b><![CDATA[x]]></b></a>`, false},
		{"processing instruction", `<a><b><?pi x?></b></a>`, false},
		{"name beyond ASCII", `<a><b><é/></b></a>`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x, lz, err := readLazy(tc.in, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(lz.read) != 1 {
				t.Fatalf("%d deferred elements, want 1", len(lz.read))
			}
			e := lz.read[0]
			if got, _ := copies(lz, e.span, len(e.el.FullTag())); got != tc.copied {
				t.Fatalf("copied whole %v, want %v", got, tc.copied)
			}
			checkAsIsCopies(t, lz)
			full, err := Read([]byte(tc.in), xmllex.MaxDepth, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			want := string(Write(nil, full, 0))
			if got, err := WriteLazyStop(nil, x, 0, lz, nil); err != nil || string(got) != want {
				t.Fatalf("lazy write %q (%v), want %q", got, err, want)
			}
		})
	}
}

// TestAsIsCopiesOnAgreements holds every paragraph of the long agreements
// that the write copies whole to its transcription, and the whole write
// with copies to the one without; most paragraphs are copied.
func TestAsIsCopiesOnAgreements(t *testing.T) {
	for _, name := range []string{"nvca-spa.docx", "ilpa-lpa-deal-by-deal.docx"} {
		t.Run(name, func(t *testing.T) {
			raw := documentXML(t, realdocs.Read(t, "agreements", name))
			x, lz, err := ParseLazy(raw, "document", nil, "w:p", "w:tc", nil)
			if err != nil {
				t.Fatal(err)
			}
			n := checkAsIsCopies(t, lz)
			if n*2 < len(lz.read) {
				t.Errorf("%d of %d paragraphs copied whole", n, len(lz.read))
			}
			t.Logf("%d of %d paragraphs copied whole", n, len(lz.read))
			fast, err := WriteLazyStop(nil, x, len(raw), lz, nil)
			if err != nil {
				t.Fatal(err)
			}
			slow, err := writeLazy(nil, x, len(raw), lz, nil, true)
			if err != nil {
				t.Fatal(err)
			}
			if string(fast) != string(slow) {
				t.Fatal("copying paragraphs whole changes the write")
			}
		})
	}
}
