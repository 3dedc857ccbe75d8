package pdf

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/readers"
	"github.com/formfill/formfill/internal/realdocs"
)

// viewerDPI is the resolution the three-viewer tests render at: a glyph
// of an 8 pt answer covers dozens of pixels.
const viewerDPI = 100

// answersFor fills every fillable field of d: text with a short value
// that fits its MaxLen ("A" and the field's number, with a ’ where there
// is room), checkboxes ticked, radio groups, dropdowns and lists on their
// last option. max bounds how many (0: all).
func answersFor(d *document, max int) []formats.Answer {
	var out []formats.Answer
	for _, f := range d.fields {
		if f.ReadOnly || (max > 0 && len(out) >= max) {
			continue
		}
		a := formats.Answer{PairID: f.ID}
		switch f.Kind {
		case kindText:
			a.AnswerText = "A" + f.ID[1:]
			if f.MaxLen == 0 || f.MaxLen >= 8 {
				a.AnswerText = "O’" + f.ID[1:] + "é"
			}
			if f.MaxLen > 0 && len([]rune(a.AnswerText)) > f.MaxLen {
				a.AnswerText = strings.Repeat("7", f.MaxLen)
			}
		case kindCheckbox:
			a.AnswerText = "yes"
		case kindRadio, kindDropdown, kindListbox:
			if len(f.Options) == 0 {
				continue
			}
			a.AnswerText = f.Options[len(f.Options)-1]
		default:
			continue
		}
		out = append(out, a)
	}
	return out
}

// cleared are answers that empty the fields of answers, and choose
// another option of a radio group, dropdown or list (which cannot be
// emptied).
func cleared(d *document, answers []formats.Answer) []formats.Answer {
	out := make([]formats.Answer, 0, len(answers))
	for _, a := range answers {
		f, _ := d.lookup(a.PairID)
		switch f.Kind {
		case kindRadio, kindDropdown, kindListbox:
			if len(f.Options) > 1 && a.AnswerText != f.Options[0] {
				out = append(out, formats.Answer{PairID: a.PairID, AnswerText: f.Options[0]})
			}
		default:
			out = append(out, formats.Answer{PairID: a.PairID, Mode: formats.Delete})
		}
	}
	return out
}

// viewerCase is a form, filled, for the three-viewer tests.
type viewerCase struct {
	name    string
	doc     []byte
	answers []formats.Answer
}

func viewerCases(t *testing.T) []viewerCase {
	t.Helper()
	var cs []viewerCase
	add := func(name string, doc []byte, max int) {
		if doc != nil {
			cs = append(cs, viewerCase{name, doc, answersFor(mustOpen(t, doc), max)})
		}
	}
	fixture := fixtures.PDFForm()
	cs = append(cs, viewerCase{"fixture form", fixture, []formats.Answer{
		{PairID: "name", AnswerText: "l’été “oui” – Łukasz"},
		{PairID: "email", AnswerText: "zoe@example.com"},
		{PairID: "agree", AnswerText: "yes"},
		{PairID: "colour", AnswerText: "Green"},
		{PairID: "F5", AnswerText: "Canada"},
		{PairID: "applicant.city", AnswerText: "Kraków"},
		{PairID: "comments", AnswerText: "C’est l’heure — voilà… a second line that wraps in the box"},
		{PairID: "languages", AnswerText: "Rust"},
	}})
	for _, name := range []string{"pdflib_sample_form.pdf", "pdflib_fancy_fields.pdf"} {
		doc, err := os.ReadFile(filepath.Join(sharedForms, name))
		if err == nil {
			add(name, doc, 0)
		}
	}
	if doc, err := os.ReadFile(filepath.Join(sharedForms, "irs_f1040.pdf")); err == nil {
		add("irs_f1040.pdf page 1", doc, 60)
	}
	if doc, err := os.ReadFile(filepath.Join(realdocs.Dir(), "forms", "uscis-g-1145-2014.pdf")); err == nil {
		add("uscis-g-1145 (AES, owner password only)", doc, 0)
	}
	return cs
}

