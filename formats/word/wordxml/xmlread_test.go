package wordxml

import (
	"archive/zip"
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats/internal/xmllex"
	"github.com/formfill/formfill/internal/fixtures"
)

// etreeRoundTrip parses with etree's own reader (the reference) and
// serialises.
func etreeRoundTrip(raw []byte) (string, error) {
	x := etree.NewDocument()
	x.ReadSettings.MaxDepth = xmllex.MaxDepth
	if err := x.ReadFromBytes(raw); err != nil {
		return "", err
	}
	return x.WriteToString()
}

func TestReadXMLMatchesEtreeOnFixtures(t *testing.T) {
	for _, name := range fixtures.Names() {
		if !strings.HasPrefix(name, "word/") {
			continue
		}
		raw := fixtureDocumentXML(t, name)
		want, err := etreeRoundTrip([]byte(raw))
		if err != nil {
			t.Fatal(err)
		}
		x, err := Read([]byte(raw), xmllex.MaxDepth, nil, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got, _ := x.WriteToString(); got != want {
			t.Fatalf("%s: round trip differs from etree's", name)
		}
	}
}

// Line ends in text and CDATA read as etree reads them: "\r\n" and a
// lone "\r" are "\n" (a lone "\r" in CDATA stayed "\r" until the
// fuzzer found it).
func TestReadXMLNormalisesLineEndsAsEtree(t *testing.T) {
	for name, doc := range map[string]string{
		"text CRLF":      "<a>x\r\ny</a>",
		"text lone CR":   "<a>x\ry</a>",
		"CDATA CRLF":     "<a><![CDATA[x\r\ny]]></a>",
		"CDATA lone CR":  "<a><![CDATA[\r]]></a>",
		"CDATA CR CR LF": "<a><![CDATA[x\r\r\ny\r]]></a>",
	} {
		want, err := etreeRoundTrip([]byte(doc))
		if err != nil {
			t.Fatalf("%s: etree: %v", name, err)
		}
		x, err := Read([]byte(doc), xmllex.MaxDepth, nil, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got, _ := x.WriteToString(); got != want {
			t.Errorf("%s: got %q, etree %q", name, got, want)
		}
	}
}

func TestReadXMLRefuses(t *testing.T) {
	for _, bad := range []string{
		`<a>`, `<a></b>`, `<a/><b/>`, `text<a/>`, `<a x=1/>`, `<a x="1"y="2"/>`, `<a>&nope;</a>`, `<a>&#0;</a>`,
		"<a>\x01</a>", `<a><!DOCTYPE x></a>`, `<a><!-- a -- b --></a>`, `<a><!-----></a>`, `<a><!-- x ---></a>`, `<a x="<"/>`, `<1a/>`, `<a:b:c/>`, "<a>\xff</a>", ``,
		"<\u0082/>", "<a b\u00d7c=\"1\"/>", // non-ASCII, but no XML name characters
	} {
		if _, err := Read([]byte(bad), xmllex.MaxDepth, nil, nil); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// FuzzReadXML checks the fast reader against etree's: never laxer, and the
// same tree whenever both accept.
func FuzzReadXML(f *testing.F) {
	f.Add(`<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p w:a="1"><w:r><w:t xml:space="preserve"> x </w:t></w:r></w:p></w:body></w:document>`)
	f.Add(`<?xml version="1.0"?>` + "\r\n" + `<a x='1' y="&quot;&#x41;&#66;"><![CDATA[<b>]]><!--c--><?pi data?>t&amp;&lt;&gt;</a>`)
	f.Add(`<a><w:rPr><w:b w:val="1"/><b>x</b></w:rPr><b/><c>t<b><!--c--></b></c></a>`)
	// Start tags repeated, the same first eight bytes or all of them
	// (asIsSeen), inside content left out.
	f.Add(`<a><b><w:sz w:val="20"/><w:sz w:val="20"/><w:sz w:val='20'/><w:sz w:val="20" w:val="2"/></b><c/></a>`)
	f.Fuzz(func(t *testing.T, s string) {
		want, werr := etreeRoundTrip([]byte(s))
		x, err := Read([]byte(s), xmllex.MaxDepth, nil, nil)
		checkLazy(t, s, x, err)
		if err != nil {
			// Elements left out are checked as strictly as the rest.
			if _, lerr := Read([]byte(s), xmllex.MaxDepth, fuzzSkip, nil); lerr == nil || lerr.Error() != err.Error() {
				t.Fatalf("full parse refuses (%v), the one leaving out elements gives %v", err, lerr)
			}
			return // stricter than etree is allowed
		}
		if werr != nil {
			t.Fatalf("accepted what etree refuses (%v)", werr)
		}
		if got, _ := x.WriteToString(); got != want {
			t.Fatalf("tree differs:\n got %q\nwant %q", got, want)
		}
		if got := string(Write(nil, x, 0)); got != want {
			t.Fatalf("writeXML differs from etree:\n got %q\nwant %q", got, want)
		}
		checkLazyWrite(t, s, want)
		checkSkipped(t, s, x)
	})
}

// fuzzSkip is what FuzzReadXML leaves out, with and without a prefix.
var fuzzSkip = map[string]bool{"w:rPr": true, "b": true}

// checkSkipped parses s again leaving out fuzzSkip: it must be accepted
// like the full parse and give the full tree without those elements.
func checkSkipped(t *testing.T, s string, full *etree.Document) {
	t.Helper()
	lean, err := Read([]byte(s), xmllex.MaxDepth, fuzzSkip, nil)
	if err != nil {
		t.Fatalf("the full parse accepts, the one leaving out elements refuses: %v", err)
	}
	want := full.Copy()
	prune(&want.Element, fuzzSkip)
	w, _ := want.WriteToString()
	if got, _ := lean.WriteToString(); got != w {
		t.Fatalf("leaving out elements gives\n %q\nwant %q", got, w)
	}
}

// prune drops the elements named in skip from el's subtree. It rebuilds
// child lists rather than calling RemoveChild, which does nothing on the
// top of a Document.Copy (its children's parent is another element).
func prune(el *etree.Element, skip map[string]bool) {
	kept := el.Child[:0]
	for _, tok := range el.Child {
		if c, ok := tok.(*etree.Element); ok {
			if skip[c.FullTag()] {
				continue
			}
			prune(c, skip)
		}
		kept = append(kept, tok)
	}
	el.Child = kept
}

func TestReadXMLLeavesOutSkipped(t *testing.T) {
	for name, tc := range map[string]struct{ in, want string }{
		"nested and empty": {`<a><w:rPr><w:b/><w:rPr>x</w:rPr></w:rPr><b/><c>t</c></a>`, `<a><c>t</c></a>`},
		"attributes":       {`<a><b x="1" y='&amp;'>text<!--c--><?p i?><![CDATA[d]]></b><c/></a>`, `<a><c/></a>`},
		"the root itself":  {`<w:rPr><b></b>x</w:rPr>`, ``},
	} {
		x, err := Read([]byte(tc.in), xmllex.MaxDepth, fuzzSkip, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got, _ := x.WriteToString(); got != tc.want {
			t.Errorf("%s: got %q, want %q", name, got, tc.want)
		}
	}
	for _, bad := range []string{`<a><b>`, `<a><b><c></c>`, `<b></b><b/>`, `<b/>text`, `<a><b><c></b></a>`, `<a><b>&nope;</b></a>`, `<a><b x=1/></a>`, `<a><b>` + "" + `</b></a>`, `<a><b></c></b></a>`} {
		if _, err := Read([]byte(bad), xmllex.MaxDepth, fuzzSkip, nil); err == nil {
			t.Errorf("%q accepted inside a left-out element", bad)
		}
	}
}

// TestWriteXMLMatchesEtree: the fast writer gives etree's bytes, on every
// fixture and on trees built by hand with what the reader never produces
// (characters outside XML 1.0, broken UTF-8, CDATA with "]]>").
func TestWriteXMLMatchesEtree(t *testing.T) {
	docs := map[string]*etree.Document{}
	for _, name := range fixtures.Names() {
		if !strings.HasPrefix(name, "word/") {
			continue
		}
		x, err := Read([]byte(fixtureDocumentXML(t, name)), xmllex.MaxDepth, nil, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		docs[name] = x
	}
	for name, text := range map[string]string{
		"markup characters":  `a&b<c>d'e"f`,
		"control characters": "tab\tnl\ncr\rbell\x07nul\x00",
		"non-ASCII":          "Größe – 日本 😀",
		"outside XML 1.0":    "\uFFFE\uFFFF end",
		"broken UTF-8":       "ok\xff\xc3 end\xef\xbf\xbd",
		"empty":              "",
	} {
		x := etree.NewDocument()
		x.CreateProcInst("xml", `version="1.0"`)
		root := x.CreateElement("w:document")
		root.CreateAttr("xmlns:w", "http://schemas.openxmlformats.org/wordprocessingml/2006/main")
		root.CreateAttr("w:val", text)
		p := root.CreateElement("w:p")
		p.CreateText(text)
		p.CreateComment("c")
		p.CreateCData("x]]>y")
		root.CreateElement("w:empty")
		docs[name] = x
	}
	for name, x := range docs {
		t.Run(name, func(t *testing.T) {
			want, err := x.WriteToBytes()
			if err != nil {
				t.Fatal(err)
			}
			if got := Write(nil, x, len(want)); string(got) != string(want) {
				t.Fatalf("writeXML differs from etree:\n got %q\nwant %q", head(got), head(want))
			}
		})
	}
}

func TestReadXMLAcceptsNonASCIINamesEtreeAccepts(t *testing.T) {
	for _, good := range []string{"<é/>", "<a ñ=\"1\"/>", "<ns:日本/>"} {
		want, err := etreeRoundTrip([]byte(good))
		if err != nil {
			t.Fatalf("etree refuses %q: %v", good, err)
		}
		x, err := Read([]byte(good), xmllex.MaxDepth, nil, nil)
		if err != nil {
			t.Fatalf("%q refused: %v", good, err)
		}
		if got, _ := x.WriteToString(); got != want {
			t.Errorf("%q read as %q, etree reads %q", good, got, want)
		}
	}
}

// fixtureDocumentXML is the document.xml of the Word fixture name.
func fixtureDocumentXML(tb testing.TB, name string) string {
	tb.Helper()
	doc, err := fixtures.Build(name)
	if err != nil {
		tb.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(doc), int64(len(doc)))
	if err != nil {
		tb.Fatal(err)
	}
	for _, f := range zr.File {
		if f.Name == "word/document.xml" {
			rc, err := f.Open()
			if err != nil {
				tb.Fatal(err)
			}
			defer rc.Close()
			b, err := io.ReadAll(rc)
			if err != nil {
				tb.Fatal(err)
			}
			return string(b)
		}
	}
	tb.Fatalf("%s has no word/document.xml", name)
	return ""
}

// head is the start of a serialised document, for a failure message.
func head(b []byte) string { return string(b[:min(len(b), 400)]) }
