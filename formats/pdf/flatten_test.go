package pdf

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/cputest"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/readers"
)

// maxFlattenDiff bounds the share of a page's pixels a viewer may draw
// differently once the fields are page content: the edges of a few boxes
// fall on the other side of a pixel (measured: at most 22 of 935,000 in
// poppler at 100 dpi).
const maxFlattenDiff = 0.0005

// flattenForms are the forms the flatten tests fill: the fixture, the IRS
// and the pdf-lib forms.
func flattenForms(t *testing.T) map[string][]byte {
	t.Helper()
	forms := map[string][]byte{"fixture form": fixtures.PDFForm()}
	for _, name := range []string{"irs_f1040.pdf", "irs_f8938.pdf", "pdflib_sample_form.pdf", "pdflib_fancy_fields.pdf"} {
		doc, err := os.ReadFile(filepath.Join(sharedForms, name))
		if err != nil {
			t.Logf("%s: %v (skipped)", name, err)
			continue
		}
		forms[name] = doc
	}
	return forms
}

// Flattened, a filled form has no fields left for qpdf (but the
// signature fields it keeps), pdftotext reads every answer from the page,
// qpdf finds the file sound, Fill's verification matched the answers
// before they were burnt in, and poppler, MuPDF and pdf.js draw every
// page as they drew the filled form.
func TestFlattenBurnsTheAnswersIntoThePages(t *testing.T) {
	e := New().WithFonts(systemFonts(t))
	for name, doc := range flattenForms(t) {
		t.Run(name, func(t *testing.T) {
			d := mustOpen(t, doc)
			answers := answersFor(d, 0)
			filled, _, err := formats.Fill(e, doc, answers, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			res, rep, err := formats.Fill(e, doc, answers, formats.WriteOptions{Flatten: true})
			if err != nil {
				t.Fatal(err)
			}
			if !rep.OK() {
				t.Errorf("verify: %+v", rep.ContentResults)
			}
			flat := res.Document
			readers.QPDFCheck(t, flat)
			var sigs []string
			for _, f := range d.fields {
				if f.Kind == kindSignature {
					sigs = append(sigs, f.Name)
				}
			}
			if want := len(d.fields) - len(sigs); res.Flattened != want {
				t.Errorf("flattened %d fields, want %d", res.Flattened, want)
			}
			form := readers.QPDFFormFields(t, flat)
			if strings.Join(form.Fields, "|") != strings.Join(sigs, "|") || form.HasAcroForm != (len(sigs) > 0) {
				t.Errorf("qpdf reads the form %+v after the flatten, want only the signature fields %q", form, sigs)
			}
			text := squash(readers.PDFText(t, flat))
			for _, a := range answers {
				if f, _ := d.lookup(a.PairID); (f.Kind == kindText || f.Kind == kindDropdown) && !strings.Contains(text, squash(a.AnswerText)) {
					t.Errorf("pdftotext does not show %s = %q", fieldRef(f), a.AnswerText)
				}
			}
			pages := map[int]bool{}
			for _, f := range d.fields {
				for _, wd := range f.widgets {
					pages[wd.page] = pages[wd.page] || wd.page > 0
				}
			}
			for _, v := range readers.Viewers() {
				for page, ok := range pages {
					if !ok {
						continue
					}
					before, after := v.Render(t, filled.Document, page, viewerDPI), v.Render(t, flat, page, viewerDPI)
					keepPNG(t, fmt.Sprintf("%s_flat_p%d", v.Name, page), after)
					n := after.Differing(before)
					if n < 0 || float64(n) > maxFlattenDiff*float64(after.W*after.H) {
						t.Errorf("%s, page %d: %d of %d pixels differ between the filled and the flattened form", v.Name, page, n, after.W*after.H)
					}
					t.Logf("%s, page %d: %d pixels differ", v.Name, page, n)
				}
			}
		})
	}
}

// A form with a signature field keeps it as a field when flattened, and
// says so; told to, it burns that in too and keeps no form at all.
func TestFlattenKeepsSignatureFieldsUnlessTold(t *testing.T) {
	answers := []formats.Answer{{PairID: "name", AnswerText: "Ada"}}
	tests := []struct {
		scenario   string
		opts       formats.WriteOptions
		wantFields []string
		wantWarn   bool
	}{
		{"kept by default", formats.WriteOptions{Flatten: true}, []string{"signature"}, true},
		{"burnt in when told", formats.WriteOptions{Flatten: true, FlattenSignatures: true}, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			res, err := New().Write(fixtures.PDFForm(), answers, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			warned := strings.Contains(strings.Join(res.Warnings, "\n"), "signature field")
			if warned != tt.wantWarn {
				t.Errorf("warnings %q: signature warning %v, want %v", res.Warnings, warned, tt.wantWarn)
			}
			fs, err := New().ListFields(res.Document)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, f := range fs {
				names = append(names, f.Name)
			}
			if strings.Join(names, "|") != strings.Join(tt.wantFields, "|") {
				t.Errorf("fields after the flatten: %q, want %q", names, tt.wantFields)
			}
			if form := readers.QPDFFormFields(t, res.Document); strings.Join(form.Fields, "|") != strings.Join(tt.wantFields, "|") {
				t.Errorf("qpdf reads fields %q, want %q", form.Fields, tt.wantFields)
			}
		})
	}
}

// A field with a value but no appearance (left to the viewer to draw) is
// drawn before the flatten, so its value is on the page; a hidden widget
// is not drawn.
func TestFlattenDrawsValuesTheFormLeftToTheViewer(t *testing.T) {
	res, err := New().Write(fixtures.PDFForm(), []formats.Answer{{PairID: "name", AnswerText: "Ada"}}, formats.WriteOptions{Flatten: true})
	if err != nil {
		t.Fatal(err)
	}
	// Verify of the flattened form finds no field, and says why.
	rep, err := New().Verify(res.Document, []formats.ExpectedAnswer{{PairID: "name", ExpectedText: "Ada"}})
	if err != nil || len(rep.StructuralIssues) != 1 || !strings.Contains(rep.StructuralIssues[0], "flattened") {
		t.Errorf("verify of a flattened form: %v %+v", err, rep)
	}
	// customer_id is read-only, holds "ABC-123" and has no appearance.
	if !strings.Contains(readers.PDFText(t, res.Document), "ABC-123") {
		t.Error("the read-only field's value is not on the flattened page")
	}
	for _, w := range res.Warnings {
		if strings.Contains(w, "no appearance") {
			t.Errorf("warning: %s", w)
		}
	}
}

// Flatten belongs to PDF forms: a Word or Excel write asked to flatten is
// refused as an invalid argument naming flatten.
func TestFlattenIsRefusedOutsidePDF(t *testing.T) {
	for _, ft := range []formats.FileType{formats.Word, formats.Excel} {
		_, err := formats.CheckWrite([]formats.Answer{{PairID: "P1", AnswerText: "x"}}, formats.WriteOptions{Flatten: true}, ft)
		if !errors.Is(err, formats.ErrInvalidArgument) || !strings.Contains(err.Error(), "flatten") {
			t.Errorf("%s: err = %v, want ErrInvalidArgument naming flatten", ft, err)
		}
	}
}

// FuzzFlatten flattens mutated forms: their widgets, appearance streams
// (BBox, Matrix, states), page resources and contents are the fuzzer's.
// A flatten ends in a typed error or in a document that reads back with
// no fields left but signature fields.
func FuzzFlatten(f *testing.F) {
	f.Add(fixtures.PDFForm(), "Ada")
	f.Add(fixtures.PDFQuirks(), "yes")
	f.Add(fixtures.PDFHybridXFA(), "l’été")
	f.Fuzz(func(t *testing.T, doc []byte, value string) {
		answers := []formats.Answer{{PairID: "F1", AnswerText: value}}
		var res *formats.WriteResult
		var err error
		if d := cputest.Of(func() { res, err = New().Write(doc, answers, formats.WriteOptions{Flatten: true}) }); d > slowInput {
			t.Fatalf("a %d-byte input took %s of CPU to flatten (limit %s)", len(doc), d, slowInput)
		}
		if err != nil {
			if !formats.IsInputError(err) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		fs, err := New().ListFields(res.Document)
		if err != nil {
			t.Fatalf("the flattened document does not read back: %v", err)
		}
		for _, fd := range fs {
			if fd.FieldType != kindSignature {
				t.Fatalf("field %s (%s) left after the flatten", fd.Name, fd.FieldType)
			}
		}
	})
}