// Filled forms show every answer inside its field's rectangle in poppler,
// MuPDF and pdf.js: each visible widget of each filled field gains ink
// over the same form with the fields cleared, in all three renderings,
// and poppler's and MuPDF's text extraction read each text answer from
// words inside the field's rectangle.
func TestAnswersShowInTheirFieldsInThreeViewers(t *testing.T) {
	e := New().WithFonts(systemFonts(t))
	for _, c := range viewerCases(t) {
		t.Run(c.name, func(t *testing.T) {
			res, rep, err := formats.Fill(e, c.doc, c.answers, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if !rep.OK() {
				t.Errorf("verify: %+v", rep.ContentResults)
			}
			empty, err := e.Write(c.doc, cleared(mustOpen(t, c.doc), c.answers), formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			d := mustOpen(t, res.Document)
			byPage := widgetsByPage(t, d, c.answers)
			for _, v := range readers.Viewers() {
				for page, boxes := range byPage {
					after, before := v.Render(t, res.Document, page, viewerDPI), v.Render(t, empty.Document, page, viewerDPI)
					keepPNG(t, fmt.Sprintf("%s_p%d", v.Name, page), after)
					for _, b := range boxes {
						if n := after.ChangedBy(before, b.rect, 16); n < 8 {
							t.Errorf("%s, page %d: %d pixels changed in %s's box: the answer is not drawn", v.Name, page, n, b.ref)
						}
					}
				}
			}
			checkWords(t, "poppler", readers.PDFWords(t, res.Document), d, c.answers)
			checkWords(t, "MuPDF", readers.MuPDFWords(t, res.Document), d, c.answers)
		})
	}
}

// shownBox is one visible widget of a filled field.
type shownBox struct {
	ref  string
	rect [4]float64
}

// widgetsByPage lists, by page, the visible widgets of the answered
// fields: for a radio group or a checkbox, the widget of the chosen state.
func widgetsByPage(t *testing.T, d *document, answers []formats.Answer) map[int][]shownBox {
	t.Helper()
	out := map[int][]shownBox{}
	for _, a := range answers {
		f, err := d.lookup(a.PairID)
		if err != nil {
			t.Fatal(err)
		}
		for _, wd := range f.widgets {
			if wd.hidden || wd.page == 0 || ((f.Kind == kindRadio || f.Kind == kindCheckbox) && textOf(d.ctx, entry(d.ctx, wd.dict, "AS")) == "Off") {
				continue
			}
			out[wd.page] = append(out[wd.page], shownBox{fieldRef(f), wd.rect})
		}
	}
	return out
}

// checkWords fails t unless the words a viewer extracts inside each text
// or dropdown field's rectangle read as its answer (white space aside:
// comb fields space their letters). Rotated fields are left to the pixel
// check: their words run up or down the page.
func checkWords(t *testing.T, viewer string, words []readers.Word, d *document, answers []formats.Answer) {
	t.Helper()
	for _, a := range answers {
		f, _ := d.lookup(a.PairID)
		if f.Kind != kindText && f.Kind != kindDropdown {
			continue
		}
		for _, wd := range f.widgets {
			if wd.hidden || wd.page == 0 || readWidgetBox(d.ctx, wd).rotate != 0 {
				continue
			}
			r := wd.rect
			grown := [4]float64{r[0] - 2, r[1] - 2, r[2] + 2, r[3] + 2}
			var in []readers.Word
			for _, w := range words {
				if w.Page == wd.page && w.Inside(grown) {
					in = append(in, w)
				}
			}
			sort.SliceStable(in, func(i, j int) bool {
				if d := in[i].Box[1] - in[j].Box[1]; d > 2 || d < -2 {
					return d > 0
				}
				return in[i].Box[0] < in[j].Box[0]
			})
			var got strings.Builder
			for _, w := range in {
				got.WriteString(w.Text)
			}
			if !strings.Contains(squash(got.String()), squash(a.AnswerText)) {
				t.Errorf("%s reads %q inside %s's box on page %d, want %q", viewer, got.String(), fieldRef(f), wd.page, a.AnswerText)
			}
		}
	}
}

// keepPNG saves a rendering in $FORMFILL_RENDER_DIR, when set, for a
// person to look at.
func keepPNG(t *testing.T, name string, g *readers.Gray) {
	dir := os.Getenv("FORMFILL_RENDER_DIR")
	if dir == "" {
		return
	}
	file := strings.NewReplacer("/", "_", " ", "_").Replace(t.Name()+"_"+name) + ".png"
	if err := os.WriteFile(filepath.Join(dir, file), g.PNG(), 0o644); err != nil {
		t.Log(err)
	}
}
