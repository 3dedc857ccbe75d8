package excel

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/formfill/formfill/formats"
)

// Coded answers: the answer cell takes a code ("1", "Y") that a cell
// beside it or the column's header spells out: "(1) Yes; (2) No",
// "1 = Ja, 2 = Nein", "Y/N/NA", "1–5". The codes become the target's
// options (the values to write), the spelling its hint; a write of a
// code's label writes the code, and other text is refused: the sheet's
// scoring formulas read the code as a number.

// code is one accepted value and what it means.
type code struct{ value, label string }

var (
	codeParen = regexp.MustCompile(`\(\s*([0-9]{1,2}|[A-Z]{1,2})\s*\)\s*([^;,()\n]*[^;,()\s])`)
	codeEqual = regexp.MustCompile(`(?:^|[;,\n]\s*)([0-9]{1,2}|[A-Z]{1,2})\s*[=:]\s*([^;,=\n]*[^;,=\s])`)
	codeSlash = regexp.MustCompile(`^[A-Za-z0-9]{1,3}(\s*/\s*[A-Za-z0-9]{1,3}){1,5}$`)
	codeRange = regexp.MustCompile(`^\(?([0-9])\s*(?:–|-|—|to|bis|tot|à)\s*([0-9]{1,2})\)?$`)
)

// notApplicable is "N/A" and its spellings: one value, not two codes.
var notApplicable = regexp.MustCompile(`(?i)^n\s*/\s*a$`)

// maxCodeLabel bounds what one code may mean ("Yes", "Nicht zutreffend").
const maxCodeLabel = 40

// maxCodeText bounds the text read as a list of codes.
const maxCodeText = 200

// parseCodes reads text as a list of codes; nil when it is not one (fewer
// than two codes, or codes that leave most of the text unexplained).
func parseCodes(text string) []code {
	t := strings.TrimSpace(text)
	if t == "" || len(t) > maxCodeText {
		return nil
	}
	if !mayBeCodes(t) {
		return nil
	}
	if m := codeRange.FindStringSubmatch(t); m != nil {
		lo, _ := strconv.Atoi(m[1])
		hi, _ := strconv.Atoi(m[2])
		if hi <= lo || hi-lo > 10 {
			return nil
		}
		var out []code
		for v := lo; v <= hi; v++ {
			out = append(out, code{value: strconv.Itoa(v), label: strconv.Itoa(v)})
		}
		return out
	}
	if codeSlash.MatchString(t) && !notApplicable.MatchString(t) {
		var out []code
		for _, p := range strings.Split(t, "/") {
			p = strings.TrimSpace(p)
			out = append(out, code{value: p, label: p})
		}
		return out
	}
	for _, re := range []*regexp.Regexp{codeParen, codeEqual} {
		ms := re.FindAllStringSubmatch(t, -1)
		if len(ms) < 2 {
			continue
		}
		covered := 0
		var out []code
		for _, m := range ms {
			covered += len(m[0])
			label := strings.TrimSpace(m[2])
			if len(label) > maxCodeLabel {
				return nil // a numbered list of sentences, not codes
			}
			out = append(out, code{value: m[1], label: label})
		}
		if covered*10 >= len(t)*7 {
			return out
		}
	}
	return nil
}

// mayBeCodes is false when no expression of parseCodes can match t, so
// that the texts around each written cell (most of them questions) skip
// the regular expressions, a tenth of a small workbook's write: a range
// starts with a digit, a slash list holds a "/", and two codes of a
// paren or equal list hold two "(" or two "=" or ":".
func mayBeCodes(t string) bool {
	digit := func(i int) bool { return i < len(t) && t[i] >= '0' && t[i] <= '9' }
	return digit(0) || t[0] == '(' && digit(1) || strings.IndexByte(t, '/') >= 0 ||
		strings.Count(t, "(") >= 2 || strings.Count(t, "=")+strings.Count(t, ":") >= 2
}

// codeSpan is how far either side of the answer cell a code list may sit.
const codeSpan = 3

// maxCodeHeader bounds how far up the column its header is looked for.
const maxCodeHeader = 30

// codesNear finds the codes that spell out cell (r, c)'s answer: a cell
// of its row within codeSpan (right first), else the nearest text above
// it in its column (the header). text reads a cell of the sheet.
func codesNear(text func(r, c int) string, r, c int) []code {
	for _, d := range []int{1, 2, 3, -1, -2, -3} {
		if cc := c + d; cc >= 1 && d <= codeSpan {
			if cs := parseCodes(text(r, cc)); cs != nil {
				return cs
			}
		}
	}
	for rr := r - 1; rr >= max(1, r-maxCodeHeader); rr-- {
		if v := strings.TrimSpace(text(rr, c)); v != "" {
			if strings.Contains(v, "\n") {
				return nil // an example or a note above, not a header
			}
			return parseCodes(v)
		}
	}
	return nil
}

// codeHint spells the codes out for the target ("1 = Yes; 2 = No"), ""
// when each code is its own label.
func codeHint(cs []code) string {
	var parts []string
	plain := true
	for _, c := range cs {
		parts = append(parts, c.value+" = "+c.label)
		plain = plain && c.value == c.label
	}
	if plain {
		return ""
	}
	return "write the code: " + strings.Join(parts, "; ")
}

// codeValues are the values to write.
func codeValues(cs []code) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.value
	}
	return out
}

// matchCode finds the code an answer gives: the code itself or its label.
func matchCode(answer string, cs []code) (code, bool) {
	a := formats.Normalize(answer)
	for _, c := range cs {
		if formats.Normalize(c.value) == a {
			return c, true
		}
	}
	for _, c := range cs {
		if formats.Normalize(c.label) == a {
			return c, true
		}
	}
	return code{}, false
}

// checkCode turns an answer to a coded cell into its code, or refuses it
// naming the codes. A cell with no codes near it takes the answer as is.
func (w *writer) checkCode(name, sheet string, c cell, value string, warns *[]string) (string, error) {
	if strings.TrimSpace(value) == "" {
		return value, nil
	}
	// Cell by cell: the neighbours and the column above, never the whole
	// sheet (GetRows would decode all of it).
	cs := codesNear(func(r, col int) string {
		return w.rawAt(sheet, cell{sheet: c.sheet, row: r, col: col})
	}, c.row, c.col)
	if cs == nil {
		return value, nil
	}
	got, ok := matchCode(value, cs)
	if !ok {
		return "", formats.Errorf(formats.ErrInvalidArgument, name, "%s takes a code, not %q; %s", w.wb.xpath(c), clip(value, 80), strings.TrimPrefix(codeHintOrList(cs), "write the code: "))
	}
	if formats.Normalize(got.value) != formats.Normalize(value) {
		*warns = append(*warns, fmt.Sprintf("%s: %s takes a code: wrote %q for %q", name, w.wb.xpath(c), got.value, value))
	}
	return got.value, nil
}

// codeHintOrList is the codes spelt out, or listed when each is its own label.
func codeHintOrList(cs []code) string {
	if h := codeHint(cs); h != "" {
		return h
	}
	return "one of: " + strings.Join(codeValues(cs), " | ")
}
