package excel

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

// shownText is the cell's text as the read tools show it, so that a
// write reports the text before and after in the words of extract: a
// string as it is, a boolean as TRUE or FALSE, a number rewritten as a
// plain decimal, and, under a number format that changes them, both as
// that format shows them. What formfill shows itself, and what it hands
// the format book, is decided as rows decides it (see plainText and
// beforeBook); the rest goes to the format book (see formatted).
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
		if w.numFormat(r.style).kind() != formatOther {
			return r.value, nil
		}
	case "e":
		if f := w.numFormat(r.style).kind(); f == formatNone || f == formatGeneral {
			return numberText(r.value), nil
		}
	default: // a number, an empty cell, an ISO date, or an unknown type
		text, known, hand := beforeBook(r.t, r.value, w.numFormat(r.style), w.date1904)
		if known {
			return text, nil
		}
		r.t, r.value = hand.t, hand.v
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

// bookCell is a cell as formfill hands it to the format book: its type
// (a t attribute, "" for none) and its value, an inlineStr's text.
type bookCell struct{ t, v string }

// beforeBook is what a cell of type t (a number, "" or n; an ISO date, d;
// or a type the format does not define) and value v shows under number
// format f, where formfill knows it (known), else the cell to hand the
// format book. It is where formfill departs from excelize's GetRows to
// show what Excel shows (issue 33):
//   - an empty cell shows nothing, whatever its format: excelize put it
//     through a text section ("Q: ");
//   - a zero under a format whose zero section is empty ("0;;;@") shows
//     nothing: nfp drops the empty section and excelize showed "0";
//   - a number with no style or under General is shown to 15 significant
//     digits (numberText), as openpyxl and Excel's formula bar have it,
//     not General's 10 in a default-width column;
//   - an ISO date (t="d") is the serial number it stands for in the
//     workbook's date system (date1904), formatted as one: excelize's
//     layouts miss the ISO form Excel writes and showed the text;
//   - a type the format does not define is text, as openpyxl reads it:
//     excelize formatted it as a number.
//
// A number cell whose value is no number stays its text (numberText):
// such a file breaks the format (a number's <v> is an xsd:double), and
// the readers disagree about it (openpyxl refuses the workbook,
// LibreOffice reads 0 or the leading digits), so formfill shows what the
// file holds rather than hide it behind a number no one wrote.
func beforeBook(t, v string, f numFormat, date1904 bool) (text string, known bool, hand bookCell) {
	switch t {
	case "d":
		n, ok := isoDateSerial(v, date1904)
		if !ok {
			return "", false, bookCell{t, v} // excelize's reading, as before
		}
		t, v = "", strconv.FormatFloat(n, 'f', -1, 64)
	case "", "n":
	default:
		if f.kind() != formatOther {
			return v, true, bookCell{}
		}
		return "", false, bookCell{"inlineStr", v}
	}
	if v == "" {
		return "", true, bookCell{}
	}
	if f&formatHidesZero != 0 {
		if isNum, _, n := isNumeric(v); isNum && n == 0 {
			return "", true, bookCell{}
		}
	}
	if k := f.kind(); k == formatNone || k == formatGeneral {
		return numberText(v), true, bookCell{}
	}
	return "", false, bookCell{t, v}
}

// isoDateForm is the ISO 8601 form of a date cell's value (t="d") openpyxl
// reads: a date, a time, or both, seconds and their fraction optional, a
// trailing Z allowed.
var isoDateForm = regexp.MustCompile(`^(?:(\d{4})-(\d{2})-(\d{2}))?T?(?:(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?Z?$`)

// isoDateSerial is the serial number of an ISO date cell's value in the
// workbook's date system (date1904), as openpyxl's to_excel counts it:
// in the 1900 system, from 30 December 1899, a day less up to 28 February
// 1900 (Excel's 29 February 1900); a time alone is a fraction of day 0.
func isoDateSerial(v string, date1904 bool) (float64, bool) {
	m := isoDateForm.FindStringSubmatch(v)
	if m == nil || m[1] == "" && m[4] == "" || m[1] != "" && m[4] == "" && strings.Contains(v, "T") {
		return 0, false
	}
	num := func(s string) int { n, _ := strconv.Atoi(s); return n }
	var days float64
	if m[1] != "" {
		y, mo, d := num(m[1]), num(m[2]), num(m[3])
		t := time.Date(y, time.Month(mo), d, 0, 0, 0, 0, time.UTC)
		if t.Year() != y || int(t.Month()) != mo || t.Day() != d {
			return 0, false // no such day
		}
		n := epochDays(t, date1904)
		if !date1904 && n > 0 && n <= 60 {
			n--
		}
		days = float64(n)
	}
	if m[4] != "" {
		h, mi, s := num(m[4]), num(m[5]), num(m[6])
		if h > 23 || mi > 59 || s > 59 {
			return 0, false
		}
		frac, _ := strconv.ParseFloat("0"+m[7], 64)
		days += (float64(h*3600+mi*60+s) + frac) / 86400
	}
	return days, true
}
