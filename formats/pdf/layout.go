package pdf

import (
	"math"
	"sort"
	"strings"
	"unicode"

	"github.com/go-text/typesetting/di"
	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/segmenter"
	"github.com/go-text/typesetting/shaping"
	"golang.org/x/image/math/fixed"
)

// Text is shaped at 1000 units per em, so advances come out in the PDF's
// glyph space (1/1000 em) and scale linearly to any font size.
var shapeSize = fixed.I(1000)

// noGlyph marks, in a simple font's run, a character the font has no
// code for.
const noGlyph = font.GID(1 << 31)

// glyph is one glyph to draw: its code in its font and its placement, in
// 1/1000 em.
type glyph struct {
	code   uint16
	adv    float64 // pen advance to the next glyph
	dx, dy float64 // offset of the glyph from the pen
	text   string  // characters it shows: its cluster's, on the cluster's first glyph
	// span is, on the first glyph of a cluster drawn with several glyphs
	// (a Devanagari syllable with a reordered vowel sign), their number:
	// the writer marks them with the cluster's /ActualText.
	span int
}

// glyphRun is a stretch of a line drawn in one font.
type glyphRun struct {
	font   *pdfFont
	glyphs []glyph
	rtl    bool
}

// textLine is one line of laid-out text, runs in visual order (left to
// right), measured in 1/1000 em.
type textLine struct {
	runs            []glyphRun
	width           float64
	text            string // the line's characters in logical order
	ascent, descent float64
}

// shapedText is a paragraph shaped in logical order, ready to wrap.
type shapedText struct {
	text    []rune
	runs    []shaping.Output
	fontAt  []*pdfFont // the font of each character
	missing []rune     // characters no available font has
	dir     di.Direction
}

// shape shapes one paragraph (no line breaks): with the field's own font
// when it covers the text, else with fallback fonts through HarfBuzz, so
// Arabic joins, Indic clusters form and right-to-left runs are ordered;
// with standard Helvetica when no fallback font is configured.
func (fs *fontSet) shape(text []rune, own *pdfFont, bold bool) (*shapedText, error) {
	st := &shapedText{text: text, fontAt: make([]*pdfFont, len(text)), dir: baseDirection(text)}
	if own != nil && own.simple.covers(text) {
		return fs.shapeSimple(st, own), nil
	}
	if own != nil && !needsShaping(text) {
		return fs.shapeRuns(st, own, bold)
	}
	fbs, err := fs.fallbacks(text, bold)
	if err != nil {
		return nil, err
	}
	if len(fbs) == 0 {
		helv, err := fs.helvetica()
		if err != nil {
			return nil, err
		}
		return fs.shapeSimple(st, helv), nil
	}
	if len(text) == 0 {
		return st, nil
	}
	in := shaping.Input{Text: text, RunEnd: len(text), Direction: st.dir, Size: shapeSize}
	for _, part := range fs.seg.Split(in, &fontmap{fonts: fbs}) {
		pf := fs.faces[part.Face]
		out := fs.shaper.Shape(part)
		for i := part.RunStart; i < part.RunEnd; i++ {
			st.fontAt[i] = pf
		}
		for _, g := range out.Glyphs {
			if g.GlyphID == 0 {
				st.missing = append(st.missing, visible(text[g.ClusterIndex:g.ClusterIndex+g.RuneCount])...)
			}
		}
		st.runs = append(st.runs, out)
	}
	return st, nil
}

// shapeSimple lays text out glyph by glyph in a simple font: no shaping
// is needed for the Latin text such fonts can encode.
func (fs *fontSet) shapeSimple(st *shapedText, pf *pdfFont) *shapedText {
	st.dir = di.DirectionLTR
	if len(st.text) > 0 {
		st.runs = []shaping.Output{simpleOutput(st, pf, 0, len(st.text))}
	}
	return st
}

// visible drops white space and control characters: their absence is
// not a character a reader misses.
func visible(rs []rune) []rune {
	var out []rune
	for _, r := range rs {
		if !unicode.IsSpace(r) && !unicode.IsControl(r) && !unicode.Is(unicode.Cf, r) {
			out = append(out, r)
		}
	}
	return out
}

// baseDirection is the paragraph direction of text (Unicode bidi rules
// P2–P3): that of its first strong character.
func baseDirection(text []rune) di.Direction {
	for _, r := range text {
		switch {
		case unicode.In(r, unicode.Hebrew, unicode.Arabic, unicode.Syriac, unicode.Thaana, unicode.Nko):
			return di.DirectionRTL
		case unicode.IsLetter(r):
			return di.DirectionLTR
		}
	}
	return di.DirectionLTR
}

// lines wraps shaped text to maxWidth (1/1000 em; 0: one line) and lays
// each line out in visual order.
func (fs *fontSet) lines(st *shapedText, maxWidth float64) []textLine {
	if len(st.runs) == 0 {
		return nil
	}
	limit := fixed.Int26_6(math.MaxInt32 >> 1)
	if maxWidth > 0 {
		limit = fixed.Int26_6(min(maxWidth*64, float64(limit)))
	}
	cfg := shaping.WrapConfig{Direction: st.dir, BreakPolicy: shaping.WhenNecessary}
	wrapped, _ := fs.wrapper.WrapParagraphF(cfg, limit, st.text, shaping.NewSliceIterator(st.runs))
	out := make([]textLine, 0, len(wrapped))
	for _, l := range wrapped {
		out = append(out, st.layoutLine(l))
	}
	return out
}

func (st *shapedText) layoutLine(l shaping.Line) textLine {
	runs := append(shaping.Line(nil), l...)
	sort.SliceStable(runs, func(i, j int) bool { return runs[i].VisualIndex < runs[j].VisualIndex })
	var tl textLine
	lo, hi := len(st.text), 0
	for _, out := range runs {
		if out.Runes.Count == 0 {
			continue
		}
		lo, hi = min(lo, out.Runes.Offset), max(hi, out.Runes.Offset+out.Runes.Count)
		pf := st.fontAt[out.Runes.Offset]
		gr := glyphRun{font: pf, rtl: out.Direction.Progression() == di.TowardTopLeft}
		seen := map[int]bool{}
		for _, g := range out.Glyphs {
			if g.GlyphID == noGlyph || (pf.sf != nil && g.GlyphID == 0) {
				continue
			}
			gl := glyph{code: uint16(g.GlyphID), adv: float64(g.Advance) / 64, dx: float64(g.XOffset) / 64, dy: float64(g.YOffset) / 64}
			if !seen[g.ClusterIndex] {
				seen[g.ClusterIndex] = true
				gl.text = string(st.text[g.ClusterIndex:min(len(st.text), g.ClusterIndex+g.RuneCount)])
				if g.GlyphCount > 1 {
					gl.span = g.GlyphCount
				}
			}
			gr.glyphs = append(gr.glyphs, gl)
			tl.width += gl.adv
		}
		if len(gr.glyphs) > 0 {
			tl.runs = append(tl.runs, gr)
			tl.ascent, tl.descent = max(tl.ascent, pf.ascent), min(tl.descent, pf.descent)
		}
	}
	if lo < hi {
		tl.text = strings.TrimSpace(string(st.text[lo:hi]))
	}
	return tl
}

// graphemes splits text into user-perceived characters, for comb fields
// (one per cell).
func graphemes(text []rune) [][]rune {
	var seg segmenter.Segmenter
	seg.Init(text)
	var out [][]rune
	for it := seg.GraphemeIterator(); it.Next(); {
		out = append(out, append([]rune(nil), it.Grapheme().Text...))
	}
	return out
}
