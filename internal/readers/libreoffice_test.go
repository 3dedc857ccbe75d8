package readers_test

import (
	"strings"
	"testing"

	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/readers"
)

func TestLibreOfficeTextDocxShowsContent(t *testing.T) {
	cases := []struct {
		name string
		doc  []byte
		want []string
	}{
		{"two-column", fixtures.TwoColumn(), append([]string{"Vendor Security Questionnaire"}, fixtures.TwoColumnQuestions...)},
		{"content controls", fixtures.ContentControls(), []string{fixtures.PlaceholderText, "Subscribe to updates"}},
		{"split placeholders", fixtures.SplitPlaceholders(), []string{"Company: [Enter here]"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			text := readers.LibreOfficeText(t, c.doc, "docx")
			if strings.HasPrefix(text, "\ufeff") || strings.Contains(text, "\r") {
				t.Errorf("text not normalised (BOM or CR): %q", text[:min(len(text), 40)])
			}
			for _, w := range c.want {
				if !strings.Contains(text, w) {
					t.Errorf("no %q in:\n%s", w, text)
				}
			}
		})
	}
}

func TestLibreOfficeTextsKeepsDocumentOrder(t *testing.T) {
	docs := [][]byte{fixtures.NestedTable(), fixtures.TwoColumn(), fixtures.MergedCells()}
	want := []string{"Contacts", "Vendor Security Questionnaire", "Controls Assessment"}
	texts := readers.LibreOfficeTexts(t, docs, "docx")
	if len(texts) != len(docs) {
		t.Fatalf("%d texts for %d documents", len(texts), len(docs))
	}
	for i, text := range texts {
		if !strings.HasPrefix(text, want[i]) {
			t.Errorf("text %d starts %q, want %q", i, text[:min(len(text), 40)], want[i])
		}
	}
}
