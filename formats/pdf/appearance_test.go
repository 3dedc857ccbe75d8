package pdf

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/formfill/formfill/fontdir"
	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/readers"
)

// autoSized is the fixture form with every text field's font size 0
// (fit the box), the spelling real forms use for auto-size. The bytes
// keep their length, so the cross-reference table stays right.
func autoSized(t *testing.T) []byte {
	t.Helper()
	doc := bytes.ReplaceAll(fixtures.PDFForm(), []byte("/DA (/Helv 10 Tf 0 g)"), []byte("/DA (/Helv  0 Tf 0 g)"))
	if bytes.Equal(doc, fixtures.PDFForm()) {
		t.Fatal("the fixture's DA changed: update autoSized")
	}
	return doc
}

// result returns the verdict on pairID from a fill's report.
func result(t *testing.T, rep *formats.VerificationReport, pairID string) formats.ContentResult {
	t.Helper()
	for _, r := range rep.ContentResults {
		if r.PairID == pairID {
			return r
		}
	}
	t.Fatalf("no result for %s in %+v", pairID, rep.ContentResults)
	return formats.ContentResult{}
}

func TestOverflowIsReportedWithHowMuchFits(t *testing.T) {
	long := strings.Repeat("The quick brown fox jumps over the lazy dog. ", 3)
	tests := []struct {
		scenario   string
		doc        []byte
		answer     formats.Answer
		want       formats.ContentStatus
		wantSmall  bool // reported as drawn below 6 pt rather than clipped
		wantWarned string
	}{
		{"single line at the form's 10 pt", fixtures.PDFForm(), formats.Answer{PairID: "name", AnswerText: long}, formats.ContentOverflow, false, "does not fit"},
		{"multi-line past the bottom", fixtures.PDFForm(), formats.Answer{PairID: "comments", AnswerText: strings.Repeat(long, 6)}, formats.ContentOverflow, false, "does not fit"},
		{"auto-size shrinks below 6 pt", autoSized(t), formats.Answer{PairID: "name", AnswerText: long}, formats.ContentOverflow, true, "below the readable"},
		{"auto-size multi-line below 6 pt", autoSized(t), formats.Answer{PairID: "comments", AnswerText: strings.Repeat(long, 12)}, formats.ContentOverflow, true, "below the readable"},
		{"auto-size that fits", autoSized(t), formats.Answer{PairID: "name", AnswerText: "Ada Lovelace"}, formats.ContentMatched, false, ""},
		{"multi-line that wraps and fits", fixtures.PDFForm(), formats.Answer{PairID: "comments", AnswerText: long}, formats.ContentMatched, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			res, rep, err := formats.Fill(New(), tt.doc, []formats.Answer{tt.answer}, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			r := result(t, rep, tt.answer.PairID)
			if r.Status != tt.want {
				t.Fatalf("status %s, want %s: %+v", r.Status, tt.want, r)
			}
			warned := strings.Join(res.Warnings, "\n")
			if tt.wantWarned != "" && !strings.Contains(warned, tt.wantWarned) {
				t.Errorf("warnings %q lack %q", warned, tt.wantWarned)
			}
			if tt.want == formats.ContentMatched {
				if warned != "" || r.FontSize < minReadableSize {
					t.Errorf("a value that fits: warnings %q, size %v", warned, r.FontSize)
				}
				return
			}
			if r.FitCharacters == nil || r.TotalCharacters != len(visibleRunes(tt.answer.AnswerText)) {
				t.Fatalf("fit %v of %d characters, want a count of the %d drawn", r.FitCharacters, r.TotalCharacters, len(visibleRunes(tt.answer.AnswerText)))
			}
			if tt.wantSmall != (r.FontSize < minReadableSize) {
				t.Errorf("font size %v pt: small=%v, want %v", r.FontSize, r.FontSize < minReadableSize, tt.wantSmall)
			}
			if fit := *r.FitCharacters; !tt.wantSmall && (fit <= 0 || fit >= r.TotalCharacters) {
				t.Errorf("%d of %d characters fit: a clipped value shows part of itself", fit, r.TotalCharacters)
			}
			// The value itself is stored whole: another reader agrees.
			if got := readers.PDFFields(t, res.Document)[tt.answer.PairID]; got != tt.answer.AnswerText {
				t.Errorf("PyMuPDF reads %q", got)
			}
		})
	}
}

