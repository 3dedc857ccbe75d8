package excel

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/formfill/formfill/internal/readers"
)

// The cell texts formfill reports are held to openpyxl's reading of the
// same cells: its value (a formula's cached result) and the cell's number
// format code, rendered by readerShows as Excel renders a code (ECMA-376
// Part 1, §18.8.30-31). openpyxl reads values and codes but renders
// nothing, and LibreOffice's rendering is not Excel's where formfill's
// texts matter: it shows built-in format 14 ("mm-dd-yy") as the locale's
// short date, counts serial numbers from 30 December 1899 (a day early
// before March 1900), and shows General numbers to full precision.

// readerShows is the text a spreadsheet shows for c: a string or error
// as it is (or through the code's text section), a boolean TRUE or FALSE
// whatever the code, a number or date under its number format code. A
// code it does not render is an error, so a test meeting one fails rather
// than passes.
func readerShows(c readers.XLSXCell) (string, error) {
	if c.Value == "TRUE" || c.Value == "FALSE" { // no format applies to a boolean
		return c.Value, nil
	}
	if c.Number == nil {
		return textShown(codeSections(c.Format), c.Value), nil
	}
	v := *c.Number
	secs := codeSections(c.Format)
	sec, signed := secs[0], v < 0
	switch {
	case v < 0 && len(secs) > 1 && !strings.Contains(secs[1], "@"):
		sec, signed = secs[1], false
	case v == 0 && len(secs) > 2:
		sec = secs[2]
	}
	var out string
	var err error
	switch plain := strings.ToLower(stripLiterals(sec)); {
	case plain == "general" || plain == "@":
		out = strconv.FormatFloat(math.Abs(v), 'G', 15, 64)
	case plain == "": // literals alone: shown instead of the number
		return textShown([]string{"", "", "", sec}, ""), nil
	case strings.ContainsAny(plain, "ymdhs"):
		return dateShown(sec, c.Value)
	default:
		out, err = numberShown(sec, math.Abs(v))
	}
	if signed && err == nil {
		out = "-" + out
	}
	return out, err
}

// literals walks sec, calling lit with each literal piece (quoted text,
// an escaped character, a _x space) and code with each byte of the code;
// [..] brackets (locale, colour, condition) go to code whole.
func literals(sec string, lit func(string), code func(string)) {
	for i := 0; i < len(sec); i++ {
		switch c := sec[i]; {
		case c == '"':
			j := strings.IndexByte(sec[i+1:], '"')
			if j < 0 {
				j = len(sec) - i - 1
			}
			lit(sec[i+1 : i+1+j])
			i += j + 1
		case (c == '\\' || c == '_' || c == '*') && i+1 < len(sec):
			// The character escaped, repeated or spaced for is a whole
			// rune: a no-break space (0.00\ %) is two bytes.
			_, n := utf8.DecodeRuneInString(sec[i+1:])
			if c == '\\' {
				lit(sec[i+1 : i+1+n])
			} else if c == '_' {
				lit(" ")
			}
			i += n
		case c == '[':
			j := strings.IndexByte(sec[i:], ']')
			if j < 0 {
				j = len(sec) - i - 1
			}
			code(sec[i : i+j+1])
			i += j
		default:
			code(sec[i : i+1])
		}
	}
}

// stripLiterals is sec without its literals and brackets: what says how
// the value is shown.
func stripLiterals(sec string) string {
	var b strings.Builder
	literals(sec, func(string) {}, func(s string) {
		if s[0] != '[' {
			b.WriteString(s)
		}
	})
	return b.String()
}

// textShown is text under the code's sections: through its text section
// (the fourth, or one holding @) when it has one, else as it is.
func textShown(secs []string, text string) string {
	sec := ""
	if len(secs) == 4 {
		sec = secs[3]
	}
	for _, s := range secs {
		if sec == "" && strings.Contains(stripLiterals(s), "@") {
			sec = s
		}
	}
	if sec == "" {
		return text
	}
	var b strings.Builder
	literals(sec, func(s string) { b.WriteString(s) }, func(s string) {
		switch {
		case s == "@":
			b.WriteString(text)
		case strings.Contains(shownAsIs, s):
			b.WriteString(s)
		}
	})
	return b.String()
}

// openpyxlStored is openpyxl's value of c as a cell's rawShown gives it:
// a number (a date's serial number, a boolean's 1 or 0) to the 15
// significant digits Excel keeps, else openpyxl's text.
func openpyxlStored(c readers.XLSXCell) string {
	if c.Number != nil {
		return strconv.FormatFloat(*c.Number, 'G', 15, 64)
	}
	return c.Value
}

// sameStored reports whether raw, a cell's value as its XML stores it,
// is openpyxl's value of c: the same number (a date's serial, a boolean's
// 1 or 0), the same ISO date (t="d", which openpyxl reads without its
// "Z"), or the same text.
func sameStored(raw string, c readers.XLSXCell) bool {
	if c.Number == nil {
		return raw == c.Value
	}
	if f, err := strconv.ParseFloat(raw, 64); err == nil {
		return f == *c.Number
	}
	return strings.TrimSuffix(raw, "Z") == c.Value
}

// storesNumber reports whether openpyxl's c is a cell whose value is a
// number or that has none (t absent or "n"): openpyxl's n, or its d for a
// number under a date format. A d cell under a code with no date part
// holds an ISO date (t="d").
func storesNumber(c readers.XLSXCell) bool {
	plain := strings.ToLower(stripLiterals(codeSections(c.Format)[0]))
	return c.Type == "" || c.Type == "n" || c.Type == "d" && plain != "general" && strings.ContainsAny(plain, "ymdhs")
}

// inlineEscape is an _xHHHH_ escape of a character in a cell's text
// (the test's own pattern: the oracle does not borrow the engine's).
var inlineEscape = regexp.MustCompile(`_x([0-9A-Fa-f]{4})_`)

// unescapeInline decodes the _xHHHH_ escapes openpyxl leaves in an inline
// string's text: Excel decodes them in inline strings as in shared ones,
// and so does formfill.
func unescapeInline(s string) string {
	return inlineEscape.ReplaceAllStringFunc(s, func(m string) string {
		n, _ := strconv.ParseUint(m[2:6], 16, 32)
		return string(rune(n))
	})
}
