package word

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/readers"
)

// mixedForm is one document holding every kind of blank a form mixes:
// content controls (text, date, check boxes, drop-down, a rich-text block,
// row- and cell-level controls: fixtures.ContentControls), a typed
// placeholder paragraph ("[Enter address]"), and the legacy form fields
// and text boxes of fixtures.LegacyQuestionnaire (FORMTEXT, FORMDROPDOWN,
// FORMCHECKBOX) after them. It is fixtures.ContentControls' package with
// the legacy questionnaire's body appended to its own.
func mixedForm(tb testing.TB) []byte {
	tb.Helper()
	controls := fixtures.ContentControls()
	legacy := bodyOf(tb, documentXMLOf(tb, fixtures.LegacyQuestionnaire()))
	placeholder := `<w:p><w:r><w:t xml:space="preserve">Registered address: </w:t></w:r><w:r><w:t>[Enter address]</w:t></w:r></w:p>`
	x := documentXMLOf(tb, controls)
	at := strings.LastIndex(x, "<w:sectPr")
	if at < 0 {
		tb.Fatal("fixtures.ContentControls has no final w:sectPr")
	}
	return withDocumentXML(tb, controls, x[:at]+placeholder+legacy+x[at:])
}

// bodyOf is the content of w:body less its final w:sectPr.
func bodyOf(tb testing.TB, x string) string {
	tb.Helper()
	i, j := strings.Index(x, "<w:body>"), strings.LastIndex(x, "<w:sectPr")
	if i < 0 || j < i {
		tb.Fatal("no w:body with a final w:sectPr")
	}
	return x[i+len("<w:body>") : j]
}

// withDocumentXML is doc with word/document.xml replaced, every other
// part kept.
func withDocumentXML(tb testing.TB, doc []byte, documentXML string) []byte {
	return replacePart(tb, doc, documentPart, documentXML)
}

// mixedAnswers answer the content controls, the typed placeholder, the
// legacy fields and a text box of mixedForm. shows is the line text an
// independent reader must find ("" for a box); control names the control
// or legacy field DocxControls must report with text (or checked).
var mixedAnswers = []struct {
	id, answer, shows string
	control, text     string
	checked           bool
}{
	{"P2", "Acme Ltd", "Company name: Acme Ltd", "Company name", "Acme Ltd", false},
	{"P3", "2026-01-31", "Contact date: 2026-01-31", "Contact date", "2026-01-31", false}, // a date control shows the answer as written
	{"P4", "yes", "", "I accept the terms", "☒", true},
	{"P5", "no", "", "Subscribe to updates", "☐", false},
	{"P6", "No", "Data hosted in EU: No", "Data hosted in EU", "No", false},
	{"SDT1", "Deliveries on weekdays only", "Deliveries on weekdays only", "Additional comments", "Deliveries on weekdays only", false},
	{"T1-R2-C2", "Dana Reyes", "Dana Reyes", "Contact name", "Dana Reyes", false},
	{"T1-R5-C2", "yes", "", "Approved", "☒", true},
	{"P8", "1 Main Street, Springfield", "Registered address: 1 Main Street, Springfield", "", "", false},
	{"T2-R1-C2", "Globex Corp", "Globex Corp", "Company", "Globex Corp", false},
	{"T2-R2-C2", "250", "250", "Employees", "250", false},
	{"T2-R3-C2", "2026-02-28", "28/02/2026", "AssessDate", "28/02/2026", false},
	{"T2-R4-C2", "gb", "GB", "Country", "GB", false},
	{"T2-R5-C2", "hybrid", "Hybrid", "Hosting", "Hybrid", false},
	{"T2-R6-C2", "yes", "", "Encrypt", "", true},
	{"T2-R7-C2", "0042", "R-2026-0042", "Ref", "0042", false},
	{"P11", "yes", "[x] Right to audit clause", "", "", false},
	{"P17", "1 March 2026 | 28 February 2027", "Contract period: from 1 March 2026 to 28 February 2027", "To", "28 February 2027", false},
}

