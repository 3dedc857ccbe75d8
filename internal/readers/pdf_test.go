package readers_test

import (
	"strings"
	"testing"

	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/readers"
)

func TestPDFFieldsReadsEveryField(t *testing.T) {
	fields := readers.PDFFields(t, fixtures.PDFForm())
	want := map[string]string{
		fixtures.PDFFieldCustomer: "ABC-123",
		fixtures.PDFFieldName:     "",
		fixtures.PDFFieldAgree:    "Off",
		fixtures.PDFFieldColour:   "Off",
		fixtures.PDFFieldCity:     "",
	}
	for name, v := range want {
		got, ok := fields[name]
		if !ok {
			t.Errorf("field %q missing from %v", name, fields)
		} else if got != v {
			t.Errorf("field %q = %q, want %q", name, got, v)
		}
	}
	if _, ok := fields["applicant"]; ok {
		t.Errorf("non-terminal parent field reported: %v", fields)
	}
}

func TestQPDFCheckPassesAValidPDF(t *testing.T) {
	readers.QPDFCheck(t, fixtures.PDFForm())
}

func TestPDFTextShowsPageText(t *testing.T) {
	text := readers.PDFText(t, fixtures.PDFForm())
	for _, w := range []string{"Full name:", "ABC-123"} {
		if !strings.Contains(text, w) {
			t.Errorf("no %q in:\n%s", w, text)
		}
	}
}
