package pdf

import (
	"slices"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/readers"
	"github.com/formfill/formfill/internal/realdocs"
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

// manyTriggersPDF is a form whose one text field has a script on each of
// its ten /AA triggers, more than a Go map keeps in one order from run to
// run.
func manyTriggersPDF() []byte {
	var aa strings.Builder
	for _, k := range []string{"K", "F", "V", "C", "E", "X", "D", "U", "Fo", "Bl"} {
		aa.WriteString(" /" + k + " << /S /JavaScript /JS (on" + k + "();) >>")
	}
	return pdfOf(
		`<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] >> >>`,
		`<< /Type /Pages /Kids [3 0 R] /Count 1 >>`,
		`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [4 0 R] >>`,
		`<< /Type /Annot /Subtype /Widget /FT /Tx /T (amount) /Rect [100 700 300 720] /P 3 0 R /AA <<`+aa.String()+` >> >>`,
	)
}

// A field's /AA triggers are reported in the order of their names, the
// same on every scan: pdfcpu holds the dictionary as a Go map, so the
// order the file gives them in is not known, and map order would change
// the warnings from one extract to the next.
func TestPDFActiveContentTriggersInNameOrder(t *testing.T) {
	var want []string
	for _, k := range []string{"Bl", "C", "D", "E", "F", "Fo", "K", "U", "V", "X"} {
		want = append(want, "field amount /AA /"+k)
	}
	doc := manyTriggersPDF()
	for run := range 20 {
		items, err := New().ActiveContent(doc)
		if err != nil {
			t.Fatal(err)
		}
		// The widget is both a page annotation and the field: the page
		// walk reports it, the field walk finds it seen.
		var got []string
		for _, a := range items {
			got = append(got, a.Where)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("scan %d reports\n%s\nwant\n%s", run+1, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// The PKH declaration's amount fields each carry /AA /F and /AA /K
// scripts; their warnings read the same, in the same order, on every
// extract.
func TestRealPKHActiveWarningsSameOnEveryExtract(t *testing.T) {
	doc := realdocs.Read(t, "questionnaires", "de-pkh-erklaerung.pdf")
	var first []string
	for run := range 10 {
		items, err := New().ActiveContent(doc)
		if err != nil {
			t.Fatal(err)
		}
		got := formats.ActiveWarnings(items)
		if run == 0 {
			if len(got) < 2 {
				t.Fatalf("the declaration reports %d active items, want its amount fields' scripts", len(got))
			}
			first = got
			continue
		}
		if !slices.Equal(got, first) {
			t.Fatalf("extract %d warns\n%s\nthe first warned\n%s", run+1, strings.Join(got, "\n"), strings.Join(first, "\n"))
		}
	}
}
