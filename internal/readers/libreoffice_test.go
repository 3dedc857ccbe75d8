package readers_test

import (
	"strings"
	"testing"

	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/readers"
)

// One LibreOffice run converts several documents; each text must come
// back in its document's place, normalised, with the content shown.
func TestLibreOfficeTextsShowContentInDocumentOrder(t *testing.T) {
	cases := []struct {
		name string
		doc  []byte
		want []string // the first is how the text starts
	}{
		{"nested table", fixtures.NestedTable(), []string{"Contacts", "Email"}},
		{"two-column", fixtures.TwoColumn(), append([]string{"Vendor Security Questionnaire"}, fixtures.TwoColumnQuestions...)},
		{"content controls", fixtures.ContentControls(), []string{"Supplier Onboarding", fixtures.PlaceholderText, "Subscribe to updates"}},
		{"split placeholders", fixtures.SplitPlaceholders(), []string{"Split Placeholders", "Company: [Enter here]"}},
	}
	docs := make([][]byte, len(cases))
	for i, c := range cases {
		docs[i] = c.doc
	}
	texts := readers.LibreOfficeTexts(t, docs, "docx")
	if len(texts) != len(docs) {
		t.Fatalf("%d texts for %d documents", len(texts), len(docs))
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			text := texts[i]
			if !strings.HasPrefix(text, c.want[0]) {
				t.Errorf("text starts %q, want %q (BOM, or another document's text?)", text[:min(len(text), 40)], c.want[0])
			}
			if strings.Contains(text, "\r") {
				t.Error("text has carriage returns")
			}
			for _, w := range c.want {
				if !strings.Contains(text, w) {
					t.Errorf("no %q in:\n%s", w, text)
				}
			}
		})
	}
}

func TestLibreOfficeTextSingleDocx(t *testing.T) {
	text := readers.LibreOfficeText(t, fixtures.MergedCells(), ".DOCX")
	for _, w := range []string{"Controls Assessment", "Section A: Access", "Are accounts reviewed quarterly?"} {
		if !strings.Contains(text, w) {
			t.Errorf("no %q in:\n%s", w, text)
		}
	}
}

// LibreOffice lays each document out as a PDF of its own, in order; the
// page holding a text is found and rendered to PNG.
func TestLibreOfficePDFsRenderEachDocument(t *testing.T) {
	pdfs := readers.LibreOfficePDFs(t, [][]byte{fixtures.TwoColumn(), fixtures.ParagraphForm()}, "docx")
	if len(pdfs) != 2 {
		t.Fatalf("%d PDFs for 2 documents", len(pdfs))
	}
	for i, want := range []string{fixtures.TwoColumnQuestions[0], "Signed by:"} {
		if !strings.HasPrefix(string(pdfs[i]), "%PDF-") {
			t.Fatalf("document %d: not a PDF", i)
		}
		page := readers.PDFPageOf(t, pdfs[i], want)
		if page != 1 {
			t.Errorf("document %d: %q found on page %d, want 1", i, want, page)
		}
		if png := readers.PDFPagePNG(t, pdfs[i], page, 30); len(png) < 1000 {
			t.Errorf("document %d: a %d-byte PNG is too small for a page", i, len(png))
		}
	}
	if page := readers.PDFPageOf(t, pdfs[0], "no such text anywhere"); page != 0 {
		t.Errorf("absent text found on page %d", page)
	}
}
