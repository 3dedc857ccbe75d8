package readers

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// Redline is a tracked change as LibreOffice reports it.
type Redline struct {
	Type   string `json:"type"` // Insert, Delete, Format, ParagraphFormat …
	Author string `json:"author"`
	Date   string `json:"date"` // 2006-01-02T15:04:05
}

// Annotation is a comment as LibreOffice reports it: who wrote it, its
// text and the text it is anchored on.
type Annotation struct {
	Author  string `json:"author"`
	Content string `json:"content"`
	Anchor  string `json:"anchor"`
}

// Review is what LibreOffice saw of a document's review marks and what it
// made of the document after accepting or rejecting them all.
type Review struct {
	Redlines  []Redline    `json:"redlines"`
	Comments  []Annotation `json:"comments"`
	Remaining int          `json:"remaining"` // tracked changes left after the action
	// Text is Writer's plain-text export of the result, one line per
	// paragraph (as LibreOfficeText gives it).
	Text string `json:"-"`
	// Docx is the result saved by LibreOffice as .docx.
	Docx []byte `json:"-"`
}

// LibreOfficeAcceptAll opens a .docx in headless LibreOffice (through
// python3-uno), lists its tracked changes, accepts every one
// (.uno:AcceptAllTrackedChanges), updates every field and returns the
// result. A document LibreOffice cannot open fails tb.
//
// Writer recomputes reference fields after changes that add or remove
// paragraphs, but shows the saved results of a document it only opens; the
// fields are updated so that the result compares, by its text, with
// another document put through LibreOfficeAcceptAll (the plain write) or
// LibreOfficeRejectAll (the original).
//
// LibreOffice 7.4 loaded through UNO dies on any document with comments (a
// one-paragraph document with one comment is enough), so comment anchors
// and the comments part are taken out first; comments are read with
// LibreOfficeComments instead, which converts without UNO.
func LibreOfficeAcceptAll(tb testing.TB, docx []byte) Review {
	tb.Helper()
	return libreOfficeReview(tb, docx, "accept")
}

// LibreOfficeRejectAll is LibreOfficeAcceptAll rejecting every tracked
// change (.uno:RejectAllTrackedChanges).
func LibreOfficeRejectAll(tb testing.TB, docx []byte) Review {
	tb.Helper()
	return libreOfficeReview(tb, docx, "reject")
}

func libreOfficeReview(tb testing.TB, docx []byte, action string) Review {
	tb.Helper()
	lookPath(tb, "soffice", "apt-get install libreoffice-writer-nogui")
	needPython(tb, "uno", "python3-uno (LibreOffice's Python bridge)", "python3-uno")
	src, err := scripts.ReadFile("py/lo_review.py")
	if err != nil {
		tb.Fatalf("readers: embedded script: %v", err)
	}
	in := writeTemp(tb, "review.docx", withoutComments(tb, docx))
	outDir := tb.TempDir()
	jsonPath := filepath.Join(outDir, "review.json")
	res, err := withProfile(tb, func(profile string) (result, error) {
		return run(DefaultTimeout, outDir, Python, "-c", string(src), action, in, outDir, profile, jsonPath)
	})
	if err != nil {
		tb.Fatalf("readers: LibreOffice review: %v\n%s", err, tail(res.stderr, 4000))
	}
	if res.exit != 0 {
		tb.Fatalf("readers: LibreOffice review (%s) failed (exit %d):\n%s", action, res.exit, tail(res.stderr, 4000))
	}
	var rv Review
	data, err := os.ReadFile(jsonPath)
	if err == nil {
		err = json.Unmarshal(data, &rv)
	}
	if err != nil {
		tb.Fatalf("readers: LibreOffice review wrote no result: %v\n%s", err, tail(res.stderr, 4000))
	}
	rv.Text = readText(tb, filepath.Join(outDir, "out.txt"))
	if rv.Docx, err = os.ReadFile(filepath.Join(outDir, "out.docx")); err != nil {
		tb.Fatalf("readers: LibreOffice review saved no document: %v", err)
	}
	return rv
}

// commentRanges are the comment range marks of a document.xml.
var commentRanges = regexp.MustCompile(`<w:commentRange(Start|End)\b[^>]*/>`)

// commentRef is a comment's reference mark.
var commentRef = regexp.MustCompile(`<w:commentReference\b[^>]*/>`)