// A comb field (an SSN on the IRS 1040) draws one digit per cell: each
// cell gains ink in poppler's rendering, and verify matches.
func TestCombFieldDrawsOneCharacterPerCell(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(sharedForms, "irs_f1040.pdf"))
	if err != nil {
		t.Skipf("shared form: %v", err)
	}
	d := mustOpen(t, doc)
	var comb *field
	for _, f := range d.fields {
		if f.Comb && f.MaxLen == 9 && !f.ReadOnly {
			comb = f
			break
		}
	}
	if comb == nil {
		t.Fatal("the 1040 has no 9-cell comb field")
	}
	answers := []formats.Answer{{PairID: comb.ID, AnswerText: "123456789"}}
	res, rep, err := formats.Fill(New().WithFonts(systemFonts(t)), doc, answers, formats.WriteOptions{})
	if err != nil || !rep.OK() {
		t.Fatalf("fill: %v %+v", err, rep)
	}
	if !strings.Contains(squash(readers.PDFText(t, res.Document)), "123456789") {
		t.Error("pdftotext does not show the digits")
	}
	before, after := readers.PDFRender(t, doc, comb.Page, 150), readers.PDFRender(t, res.Document, comb.Page, 150)
	cell := (comb.rect[2] - comb.rect[0]) / 9
	for i := 0; i < 9; i++ {
		box := [4]float64{comb.rect[0] + cell*float64(i) + 1, comb.rect[1], comb.rect[0] + cell*float64(i+1) - 1, comb.rect[3]}
		if n := after.Changed(before, box); n < 8 {
			t.Errorf("cell %d: %d pixels changed, want its digit drawn", i+1, n)
		}
	}
}

