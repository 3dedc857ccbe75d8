package readers

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

// PDFFields opens pdf with PyMuPDF and returns field name → value for
// every form field, read through PyMuPDF's widget API (widget.field_name →
// widget.field_value). Checkboxes and radio groups give their on-state
// name (often "Yes", or the option's name) or "Off"; multi-select lists
// "a, b"; an empty field "". The PyMuPDF packaged in Debian 12 (1.21)
// crashes in the widget API on some real forms; PDFFields then falls back
// to walking the field objects (fully qualified names, /V values, same
// conventions) and logs that it did.
func PDFFields(tb testing.TB, pdf []byte) map[string]string {
	tb.Helper()
	needPython(tb, "fitz", "PyMuPDF", "python3-fitz")
	path := writeTemp(tb, "form.pdf", pdf)
	fields := map[string]string{}
	if !widgetsBroken.Load() {
		err := execScript("pdf_widgets.py", path, &fields)
		if err == nil {
			return fields
		}
		// Once it has crashed it will crash on every form: stop trying.
		widgetsBroken.Store(true)
		tb.Logf("readers: PyMuPDF widget API failed, reading the field objects instead from now on: %v", firstLine(err.Error()))
		fields = map[string]string{}
	}
	runScript(tb, "pdf_fields.py", path, &fields)
	return fields
}

// widgetsBroken records that PyMuPDF's widget API crashed in this process.
var widgetsBroken atomic.Bool

// QPDFCheck runs qpdf --check on pdf and fails tb unless qpdf exits 0:
// structural errors (exit 2) and warnings (exit 3) both fail, with qpdf's
// report in the message.
func QPDFCheck(tb testing.TB, pdf []byte) {
	tb.Helper()
	qpdf := lookPath(tb, "qpdf", "apt-get install qpdf")
	res, err := run(DefaultTimeout, "", qpdf, "--check", writeTemp(tb, "check.pdf", pdf))
	if err != nil {
		tb.Fatalf("readers: qpdf: %v", err)
	}
	if res.exit != 0 {
		tb.Fatalf("readers: qpdf --check failed (exit %d):\n%s%s", res.exit, tail(res.stdout, 4000), tail(res.stderr, 2000))
	}
}

// PDFText returns the text poppler's pdftotext -layout sees on the pages
// of pdf, which includes the appearance streams of filled form fields (a
// value with no appearance does not show). Pages are separated by form
// feeds. It fails tb if pdftotext cannot read pdf.
func PDFText(tb testing.TB, pdf []byte) string {
	tb.Helper()
	bin := lookPath(tb, "pdftotext", "apt-get install poppler-utils")
	res, err := run(DefaultTimeout, "", bin, "-layout", "-enc", "UTF-8", writeTemp(tb, "text.pdf", pdf), "-")
	if err != nil {
		tb.Fatalf("readers: pdftotext: %v", err)
	}
	if res.exit != 0 {
		tb.Fatalf("readers: pdftotext could not read the PDF (exit %d):\n%s", res.exit, tail(res.stderr, 2000))
	}
	return string(res.stdout)
}

// PDFPageOf returns the 1-based page of pdf whose text (pdftotext
// -layout, white space collapsed) contains want, or 0 when none does.
func PDFPageOf(tb testing.TB, pdf []byte, want string) int {
	tb.Helper()
	want = strings.Join(strings.Fields(want), " ")
	for i, page := range strings.Split(PDFText(tb, pdf), "\f") {
		if strings.Contains(strings.Join(strings.Fields(page), " "), want) {
			return i + 1
		}
	}
	return 0
}

