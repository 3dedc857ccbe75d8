package pdf

import (
	"math"
	"strings"
	"testing"

	"github.com/go-text/typesetting/bidi"

	"github.com/formfill/formfill/formats"
)

func TestVisualToLogicalUndoesTheBidiReordering(t *testing.T) {
	tests := []struct {
		scenario, visual string
		base             bidi.Direction
		want             string
	}{
		{"Hebrew drawn right to left", "םולש", bidi.Neutral, "שלום"},
		{"Arabic drawn right to left", "ابحرم", bidi.Neutral, "مرحبا"},
		{"Latin stays", "Ada Lovelace", bidi.Neutral, "Ada Lovelace"},
		{"Hebrew word inside Latin", "Mr םולש Cohen", bidi.LeftToRight, "Mr שלום Cohen"},
		{"Latin inside a right-to-left line", "Bob םולש", bidi.RightToLeft, "שלום Bob"},
		{"digits inside Arabic keep their order", "123 مقر", bidi.RightToLeft, "رقم 123"},
		{"empty", "", bidi.Neutral, ""},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			if got := visualToLogical(tt.visual, tt.base); got != tt.want {
				t.Errorf("visualToLogical(%q) = %q, want %q", tt.visual, got, tt.want)
			}
		})
	}
}

func TestSameTextReadsWrappedCombAndRightToLeftDrawings(t *testing.T) {
	tests := []struct {
		want, shown string
		same        bool
	}{
		{"Ada Lovelace", "Ada Lovelace", true},
		{"ada  lovelace", "Ada Lovelace", true},
		{"a long comment that wraps", "a long comment\nthat wraps", true},
		{"supercalifragilistic", "supercalifragi\nlistic", true},
		{"123456789", "1 2 3 4 5 6 7 8 9", true},
		{"שלום עולם", "םלוע םולש", true},
		{"Ada Lovelace", "Grace Hopper", false},
		{"Ada Lovelace", "Ada", false},
		{"Ada", "", false},
	}
	for _, tt := range tests {
		if got := sameText(tt.want, tt.shown); got != tt.same {
			t.Errorf("sameText(%q, %q) = %v, want %v", tt.want, tt.shown, got, tt.same)
		}
	}
}

// glyphsOf lays text out as drawn glyphs on one baseline, 6 units each.
func glyphsOf(text string, size float64, clip [4]float64) []shownGlyph {
	var gs []shownGlyph
	x := 2.0
	for _, r := range text {
		g := shownGlyph{x0: x, x1: x + 0.6*size, y: 5, size: size, text: string(r)}
		g.inside = glyphInside(g.x0, g.x1, g.y, g.size, clip)
		gs = append(gs, g)
		x += 0.6 * size
	}
	return gs
}

func TestJudgeNamesWhatAReaderMisses(t *testing.T) {
	box := [4]float64{0, 0, 100, 20}
	notdef := glyphsOf("Ab", 10, box)
	notdef[1].notdef, notdef[1].text = true, ""
	tests := []struct {
		scenario    string
		want        string
		gs          []shownGlyph
		status      formats.ContentStatus
		missing     string
		fit, total  int
		belowFitMin bool
	}{
		{"all drawn", "Ada", glyphsOf("Ada", 10, box), formats.ContentMatched, "", 0, 0, false},
		{"a character left out", "Dvořák", glyphsOf("Dvoák", 10, box), formats.ContentNotVisible, "'ř' (U+0159)", 0, 0, false},
		{"a .notdef box drawn", "Ab", notdef, formats.ContentNotVisible, "'b' (U+0062)", 0, 0, false},
		{"other text drawn", "Ada", glyphsOf("Bob", 10, box), formats.ContentAppearanceMismatch, "", 0, 0, false},
		{"clipped on the right", "ABCDEFGHIJKLMNOPQRST", glyphsOf("ABCDEFGHIJKLMNOPQRST", 10, box), formats.ContentOverflow, "", 16, 20, false},
		{"drawn at 4 pt", "tiny", glyphsOf("tiny", 4, box), formats.ContentOverflow, "", 4, 4, true},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			res := formats.ContentResult{Status: formats.ContentMatched}
			judge(tt.want, tt.gs, 1, &res)
			if res.Status != tt.status || res.MissingCharacters != tt.missing {
				t.Fatalf("got %s missing %q, want %s %q (%s)", res.Status, res.MissingCharacters, tt.status, tt.missing, res.Detail)
			}
			if tt.status == formats.ContentOverflow {
				if res.FitCharacters == nil || *res.FitCharacters != tt.fit || res.TotalCharacters != tt.total {
					t.Errorf("fit %v of %d, want %d of %d", res.FitCharacters, res.TotalCharacters, tt.fit, tt.total)
				}
				if tt.belowFitMin != strings.Contains(res.Detail, "readable") {
					t.Errorf("detail %q", res.Detail)
				}
			}
		})
	}
}