// dropCommentRuns removes the runs that hold only a comment's reference
// mark (and their properties), and the comment range marks.
func dropCommentRuns(xml []byte) []byte {
	xml = commentRanges.ReplaceAll(xml, nil)
	for {
		loc := commentRef.FindIndex(xml)
		if loc == nil {
			return xml
		}
		a := max(bytes.LastIndex(xml[:loc[0]], []byte("<w:r>")), bytes.LastIndex(xml[:loc[0]], []byte("<w:r ")))
		b := bytes.Index(xml[loc[1]:], []byte("</w:r>"))
		if a < 0 || b < 0 || bytes.Contains(xml[a:loc[0]], []byte("<w:t")) || b > 0 {
			xml = append(xml[:loc[0]:loc[0]], xml[loc[1]:]...) // not alone in its run: drop the mark only
			continue
		}
		xml = append(xml[:a:a], xml[loc[1]+b+len("</w:r>"):]...)
	}
}

// commentRel is the relationship to the comments part.
var commentRel = regexp.MustCompile(`<Relationship\b[^>]*relationships/comments"[^>]*/>`)

// withoutComments returns docx without its comments: their anchors in the
// document and the relationship to the comments part (see
// LibreOfficeAcceptAll).
func withoutComments(tb testing.TB, docx []byte) []byte {
	tb.Helper()
	zr, err := zip.NewReader(bytes.NewReader(docx), int64(len(docx)))
	if err != nil {
		tb.Fatalf("readers: not a zip: %v", err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			tb.Fatalf("readers: %s: %v", f.Name, err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			tb.Fatalf("readers: %s: %v", f.Name, err)
		}
		switch f.Name {
		case "word/document.xml":
			data = dropCommentRuns(data)
		case "word/_rels/document.xml.rels":
			data = commentRel.ReplaceAll(data, nil)
		}
		w, err := zw.Create(f.Name)
		if err == nil {
			_, err = w.Write(data)
		}
		if err != nil {
			tb.Fatalf("readers: %v", err)
		}
	}
	if err := zw.Close(); err != nil {
		tb.Fatalf("readers: %v", err)
	}
	return buf.Bytes()
}

// PDFAnnotation is an annotation of a PDF page as PyMuPDF reads it.
type PDFAnnotation struct {
	Page    int        `json:"page"`
	Type    string     `json:"type"` // Text, FreeText, Highlight …
	Content string     `json:"content"`
	Author  string     `json:"author"`
	Rect    [4]float64 `json:"rect"` // x0, y0, x1, y1 from the page's top left
	Flags   int        `json:"flags"`
}

// Printed reports whether the annotation's print flag is set.
func (a PDFAnnotation) Printed() bool { return a.Flags&4 != 0 }

// PDFAnnotations opens pdf with PyMuPDF and returns its annotations other
// than form-field widgets and links, in page order. It fails tb if PyMuPDF
// cannot open pdf.
func PDFAnnotations(tb testing.TB, pdf []byte) []PDFAnnotation {
	tb.Helper()
	needPython(tb, "fitz", "PyMuPDF", "python3-fitz")
	var out []PDFAnnotation
	runScript(tb, "pdf_annots.py", writeTemp(tb, "annots.pdf", pdf), &out)
	return out
}

// notesFilter is Writer's PDF export with comments exported as PDF text
// annotations.
const notesFilter = `pdf:writer_pdf_Export:{"ExportNotes":{"type":"boolean","value":"true"}}`

// LibreOfficeComments opens a .docx in headless LibreOffice, which lays it
// out as a PDF with each comment exported as a text annotation, and returns
// those annotations (Content the comment's text, Author "name, date, "):
// the comments LibreOffice shows. It also returns the PDF, to render.
func LibreOfficeComments(tb testing.TB, docx []byte) ([]PDFAnnotation, []byte) {
	tb.Helper()
	soffice := lookPath(tb, "soffice", "apt-get install libreoffice-writer-nogui")
	in, outDir := writeTemp(tb, "comments.docx", docx), tb.TempDir()
	res, err := withProfile(tb, func(profile string) (result, error) {
		return run(DefaultTimeout, outDir, soffice, "--headless", "--norestore", "-env:UserInstallation="+profile,
			"--convert-to", notesFilter, "--outdir", outDir, in)
	})
	if err != nil || res.exit != 0 {
		tb.Fatalf("readers: LibreOffice PDF export failed (%v, exit %d):\n%s", err, res.exit, tail(res.stderr, 4000))
	}
	pdf, err := os.ReadFile(filepath.Join(outDir, "comments.pdf"))
	if err != nil {
		tb.Fatalf("readers: LibreOffice could not convert the document: %v\n%s%s", err, res.stdout, tail(res.stderr, 4000))
	}
	var out []PDFAnnotation
	for _, a := range PDFAnnotations(tb, pdf) {
		if a.Type == "Text" {
			out = append(out, a)
		}
	}
	return out, pdf
}
