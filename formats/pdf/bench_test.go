package pdf

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/formfill/formfill/formats"
)

// largestSharedPDF returns the biggest PDF of the shared forms.
func largestSharedPDF(b *testing.B) []byte {
	var best string
	var size int64
	for _, p := range sharedPDFs(b) {
		if st, err := os.Stat(p); err == nil && st.Size() > size {
			best, size = p, st.Size()
		}
	}
	doc, err := os.ReadFile(best)
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("%s, %d bytes", filepath.Base(best), len(doc))
	return doc
}

func BenchmarkExtract(b *testing.B) {
	doc := largestSharedPDF(b)
	e := New()
	b.SetBytes(int64(len(doc)))
	b.ResetTimer()
	for b.Loop() {
		if _, err := e.ExtractCompact(doc); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWrite(b *testing.B) {
	doc := largestSharedPDF(b)
	e := New()
	answers := sharedAnswers(mustOpenB(b, doc).fields)
	b.SetBytes(int64(len(doc)))
	b.ResetTimer()
	for b.Loop() {
		if _, err := e.Write(doc, answers, formats.WriteOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func mustOpenB(b *testing.B, doc []byte) *document {
	d, err := open(doc)
	if err != nil {
		b.Fatal(err)
	}
	return d
}

// BenchmarkFill20Fields fills 20 text fields of the IRS 1040, the W-9-like
// form of the shared set, per fill, once with Latin names and once with
// CJK ones: the CJK fill shapes with HarfBuzz and subsets Noto Sans CJK
// (once per font and document, not per field), the Latin one subsets
// Noto Sans (the form's Helvetica LT Std is not embedded). bytes-added is
// how much the output grows.
func BenchmarkFill20Fields(b *testing.B) {
	doc, err := os.ReadFile(filepath.Join(sharedForms, "irs_f1040.pdf"))
	if err != nil {
		b.Skipf("shared form: %v", err)
	}
	e := New().WithFonts(systemFonts(b))
	d := mustOpenB(b, doc)
	for _, tc := range []struct{ name, value string }{
		{"latin", "Margaret Hamilton"},
		{"cjk", "山田太郎 株式会社"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			var answers []formats.Answer
			for _, f := range wideTextFields(d) {
				if len(answers) < 20 {
					answers = append(answers, formats.Answer{PairID: f.ID, AnswerText: tc.value})
				}
			}
			if len(answers) < 20 {
				b.Fatalf("only %d wide text fields", len(answers))
			}
			var out []byte
			for b.Loop() {
				res, rep, err := formats.Fill(e, doc, answers, formats.WriteOptions{})
				if err != nil || !rep.OK() {
					b.Fatalf("fill: %v %+v", err, rep)
				}
				out = res.Document
			}
			b.ReportMetric(float64(len(out)-len(doc)), "bytes-added")
		})
	}
}

// BenchmarkExtractText reads the page text of the IRS 1040 (issue 32: the
// text layer must be no slower than before it read every font kind).
func BenchmarkExtractText(b *testing.B) {
	doc, err := os.ReadFile(filepath.Join(sharedForms, "irs_f1040.pdf"))
	if err != nil {
		b.Skipf("shared form: %v", err)
	}
	e := New()
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		if _, err := e.ExtractText(doc); err != nil {
			b.Fatal(err)
		}
	}
}
