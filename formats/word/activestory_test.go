package word

import (
	"archive/zip"
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
)

// TestIsStoryPart: the parts whose fields the active-content scan reads
// are the document's stories and its glossary's, nothing nested deeper
// and nothing that is not XML.
func TestIsStoryPart(t *testing.T) {
	for _, tc := range []struct {
		name string
		want bool
	}{
		{"word/document.xml", true},
		{"word/header1.xml", true},
		{"word/footer2.xml", true},
		{"word/footnotes.xml", true},
		{"word/endnotes.xml", true},
		{"word/comments.xml", true},
		{"word/glossary/document.xml", true},
		{"word/glossary/header1.xml", true},
		{"word/styles.xml", false},
		{"word/glossary/styles.xml", false},
		{"word/glossary/deeper/document.xml", false},
		{"word/media/document.xml", false},
		{"word/document.xml.rels", false},
		{"word/_rels/document.xml.rels", false},
		{"customXml/document.xml", false},
		{"document.xml", false},
	} {
		if got := isStoryPart(tc.name); got != tc.want {
			t.Errorf("isStoryPart(%q) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// withGlossaryField returns doc with a glossary document (building
// blocks) holding an INCLUDEPICTURE field of url.
func withGlossaryField(t *testing.T, doc []byte, url string) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(doc), int64(len(doc)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		if err := zw.Copy(f); err != nil {
			t.Fatal(err)
		}
	}
	w, err := zw.Create("word/glossary/document.xml")
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(w, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`+
		`<w:glossaryDocument xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:docParts><w:docPart><w:docPartBody><w:p>`+
		`<w:r><w:fldChar w:fldCharType="begin"/></w:r>`+
		`<w:r><w:instrText xml:space="preserve"> INCLUDEPICTURE "`+url+`" \d </w:instrText></w:r>`+
		`<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>shown</w:t></w:r>`+
		`<w:r><w:fldChar w:fldCharType="end"/></w:r>`+
		`</w:p></w:docPartBody></w:docPart></w:docParts></w:glossaryDocument>`)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// TestGlossaryFieldIsActiveContent: a fetching field in a building block
// (word/glossary/document.xml) is reported, and stripping unlinks it, as
// one in the body is; the scan used to skip the glossary's folder.
func TestGlossaryFieldIsActiveContent(t *testing.T) {
	const url = fixtures.ActiveURL + "glossary.png"
	doc := withGlossaryField(t, fixtures.ActiveDocx(), url)
	items, err := New().ActiveContent(doc)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, a := range items {
		if strings.Contains(a.String(), url) {
			found = true
			if a.Kind != formats.ActiveFetchingField {
				t.Errorf("the glossary's field is reported as %q, want %q", a.Kind, formats.ActiveFetchingField)
			}
		}
	}
	if !found {
		t.Fatalf("the glossary's INCLUDEPICTURE of %s is not reported:\n%v", url, items)
	}
	out, removed, err := New().StripActiveContent(doc)
	if err != nil {
		t.Fatal(err)
	}
	if len(removed) != len(items) {
		t.Errorf("strip removed %d items, the scan found %d", len(removed), len(items))
	}
	left, err := New().ActiveContent(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(left) != 0 {
		t.Errorf("after stripping, still found: %v", left)
	}
}
