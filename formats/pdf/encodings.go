package pdf

import (
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// The base encodings of simple fonts (PDF 32000-1, annex D) besides
// WinAnsi (winansi.go): the code → glyph name tables formfill draws and
// reads a form's own fonts with, so a field whose font is Helvetica with
// StandardEncoding, MacRomanEncoding or Acrobat's /Differences shows ’ “ ”
// – — … € ß œ in that font, and verify reads them back.

// standardEncoding is StandardEncoding from code 0x20 on (0x20–0x7E: ASCII
// except quoteright at 0x27 and quoteleft at 0x60); high codes below.
var standardEncoding = func() [256]string {
	var t [256]string
	for c := 0x20; c < 0x7f; c++ {
		t[c] = winAnsiName(byte(c))
	}
	t[0x27], t[0x60] = "quoteright", "quoteleft"
	high := map[int]string{
		0241: "exclamdown", 0242: "cent", 0243: "sterling", 0244: "fraction", 0245: "yen", 0246: "florin",
		0247: "section", 0250: "currency", 0251: "quotesingle", 0252: "quotedblleft", 0253: "guillemotleft",
		0254: "guilsinglleft", 0255: "guilsinglright", 0256: "fi", 0257: "fl", 0261: "endash", 0262: "dagger",
		0263: "daggerdbl", 0264: "periodcentered", 0266: "paragraph", 0267: "bullet", 0270: "quotesinglbase",
		0271: "quotedblbase", 0272: "quotedblright", 0273: "guillemotright", 0274: "ellipsis", 0275: "perthousand",
		0277: "questiondown", 0301: "grave", 0302: "acute", 0303: "circumflex", 0304: "tilde", 0305: "macron",
		0306: "breve", 0307: "dotaccent", 0310: "dieresis", 0312: "ring", 0313: "cedilla", 0315: "hungarumlaut",
		0316: "ogonek", 0317: "caron", 0320: "emdash", 0341: "AE", 0343: "ordfeminine", 0350: "Lslash",
		0351: "Oslash", 0352: "OE", 0353: "ordmasculine", 0361: "ae", 0365: "dotlessi", 0370: "lslash",
		0371: "oslash", 0372: "oe", 0373: "germandbls",
	}
	for c, n := range high {
		t[c] = n
	}
	return t
}()

// macRomanHigh is MacRomanEncoding from 0x80 on, as PDF defines it (the
// Latin text characters only: codes of Mac OS Roman's mathematical
// symbols, which the standard fonts lack, are unused).
var macRomanHigh = strings.Fields(`
Adieresis Aring Ccedilla Eacute Ntilde Odieresis Udieresis aacute agrave acircumflex adieresis atilde aring ccedilla eacute egrave
ecircumflex edieresis iacute igrave icircumflex idieresis ntilde oacute ograve ocircumflex odieresis otilde uacute ugrave ucircumflex udieresis
dagger degree cent sterling section bullet paragraph germandbls registered copyright trademark acute dieresis - AE Oslash
- plusminus - - yen mu - - - - - ordfeminine ordmasculine - ae oslash
questiondown exclamdown logicalnot - florin - - guillemotleft guillemotright ellipsis space Agrave Atilde Otilde OE oe
endash emdash quotedblleft quotedblright quoteleft quoteright divide - ydieresis Ydieresis fraction currency guilsinglleft guilsinglright fi fl
daggerdbl periodcentered quotesinglbase quotedblbase perthousand Acircumflex Ecircumflex Aacute Edieresis Egrave Iacute Icircumflex Idieresis Igrave Oacute Ocircumflex
- Ograve Uacute Ucircumflex Ugrave dotlessi circumflex tilde macron breve dotaccent ring cedilla hungarumlaut ogonek caron`)

// macRomanEncoding is MacRomanEncoding: ASCII below 0x80, macRomanHigh above.
var macRomanEncoding = func() [256]string {
	var t [256]string
	for c := 0x20; c < 0x7f; c++ {
		t[c] = winAnsiName(byte(c))
	}
	for i, n := range macRomanHigh {
		if n != "-" {
			t[0x80+i] = n
		}
	}
	return t
}()

// winAnsiEncoding is WinAnsiEncoding as a table.
var winAnsiEncoding = func() [256]string {
	var t [256]string
	for c := 0x20; c < 256; c++ {
		t[c] = winAnsiName(byte(c))
	}
	return t
}()

// encodingNames gives the glyph name of each code under a simple font's
// /Encoding: a base encoding (WinAnsi, Standard, MacRoman; PDFDoc is read
// as WinAnsi for the characters they share) with /Differences on top.
// Without a base encoding, a standard Type 1 text font uses its built-in
// StandardEncoding, as every viewer does; other fonts are read as
// WinAnsi, the encoding form authoring tools write. ok is false for an
// encoding formfill cannot read (MacExpert, a malformed entry).
func encodingNames(ctx *model.Context, fd types.Dict) (names [256]string, ok bool) {
	enc := entry(ctx, fd, "Encoding")
	base := ""
	var diffs types.Array
	switch v := enc.(type) {
	case nil:
	case types.Name:
		base = string(v)
	case types.Dict:
		base = textOf(ctx, entry(ctx, v, "BaseEncoding"))
		diffs = arrayOf(ctx, entry(ctx, v, "Differences"))
	default:
		return names, false
	}
	if base == "" {
		base = "WinAnsiEncoding"
		if textOf(ctx, entry(ctx, fd, "Subtype")) == "Type1" && standardFonts[textOf(ctx, entry(ctx, fd, "BaseFont"))] != "" && !embeddedFont(ctx, fd) {
			base = "StandardEncoding"
		}
	}
	switch base {
	case "WinAnsiEncoding", "PDFDocEncoding":
		names = winAnsiEncoding
	case "StandardEncoding":
		names = standardEncoding
	case "MacRomanEncoding":
		names = macRomanEncoding
	default:
		return names, false
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

// embeddedFont reports whether a font dictionary's descriptor embeds a
// font program.
func embeddedFont(ctx *model.Context, fd types.Dict) bool {
	desc := dictOf(ctx, entry(ctx, fd, "FontDescriptor"))
	for _, k := range []string{"FontFile", "FontFile2", "FontFile3"} {
		if _, ok := desc.Find(k); ok && desc != nil {
			return true
		}
	}
	return false
}
