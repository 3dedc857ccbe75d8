package pdf

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/formfill/formfill/fontdir"
	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/fonttest"
	"github.com/formfill/formfill/internal/readers"
)

// tenScripts are names in ten scripts: Latin with diacritics beyond
// Latin-1, Greek, Cyrillic, Japanese kanji and kana, Korean, Hebrew and
// Arabic (right to left, Arabic joined), Devanagari (conjuncts) and Thai
// (marks above and below).
var tenScripts = []string{"Dvořák Łukasz", "Παπαδόπουλος", "Иванов", "山田太郎", "すずき", "김민준", "שלום", "مرحبا", "नमस्ते", "สวัสดี"}

// systemFonts is the font source of the tests that fill non-Latin text.
func systemFonts(t testing.TB) FontSource {
	t.Helper()
	fonttest.Require(t)
	return fontdir.New(nil, fontdir.Options{})
}

// wideTextFields are the fields of a form the scripts test can fill: text
// fields wide enough for a name (along their text, which in a rotated
// field runs up or down the page), on a page, not comb or read-only.
func wideTextFields(d *document) []*field {
	var out []*field
	for _, f := range d.fields {
		if f.Kind != kindText || len(f.widgets) != 1 || f.widgets[0].dict == nil {
			continue
		}
		b := readWidgetBox(d.ctx, f.widgets[0])
		if !f.ReadOnly && !f.Comb && f.Page > 0 && b.w >= 100 && b.h >= 10 && (f.MaxLen == 0 || f.MaxLen >= 20) {
			out = append(out, f)
		}
	}
	return out
}

// Filled with names in ten scripts, the IRS and pdf-lib forms show every
// name to readers formfill did not write: pdftotext extracts each (right
// to left ones in logical order), poppler and MuPDF draw ink in each
// field's box, PyMuPDF reads the stored values, qpdf finds the file
// sound, and formfill's own verify — which reads the appearance streams
// — agrees.
func TestTenScriptsShowInEveryReader(t *testing.T) {
	src := systemFonts(t)
	forms := []string{"irs_f1040.pdf", "irs_f8938.pdf", "pdflib_sample_form.pdf", "pdflib_fancy_fields.pdf"}
	for _, name := range forms {
		t.Run(name, func(t *testing.T) {
			doc, err := os.ReadFile(filepath.Join(sharedForms, name))
			if err != nil {
				t.Skipf("%s: %v", name, err)
			}
			fields := wideTextFields(mustOpen(t, doc))
			if len(fields) == 0 {
				t.Fatal("no text field wide enough for a name")
			}
			for start := 0; start < len(tenScripts); start += len(fields) {
				var answers []formats.Answer
				for i, f := range fields {
					if start+i < len(tenScripts) {
						answers = append(answers, formats.Answer{PairID: f.ID, AnswerText: tenScripts[start+i]})
					}
				}
				checkScripts(t, New().WithFonts(src), doc, answers, start)
			}
		})
	}
}

