package readers

import (
	"testing"

	"github.com/formfill/formfill/internal/fixtures"
)

// Each reader must fail the test — not skip it, not pass — when it cannot
// read what it is given; otherwise a broken output would go unnoticed.
func TestReadersFailOnBrokenDocuments(t *testing.T) {
	notZip := []byte("this is not a zip archive")
	pdf := fixtures.PDFForm()
	truncatedPDF := pdf[:len(pdf)/3]
	cases := []struct {
		name string
		read func(tb testing.TB)
	}{
		{"python-docx on text", func(tb testing.TB) { DocxText(tb, notZip) }},
		{"python-docx on a docx without document.xml", func(tb testing.TB) { DocxTables(tb, fixtures.MissingDocument()) }},
		{"openpyxl on text", func(tb testing.TB) { XLSXCells(tb, notZip) }},
		{"openpyxl on the second of two workbooks", func(tb testing.TB) { XLSXValues(tb, fixtures.ExcelVendorAssessment(), notZip) }},
		{"qpdf on a truncated PDF", func(tb testing.TB) { QPDFCheck(tb, truncatedPDF) }},
		{"pdftotext on text", func(tb testing.TB) { PDFText(tb, notZip) }},
		{"PyMuPDF on text", func(tb testing.TB) { PDFFields(tb, notZip) }},
		{"LibreOffice on an unknown extension", func(tb testing.TB) { LibreOfficeText(tb, notZip, "pptx") }},
		{"pdftoppm past the last page", func(tb testing.TB) { PDFPagePNG(tb, pdf, 99, 30) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := observe(t, c.read)
			if f.skipped {
				t.Skipf("reader absent: %s", f.msg)
			}
			if !f.failed {
				t.Errorf("the reader accepted a broken document")
			}
		})
	}
}

// The object walk is the fallback when PyMuPDF's widget API crashes; both
// must agree wherever the widget API works.
func TestPDFFieldScriptsAgree(t *testing.T) {
	needPython(t, "fitz", "PyMuPDF", "python3-fitz")
	path := writeTemp(t, "form.pdf", fixtures.PDFForm())
	var walked map[string]string
	runScript(t, "pdf_fields.py", path, &walked)
	var widgets map[string]string
	if err := execScript("pdf_widgets.py", path, &widgets); err != nil {
		t.Logf("widget API unusable on this form (the reason for the fallback): %v", firstLine(err.Error()))
		widgets = nil
	}
	for name, v := range widgets {
		if walked[name] != v {
			t.Errorf("field %q: widgets say %q, object walk says %q", name, v, walked[name])
		}
	}
	if len(walked) < 8 {
		t.Errorf("object walk found %d fields, want the fixture's 10: %v", len(walked), walked)
	}
}
