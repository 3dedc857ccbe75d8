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
	if std == "" && !embeddedFont(ctx, fd) {
		return nil
	}
	names, ok := encodingNames(ctx, fd)
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

// isLayoutSpace reports characters a line drops rather than draws.
func isLayoutSpace(r rune) bool { return r == '\n' || r == '\r' || r == '\t' }

// standardWinAnsi returns the simple font for standard font std (a
// standardFonts value) with WinAnsi encoding: Helvetica is the last
// resort for Latin text when the field's own font cannot be used and no
// fallback font is configured, and a field in a standard font whose own
// encoding lacks a character WinAnsi has draws it in the same font
// re-encoded (glyphruns.go).
func standardWinAnsi(std string) *simpleFont {
	sf := &simpleFont{codes: map[rune]byte{}}
	for c := 0x20; c < 256; c++ {
		r := winAnsiRune(byte(c))
		if r == 0 || winAnsiName(byte(c)) == "" {
			continue
		}
		if _, dup := sf.codes[r]; dup {
			continue
		}
		w, err := font.CharWidth(std, rune(c))
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
