package pdf

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/readers"
	"github.com/formfill/formfill/internal/realdocs"
)

// sharedForms is the folder of the shared forms (internal/realdocs).
var sharedForms = realdocs.SharedForms()

// pipeline runs extract → validate → fill (write + verify) and checks the
// output with every independent reader: qpdf --check passes, PyMuPDF reads
// the values, and pdftotext shows the text values on the page.
func pipeline(t *testing.T, doc []byte, answers []formats.Answer) *formats.WriteResult {
	t.Helper()
	e := New()
	if _, err := e.ExtractCompact(doc); err != nil {
		t.Fatalf("extract: %v", err)
	}
	locs := make([]formats.Location, len(answers))
	for i, a := range answers {
		locs[i] = formats.Location{PairID: a.PairID}
	}
	vals, err := e.Validate(doc, locs)
	if err != nil {
		t.Fatalf("validate: %v", err)
	}
	for _, v := range vals {
		if v.Status != formats.LocationMatched {
			t.Fatalf("validate %s: %+v", v.PairID, v)
		}
	}
	res, rep, err := formats.Fill(e, doc, answers, formats.WriteOptions{})
	if err != nil {
		t.Fatalf("fill: %v", err)
	}
	if !rep.OK() {
		t.Fatalf("fill's own verification: %+v", rep)
	}
	rep2, err := e.Verify(res.Document, formats.ExpectedFromAnswers(answers))
	if err != nil || !rep2.OK() {
		t.Fatalf("verify of the written bytes: %+v, %v", rep2, err)
	}
	if !bytes.HasPrefix(res.Document, doc) {
		t.Error("the original bytes changed: the fill must be an incremental update")
	}
	checkReaders(t, res.Document, answers)
	checkPreserved(t, doc, res.Document, answers)
	return res
}

// checkPreserved fails unless everything poppler read on the input pages,
// apart from the old values of the fields written, is still there, and
// poppler reports no error on the output it did not report on the input
// (a dangling object reference shows up as "Invalid XRef entry").
func checkPreserved(t *testing.T, in, out []byte, answers []formats.Answer) {
	t.Helper()
	before, after := words(readers.PDFText(t, in)), words(readers.PDFText(t, out))
	d := mustOpen(t, in)
	for _, a := range answers {
		if f, err := d.lookup(a.PairID); err == nil {
			for w := range words(f.Value) {
				delete(before, w)
			}
		}
	}
	for w := range before {
		if !after[w] {
			t.Errorf("the output lost the page text %q", w)
		}
	}
	if e1, e2 := popplerErrors(t, in), popplerErrors(t, out); e2 > e1 {
		t.Errorf("poppler reports %d errors on the output, %d on the input", e2, e1)
	}
}

func popplerErrors(t *testing.T, doc []byte) int {
	t.Helper()
	cmd := exec.Command(need(t, "pdftotext"), writeTemp(t, doc), "-")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return strings.Count(stderr.String(), "Error")
}

func checkReaders(t *testing.T, out []byte, answers []formats.Answer) {
	t.Helper()
	d, err := open(out)
	if err != nil {
		t.Fatal(err)
	}
	readers.QPDFCheck(t, out)
	page := squash(readers.PDFText(t, out))
	values := readers.PDFFields(t, out)
	if pymupdfCatalog(t, out).Perms {
		t.Error("the output still carries a usage-rights signature (/Perms)")
	}
	for _, a := range answers {
		f, err := d.lookup(a.PairID)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := values[f.Name]
		if !ok {
			t.Errorf("PyMuPDF does not see field %q", f.Name)
			continue
		}
		switch f.Kind {
		case kindText:
			if got != a.AnswerText {
				t.Errorf("PyMuPDF reads %s = %q, want %q", f.Name, got, a.AnswerText)
			}
			if !strings.Contains(page, squash(a.AnswerText)) {
				t.Errorf("pdftotext does not show %q (%s) on the page", a.AnswerText, f.ID)
			}
		case kindCheckbox:
			want, _ := formats.ParseBool(a.AnswerText)
			if (got != "" && got != "Off") != want {
				t.Errorf("PyMuPDF reads checkbox %s = %q, want checked=%v", f.Name, got, want)
			}
		case kindRadio, kindDropdown:
			i, _ := matchOption(f.Options, f.states, a.AnswerText)
			if got != f.states[i] && got != f.Options[i] {
				t.Errorf("PyMuPDF reads %s %s = %q, want %q", f.Kind, f.Name, got, f.Options[i])
			}
		}
	}
}

