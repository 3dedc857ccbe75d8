package pdf

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/readers"
)

const reviewDate = "2025-03-01T09:30:00Z"

// reviewAnswers fill the shared sample form: a text field, a field
// answered for sure, another text field and a check box.
var reviewAnswers = []formats.Answer{
	{PairID: "F1", AnswerText: "Lovelace", Confidence: formats.Uncertain, Note: "read off the badge"},
	{PairID: "F3", AnswerText: "Ada", Confidence: formats.Known},
	{PairID: "F12", AnswerText: "555 0100", Confidence: formats.Unknown},
	{PairID: "F20", AnswerText: "yes", Confidence: formats.Uncertain},
}

// Uncertain answers get a text annotation beside their field: qpdf shows
// its dictionary (subtype Text, the confidence and note, the author, the
// date, no Print flag, a rectangle touching the widget's), PyMuPDF lists
// it, qpdf --check passes, poppler draws it on screen and leaves it out
// of print, and the review list gives each answer's question and note.
func TestTextAnnotationsFlagUncertainAnswers(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(sharedForms, "pdflib_sample_form.pdf"))
	if err != nil {
		t.Skipf("shared form not available (%v)", err)
	}
	opts := formats.WriteOptions{CommentUncertain: true, Author: "Review Bot", Date: reviewDate}
	res, rep, err := New().Fill(doc, reviewAnswers, opts)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := New().Write(doc, reviewAnswers, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	d, err := open(doc)
	if err != nil {
		t.Fatal(err)
	}
	readers.QPDFCheck(t, res.Document)
	var ours []readers.QPDFAnnotation
	for _, a := range readers.QPDFAnnotations(t, res.Document) {
		if strings.HasPrefix(a.NM, notePrefix) {
			ours = append(ours, a)
		}
	}
	want := map[string]string{"F1": "confidence uncertain, review this answer.\nNote: read off the badge", "F12": "confidence unknown", "F20": "confidence uncertain"}
	if len(ours) != len(want) {
		t.Fatalf("qpdf shows %d review notes: %+v; want %d", len(ours), ours, len(want))
	}
	var rects [][4]float64
	for _, a := range ours {
		f := d.byName[strings.TrimPrefix(a.NM, notePrefix)]
		if f == nil || !strings.Contains(a.Contents, want[f.ID]) {
			t.Errorf("note %+v: want one beside F1, F12 or F20 with its confidence and note", a)
			continue
		}
		if a.Subtype != "Text" || a.Author != "Review Bot" || a.Date != "D:20250301093000Z" || a.Flags&4 != 0 || a.Page != f.Page {
			t.Errorf("%s: note %+v: want a Text annotation by Review Bot, dated, on page %d, without the Print flag", f.ID, a, f.Page)
		}
		if !touches(a.Rect, f.rect, 2*noteGap) {
			t.Errorf("%s: note at %v is not beside the widget at %v", f.ID, a.Rect, f.rect)
		}
		rects = append(rects, a.Rect)
	}
	mu := 0
	for _, a := range readers.PDFAnnotations(t, res.Document) {
		if a.Type == "Text" && a.Author == "Review Bot" && !a.Printed() && strings.Contains(a.Content, "formfill: confidence") {
			mu++
		}
	}
	if mu != len(want) {
		t.Errorf("PyMuPDF lists %d review notes; want %d", mu, len(want))
	}
	screen, before := readers.PDFRender(t, res.Document, 1, 72), readers.PDFRender(t, plain.Document, 1, 72)
	for _, r := range rects {
		if n := screen.Changed(before, r); n < 20 {
			t.Errorf("poppler draws %d pixels of the note at %v on screen; want its icon", n, r)
		}
	}
	if n := screen.ChangedOutside(before, rects...); n != 0 {
		t.Errorf("on screen, %d pixels changed outside the notes", n)
	}
	if n := readers.PDFPrintRender(t, res.Document, 1, 72).ChangedOutside(readers.PDFPrintRender(t, plain.Document, 1, 72)); n != 0 {
		t.Errorf("printed, the page with the notes differs from the plain fill in %d pixels; the notes must not print", n)
	}
	for i, ch := range res.Changes {
		if got := ch.Comment != ""; got != formats.Unsure(reviewAnswers[i].Confidence) {
			t.Errorf("%s: comment %q", ch.PairID, ch.Comment)
		}
	}
	if len(rep.Review) != 3 || rep.Review[0].Question != "LAST" || rep.Review[0].Comment != res.Changes[0].Comment || rep.Review[0].Note != "read off the badge" {
		t.Errorf("review list %+v: want F1 (its label, note and where its note is), F12, F20", rep.Review)
	}
	again, err := New().Verify(res.Document, formats.ExpectedFromAnswers(reviewAnswers))
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Review) != 3 || again.Review[1].Comment != res.Changes[2].Comment {
		t.Errorf("verify's review list %+v: want the notes found in the document", again.Review)
	}
}

