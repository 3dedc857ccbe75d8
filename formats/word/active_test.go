package word

import (
	"slices"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
)

func kindsOf(items []formats.ActiveContent) []string {
	var ks []string
	for _, a := range items {
		ks = append(ks, a.Kind)
	}
	slices.Sort(ks)
	return ks
}

var activeDocxKinds = []string{formats.ActiveAltChunk, formats.ActiveExternalLink, formats.ActiveFetchingField, formats.ActiveFetchingField, formats.ActiveRemoteTemplate}

// TestActiveContentFound: every kind of Word active content is reported,
// the INCLUDEPICTURE URL whole though its instruction spans three runs; a
// hyperlink is not active content, and a plain form has none.
func TestActiveContentFound(t *testing.T) {
	items, err := New().ActiveContent(fixtures.ActiveDocx())
	if err != nil {
		t.Fatal(err)
	}
	if got := kindsOf(items); !slices.Equal(got, activeDocxKinds) {
		t.Fatalf("kinds %v, want %v\n%v", got, activeDocxKinds, items)
	}
	var all strings.Builder
	for _, a := range items {
		all.WriteString(a.String() + "\n")
	}
	for _, want := range []string{fixtures.ActiveURL + "pixel.png", fixtures.ActiveURL + "text.txt", fixtures.ActiveURL + "template.dotm",
		fixtures.ActiveURL + "logo.png", "chunk.html", "word/_rels/settings.xml.rels"} {
		if !strings.Contains(all.String(), want) {
			t.Errorf("the report does not name %q:\n%s", want, all.String())
		}
	}
	if strings.Contains(all.String(), "example.com/policy") {
		t.Errorf("a hyperlink was reported as active content:\n%s", all.String())
	}
	plain, err := New().ActiveContent(fixture(t, fixtures.WordTwoColumn))
	if err != nil || len(plain) != 0 {
		t.Fatalf("the plain two-column form: %v, %v", plain, err)
	}
}

// TestStripActiveContent: stripping removes and reports every item, leaves
// nothing to find, keeps the hyperlink and what the fields last showed,
// and the stripped document still fills and verifies.
func TestStripActiveContent(t *testing.T) {
	out, removed, err := New().StripActiveContent(fixtures.ActiveDocx())
	if err != nil {
		t.Fatal(err)
	}
	if got := kindsOf(removed); !slices.Equal(got, activeDocxKinds) {
		t.Fatalf("removed %v, want %v", got, activeDocxKinds)
	}
	left, err := New().ActiveContent(out)
	if err != nil || len(left) != 0 {
		t.Fatalf("after stripping: %v, %v", left, err)
	}
	docXML := documentXMLOf(t, out)
	for _, gone := range []string{"attacker.example", "INCLUDEPICTURE", "INCLUDETEXT", "altChunk", `r:id="rIdImg"`} {
		if strings.Contains(docXML, gone) {
			t.Errorf("the stripped document.xml still holds %q", gone)
		}
	}
	text, err := New().ExtractText(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, kept := range []string{"[remote picture]", "included text", "our policy", "Company legal name"} {
		if !strings.Contains(text, kept) {
			t.Errorf("the stripped document lost %q:\n%s", kept, text)
		}
	}
	if again, removed2, err := New().StripActiveContent(out); err != nil || removed2 != nil || len(again) != len(out) {
		t.Fatalf("stripping twice: %d removed, %v", len(removed2), err)
	}
}

// TestFillReportsOrStripsActiveContent: a fill lists the active content as
// warnings of the write and of the report, or strips it on request.
func TestFillReportsOrStripsActiveContent(t *testing.T) {
	answers := []formats.Answer{{PairID: "T1-R2-C2", AnswerText: "Acme Ltd"}}
	res, rep, err := formats.Fill(New(), fixtures.ActiveDocx(), answers, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() || len(res.Removed) != 0 || countPrefix(res.Warnings, "active content") != 5 || countPrefix(rep.Warnings, "active content") != 5 {
		t.Fatalf("fill without strip: ok=%v removed=%v\nwrite warnings %q\nreport warnings %q", rep.OK(), res.Removed, res.Warnings, rep.Warnings)
	}
	res, rep, err = formats.Fill(New(), fixtures.ActiveDocx(), answers, formats.WriteOptions{StripActiveContent: true})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() || len(res.Removed) != 5 || countPrefix(res.Warnings, "active content") != 0 || len(rep.Warnings) != 0 {
		t.Fatalf("fill with strip: ok=%v removed=%v warnings %q %q", rep.OK(), res.Removed, res.Warnings, rep.Warnings)
	}
	if left, _ := New().ActiveContent(res.Document); len(left) != 0 {
		t.Fatalf("the stripped output still holds %v", left)
	}
	if got, err := New().ExtractText(res.Document); err != nil || !strings.Contains(got, "Acme Ltd") {
		t.Fatalf("the stripped output lost the answer: %v", err)
	}
}

func countPrefix(lines []string, prefix string) int {
	n := 0
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			n++
		}
	}
	return n
}
