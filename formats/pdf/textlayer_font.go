package pdf

import (
	"strconv"
	"strings"

	pdfcpufont "github.com/pdfcpu/pdfcpu/pkg/font"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// tlFont is a font as the text layer reads it: how a shown string splits
// into codes, the text and the advance of each code. It covers simple
// fonts (a base encoding plus /Differences, with or without ToUnicode),
// Type0 fonts (Identity, predefined and embedded CMaps, ToUnicode) and
// Type3 fonts (their FontMatrix scales the widths).
type tlFont struct {
	composite bool
	enc       *cmap // a Type0 font's CMap: code → CID
	unicode   bool  // a Type0 font whose codes are Unicode (Uni…-UCS2 CMaps)
	toUni     *cmap // ToUnicode, nil without one
	// simple fonts: the text and width (1/1000 em, or glyph space for
	// Type3) of each code.
	text1  [256]string
	width1 [256]float64
	// composite fonts: CID widths and the default.
	cidW map[uint32]float64
	dw   float64
	// scale turns a width into text space: 1/1000, or a Type3 font's
	// FontMatrix a.
	scale    float64
	vertical bool
}

// next splits the first code off b and returns it and its length.
func (f *tlFont) next(b []byte) (uint32, int) {
	if f.composite {
		return f.enc.next(b)
	}
	return uint32(b[0]), 1
}

// textOf is the text code stands for: ToUnicode first, then the font's
// encoding (simple fonts) or the code itself (Unicode CMaps).
func (f *tlFont) textOf(code uint32) string {
	if f.toUni != nil && f.composite {
		if s, ok := f.toUni.text(code); ok {
			return s
		}
	}
	switch {
	case !f.composite:
		if code < 256 {
			return f.text1[code]
		}
		return ""
	case f.unicode:
		return string(rune(code))
	}
	return ""
}

// advance is the width of code in text space units (before the font
// size).
func (f *tlFont) advance(code uint32) float64 {
	if !f.composite {
		if code < 256 {
			return f.width1[code] * f.scale
		}
		return 0
	}
	cid := code
	if c, ok := f.enc.cid(code); ok {
		cid = c
	}
	if w, ok := f.cidW[cid]; ok {
		return w * f.scale
	}
	return f.dw * f.scale
}

// loadFont reads the font dictionary fd for the text layer.
func loadFont(ctx *model.Context, fd types.Dict) *tlFont {
	f := &tlFont{scale: 0.001, dw: 1000}
	subtype := textOf(ctx, entry(ctx, fd, "Subtype"))
	if tu := entry(ctx, fd, "ToUnicode"); tu != nil {
		if b := cmapBytes(ctx, tu); len(b) > 0 {
			f.toUni = parseCMap(b)
		}
	}
	if subtype == "Type0" {
		loadComposite(ctx, fd, f)
		return f
	}
	loadSimple(ctx, fd, subtype, f)
	return f
}

// loadComposite reads a Type0 font's CMap and its descendant's widths.
func loadComposite(ctx *model.Context, fd types.Dict, f *tlFont) {
	f.composite = true
	switch e := entry(ctx, fd, "Encoding").(type) {
	case types.Name:
		f.enc, f.unicode = predefinedCMap(string(e))
	default:
		if b := cmapBytes(ctx, e); len(b) > 0 {
			f.enc = parseCMap(b)
			if len(f.enc.spaces) == 0 {
				base, uni := predefinedCMap(f.enc.base)
				f.enc.spaces, f.unicode = base.spaces, uni
			}
		}
	}
	if f.enc == nil {
		f.enc, _ = predefinedCMap("Identity-H")
	}
	f.vertical = f.enc.vertical
	if desc := arrayOf(ctx, entry(ctx, fd, "DescendantFonts")); len(desc) > 0 {
		cid := dictOf(ctx, desc[0])
		if dw := entry(ctx, cid, "DW"); dw != nil {
			f.dw = numberOf(dw)
		}
		f.cidW = map[uint32]float64{}
		readCIDWidths(ctx, arrayOf(ctx, entry(ctx, cid, "W")), f.cidW)
	}
}

// loadSimple reads a simple font's encoding and widths.
func loadSimple(ctx *model.Context, fd types.Dict, subtype string, f *tlFont) {
	f.dw = 0
	if subtype == "Type3" {
		f.scale = 0.001
		if fm := arrayOf(ctx, entry(ctx, fd, "FontMatrix")); len(fm) == 6 {
			o, _ := ctx.Dereference(fm[0])
			f.scale = numberOf(o)
		}
	}
	names, ok := encodingNames(ctx, fd)
	if !ok {
		names = winAnsiEncoding
	}
	if subtype == "Type1" {
		builtinEncoding(ctx, fd, &names)
	}
	symbolic := symbolicFont(ctx, fd, subtype)
	for c := range 256 {
		n := names[c]
		if t, ok := f.toUni.text(uint32(c)); ok {
			f.text1[c] = t // ToUnicode first, once for all 256 codes
		} else if t, ok := glyphText(n); ok {
			f.text1[c] = t
		} else if n == "" && symbolic && c >= 0x20 {
			// A symbolic TrueType font without an encoding shows codes as
			// they are (often the Latin letters, in PUA fonts too).
			f.text1[c] = string(rune(c))
		}
	}
	std := standardFonts[textOf(ctx, entry(ctx, fd, "BaseFont"))]
	if std == "" {
		std = standardFonts[strings.SplitN(textOf(ctx, entry(ctx, fd, "BaseFont")), ",", 2)[0]]
	}
	if desc := dictOf(ctx, entry(ctx, fd, "FontDescriptor")); desc != nil {
		if mw := entry(ctx, desc, "MissingWidth"); mw != nil {
			f.dw = numberOf(mw)
		}
	}
	for c := range 256 {
		f.width1[c] = f.dw
		if std != "" {
			if wc, ok := winAnsiCode[names[c]]; ok {
				if w, err := pdfcpufont.CharWidth(std, rune(wc)); err == nil {
					f.width1[c] = float64(w)
				}
			}
		}
	}
	first, _ := intOf(ctx, entry(ctx, fd, "FirstChar"))
	for i, w := range arrayOf(ctx, entry(ctx, fd, "Widths")) {
		if c := first + i; c >= 0 && c < 256 {
			w, _ = ctx.Dereference(w)
			f.width1[c] = numberOf(w)
		}
	}
}

// symbolicFont reports a TrueType font flagged symbolic with no encoding
// of its own.
func symbolicFont(ctx *model.Context, fd types.Dict, subtype string) bool {
	if subtype != "TrueType" || entry(ctx, fd, "Encoding") != nil {
		return false
	}
	flags, _ := intOf(ctx, entry(ctx, dictOf(ctx, entry(ctx, fd, "FontDescriptor")), "Flags"))
	return flags&4 != 0
}

// glyphText is the text a glyph name stands for: glyphRune's character,
// or for a ligature name ("f_f_i") its parts'.
func glyphText(name string) (string, bool) {
	if r, ok := glyphRune(name); ok {
		return string(r), true
	}
	if !strings.Contains(name, "_") {
		return "", false
	}
	var b strings.Builder
	for _, part := range strings.Split(name, "_") {
		r, ok := glyphRune(part)
		if !ok {
			return "", false
		}
		b.WriteRune(r)
	}
	return b.String(), true
}

// glyphRune is the character a glyph name stands for: a name of the
// standard encodings, uniXXXX, uXXXX[XX], or a name with a suffix
// ("a.sc" is an "a").
func glyphRune(name string) (rune, bool) {
	if name == "" {
		return 0, false
	}
	if r, ok := glyphRunes[name]; ok {
		return r, true
	}
	if r, ok := extraGlyphRunes[name]; ok {
		return r, true
	}
	if i := strings.IndexByte(name, '.'); i > 0 {
		return glyphRune(name[:i])
	}
	hex := ""
	switch {
	case strings.HasPrefix(name, "uni") && len(name) >= 7:
		hex = name[3:7]
	case strings.HasPrefix(name, "u") && len(name) >= 5 && len(name) <= 7:
		hex = name[1:]
	}
	if hex != "" {
		if v, err := strconv.ParseUint(hex, 16, 32); err == nil && v > 0 && v <= 0x10ffff {
			return rune(v), true
		}
	}
	return 0, false
}

// extraGlyphRunes are glyph names beyond the Latin text encodings that
// forms' fonts use: symbols of check boxes and list bullets, ligatures.
var extraGlyphRunes = map[string]rune{
	"ff": 'ﬀ', "ffi": 'ﬃ', "ffl": 'ﬄ', "Euro": '€', "bullet": '•', "checkmark": '✓', "check": '✓',
	"arrowright": '→', "arrowleft": '←', "greaterequal": '≥', "lessequal": '≤', "notequal": '≠',
	"infinity": '∞', "summation": '∑', "product": '∏', "radical": '√', "approxequal": '≈', "Delta": 'Δ',
	"Omega": 'Ω', "mu": 'µ', "pi": 'π', "lozenge": '◊', "nbspace": ' ', "sfthyphen": '-',
	"Idotaccent": 'İ', "Gbreve": 'Ğ', "gbreve": 'ğ', "Scedilla": 'Ş', "scedilla": 'ş', "Cacute": 'Ć',
	"cacute": 'ć', "Ccaron": 'Č', "ccaron": 'č', "Dcroat": 'Đ', "dcroat": 'đ', "Ecaron": 'Ě', "ecaron": 'ě',
	"Eogonek": 'Ę', "eogonek": 'ę', "Aogonek": 'Ą', "aogonek": 'ą', "Nacute": 'Ń', "nacute": 'ń',
	"Ncaron": 'Ň', "ncaron": 'ň', "Rcaron": 'Ř', "rcaron": 'ř', "Sacute": 'Ś', "sacute": 'ś',
	"Tcaron": 'Ť', "tcaron": 'ť', "Uring": 'Ů', "uring": 'ů', "Zacute": 'Ź', "zacute": 'ź',
	"Zdotaccent": 'Ż', "zdotaccent": 'ż', "Ohungarumlaut": 'Ő', "ohungarumlaut": 'ő',
	"Uhungarumlaut": 'Ű', "uhungarumlaut": 'ű', "Amacron": 'Ā', "amacron": 'ā', "Emacron": 'Ē',
	"emacron": 'ē', "Imacron": 'Ī', "imacron": 'ī', "Umacron": 'Ū', "umacron": 'ū', "commaaccent": ',',
	"quotereversed": '‛', "minute": '′', "second": '″', "space": ' ', "uni00A0": ' ',
}

// maxFontFileBytes bounds the font program read for its built-in
// encoding.
const maxFontFileBytes = 4 << 20

// builtinEncoding applies an embedded Type 1 font's own encoding (the
// "dup code /name put" entries of its clear-text part) under the font's
// /Differences when its /Encoding names no base encoding: TeX and other
// tools write fonts so, and their codes mean nothing in WinAnsi.
func builtinEncoding(ctx *model.Context, fd types.Dict, names *[256]string) {
	enc := entry(ctx, fd, "Encoding")
	if _, named := enc.(types.Name); named {
		return
	}
	if d, ok := enc.(types.Dict); ok && entry(ctx, d, "BaseEncoding") != nil {
		return
	}
	desc := dictOf(ctx, entry(ctx, fd, "FontDescriptor"))
	ff := entry(ctx, desc, "FontFile")
	if ff == nil {
		return
	}
	sd, _, err := ctx.DereferenceStreamDict(ff)
	if err != nil || sd == nil || sd.DecodeWithLimit(maxFontFileBytes) != nil {
		return
	}
	builtin, ok := type1Encoding(sd.Content)
	if !ok {
		return
	}
	diffs := map[int]bool{}
	if d, ok := enc.(types.Dict); ok {
		code := -1
		for _, o := range arrayOf(ctx, entry(ctx, d, "Differences")) {
			o, _ = ctx.Dereference(o)
			switch v := o.(type) {
			case types.Integer:
				code = int(v)
			case types.Name:
				diffs[code] = true
				code++
			}
		}
	}
	for c := range 256 {
		if !diffs[c] {
			names[c] = builtin[c]
		}
	}
}

// type1Encoding reads the encoding of a Type 1 font program: the
// StandardEncoding it names, or its "dup code /name put" entries, which
// sit in the clear-text part before eexec.
func type1Encoding(b []byte) (names [256]string, ok bool) {
	if i := strings.Index(string(b[:min(len(b), 64<<10)]), "eexec"); i >= 0 {
		b = b[:i]
	}
	s := string(b)
	at := strings.Index(s, "/Encoding")
	if at < 0 {
		return names, false
	}
	rest := s[at+len("/Encoding"):]
	if strings.HasPrefix(strings.TrimSpace(rest), "StandardEncoding") {
		return standardEncoding, true
	}
	fields := strings.Fields(rest)
	for i := 0; i+3 < len(fields); i++ {
		if fields[i] != "dup" || fields[i+3] != "put" || !strings.HasPrefix(fields[i+2], "/") {
			continue
		}
		if c, err := strconv.Atoi(fields[i+1]); err == nil && c >= 0 && c < 256 {
			names[c], ok = fields[i+2][1:], true
		}
	}
	return names, ok
}
