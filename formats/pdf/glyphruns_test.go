package pdf

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/readers"
)

// typographic are the characters almost every French, German or English
// answer holds that WinAnsi encodes but Latin-1 does not (and ß é).
const typographic = "l’été “oui” – 5 € … ß œ — Ÿ"

// withHelvEncoding is the fixture form with its /Helv font's encoding
// written as enc (same length, so the cross-reference table stays right):
// "" drops it (a standard font then uses StandardEncoding).
func withHelvEncoding(t *testing.T, enc string) []byte {
	t.Helper()
	const orig = "/Encoding /WinAnsiEncoding"
	if len(enc) > len(orig) {
		t.Fatalf("%q is longer than %q", enc, orig)
	}
	doc := bytes.Replace(fixtures.PDFForm(), []byte(orig), []byte(enc+strings.Repeat(" ", len(orig)-len(enc))), 1)
	if enc != orig && bytes.Equal(doc, fixtures.PDFForm()) {
		t.Fatal("the fixture's /Helv encoding changed: update withHelvEncoding")
	}
	return doc
}

// appearanceFonts names the fonts the normal appearance of field name's
// first widget draws with: "Subtype BaseFont" each, sorted.
func appearanceFonts(t *testing.T, doc []byte, name string) []string {
	t.Helper()
	d := mustOpen(t, doc)
	f := d.byName[name]
	if f == nil {
		f, _ = d.lookup(name)
	}
	if f == nil || len(f.widgets) == 0 {
		t.Fatalf("no field %s", name)
	}
	ctx := d.ctx
	ap := dictOf(ctx, entry(ctx, f.widgets[0].dict, "AP"))
	sd, _, err := ctx.DereferenceStreamDict(entry(ctx, ap, "N"))
	if err != nil || sd == nil {
		t.Fatalf("%s has no normal appearance stream: %v", name, err)
	}
	var out []string
	for _, o := range dictOf(ctx, entry(ctx, dictOf(ctx, entry(ctx, sd.Dict, "Resources")), "Font")) {
		fd := dictOf(ctx, o)
		out = append(out, textOf(ctx, entry(ctx, fd, "Subtype"))+" "+textOf(ctx, entry(ctx, fd, "BaseFont")))
	}
	sort.Strings(out)
	return out
}

// Typographic quotes, dashes, the ellipsis, € ß œ in a Helvetica field
// are drawn with Helvetica itself, whatever encoding the form gives it
// (WinAnsi, StandardEncoding by default, MacRoman, Acrobat's
// /Differences): no fallback font is embedded, verify matches (it reads
// the codes back through the same encoding), and poppler shows the text.
func TestTypographicCharactersDrawInTheFieldsStandardFont(t *testing.T) {
	acrobat, err := os.ReadFile(filepath.Join(sharedForms, "pdflib_sample_form.pdf"))
	if err != nil {
		acrobat = nil
	}
	tests := []struct {
		scenario string
		doc      []byte
		field    string
	}{
		{"WinAnsiEncoding", fixtures.PDFForm(), "name"},
		{"no /Encoding: StandardEncoding", withHelvEncoding(t, ""), "name"},
		{"MacRomanEncoding", withHelvEncoding(t, "/Encoding/MacRomanEncoding"), "name"},
		{"Acrobat's /Differences over StandardEncoding (pdf-lib sample form)", acrobat, "Name_Last"},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			if tt.doc == nil {
				t.Skip("shared form pdflib_sample_form.pdf absent")
			}
			answers := []formats.Answer{{PairID: tt.field, AnswerText: typographic}}
			res, rep, err := formats.Fill(New().WithFonts(systemFonts(t)), tt.doc, answers, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if r := result(t, rep, tt.field); r.Status != formats.ContentMatched || r.Shown != typographic {
				t.Errorf("verify: %s, shown %q (%s)", r.Status, r.Shown, r.Detail)
			}
			for _, w := range res.Warnings {
				if strings.Contains(w, "font") {
					t.Errorf("warning: %s", w)
				}
			}
			for _, f := range appearanceFonts(t, res.Document, tt.field) {
				if f != "Type1 Helvetica" {
					t.Errorf("the appearance draws with %s, want Helvetica alone", f)
				}
			}
			if !strings.Contains(readers.PDFText(t, res.Document), typographic) {
				t.Errorf("pdftotext does not show %q", typographic)
			}
		})
	}
}