// With no font that covers the text, the write still succeeds and stores
// the value, but warns naming the characters, and verify reports the
// answer not_visible; text the form's own Helvetica can show still
// draws with it.
func TestMissingFontIsReportedNotVisible(t *testing.T) {
	noFonts := New().WithFonts(fontdir.New([]string{t.TempDir()}, fontdir.Options{NoSystem: true}))
	answers := []formats.Answer{
		{PairID: "name", AnswerText: "山田太郎"},
		{PairID: "email", AnswerText: "Dvořák"},
		{PairID: "applicant.city", AnswerText: "Zoë Ølsen – “Ada”"},
	}
	res, rep, err := formats.Fill(noFonts, fixtures.PDFForm(), answers, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	warned := strings.Join(res.Warnings, "\n")
	for _, want := range []string{"'山' (U+5C71)", "'郎' (U+90CE)", "'ř' (U+0159)"} {
		if !strings.Contains(warned, want) {
			t.Errorf("warnings lack %s: %s", want, warned)
		}
	}
	if strings.Contains(warned, "applicant.city") {
		t.Errorf("Latin-1 text warned about: %s", warned)
	}
	tests := []struct {
		pairID      string
		want        formats.ContentStatus
		wantShown   string
		wantMissing string
	}{
		{"name", formats.ContentNotVisible, "", "'山' (U+5C71), '田' (U+7530), '太' (U+592A), '郎' (U+90CE)"},
		{"email", formats.ContentNotVisible, "Dvoák", "'ř' (U+0159)"},
		{"applicant.city", formats.ContentMatched, "Zoë Ølsen – “Ada”", ""},
	}
	for _, tt := range tests {
		r := result(t, rep, tt.pairID)
		if r.Status != tt.want || r.Shown != tt.wantShown || r.MissingCharacters != tt.wantMissing {
			t.Errorf("%s: %s shown %q missing %q; want %s %q %q", tt.pairID, r.Status, r.Shown, r.MissingCharacters, tt.want, tt.wantShown, tt.wantMissing)
		}
	}
	readers.QPDFCheck(t, res.Document)
	values := readers.PDFFields(t, res.Document)
	for _, a := range answers {
		if values[a.PairID] != a.AnswerText {
			t.Errorf("stored %s = %q, want %q", a.PairID, values[a.PairID], a.AnswerText)
		}
	}
	if !strings.Contains(readers.PDFText(t, res.Document), "Dvoák") {
		t.Error("pdftotext should show what is drawn of Dvořák: Dvoák")
	}
}

// rewrite parses doc with pdfcpu, lets change edit the model, and writes
// the whole file anew: another tool editing a form formfill filled.
func rewrite(t *testing.T, doc []byte, change func(ctx *model.Context, d *document)) []byte {
	t.Helper()
	d := mustOpen(t, doc)
	change(d.ctx, d)
	var buf bytes.Buffer
	if err := api.WriteContext(d.ctx, &buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// A tool that changes a value without redrawing the field (pdfcpu's
// filler without NeedAppearances, a hand edit) leaves viewers showing the
// old text: verify reports appearance_mismatch with what is shown.
func TestAppearanceMismatchWhenTheValueChangesWithoutItsDrawing(t *testing.T) {
	res, err := New().Write(fixtures.PDFForm(), []formats.Answer{{PairID: "name", AnswerText: "Ada Lovelace"}}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	edited := rewrite(t, res.Document, func(_ *model.Context, d *document) {
		d.byName["name"].dict["V"] = types.StringLiteral("Grace Hopper")
	})
	rep, err := New().Verify(edited, []formats.ExpectedAnswer{{PairID: "name", ExpectedText: "Grace Hopper"}})
	if err != nil {
		t.Fatal(err)
	}
	r := rep.ContentResults[0]
	if r.Status != formats.ContentAppearanceMismatch || r.Shown != "Ada Lovelace" || rep.OK() {
		t.Fatalf("got %+v, want appearance_mismatch showing the old value", r)
	}
	if text := readers.PDFText(t, edited); !strings.Contains(text, "Ada Lovelace") || strings.Contains(text, "Grace Hopper") {
		t.Errorf("poppler should show the old drawing, as verify says:\n%s", text)
	}
}

// Without NeedAppearances nothing redraws a checkbox that has no
// appearance: formfill gives it on and off states, and /AS picks one.
func TestCheckboxWithoutAppearanceGetsOnAndOffStates(t *testing.T) {
	bare := rewrite(t, fixtures.PDFForm(), func(_ *model.Context, d *document) {
		d.byName["agree"].dict.Delete("AP")
	})
	for _, checked := range []bool{true, false} {
		value := map[bool]string{true: "yes", false: "no"}[checked]
		res, rep, err := formats.Fill(New(), bare, []formats.Answer{{PairID: "agree", AnswerText: value}}, formats.WriteOptions{})
		if err != nil || !rep.OK() {
			t.Fatalf("fill %s: %v %+v", value, err, rep)
		}
		out := mustOpen(t, res.Document)
		f := out.byName["agree"]
		w := f.widgets[0]
		if w.on != "Yes" {
			t.Fatalf("the widget's on-state is %q, want a drawn Yes", w.on)
		}
		if got := textOf(out.ctx, w.dict["AS"]); got != map[bool]string{true: "Yes", false: "Off"}[checked] {
			t.Errorf("checked=%v: /AS %q", checked, got)
		}
		n := readers.PDFRender(t, res.Document, 1, 150).Changed(readers.PDFRender(t, bare, 1, 150), f.rect)
		if checked != (n > 10) {
			t.Errorf("checked=%v: %d pixels changed in the box", checked, n)
		}
	}
}

// The form's own font is used when it covers the text: Latin-1 text in
// a Helvetica field embeds nothing; a field whose font is not embedded
// nor standard (IRS: Helvetica LT Std Bold) gets a bold fallback.
func TestOwnFontWhenItCoversTheText(t *testing.T) {
	src := systemFonts(t)
	res, err := New().WithFonts(src).Write(fixtures.PDFForm(), []formats.Answer{{PairID: "name", AnswerText: "Zoë Ølsen – “Ada”"}}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(res.Document, []byte("/FontFile")) {
		t.Error("Latin-1 text in a Helvetica field embedded a font")
	}
	doc, err := os.ReadFile(filepath.Join(sharedForms, "irs_f1040.pdf"))
	if err != nil {
		t.Skipf("shared form: %v", err)
	}
	res, err = New().WithFonts(src).Write(doc, []formats.Answer{{PairID: "F4", AnswerText: "Müller"}}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(res.Document[len(doc):], []byte("+NotoSans-Bold")) {
		t.Error("the IRS field's bold font was not matched with Noto Sans Bold")
	}
}

// ToUnicode maps glyphs back to characters: a ligature to its letters,
// a Devanagari conjunct to the characters it joins, so pdftotext gives
// the logical string.
func TestShapedClustersExtractAsTheirCharacters(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(sharedForms, "irs_f1040.pdf"))
	if err != nil {
		t.Skipf("shared form: %v", err)
	}
	values := []string{"office affinity", "नमस्ते क्षत्रिय", "مرحبا بالعالم", "שלום עולם"}
	var answers []formats.Answer
	for i, f := range wideTextFields(mustOpen(t, doc))[:len(values)] {
		answers = append(answers, formats.Answer{PairID: f.ID, AnswerText: values[i]})
	}
	d := mustOpen(t, doc)
	d.fonts = systemFonts(t)
	plan, _, err := d.plan(answers)
	if err != nil {
		t.Fatal(err)
	}
	out, _, _, err := d.apply(plan, nil, formats.Stamp{}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// Some glyph stands for several characters (a conjunct, a ligature):
	// its ToUnicode entry gives them all back.
	clusters := 0
	for _, e := range d.ctx.Table {
		if e == nil {
			continue
		}
		if sd, ok := e.Object.(types.StreamDict); ok && bytes.Contains(sd.Content, []byte("beginbfchar")) {
			for _, s := range parseToUnicode(sd.Content) {
				if len([]rune(s)) > 1 {
					clusters++
				}
			}
		}
	}
	if clusters == 0 {
		t.Error("no ToUnicode entry maps a glyph to several characters: conjuncts were not formed")
	}
	text := withoutFormatChars(readers.PDFText(t, out))
	for _, v := range values {
		if !strings.Contains(text, v) {
			t.Errorf("pdftotext does not show %q in:\n%s", v, text)
		}
	}
}

// A form that left its fields to the viewer (/NeedAppearances true, a
// value without an appearance) loses that flag when filled: formfill
// draws those fields too, read-only ones included, or they would show
// empty.
func TestFieldsLeftToTheViewerAreDrawnWhenNeedAppearancesGoes(t *testing.T) {
	doc := rewrite(t, fixtures.PDFForm(), func(ctx *model.Context, d *document) {
		acroForm(ctx)["NeedAppearances"] = types.Boolean(true)
	})
	if hasAppearance(mustOpen(t, doc).byName["customer_id"]) {
		t.Fatal("the fixture's read-only field has an appearance: the test needs one without")
	}
	res, err := New().Write(doc, []formats.Answer{{PairID: "name", AnswerText: "Ada"}}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	out := mustOpen(t, res.Document)
	if _, ok := acroForm(out.ctx).Find("NeedAppearances"); ok {
		t.Error("NeedAppearances is still set")
	}
	rep := verifyFields(out.ctx, out.fields, []formats.ExpectedAnswer{{PairID: "customer_id", ExpectedText: "ABC-123"}}, nil)
	if r := rep.ContentResults[0]; r.Status != formats.ContentMatched || r.Shown != "ABC-123" || !rep.OK() {
		t.Errorf("the read-only value: %+v, structural %q", r, rep.StructuralIssues)
	}
}

// A widget no reader sees (flagged hidden, or without area) is drawn but
// neither warned about nor judged: its text cannot overflow a box nobody
// looks at.
func TestHiddenWidgetsAreNotJudged(t *testing.T) {
	long := strings.Repeat("far too long for the box ", 8)
	tests := []struct {
		scenario string
		hide     func(d types.Dict)
	}{
		{"hidden flag", func(d types.Dict) { d["F"] = types.Integer(4 | annotHidden) }},
		{"no area", func(d types.Dict) { d["Rect"] = types.NewNumberArray(150, 700, 150, 700) }},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			doc := rewrite(t, fixtures.PDFForm(), func(_ *model.Context, d *document) { tt.hide(d.byName["name"].dict) })
			visible, _, err := formats.Fill(New(), fixtures.PDFForm(), []formats.Answer{{PairID: "name", AnswerText: long}}, formats.WriteOptions{})
			if err != nil || len(visible.Warnings) == 0 {
				t.Fatalf("control: the visible field should warn: %v %q", err, visible.Warnings)
			}
			res, rep, err := formats.Fill(New(), doc, []formats.Answer{{PairID: "name", AnswerText: long}}, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Warnings) != 0 || !rep.OK() {
				t.Errorf("hidden widget: warnings %q, report %+v", res.Warnings, rep.ContentResults)
			}
		})
	}
}