// touches reports whether rectangles a and b (llx, lly, urx, ury) overlap
// vertically and lie within gap of each other horizontally.
func touches(a, b [4]float64, gap float64) bool {
	return a[1] < b[3] && b[1] < a[3] && a[0] <= b[2]+gap && b[0] <= a[2]+gap
}

// Without comment_uncertain, nothing but the values changes: no
// annotation is added.
func TestNoTextAnnotationsWithoutTheOption(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(sharedForms, "pdflib_sample_form.pdf"))
	if err != nil {
		t.Skipf("shared form not available (%v)", err)
	}
	res, err := New().Write(doc, reviewAnswers, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range readers.QPDFAnnotations(t, res.Document) {
		if strings.HasPrefix(a.NM, notePrefix) {
			t.Errorf("a review note without the option: %+v", a)
		}
	}
}

// A PDF form has no tracked changes: track_changes is refused, pointing at
// comment_uncertain's text annotations.
func TestTrackChangesRefusedForPDF(t *testing.T) {
	_, err := New().Write(fixtures.PDFForm(), []formats.Answer{{PairID: "F1", AnswerText: "x"}}, formats.WriteOptions{TrackChanges: true})
	if !errors.Is(err, formats.ErrUnsupported) || !strings.Contains(err.Error(), "text annotations") {
		t.Fatalf("got %v; want unsupported, pointing at the text annotations", err)
	}
}

// noteRect keeps the icon on the page: right of a text field, left of a
// check box, on the other side or over the corner when there is no room.
func TestNoteRectStaysOnThePage(t *testing.T) {
	page := types.NewRectangle(0, 0, 612, 792)
	cases := []struct {
		name   string
		widget [4]float64
		button bool
		wantX  float64
	}{
		{"text field: right", [4]float64{100, 700, 300, 720}, false, 302},
		{"check box: left", [4]float64{100, 700, 110, 710}, true, 74},
		{"text field at the right edge: left", [4]float64{400, 700, 600, 720}, false, 374},
		{"check box at the left edge: right", [4]float64{5, 700, 15, 710}, true, 17},
		{"full-width field: over its corner", [4]float64{0, 700, 612, 720}, false, 588},
	}
	for _, c := range cases {
		r := noteRect(c.widget, page, c.button)
		if x := numberOf(r[0]); x != c.wantX || numberOf(r[3]) != c.widget[3] {
			t.Errorf("%s: note at %v; want x %v, top %v", c.name, r, c.wantX, c.widget[3])
		}
	}
}

// The page's /Annots may be an array in the page (the fixture's) or an
// object of its own (the shared form's, above): the note joins it either
// way, and the page keeps its widgets.
func TestTextAnnotationJoinsAnInlineAnnotsArray(t *testing.T) {
	doc := fixtures.PDFForm()
	before := len(readers.QPDFAnnotations(t, doc))
	res, err := New().Write(doc, []formats.Answer{{PairID: "F1", AnswerText: "Ada", Confidence: formats.Unknown, Note: "guessed"}},
		formats.WriteOptions{CommentUncertain: true, Date: reviewDate})
	if err != nil {
		t.Fatal(err)
	}
	readers.QPDFCheck(t, res.Document)
	after := readers.QPDFAnnotations(t, res.Document)
	if len(after) != before+1 {
		t.Fatalf("%d annotations after, %d before; want one more", len(after), before)
	}
	var notes []readers.QPDFAnnotation
	for _, a := range after {
		if a.Subtype == "Text" {
			notes = append(notes, a)
		}
	}
	if len(notes) != 1 || notes[0].Page != 1 || notes[0].Author != formats.DefaultAuthor || !strings.Contains(notes[0].Contents, "Note: guessed") {
		t.Errorf("text annotations %+v: want formfill's note on page 1", notes)
	}
}
