package word

import (
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// How a legacy text field (w:textInput) wants its answer written: numbers
// in its picture, dates in its layout, and its case rule. fitText applies
// them; these read and write the values.

// parseNumber reads a number as people write it: thousands separators and
// a currency sign or percent are allowed around it.
func parseNumber(s string) (float64, error) {
	t := strings.TrimSpace(s)
	t = strings.TrimLeft(t, "$€£¥")
	t = strings.TrimRight(t, "%")
	t = strings.ReplaceAll(t, ",", "")
	return strconv.ParseFloat(strings.TrimSpace(t), 64)
}

// numberInPicture writes n in a Word number picture when it is one of the
// plain ones ("0", "0.00", "#,##0", "#,##0.00"); any other picture keeps
// the answer as written.
func numberInPicture(n float64, picture, written string) string {
	p := strings.TrimSpace(picture)
	if p == "" || strings.Trim(p, "#,0.") != "" || strings.Count(p, ".") > 1 {
		return strings.TrimSpace(written)
	}
	decimals := 0
	if i := strings.Index(p, "."); i >= 0 {
		decimals = len(p) - i - 1
	}
	s := strconv.FormatFloat(n, 'f', decimals, 64)
	if !strings.Contains(p, ",") {
		return s
	}
	return groupThousands(s)
}

// groupThousands puts commas between the thousands of a plain decimal.
func groupThousands(s string) string {
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	frac := ""
	if i := strings.Index(s, "."); i >= 0 {
		s, frac = s[:i], s[i:]
	}
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return sign + b.String() + frac
}

// parseDateAnswer reads an answer as a date: the spellings a date control
// takes, or the field's own picture.
func parseDateAnswer(s, picture string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	layouts := dateLayouts
	if picture != "" {
		layouts = append([]string{goDateLayout(picture)}, layouts...)
	}
	for _, l := range layouts {
		if d, err := time.Parse(l, s); err == nil {
			return d, true
		}
	}
	return time.Time{}, false
}

// wordDateTokens map Word's date picture codes to Go's layout, longest
// first so "MMMM" is not read as "MM" twice.
var wordDateTokens = []struct{ word, goLayout string }{
	{"dddd", "Monday"}, {"ddd", "Mon"}, {"dd", "02"}, {"d", "2"},
	{"MMMM", "January"}, {"MMM", "Jan"}, {"MM", "01"}, {"M", "1"},
	{"yyyy", "2006"}, {"yy", "06"}, {"YYYY", "2006"}, {"YY", "06"},
	{"HH", "15"}, {"hh", "03"}, {"h", "3"}, {"mm", "04"}, {"ss", "05"}, {"am/pm", "pm"}, {"AM/PM", "PM"},
}

// goDateLayout converts a Word date picture ("dd/MM/yyyy", "MMMM d, yyyy",
// with 'quoted' literals) into a Go time layout.
func goDateLayout(picture string) string {
	var b strings.Builder
	for i := 0; i < len(picture); {
		if picture[i] == '\'' {
			j := strings.IndexByte(picture[i+1:], '\'')
			if j < 0 {
				b.WriteString(picture[i+1:])
				break
			}
			b.WriteString(picture[i+1 : i+1+j])
			i += j + 2
			continue
		}
		matched := false
		for _, tk := range wordDateTokens {
			if strings.HasPrefix(picture[i:], tk.word) {
				b.WriteString(tk.goLayout)
				i += len(tk.word)
				matched = true
				break
			}
		}
		if !matched {
			b.WriteByte(picture[i])
			i++
		}
	}
	return b.String()
}

// applyCase applies a text field's case rule.
func applyCase(s, rule string) string {
	switch strings.ToUpper(strings.TrimSpace(rule)) {
	case "UPPERCASE":
		return strings.ToUpper(s)
	case "LOWERCASE":
		return strings.ToLower(s)
	case "FIRST CAPITAL":
		r, n := utf8.DecodeRuneInString(s)
		if n == 0 {
			return s
		}
		return string(unicode.ToUpper(r)) + s[n:]
	case "TITLE CASE":
		words := strings.Fields(s)
		for i, w := range words {
			r, n := utf8.DecodeRuneInString(w)
			words[i] = string(unicode.ToUpper(r)) + w[n:]
		}
		if len(words) == 0 {
			return s
		}
		return strings.Join(words, " ")
	}
	return s
}
