package excel

import (
	"regexp"
	"strconv"
	"strings"
)

// shownText is the cell's text as excelize's GetCellValue gives it: a
// string as it is, a boolean as TRUE or FALSE, a number rewritten as a
// plain decimal, and, under a number format that changes them, both as
// that format shows them. The formats General, Text and those with no text
// section are applied here as rows applies them (see plainText); any other
// is excelize's own number formatting (see formatted).
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
	default: // a number, an error value, or a type excelize reads as a number
		if f := w.numFormat(r.style); f == formatNone || f == formatGeneral {
			return numberText(r.value, f), nil
		}
	}
	return w.formatted(r), nil
}

// numFormat is what excelize's formatting does with style index style's
// cells, a cell format the write added included.
func (w *writer) numFormat(style int) numFormat {
	if w.xfs != nil {
		if cl, ok := w.xfs.clone(style); ok {
			return (&stylesDoc{}).numFormat(cl.numFmt)
		}
	}
	return w.wb.numFormat(style)
}

// bstrEscape matches an escaped character of a string item: _xHHHH_.
var bstrEscape = regexp.MustCompile(`_x[a-fA-F\d]{4}_`)

// bstrDecode decodes the _xHHHH_ escapes of a string's text as excelize
// does (its bstrUnmarshal): _x005F_ is an underscore.
func bstrDecode(s string) string {
	if !strings.Contains(s, "_x") {
		return s
	}
	var b strings.Builder
	cursor := 0
	for _, m := range bstrEscape.FindAllStringIndex(s, -1) {
		b.WriteString(s[cursor:m[0]])
		cursor = m[1]
		if s[m[0]:m[1]] == "_x005F_" {
			b.WriteByte('_')
			continue
		}
		v, _ := strconv.Unquote(`"\u` + s[m[0]+2:m[1]-1] + `"`)
		b.WriteString(v)
	}
	b.WriteString(s[cursor:])
	return b.String()
}