// A form mixing content controls, a typed placeholder and legacy form
// fields, filled at once and reopened by independent readers: python-docx
// reads every answer and every control and field (none left showing its
// placeholder, none lost); LibreOffice's text export and its rendering show
// the answers; LibreOffice's own copy of the document keeps every legacy
// field with its value and state. A reader that is absent skips the test
// saying so (FORMFILL_REQUIRE_READERS=1 makes that a failure).
func TestMixedFormReadByIndependentReaders(t *testing.T) {
	src := mixedForm(t)
	answers := make([]formats.Answer, len(mixedAnswers))
	for i, a := range mixedAnswers {
		answers[i] = formats.Answer{PairID: a.id, AnswerText: a.answer}
	}
	res, rep, err := New().Fill(src, answers, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Summary.Matched != len(answers) || len(rep.StructuralIssues) > 0 {
		t.Fatalf("verified %d of %d, issues %v: %+v", rep.Summary.Matched, len(answers), rep.StructuralIssues, rep.ContentResults)
	}
	doc := res.Document
	if got, want := legacyFieldCounts(t, doc), legacyFieldCounts(t, src); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%v form fields after the fill, %v before", got, want)
	}
	t.Run("python-docx", func(t *testing.T) {
		text := readers.DocxText(t, doc)
		for _, a := range mixedAnswers {
			if a.shows != "" && !strings.Contains(text, a.shows) {
				t.Errorf("%s: python-docx does not read %q", a.id, a.shows)
			}
		}
		before, after := readers.DocxControls(t, src), readers.DocxControls(t, doc)
		if got, want := controlKinds(after), controlKinds(before); got != want {
			t.Errorf("controls and fields after the fill: %s; before: %s", got, want)
		}
		checkControls(t, after)
	})
	t.Run("LibreOffice", func(t *testing.T) {
		text := readers.LibreOfficeText(t, doc, "docx")
		pdf := readers.LibreOfficePDFs(t, [][]byte{doc}, "docx")[0]
		pdfText := collapse(readers.PDFText(t, pdf))
		savePNG(t, pdf, "mixed-form", "Globex Corp")
		for _, a := range mixedAnswers {
			if a.shows == "" {
				continue
			}
			// Its text export leaves legacy drop-downs out; its layout shows them.
			if a.id != "T2-R5-C2" && !strings.Contains(text, a.shows) {
				t.Errorf("%s: LibreOffice's text export lacks %q", a.id, a.shows)
			}
			if !strings.Contains(pdfText, collapse(a.shows)) {
				t.Errorf("%s: LibreOffice's rendering does not show %q", a.id, a.shows)
			}
		}
		resaved := readers.LibreOfficeResave(t, doc, "docx")
		if got, want := legacyFieldCounts(t, resaved), legacyFieldCounts(t, src); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("LibreOffice keeps %v form fields of %v", got, want)
		}
		x := documentXMLOf(t, resaved)
		for _, want := range []string{`<w:result w:val="2"/>`, "<w:checked/>", "Globex Corp", "28/02/2026"} {
			if !strings.Contains(x, want) {
				t.Errorf("LibreOffice's copy lacks %s: it did not read the field's value or state", want)
			}
		}
		loKeepsControls(t, readers.DocxControls(t, resaved))
		again := readers.DocxText(t, resaved)
		for _, a := range mixedAnswers {
			if a.shows != "" && a.id != "T2-R5-C2" && !strings.Contains(again, a.shows) {
				t.Errorf("%s: LibreOffice's copy, read by python-docx, lacks %q", a.id, a.shows)
			}
		}
	})
}

// controlKinds counts controls and fields by kind, sorted, for a message.
func controlKinds(cs []readers.Control) string {
	n := map[string]int{}
	for _, c := range cs {
		n[c.Kind]++
	}
	var out []string
	for k, v := range n {
		out = append(out, fmt.Sprintf("%d %s", v, k))
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

// checkControls holds each answered control or field, as python-docx
// reads it, to its answer: its text or state, its placeholder cleared.
func checkControls(t *testing.T, cs []readers.Control) {
	t.Helper()
	byName := map[string]readers.Control{}
	for _, c := range cs {
		byName[c.Name] = c
	}
	for _, a := range mixedAnswers {
		if a.control == "" {
			continue
		}
		c, ok := byName[a.control]
		switch {
		case !ok:
			t.Errorf("%s: no control or field %q after the fill", a.id, a.control)
		case c.Placeholder:
			t.Errorf("%s: control %q still shows its placeholder", a.id, a.control)
		case strings.HasSuffix(c.Kind, "checkbox") && c.Checked != a.checked:
			t.Errorf("%s: box %q checked = %v, want %v", a.id, a.control, c.Checked, a.checked)
		case !strings.HasSuffix(c.Kind, "checkbox") && strings.TrimSpace(c.Text) != a.text:
			t.Errorf("%s: %s %q shows %q, want %q", a.id, c.Kind, a.control, c.Text, a.text)
		}
	}
}

// loKeepsControls checks LibreOffice's copy of the filled form, read by
// python-docx: LibreOffice renames some controls and fields (a drop-down
// gets a generated bookmark name, check box controls lose their alias), so
// each kind's values are checked in document order, and no control shows
// its placeholder again.
func loKeepsControls(t *testing.T, cs []readers.Control) {
	t.Helper()
	got := map[string][]string{}
	for _, c := range cs {
		v := strings.TrimSpace(c.Text)
		if strings.HasSuffix(c.Kind, "checkbox") {
			v = fmt.Sprint(c.Checked)
		}
		got[c.Kind] = append(got[c.Kind], v)
		if c.Placeholder {
			t.Errorf("LibreOffice's copy: %s %q shows its placeholder", c.Kind, c.Name)
		}
	}
	want := map[string]string{
		"text":            "Acme Ltd|Dana Reyes",
		"date":            "2026-01-31",
		"dropdown":        "No",
		"checkbox":        "true|false|true",
		"legacy-dropdown": "Hybrid",
		"legacy-checkbox": "true|false",
	}
	for kind, w := range want {
		if g := strings.Join(got[kind], "|"); g != w {
			t.Errorf("LibreOffice's copy: %s controls show %q, want %q", kind, g, w)
		}
	}
	legacy := strings.Join(got["legacy-text"], "|")
	for _, w := range []string{"Globex Corp|250|28/02/2026|GB|", "|0042|", "|1 March 2026|28 February 2027"} {
		if !strings.Contains(legacy, w) {
			t.Errorf("LibreOffice's copy: legacy text fields show %q, want them to hold %q", legacy, w)
		}
	}
}