func TestReadAppearanceFollowsTheTextState(t *testing.T) {
	fonts := map[string]*apFont{"F": {widths: map[uint32]float64{'A': 500, 'B': 1000}, dw: 0, dec: &fontDecoder{}}}
	content := "q 0 0 100 20 re W n BT /F 10 Tf 1 0 0 1 10 5 Tm (A) Tj [(B) -1000 (A)] TJ ET " +
		"BT /F 10 Tf 95 5 Td (B) Tj ET Q"
	gs := readAppearance([]byte(content), fonts, [4]float64{0, 0, 200, 200})
	want := []struct{ x0, x1 float64 }{{10, 15}, {15, 25}, {35, 40}, {95, 105}}
	if len(gs) != len(want) {
		t.Fatalf("%d glyphs, want %d: %+v", len(gs), len(want), gs)
	}
	for i, w := range want {
		if math.Abs(gs[i].x0-w.x0) > 1e-9 || math.Abs(gs[i].x1-w.x1) > 1e-9 {
			t.Errorf("glyph %d at %v–%v, want %v–%v", i, gs[i].x0, gs[i].x1, w.x0, w.x1)
		}
	}
	if !gs[0].inside || gs[3].inside {
		t.Errorf("inside flags %v %v: the first is in the clip, the last is past the box", gs[0].inside, gs[3].inside)
	}
	if shownText(gs) != "AB A B" {
		t.Errorf("text %q", shownText(gs))
	}
}

func TestParseDAReadsFontSizeAndColour(t *testing.T) {
	tests := []struct {
		da    string
		font  string
		size  float64
		color string
	}{
		{"/Helv 0 Tf 0 g", "Helv", 0, "0 g"},
		{"/HelveticaLTStd-Bold 8.00 Tf 0.000 0.000 0.502 rg", "HelveticaLTStd-Bold", 8, "0 0 0.502 rg"},
		{"0 0 0 1 k /F1 12 Tf", "F1", 12, "0 0 0 1 k"},
		{"/ZaDb 5.6 Tf 0 g /ZaDb 5.6 Tf 0 g ", "ZaDb", 5.6, "0 g"},
		{"", "", 0, "0 g"},
		{"/F -3 Tf (junk) 1 rg", "F", 0, "0 g"},
	}
	for _, tt := range tests {
		da := parseDA(tt.da)
		if da.font != tt.font || da.size != tt.size || da.color != tt.color {
			t.Errorf("parseDA(%q) = %+v, want %s %v %q", tt.da, da, tt.font, tt.size, tt.color)
		}
	}
}

// FuzzAppearanceStream reads arbitrary appearance content the way verify
// does: it must neither panic nor hang, and what it reports must be
// within the box it read.
func FuzzAppearanceStream(f *testing.F) {
	f.Add([]byte("/Tx BMC q 1 1 198 16 re W n BT 0 g 1 0 0 1 3 5 Tm /T 10 Tf [<0012> -20 <0034>] TJ ET Q EMC"), "Ada")
	f.Add([]byte("BT /S 8 Tf 2 Tz 3 Tc 4 Tw 1 Ts 12 TL (a b) ' 1 2 (c) \" T* 5 6 TD ET q 2 0 0 2 0 0 cm BT <0041> Tj ET Q"), "שלום")
	f.Add([]byte("/Span <</ActualText <FEFF0915094D0937>>> BDC [<0101><0102>] TJ EMC BI /W 1 ID \x00 EI"), "क्ष")
	fonts := map[string]*apFont{
		"T": {twoByte: true, widths: map[uint32]float64{0x12: 600, 0x34: 400}, dw: 1000, dec: &fontDecoder{twoByte: true, cmap: map[uint32]string{0x12: "A", 0x34: "da"}}},
		"S": {widths: map[uint32]float64{'a': 500}, dw: 500, std: "Helvetica", dec: &fontDecoder{}},
	}
	box := [4]float64{0, 0, 200, 18}
	f.Fuzz(func(t *testing.T, content []byte, want string) {
		gs := readAppearance(content, fonts, box)
		for _, g := range gs {
			if g.inside && (g.x0 < box[0]-1 || g.x1 > box[2]+1) {
				t.Fatalf("glyph %+v counted inside a box it lies outside", g)
			}
		}
		res := formats.ContentResult{Status: formats.ContentMatched}
		judge(want, gs, 1, &res)
		if res.FitCharacters != nil && *res.FitCharacters > res.TotalCharacters {
			t.Fatalf("%d of %d characters fit", *res.FitCharacters, res.TotalCharacters)
		}
		_ = visualToLogical(string(content), bidi.RightToLeft)
	})
}
