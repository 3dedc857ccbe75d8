package pdf

import "strings"

// winAnsiNames are the glyph names of WinAnsiEncoding (PDF 32000-1,
// annex D) from code 0x20 on; "" marks an unused code.
var winAnsiNames = strings.Fields(`
space exclam quotedbl numbersign dollar percent ampersand quotesingle parenleft parenright asterisk plus comma hyphen period slash
zero one two three four five six seven eight nine colon semicolon less equal greater question
at A B C D E F G H I J K L M N O P Q R S T U V W X Y Z bracketleft backslash bracketright asciicircum underscore
grave a b c d e f g h i j k l m n o p q r s t u v w x y z braceleft bar braceright asciitilde -
Euro - quotesinglbase florin quotedblbase ellipsis dagger daggerdbl circumflex perthousand Scaron guilsinglleft OE - Zcaron -
- quoteleft quoteright quotedblleft quotedblright bullet endash emdash tilde trademark scaron guilsinglright oe - zcaron Ydieresis
space exclamdown cent sterling currency yen brokenbar section dieresis copyright ordfeminine guillemotleft logicalnot hyphen registered macron
degree plusminus twosuperior threesuperior acute mu paragraph periodcentered cedilla onesuperior ordmasculine guillemotright onequarter onehalf threequarters questiondown
Agrave Aacute Acircumflex Atilde Adieresis Aring AE Ccedilla Egrave Eacute Ecircumflex Edieresis Igrave Iacute Icircumflex Idieresis
Eth Ntilde Ograve Oacute Ocircumflex Otilde Odieresis multiply Oslash Ugrave Uacute Ucircumflex Udieresis Yacute Thorn germandbls
agrave aacute acircumflex atilde adieresis aring ae ccedilla egrave eacute ecircumflex edieresis igrave iacute icircumflex idieresis
eth ntilde ograve oacute ocircumflex otilde odieresis divide oslash ugrave uacute ucircumflex udieresis yacute thorn ydieresis`)

// winAnsiHigh maps the WinAnsi codes 0x80–0x9F, which differ from
// Latin-1, to their characters.
var winAnsiHigh = map[byte]rune{
	0x80: '€', 0x82: '‚', 0x83: 'ƒ', 0x84: '„', 0x85: '…', 0x86: '†', 0x87: '‡', 0x88: 'ˆ', 0x89: '‰',
	0x8A: 'Š', 0x8B: '‹', 0x8C: 'Œ', 0x8E: 'Ž', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”',
	0x95: '•', 0x96: '–', 0x97: '—', 0x98: '˜', 0x99: '™', 0x9A: 'š', 0x9B: '›', 0x9C: 'œ', 0x9E: 'ž', 0x9F: 'Ÿ',
}

// winAnsiRune is the character of WinAnsi code c, or 0.
func winAnsiRune(c byte) rune {
	switch {
	case c >= 0x20 && c < 0x7f, c >= 0xa0:
		return rune(c)
	case c >= 0x80 && c < 0xa0:
		return winAnsiHigh[c]
	}
	return 0
}

// winAnsiName is the glyph name of WinAnsi code c, or "".
func winAnsiName(c byte) string {
	if c < 0x20 || int(c)-0x20 >= len(winAnsiNames) || winAnsiNames[c-0x20] == "-" {
		return ""
	}
	return winAnsiNames[c-0x20]
}

// glyphRunes maps the glyph names of WinAnsi, plus the Latin names
// PDFDocEncoding-style /Differences add, to their characters.
var glyphRunes = func() map[string]rune {
	m := map[string]rune{
		"Lslash": 'Ł', "lslash": 'ł', "dotlessi": 'ı', "fi": 'ﬁ', "fl": 'ﬂ', "minus": '−', "fraction": '⁄',
		"breve": '˘', "caron": 'ˇ', "dotaccent": '˙', "hungarumlaut": '˝', "ogonek": '˛', "ring": '˚',
	}
	for c := 0xff; c >= 0x20; c-- { // low codes last: "space" and "hyphen" keep their ASCII meaning
		if n := winAnsiName(byte(c)); n != "" {
			m[n] = winAnsiRune(byte(c))
		}
	}
	return m
}()

// winAnsiCode is the WinAnsi code of glyph name n, for the standard
// fonts' metrics (which pdfcpu indexes by WinAnsi code).
var winAnsiCode = func() map[string]byte {
	m := map[string]byte{}
	for c := 0xff; c >= 0x20; c-- {
		if n := winAnsiName(byte(c)); n != "" {
			m[n] = byte(c)
		}
	}
	return m
}()
