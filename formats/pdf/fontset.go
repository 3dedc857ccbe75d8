package pdf

import (
	"sort"
	"unicode"

	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/shaping"
	pdfcpufont "github.com/pdfcpu/pdfcpu/pkg/font"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/formfill/formfill/formats/pdf/sfnt"
)

// fontSet holds the fonts of one fill: the form's own fonts formfill can
// draw with, the fallback fonts it embeds, and the shaping state. It
// belongs to one call and is not safe for concurrent use.
type fontSet struct {
	ctx      *model.Context
	src      FontSource // nil: no fallback fonts configured
	byFont   map[*sfnt.Font]*pdfFont
	faces    map[*font.Face]*pdfFont
	embedded []*pdfFont
	simple   map[string]*pdfFont // DR font name → usable own font (nil: not usable)
	helv     *pdfFont
	twins    map[string]*pdfFont // standard font name → that font with WinAnsi encoding
	// twinTables are the twins' codes and widths, before any is used.
	twinTables map[string]*simpleFont
	shaper     shaping.HarfbuzzShaper
	seg        shaping.Segmenter
	wrapper    shaping.LineWrapper
}

func newFontSet(ctx *model.Context, src FontSource) *fontSet {
	return &fontSet{ctx: ctx, src: src, byFont: map[*sfnt.Font]*pdfFont{}, faces: map[*font.Face]*pdfFont{}, simple: map[string]*pdfFont{}}
}

// drFont returns the form's default-resources font named name: the
// object to put in an appearance's resources, and its dictionary.
func (fs *fontSet) drFont(name string) (types.Object, types.Dict) {
	af := acroForm(fs.ctx)
	if af == nil {
		return nil, nil
	}
	dr := dictOf(fs.ctx, entry(fs.ctx, af, "DR"))
	fonts := dictOf(fs.ctx, entry(fs.ctx, dr, "Font"))
	o, ok := fonts.Find(name)
	if !ok || o == nil {
		return nil, nil
	}
	return o, dictOf(fs.ctx, o)
}

// ownFont returns the field's own font (the DA font) when formfill can
// draw with it, else nil; bold says whether that font is bold, so a
// fallback font can match it.
func (fs *fontSet) ownFont(name string) (own *pdfFont, bold bool) {
	obj, fd := fs.drFont(name)
	if fd == nil {
		return nil, false
	}
	bold = boldFont(fs.ctx, fd)
	if pf, seen := fs.simple[name]; seen {
		return pf, bold
	}
	var pf *pdfFont
	if sf := ownFont(fs.ctx, fd); sf != nil {
		pf = &pdfFont{simple: sf}
		if ir, ok := obj.(types.IndirectRef); ok {
			pf.ref = ir
		} else if ir, err := fs.ctx.IndRefForNewObject(fd); err == nil {
			pf.ref = *ir
		} else {
			pf = nil
		}
		if pf != nil {
			pf.ascent, pf.descent = simpleMetrics(fs.ctx, fd)
			if !embeddedFont(fs.ctx, fd) {
				pf.std = standardFonts[textOf(fs.ctx, entry(fs.ctx, fd, "BaseFont"))]
			}
		}
	}
	fs.simple[name] = pf
	return pf, bold
}

// simpleMetrics reads a simple font's ascent and descent (1/1000 em)
// from its descriptor, else from the standard font's bounding box.
func simpleMetrics(ctx *model.Context, fd types.Dict) (float64, float64) {
	desc := dictOf(ctx, entry(ctx, fd, "FontDescriptor"))
	a, d := numberOf(entry(ctx, desc, "Ascent")), numberOf(entry(ctx, desc, "Descent"))
	if a > 0 && d < 0 {
		return a, d
	}
	return standardMetrics(standardFonts[textOf(ctx, entry(ctx, fd, "BaseFont"))])
}

// standardMetrics is the ascent and descent of standard font std from
// its bounding box; Helvetica's for a font that is not standard.
func standardMetrics(std string) (float64, float64) {
	if std != "" {
		if bb, err := pdfcpufont.BoundingBox(std); err == nil && bb != nil {
			return bb.UR.Y, bb.LL.Y
		}
	}
	return 718, -207
}

// helvetica is standard Helvetica (WinAnsi): the /DR font of that name
// when the form has one, else a new font dictionary.
func (fs *fontSet) helvetica() (*pdfFont, error) {
	if fs.helv != nil {
		return fs.helv, nil
	}
	pf := &pdfFont{simple: standardWinAnsi("Helvetica"), ascent: 718, descent: -207}
	if obj, fd := fs.drFont("Helv"); fd != nil && textOf(fs.ctx, entry(fs.ctx, fd, "BaseFont")) == "Helvetica" && textOf(fs.ctx, entry(fs.ctx, fd, "Encoding")) == "WinAnsiEncoding" {
		if ir, ok := obj.(types.IndirectRef); ok {
			pf.ref = ir
			fs.helv = pf
			return pf, nil
		}
	}
	ir, err := fs.ctx.IndRefForNewObject(types.Dict{"Type": types.Name("Font"), "Subtype": types.Name("Type1"),
		"BaseFont": types.Name("Helvetica"), "Encoding": types.Name("WinAnsiEncoding")})
	if err != nil {
		return nil, err
	}
	pf.ref = *ir
	fs.helv = pf
	return pf, nil
}

// fallbacks returns the fonts to shape text with when the field's own
// font cannot show it: for each character that needs one, the source's
// font, ordered so the font covering most of the text comes first (a
// Japanese name with Latin initials stays in one font).
func (fs *fontSet) fallbacks(text []rune, bold bool) ([]*pdfFont, error) {
	if fs.src == nil {
		return nil, nil
	}
	var cands []*sfnt.Font
	seen := map[*sfnt.Font]bool{}
	asked := map[rune]bool{}
	for _, r := range text {
		if asked[r] || unicode.IsSpace(r) || unicode.IsControl(r) {
			continue
		}
		asked[r] = true
		if sf := fs.src.FontFor(r, bold); sf != nil && !seen[sf] {
			seen[sf] = true
			cands = append(cands, sf)
		}
	}
	cover := make([]int, len(cands))
	for i, sf := range cands {
		for r := range asked {
			if sf.Covers(r) {
				cover[i]++
			}
		}
	}
	idx := make([]int, len(cands))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return cover[idx[a]] > cover[idx[b]] })
	out := make([]*pdfFont, 0, len(cands))
	for _, i := range idx {
		pf, err := fs.embedFont(cands[i])
		if err != nil {
			return nil, err
		}
		out = append(out, pf)
	}
	return out, nil
}

// fontmap picks, for each character, the first fallback font covering
// it, staying with the current font while it covers the text. Characters
// no font covers go to the current font and shape to .notdef, which the
// layout drops and reports.
type fontmap struct {
	fonts []*pdfFont
	cur   *font.Face
}

func (m *fontmap) ResolveFace(r rune) *font.Face {
	if m.cur != nil {
		if _, ok := m.cur.NominalGlyph(r); ok {
			return m.cur
		}
	}
	for _, pf := range m.fonts {
		if _, ok := pf.face.NominalGlyph(r); ok {
			m.cur = pf.face
			return m.cur
		}
	}
	if m.cur == nil {
		m.cur = m.fonts[0].face
	}
	return m.cur
}