// The apostrophe of "l’été" in a /Helv field is drawn: the rendered box
// holds more ink than with "lété", in poppler's rendering, and verify
// matches.
func TestApostropheInHelvFieldShowsInk(t *testing.T) {
	fill := func(value string) ([]byte, *formats.VerificationReport) {
		res, rep, err := formats.Fill(New(), fixtures.PDFForm(), []formats.Answer{{PairID: "name", AnswerText: value}}, formats.WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return res.Document, rep
	}
	with, rep := fill("l’été")
	without, _ := fill("lété")
	if r := result(t, rep, "name"); r.Status != formats.ContentMatched || r.Shown != "l’été" {
		t.Errorf("verify: %+v", r)
	}
	blank := readers.PDFRender(t, fixtures.PDFForm(), 1, 300)
	a, b := readers.PDFRender(t, with, 1, 300), readers.PDFRender(t, without, 1, 300)
	box := mustOpen(t, with).byName["name"].rect
	if inkA, inkB := a.Changed(blank, box), b.Changed(blank, box); inkA <= inkB+5 {
		t.Errorf("ink in the box: %d pixels with the apostrophe, %d without: ’ is not drawn", inkA, inkB)
	}
	if !strings.Contains(readers.PDFText(t, with), "l’été") {
		t.Error("pdftotext does not show l’été")
	}
}

// A character the field's font cannot draw switches only its own run to
// a fallback font: "Łukasz Dvořák" in Helvetica draws Ł and ř with Noto
// and the rest with Helvetica, in one appearance; verify matches and
// pdftotext reads the name whole.
func TestUncoveredCharactersSwitchOnlyTheirRun(t *testing.T) {
	tests := []struct {
		scenario, value string
		wantFallback    bool
	}{
		{"Polish name", "Łukasz Dvořák", true},
		{"Latin with a kanji name", "Mr 山田 (Tokyo) – “Taro”", true},
		{"Greek word in French", "l’alpha α et l’oméga ω", true},
		{"Latin-1 only", "Zoë Ølsen – “Ada”", false},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			answers := []formats.Answer{{PairID: "name", AnswerText: tt.value}}
			res, rep, err := formats.Fill(New().WithFonts(systemFonts(t)), fixtures.PDFForm(), answers, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if r := result(t, rep, "name"); r.Status != formats.ContentMatched || r.Shown != tt.value {
				t.Errorf("verify: %s, shown %q (%s)", r.Status, r.Shown, r.Detail)
			}
			fonts := appearanceFonts(t, res.Document, "name")
			helv, fallback := false, false
			for _, f := range fonts {
				helv = helv || f == "Type1 Helvetica"
				fallback = fallback || strings.HasPrefix(f, "Type0 ")
			}
			if !helv || fallback != tt.wantFallback {
				t.Errorf("appearance fonts %v: want Helvetica, and a fallback font %v", fonts, tt.wantFallback)
			}
			if got := squash(readers.PDFText(t, res.Document)); !strings.Contains(got, squash(tt.value)) {
				t.Errorf("pdftotext does not show %q", tt.value)
			}
		})
	}
}

// A line's width is the sum of its glyphs' advances, its last glyph
// included, whether the line is one font or several and whether it was
// wrapped: the line wrapper takes a glyph without a width for white space
// and drops its advance at a line's end, which pushed right-aligned text
// out of its box by a letter.
func TestLaidOutLinesKeepTheirLastGlyph(t *testing.T) {
	d := mustOpen(t, fixtures.PDFForm())
	fs := newFontSet(d.ctx, systemFonts(t))
	own, _ := fs.ownFont("Helv")
	if own == nil {
		t.Fatal("the fixture's Helv is not usable")
	}
	tests := []struct {
		scenario, text string
		maxWidth       float64 // 1/1000 em; 0: one line
	}{
		{"one font, one line", "Lukasz", 0},
		{"two fonts, one line", "Łukasz", 0},
		{"one font, wrapped", "alpha beta gamma delta epsilon", 6000},
		{"two fonts, wrapped", "Łódź Kraków Gdańsk Poznań Wrocław", 6000},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			st, err := fs.shape([]rune(tt.text), own, false)
			if err != nil {
				t.Fatal(err)
			}
			lines := fs.lines(st, tt.maxWidth)
			if tt.maxWidth > 0 && len(lines) < 2 {
				t.Fatalf("%d lines, want the text wrapped", len(lines))
			}
			for _, l := range lines {
				sum, last := 0.0, glyph{}
				for _, r := range l.runs {
					for _, g := range r.glyphs {
						sum += r.font.width(g.code)
						last = g
					}
				}
				if strings.TrimSpace(last.text) == "" {
					continue // a line ending in a space may drop it
				}
				if math.Abs(l.width-sum) > 0.5 {
					t.Errorf("line %q: width %.1f, its glyphs' widths add up to %.1f", l.text, l.width, sum)
				}
			}
		})
	}
}