func checkScripts(t *testing.T, e *Engine, doc []byte, answers []formats.Answer, round int) {
	t.Helper()
	res, rep, err := formats.Fill(e, doc, answers, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range res.Warnings {
		if strings.Contains(w, "no available font") || strings.Contains(w, "does not fit") || strings.Contains(w, "below the readable") {
			t.Errorf("warning: %s", w)
		}
	}
	if !rep.OK() {
		t.Errorf("fill's verification: %+v", rep.ContentResults)
	}
	out := res.Document
	readers.QPDFCheck(t, out)
	text := withoutFormatChars(readers.PDFText(t, out))
	values := readers.PDFFields(t, out)
	d := mustOpen(t, out)
	for _, a := range answers {
		if !strings.Contains(squash(text), squash(a.AnswerText)) {
			t.Errorf("pdftotext does not show %q", a.AnswerText)
		}
		f, _ := d.lookup(a.PairID)
		if got := values[f.Name]; got != a.AnswerText {
			t.Errorf("PyMuPDF reads %q = %q, want %q", f.Name, got, a.AnswerText)
		}
	}
	checkInk(t, doc, out, d, answers)
	keepForEyes(t, out, round)
	t.Logf("%d answers, output grew by %d bytes", len(answers), len(out)-len(doc))
}

// checkInk renders every page with a filled field with poppler and with
// MuPDF, before and after the fill, and fails unless each filled field's
// box gained ink: glyphs were drawn, not an empty or .notdef-only box
// (.notdef draws nothing in formfill's fonts, and no box in poppler).
func checkInk(t *testing.T, before, after []byte, d *document, answers []formats.Answer) {
	t.Helper()
	const dpi = 100
	byPage := map[int][]*field{}
	for _, a := range answers {
		f, _ := d.lookup(a.PairID)
		byPage[f.Page] = append(byPage[f.Page], f)
	}
	for page, fields := range byPage {
		renderers := map[string]func(testing.TB, []byte, int, int) *readers.Gray{"poppler": readers.PDFRender, "MuPDF": readers.MuPDFRender}
		for who, render := range renderers {
			b, a := render(t, before, page, dpi), render(t, after, page, dpi)
			for _, f := range fields {
				// A glyph of a name at 8 pt covers well over 20 pixels at 100 dpi.
				if n := a.Changed(b, f.rect); n < 20 {
					t.Errorf("%s: %d pixels changed in %s's box on page %d: the value is not drawn", who, n, fieldRef(f), page)
				}
			}
		}
	}
}

// keepForEyes saves the filled PDF in $FORMFILL_RENDER_DIR, when set, so
// a person can render and look at it (pdftoppm -png): only eyes judge
// glyph shapes, joining and placement.
func keepForEyes(t *testing.T, out []byte, round int) {
	dir := os.Getenv("FORMFILL_RENDER_DIR")
	if dir == "" {
		return
	}
	name := fmt.Sprintf("%s_%02d.pdf", strings.ReplaceAll(t.Name(), "/", "_"), round)
	if err := os.WriteFile(filepath.Join(dir, name), out, 0o644); err != nil {
		t.Log(err)
	}
}

// withoutFormatChars drops the bidi marks pdftotext wraps right-to-left
// text in (U+202B … U+202C).
func withoutFormatChars(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Cf, r) {
			return -1
		}
		return r
	}, s)
}

// Workers share one engine and one font source: concurrent fills in
// different scripts must each get their own glyphs (faces and shapers are
// per call; parsed fonts are shared read-only).
func TestConcurrentFillsShareFontsSafely(t *testing.T) {
	e := New().WithFonts(systemFonts(t))
	errs := make(chan error, len(tenScripts))
	for _, name := range tenScripts {
		go func() {
			res, rep, err := formats.Fill(e, fixtures.PDFForm(), []formats.Answer{{PairID: "name", AnswerText: name}}, formats.WriteOptions{})
			if err == nil && (!rep.OK() || rep.ContentResults[0].Shown == "") {
				err = fmt.Errorf("%s: %+v", name, rep.ContentResults)
			}
			if err == nil && mustOpenErr(res.Document).byName["name"].Value != name {
				err = fmt.Errorf("%s: read back someone else's value", name)
			}
			errs <- err
		}()
	}
	for range tenScripts {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// Ten Japanese, Chinese and Korean names embed one subset of Noto Sans
// CJK (a 19 MB collection): the form grows by kilobytes, not megabytes.
func TestTenCJKNamesGrowTheFormByKilobytes(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(sharedForms, "irs_f1040.pdf"))
	if err != nil {
		t.Skipf("shared form: %v", err)
	}
	names := []string{"山田太郎", "佐藤花子", "鈴木一郎", "高橋健太", "田中美咲", "王小明", "李华", "张伟", "김민준", "이서연"}
	var answers []formats.Answer
	for i, f := range wideTextFields(mustOpen(t, doc))[:len(names)] {
		answers = append(answers, formats.Answer{PairID: f.ID, AnswerText: names[i]})
	}
	res, rep, err := formats.Fill(New().WithFonts(systemFonts(t)), doc, answers, formats.WriteOptions{})
	if err != nil || !rep.OK() {
		t.Fatalf("fill: %v %+v", err, rep)
	}
	added := len(res.Document) - len(doc)
	if n := bytes.Count(res.Document[len(doc):], []byte("/FontFile3")); n != 1 {
		t.Errorf("%d CFF font programs embedded, want one subset for every field", n)
	}
	if added > 100_000 {
		t.Errorf("ten CJK names added %d bytes", added)
	}
	t.Logf("ten CJK names (%d fields): the form grew by %d bytes", len(answers), added)
}