func TestPipelineOnFixtures(t *testing.T) {
	answers := []formats.Answer{
		{PairID: "F1", AnswerText: "Ada Lovelace"},
		{PairID: "email", AnswerText: "ada@example.org"},
		{PairID: "F3", AnswerText: "yes"},
		{PairID: "F4", AnswerText: "Green"},
		{PairID: "country", AnswerText: "Canada"},
		{PairID: "applicant.city", AnswerText: "Zoë Ølsen – “Ada”"},
		{PairID: "F8", AnswerText: "Analytical engines"},
		{PairID: "F9", AnswerText: "Go|Python"},
	}
	tests := []struct {
		scenario     string
		doc          []byte
		wantWarnings []string
	}{
		{"plain AcroForm", fixtures.PDFForm(), nil},
		{"hybrid XFA with usage rights", fixtures.PDFHybridXFA(), []string{"/Perms", "XFA"}},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			res := pipeline(t, tt.doc, answers)
			all := strings.Join(res.Warnings, "\n")
			if len(res.Warnings) != len(tt.wantWarnings) {
				t.Errorf("warnings = %q, want %d", res.Warnings, len(tt.wantWarnings))
			}
			for _, w := range tt.wantWarnings {
				if !strings.Contains(all, w) {
					t.Errorf("warnings %q lack %q", all, w)
				}
			}
			view := pymupdfCatalog(t, res.Document)
			if view.XFA || view.Perms || view.Pages != 2 {
				t.Errorf("output catalog: %+v", view)
			}
			if na, ok := acroForm(mustOpen(t, res.Document).ctx).Find("NeedAppearances"); ok {
				t.Errorf("NeedAppearances is %v: viewers would throw formfill's appearances away", na)
			}
		})
	}
}

func mustOpen(t *testing.T, doc []byte) *document {
	t.Helper()
	d, err := open(doc)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// sharedAnswers picks a handful of fillable fields of a real form: up to
// five text fields (values within MaxLen), a checkbox, and a radio group
// or dropdown when there is one.
func sharedAnswers(fields []*field) []formats.Answer {
	var out []formats.Answer
	texts, box, choice := 0, false, false
	for _, f := range fields {
		if f.ReadOnly {
			continue
		}
		switch {
		case f.Kind == kindText && texts < 5 && !f.Comb:
			v := fmt.Sprintf("Test %s", f.ID)
			if f.MaxLen > 0 && len(v) > f.MaxLen {
				v = strings.Repeat("7", f.MaxLen)
			}
			out = append(out, formats.Answer{PairID: f.ID, AnswerText: v})
			texts++
		case f.Kind == kindCheckbox && !box:
			out = append(out, formats.Answer{PairID: f.Name, AnswerText: "checked"})
			box = true
		case (f.Kind == kindRadio || f.Kind == kindDropdown) && !choice && len(f.Options) > 1:
			out = append(out, formats.Answer{PairID: f.ID, AnswerText: f.Options[len(f.Options)-1]})
			choice = true
		}
	}
	return out
}

func sharedPDFs(t testing.TB) []string {
	files, _ := filepath.Glob(filepath.Join(sharedForms, "*.pdf"))
	if len(files) == 0 {
		t.Skipf("%s: no shared forms (folder absent)", sharedForms)
	}
	return files
}

func TestPipelineOnSharedForms(t *testing.T) {
	for _, path := range sharedPDFs(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			doc, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			d := mustOpen(t, doc)
			answers := sharedAnswers(d.fields)
			if len(answers) == 0 {
				t.Fatal("no fillable field found")
			}
			res := pipeline(t, doc, answers)
			t.Logf("%d fields, filled %d, warnings %q", len(d.fields), len(answers), res.Warnings)
		})
	}
}
