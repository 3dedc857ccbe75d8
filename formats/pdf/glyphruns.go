package pdf

import (
	"unicode"

	"github.com/go-text/typesetting/di"
	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/shaping"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
	"golang.org/x/image/math/fixed"
)

// Text the field's own font cannot draw whole is split into runs: every
// character the own font encodes is drawn with it, and only the runs of
// characters it lacks switch to another font inside the same
// appearance. A field in a standard font (Helvetica …) whose encoding
// lacks a character WinAnsi has (StandardEncoding has no é, no €) draws
// it with the same standard font re-encoded as WinAnsi: the same glyphs.
// The rest go to the fallback fonts (Noto), shaped with HarfBuzz.
//
// Text in right-to-left or complex scripts, or with combining marks, is
// not split: its glyphs depend on their neighbours, so the whole
// paragraph is shaped with the fallback fonts (layout.go).

// complexScripts are the scripts whose letters change shape or order
// with their neighbours.
var complexScripts = []*unicode.RangeTable{
	unicode.Arabic, unicode.Hebrew, unicode.Syriac, unicode.Thaana, unicode.Nko, unicode.Devanagari,
	unicode.Bengali, unicode.Gurmukhi, unicode.Gujarati, unicode.Oriya, unicode.Tamil, unicode.Telugu,
	unicode.Kannada, unicode.Malayalam, unicode.Sinhala, unicode.Thai, unicode.Lao, unicode.Tibetan,
	unicode.Myanmar, unicode.Khmer, unicode.Mongolian,
}

// needsShaping reports text that must be shaped as one paragraph.
func needsShaping(text []rune) bool {
	for _, r := range text {
		if unicode.In(r, unicode.Mn, unicode.Me) || unicode.In(r, complexScripts...) {
			return true
		}
	}
	return false
}

// standardHelv is standard Helvetica's WinAnsi coverage, to know whether
// the last-resort font can draw a run before adding it to the document.
var standardHelv = standardWinAnsi("Helvetica")

// shapeRuns shapes a left-to-right paragraph run by run: the own font
// (or its WinAnsi twin) where it has the character, fallback fonts for
// the runs between.
func (fs *fontSet) shapeRuns(st *shapedText, own *pdfFont, bold bool) (*shapedText, error) {
	st.dir = di.DirectionLTR
	text := st.text
	twin := fs.twinOf(own)
	pick := make([]*pdfFont, len(text)) // nil: a fallback font
	for i, r := range text {
		switch {
		case isLayoutSpace(r) || hasCode(own, r):
			pick[i] = own
		case twin != nil && twin.covers([]rune{r}):
			pf, err := fs.twin(own.std, twin)
			if err != nil {
				return nil, err
			}
			pick[i] = pf
		}
	}
	for lo := 0; lo < len(text); {
		hi := lo + 1
		for hi < len(text) && pick[hi] == pick[lo] {
			hi++
		}
		if err := fs.shapeRun(st, pick[lo], own, lo, hi, bold); err != nil {
			return nil, err
		}
		lo = hi
	}
	return st, nil
}

// shapeRun shapes text[lo:hi] in pf, or with the fallback fonts when pf
// is nil (in standard Helvetica, or left to own as missing characters,
// when there are none).
func (fs *fontSet) shapeRun(st *shapedText, pf, own *pdfFont, lo, hi int, bold bool) error {
	if pf != nil {
		st.runs = append(st.runs, simpleOutput(st, pf, lo, hi))
		return nil
	}
	fbs, err := fs.fallbacks(st.text[lo:hi], bold)
	if err != nil {
		return err
	}
	if len(fbs) == 0 {
		pf = own
		if standardHelv.covers(st.text[lo:hi]) {
			if pf, err = fs.helvetica(); err != nil {
				return err
			}
		}
		st.runs = append(st.runs, simpleOutput(st, pf, lo, hi))
		return nil
	}
	in := shaping.Input{Text: st.text, RunStart: lo, RunEnd: hi, Direction: di.DirectionLTR, Size: shapeSize}
	for _, part := range fs.seg.Split(in, &fontmap{fonts: fbs}) {
		face := fs.faces[part.Face]
		out := fs.shaper.Shape(part)
		for i := part.RunStart; i < part.RunEnd; i++ {
			st.fontAt[i] = face
		}
		for _, g := range out.Glyphs {
			if g.GlyphID == 0 {
				st.missing = append(st.missing, visible(st.text[g.ClusterIndex:g.ClusterIndex+g.RuneCount])...)
			}
		}
		st.runs = append(st.runs, out)
	}
	return nil
}

// simpleOutput lays text[lo:hi] out glyph by glyph in the simple font
// pf, recording the characters it has no code for.
func simpleOutput(st *shapedText, pf *pdfFont, lo, hi int) shaping.Output {
	out := shaping.Output{Size: shapeSize, Runes: shaping.Range{Offset: lo, Count: hi - lo}, Direction: di.DirectionLTR}
	for i := lo; i < hi; i++ {
		r := st.text[i]
		st.fontAt[i] = pf
		g := shaping.Glyph{ClusterIndex: i, RuneCount: 1, GlyphCount: 1, GlyphID: noGlyph}
		if code, ok := pf.simple.codes[r]; ok {
			g.GlyphID = font.GID(code)
			g.Advance = fixed.Int26_6(pf.simple.widths[code] * 64)
		} else if !isLayoutSpace(r) {
			st.missing = append(st.missing, r)
		}
		g.XAdvance = g.Advance
		if !unicode.IsSpace(r) {
			// The line wrapper takes a glyph without width for white space
			// and drops its advance at the end of a line.
			g.Width = g.Advance
		}
		out.Glyphs = append(out.Glyphs, g)
		out.Advance += g.Advance
	}
	return out
}

func hasCode(pf *pdfFont, r rune) bool {
	_, ok := pf.simple.codes[r]
	return ok
}

// twinOf returns the WinAnsi encoding of own's font when own is a
// standard font: a table only, the font object is added by twin once a
// character needs it.
func (fs *fontSet) twinOf(own *pdfFont) *simpleFont {
	if own.std == "" {
		return nil
	}
	if fs.twinTables == nil {
		fs.twinTables = map[string]*simpleFont{}
	}
	sf, ok := fs.twinTables[own.std]
	if !ok {
		sf = standardWinAnsi(own.std)
		fs.twinTables[own.std] = sf
	}
	return sf
}

// twin returns the document's font std with WinAnsi encoding, adding
// its font dictionary on first use.
func (fs *fontSet) twin(std string, sf *simpleFont) (*pdfFont, error) {
	if pf, ok := fs.twins[std]; ok {
		return pf, nil
	}
	if fs.twins == nil {
		fs.twins = map[string]*pdfFont{}
	}
	if std == "Helvetica" {
		pf, err := fs.helvetica()
		fs.twins[std] = pf
		return pf, err
	}
	ir, err := fs.ctx.IndRefForNewObject(types.Dict{"Type": types.Name("Font"), "Subtype": types.Name("Type1"),
		"BaseFont": types.Name(std), "Encoding": types.Name("WinAnsiEncoding")})
	if err != nil {
		return nil, err
	}
	pf := &pdfFont{ref: *ir, simple: sf, std: std}
	pf.ascent, pf.descent = standardMetrics(std)
	fs.twins[std] = pf
	return pf, nil
}
