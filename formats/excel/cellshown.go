package excel

// shownText is the cell's text as the read tools show it, so that a
// write reports the text before and after in the words of extract: a
// string as it is, a boolean as TRUE or FALSE, a number rewritten as a
// plain decimal, and, under a number format that changes them, both as
// that format shows them. The formats General, Text and those with no text
// section are applied here as rows applies them (see plainText); any other
// goes to the format book (see formatted).
func (w *writer) shownText(r cellRead) (string, error) {
	switch {
	case r.err != nil:
		return "", r.err
	case !r.exists:
		return "", nil
	}
	switch r.t {
	case "str":
		return r.value, nil
	case "b":
		switch r.value {
		case "1":
			return "TRUE", nil
		case "0":
			return "FALSE", nil
		}
	case "s", "inlineStr":
		if w.numFormat(r.style) != formatOther {
			return r.value, nil
		}
	case "d":
	default: // a number, an error value, or an unknown type, shown as a number
		if f := w.numFormat(r.style); f == formatNone || f == formatGeneral {
			return numberText(r.value, f), nil
		}
	}
	return w.formatted(r), nil
}

// numFormat is what number formatting does with style index style's
// cells, a cell format the write added included.
func (w *writer) numFormat(style int) numFormat {
	if w.xfs != nil {
		if cl, ok := w.xfs.clone(style); ok {
			return (&stylesDoc{}).numFormat(cl.numFmt)
		}
	}
	return w.wb.numFormat(style)
}

// bstrDecode decodes the _xHHHH_ escapes of an inline string's text, as
// decodeXstring does a shared string's: Excel escapes both alike.
func bstrDecode(s string) string { return decodeXstring(s) }
