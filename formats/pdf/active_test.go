package pdf

import (
	"slices"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/readers"
)

func activeKinds(items []formats.ActiveContent) []string {
	var ks []string
	for _, a := range items {
		ks = append(ks, a.Kind)
	}
	slices.Sort(ks)
	return ks
}

var activePDFKinds = []string{formats.ActiveJavaScript, formats.ActiveJavaScript, formats.ActiveJavaScript, formats.ActiveLaunch}

// TestPDFActiveContentFound: the open action's script, the document-level
// script, the field's keystroke script and the launch link are reported,
// each with where it sits; the plain form has none.
func TestPDFActiveContentFound(t *testing.T) {
	items, err := New().ActiveContent(fixtures.ActivePDF())
	if err != nil {
		t.Fatal(err)
	}
	if got := activeKinds(items); !slices.Equal(got, activePDFKinds) {
		t.Fatalf("kinds %v, want %v: %v", got, activePDFKinds, items)
	}
	var all strings.Builder
	for _, a := range items {
		all.WriteString(a.String() + "\n")
	}
	for _, want := range []string{"/OpenAction", "app.alert", "/Names /JavaScript", "field name /AA /K", "calc.exe"} {
		if !strings.Contains(all.String(), want) {
			t.Errorf("the report does not say %q:\n%s", want, all.String())
		}
	}
	if plain, err := New().ActiveContent(fixtures.PDFForm()); err != nil || len(plain) != 0 {
		t.Fatalf("the plain form: %v %v", plain, err)
	}
}

// TestPDFStripActiveContent: stripping removes every item; poppler finds no
// script left, qpdf finds the file sound, the field still fills.
func TestPDFStripActiveContent(t *testing.T) {
	doc := fixtures.ActivePDF()
	out, removed, err := New().StripActiveContent(doc)
	if err != nil {
		t.Fatal(err)
	}
	if got := activeKinds(removed); !slices.Equal(got, activePDFKinds) {
		t.Fatalf("removed %v, want %v", got, activePDFKinds)
	}
	if left, err := New().ActiveContent(out); err != nil || len(left) != 0 {
		t.Fatalf("after stripping: %v %v", left, err)
	}
	if before := readers.PDFJavaScript(t, doc); !strings.Contains(before, "app.launchURL") {
		t.Fatalf("poppler finds no script in the fixture, so the check below proves nothing:\n%s", before)
	}
	if after := readers.PDFJavaScript(t, out); strings.Contains(after, "app.") {
		t.Fatalf("poppler still finds scripts after stripping:\n%s", after)
	}
	readers.QPDFCheck(t, out)
	res, rep, err := formats.Fill(New(), doc, []formats.Answer{{PairID: "name", AnswerText: "Ada Lovelace"}}, formats.WriteOptions{StripActiveContent: true})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() || len(res.Removed) != len(activePDFKinds) {
		t.Fatalf("fill with strip: ok=%v removed %v %+v", rep.OK(), res.Removed, rep)
	}
	if got := readers.PDFJavaScript(t, res.Document); strings.Contains(got, "app.") {
		t.Fatalf("the filled and stripped form still has scripts:\n%s", got)
	}
}