// PDFPagePNG renders page (1-based) of pdf with poppler's pdftoppm at dpi
// and returns the PNG. It fails tb when the page cannot be rendered.
func PDFPagePNG(tb testing.TB, pdf []byte, page, dpi int) []byte {
	tb.Helper()
	bin := lookPath(tb, "pdftoppm", "apt-get install poppler-utils")
	dir := tb.TempDir()
	args := []string{"-r", strconv.Itoa(dpi), "-png", "-singlefile", "-f", strconv.Itoa(page), "-l", strconv.Itoa(page),
		writeTemp(tb, "page.pdf", pdf), filepath.Join(dir, "page")}
	res, err := run(DefaultTimeout, "", bin, args...)
	if err != nil {
		tb.Fatalf("readers: pdftoppm: %v", err)
	}
	png, rerr := os.ReadFile(filepath.Join(dir, "page.png"))
	if res.exit != 0 || rerr != nil || len(png) < 8 || string(png[1:4]) != "PNG" {
		tb.Fatalf("readers: pdftoppm could not render page %d (exit %d): %s", page, res.exit, tail(res.stderr, 2000))
	}
	return png
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// QPDFAnnotation is an annotation of a page as qpdf's JSON shows its
// dictionary.
type QPDFAnnotation struct {
	Page                       int // 1-based
	Subtype, Name              string
	Contents, Author, Date, NM string // /Contents, /T, /M, /NM
	Flags                      int    // /F
	Rect                       [4]float64
	PageRef                    string // /P, "22 0 R"
}

// QPDFAnnotations reads the annotations of every page of pdf from qpdf's
// JSON (qpdf --json=2): each page's /Annots, in order, widgets included.
// It fails tb when qpdf cannot read pdf.
func QPDFAnnotations(tb testing.TB, pdf []byte) []QPDFAnnotation {
	tb.Helper()
	qpdf := lookPath(tb, "qpdf", "apt-get install qpdf")
	res, err := run(DefaultTimeout, "", qpdf, "--json=2", "--json-key=pages", "--json-key=qpdf", writeTemp(tb, "annots.pdf", pdf))
	if err != nil || res.exit != 0 {
		tb.Fatalf("readers: qpdf --json failed (%v, exit %d):\n%s", err, res.exit, tail(res.stderr, 2000))
	}
	var doc struct {
		Pages []struct {
			Object string `json:"object"`
			Page   int    `json:"pageposfrom1"`
		} `json:"pages"`
		QPDF []map[string]json.RawMessage `json:"qpdf"`
	}
	if err := json.Unmarshal(res.stdout, &doc); err != nil || len(doc.QPDF) < 2 {
		tb.Fatalf("readers: qpdf JSON: %v", err)
	}
	objects := doc.QPDF[1]
	value := func(ref string) any {
		var o struct {
			Value any `json:"value"`
		}
		if raw, ok := objects["obj:"+ref]; ok {
			json.Unmarshal(raw, &o)
		}
		return o.Value
	}
	var out []QPDFAnnotation
	for _, p := range doc.Pages {
		page, _ := value(p.Object).(map[string]any)
		annots := page["/Annots"]
		if ref, ok := annots.(string); ok {
			annots = value(ref)
		}
		list, _ := annots.([]any)
		for _, a := range list {
			d, _ := a.(map[string]any)
			if ref, ok := a.(string); ok {
				d, _ = value(ref).(map[string]any)
			}
			if d != nil {
				out = append(out, qpdfAnnotation(p.Page, d))
			}
		}
	}
	return out
}

// qpdfAnnotation reads an annotation dictionary of qpdf's JSON, where
// names are "/Name", text strings "u:text" and numbers numbers.
func qpdfAnnotation(page int, d map[string]any) QPDFAnnotation {
	str := func(k string) string {
		s, _ := d[k].(string)
		return strings.TrimPrefix(strings.TrimPrefix(s, "u:"), "/")
	}
	a := QPDFAnnotation{Page: page, Subtype: str("/Subtype"), Name: str("/Name"), Contents: str("/Contents"),
		Author: str("/T"), Date: str("/M"), NM: str("/NM"), PageRef: str("/P")}
	if f, ok := d["/F"].(float64); ok {
		a.Flags = int(f)
	}
	if r, ok := d["/Rect"].([]any); ok && len(r) == 4 {
		for i := range r {
			a.Rect[i], _ = r[i].(float64)
		}
	}
	return a
}
