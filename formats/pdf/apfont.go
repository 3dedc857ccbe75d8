package pdf

import (
	pdfcpufont "github.com/pdfcpu/pdfcpu/pkg/font"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// maxWidthEntries bounds the /W array formfill reads from a CID font.
const maxWidthEntries = 1 << 16

// apFont is a font of an appearance stream as verify reads it: how its
// codes decode to text and how wide each glyph is, so the glyphs can be
// placed in the field's box.
type apFont struct {
	dec     *fontDecoder
	twoByte bool
	widths  map[uint32]float64 // 1/1000 em
	dw      float64            // width of codes without an entry
	std     string             // standard font whose metrics apply, if any
	// names are the glyph names of a simple font's codes, from its
	// encoding and /Differences: the text of each code when the font has
	// no ToUnicode map, and the standard font's width of each glyph.
	names     *[256]string
	toUnicode bool
}

// apFonts reads the fonts of an appearance's resources.
func apFonts(ctx *model.Context, resources types.Dict) map[string]*apFont {
	out := map[string]*apFont{}
	decs := pageFonts(ctx, resources)
	for name, o := range dictOf(ctx, entry(ctx, resources, "Font")) {
		fd := dictOf(ctx, o)
		if fd == nil {
			continue
		}
		f := &apFont{dec: decs[name], widths: map[uint32]float64{}, dw: 500}
		if textOf(ctx, entry(ctx, fd, "Subtype")) == "Type0" {
			f.twoByte, f.dw = true, 1000
			if desc := arrayOf(ctx, entry(ctx, fd, "DescendantFonts")); len(desc) > 0 {
				cid := dictOf(ctx, desc[0])
				if dw := entry(ctx, cid, "DW"); dw != nil {
					f.dw = numberOf(dw)
				}
				readCIDWidths(ctx, arrayOf(ctx, entry(ctx, cid, "W")), f.widths)
			}
		} else {
			first, _ := intOf(ctx, entry(ctx, fd, "FirstChar"))
			for i, w := range arrayOf(ctx, entry(ctx, fd, "Widths")) {
				if i >= 256 {
					break
				}
				w, _ = ctx.Dereference(w)
				f.widths[uint32(first+i)] = numberOf(w)
			}
			f.std = standardFonts[textOf(ctx, entry(ctx, fd, "BaseFont"))]
			if names, ok := encodingNames(ctx, fd); ok {
				f.names = &names
			}
			_, f.toUnicode = fd.Find("ToUnicode")
		}
		out[name] = f
	}
	return out
}

// readCIDWidths reads a /W array: runs "c [w1 w2 …]" and ranges
// "c1 c2 w".
func readCIDWidths(ctx *model.Context, w types.Array, into map[uint32]float64) {
	for i := 0; i < len(w) && len(into) < maxWidthEntries; {
		first, _ := ctx.Dereference(w[i])
		if i+1 >= len(w) {
			return
		}
		next, _ := ctx.Dereference(w[i+1])
		c := uint32(numberOf(first))
		if arr, ok := next.(types.Array); ok {
			for j, x := range arr {
				x, _ = ctx.Dereference(x)
				into[c+uint32(j)] = numberOf(x)
			}
			i += 2
			continue
		}
		if i+2 >= len(w) {
			return
		}
		width, _ := ctx.Dereference(w[i+2])
		last := uint32(numberOf(next))
		for k := c; k <= last && len(into) < maxWidthEntries; k++ {
			into[k] = numberOf(width)
		}
		i += 3
	}
}

// codes splits a shown string into character codes.
func (f *apFont) codes(b []byte) []uint32 {
	var out []uint32
	if f.twoByte {
		for i := 0; i+1 < len(b); i += 2 {
			out = append(out, uint32(b[i])<<8|uint32(b[i+1]))
		}
		return out
	}
	for _, c := range b {
		out = append(out, uint32(c))
	}
	return out
}

// width is the advance of code in 1/1000 em.
func (f *apFont) width(code uint32) float64 {
	if w, ok := f.widths[code]; ok {
		return w
	}
	if f.std != "" && code < 256 {
		wc := code // pdfcpu's metrics are indexed by WinAnsi code
		if f.names != nil {
			c, ok := winAnsiCode[f.names[code]]
			if !ok {
				return f.dw
			}
			wc = uint32(c)
		}
		if w, err := pdfcpufont.CharWidth(f.std, rune(wc)); err == nil {
			return float64(w)
		}
	}
	return f.dw
}

// text is the text code stands for.
func (f *apFont) text(code uint32) string {
	if f.names != nil && !f.toUnicode && code < 256 {
		if r, ok := glyphRunes[f.names[code]]; ok {
			return string(r)
		}
		return ""
	}
	if f.dec == nil {
		return ""
	}
	if f.twoByte {
		return f.dec.decode([]byte{byte(code >> 8), byte(code)})
	}
	return f.dec.decode([]byte{byte(code)})
}

// notdef reports a code that draws the missing-glyph box: CID 0 of a
// composite font (formfill's fonts draw glyph IDs as CIDs).
func (f *apFont) notdef(code uint32) bool { return f.twoByte && code == 0 }
