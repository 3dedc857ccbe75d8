package pdf

import (
	"regexp"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/font"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// simpleFont is a font with one-byte codes that formfill can draw with
// without embedding anything: the field's own font when it is embedded
// whole (not a subset) or is one of the standard fonts every PDF viewer
// has, with an encoding formfill can read.
type simpleFont struct {
	codes  map[rune]byte // character → code
	widths [256]float64  // 1/1000 em
}

// covers reports whether every character of text has a code with a width.
func (sf *simpleFont) covers(text []rune) bool {
	for _, r := range text {
		if _, ok := sf.codes[r]; !ok && !isLayoutSpace(r) {
			return false
		}
	}
	return true
}

// standardFonts are the standard Type 1 fonts a viewer must provide,
// less Symbol and ZapfDingbats (not text fonts), by their names and the
// short names Acrobat gives them in /DR.
var standardFonts = map[string]string{
	"Helvetica": "Helvetica", "Helvetica-Bold": "Helvetica-Bold", "Helvetica-Oblique": "Helvetica-Oblique",
	"Helvetica-BoldOblique": "Helvetica-BoldOblique", "Times-Roman": "Times-Roman", "Times-Bold": "Times-Bold",
	"Times-Italic": "Times-Italic", "Times-BoldItalic": "Times-BoldItalic", "Courier": "Courier",
	"Courier-Bold": "Courier-Bold", "Courier-Oblique": "Courier-Oblique", "Courier-BoldOblique": "Courier-BoldOblique",
	"Helv": "Helvetica", "HeBo": "Helvetica-Bold", "TiRo": "Times-Roman", "Cour": "Courier",
}

var subsetPrefix = regexp.MustCompile(`^[A-Z]{6}\+`)

// ownFont reads the simple font dictionary fd (the field's DA font) into
// a simpleFont, or returns nil when formfill cannot rely on it: a subset
// (it may lack the glyphs of new text), a composite or Type 3 font, a
// font neither embedded nor standard (viewers substitute it, each its
// own way), or an encoding it cannot read.
func ownFont(ctx *model.Context, fd types.Dict) *simpleFont {
	sub := textOf(ctx, entry(ctx, fd, "Subtype"))
	if sub != "Type1" && sub != "TrueType" && sub != "MMType1" {
		return nil
	}
	base := textOf(ctx, entry(ctx, fd, "BaseFont"))
	if subsetPrefix.MatchString(base) {
		return nil
	}
	std := standardFonts[base]
	desc := dictOf(ctx, entry(ctx, fd, "FontDescriptor"))
	embedded := false
	for _, k := range []string{"FontFile", "FontFile2", "FontFile3"} {
		if _, ok := desc.Find(k); ok && desc != nil {
			embedded = true
		}
	}
	if std == "" && !embedded {
		return nil
	}
	names, ok := encodingNames(ctx, entry(ctx, fd, "Encoding"))
	if !ok {
		return nil
	}
	sf := &simpleFont{codes: map[rune]byte{}}
	widths := arrayOf(ctx, entry(ctx, fd, "Widths"))
	first, _ := intOf(ctx, entry(ctx, fd, "FirstChar"))
	for c := 255; c >= 1; c-- {
		r, ok := glyphRunes[names[c]]
		if !ok {
			continue
		}
		w, ok := 0.0, false
		switch i := c - first; {
		case widths != nil && i >= 0 && i < len(widths):
			o, _ := ctx.Dereference(widths[i])
			w, ok = numberOf(o), true
		case widths == nil && std != "":
			if wc, known := winAnsiCode[names[c]]; known {
				cw, err := font.CharWidth(std, rune(wc))
				w, ok = float64(cw), err == nil
			}
		}
		if ok && (w > 0 || r == ' ') {
			sf.codes[r], sf.widths[c] = byte(c), w
		}
	}
	if len(sf.codes) == 0 {
		return nil
	}
	return sf
}

// encodingNames gives the glyph name of each code under a simple font's
// /Encoding: WinAnsi or Standard-like bases (read as WinAnsi for the
// characters they share) with /Differences on top. MacRoman and custom
// built-in encodings are not read.
func encodingNames(ctx *model.Context, enc types.Object) ([256]string, bool) {
	var names [256]string
	base := "WinAnsiEncoding"
	var diffs types.Array
	switch v := enc.(type) {
	case nil:
	case types.Name:
		base = string(v)
	case types.Dict:
		if b := textOf(ctx, entry(ctx, v, "BaseEncoding")); b != "" {
			base = b
		}
		diffs = arrayOf(ctx, entry(ctx, v, "Differences"))
	default:
		return names, false
	}
	if base != "WinAnsiEncoding" && base != "StandardEncoding" && base != "PDFDocEncoding" {
		return names, false
	}
	for c := 0x20; c < 256; c++ {
		names[c] = winAnsiName(byte(c))
	}
	if base != "WinAnsiEncoding" { // keep only the ASCII letters and digits these share with WinAnsi
		for c := 0x7f; c < 256; c++ {
			names[c] = ""
		}
	}
	code := -1
	for _, o := range diffs {
		o, _ = ctx.Dereference(o)
		switch v := o.(type) {
		case types.Integer:
			code = int(v)
		case types.Name:
			if code >= 0 && code < 256 {
				names[code] = string(v)
				code++
			}
		}
	}
	return names, true
}

// isLayoutSpace reports characters a line drops rather than draws.
func isLayoutSpace(r rune) bool { return r == '\n' || r == '\r' || r == '\t' }

// standardHelvetica returns the simple font for standard Helvetica with
// WinAnsi encoding: the last resort for Latin text when the field's own
// font cannot be used and no fallback font is configured.
func standardHelvetica() *simpleFont {
	sf := &simpleFont{codes: map[rune]byte{}}
	for c := 0x20; c < 256; c++ {
		r := winAnsiRune(byte(c))
		if r == 0 || winAnsiName(byte(c)) == "" {
			continue
		}
		if _, dup := sf.codes[r]; dup {
			continue
		}
		w, err := font.CharWidth("Helvetica", rune(c))
		if err == nil {
			sf.codes[r], sf.widths[c] = byte(c), float64(w)
		}
	}
	return sf
}

// boldFont reports whether a font dictionary describes a bold face, so
// the fallback font matches it.
func boldFont(ctx *model.Context, fd types.Dict) bool {
	base := strings.ToLower(textOf(ctx, entry(ctx, fd, "BaseFont")))
	if strings.Contains(base, "bold") || strings.Contains(base, "heavy") || strings.Contains(base, "black") || base == "hebo" {
		return true
	}
	desc := dictOf(ctx, entry(ctx, fd, "FontDescriptor"))
	w, _ := intOf(ctx, entry(ctx, desc, "FontWeight"))
	flags, _ := intOf(ctx, entry(ctx, desc, "Flags"))
	return w >= 600 || flags&(1<<18) != 0
}
