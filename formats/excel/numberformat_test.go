package excel

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// The number and date sections of a format code, rendered as Excel
// renders them, for readerShows (oracle_test.go). Only what the tests'
// workbooks carry is rendered; any other code is an error.

// shownAsIs are the characters a format code shows without quotes.
const shownAsIs = "$-+/():!^&'~{}<>= ,"

// numberShown renders v ≥ 0 under a number section of digit placeholders
// (0 # ?), a decimal point, a thousands comma and percent signs, with
// literals before and after: the codes real workbooks' answer cells carry
// ("0", "#,##0", "0.00", "0.00%"). Halves round away from zero, as Excel
// rounds. Anything else (exponents, fractions, scaling commas, literals
// between digits) is an error.
func numberShown(sec string, v float64) (string, error) {
	pre, digits, post, percents, ok := numberParts(sec)
	intPart, frac, _ := strings.Cut(digits, ".")
	if !ok || digits == "" || strings.HasSuffix(intPart, ",") || strings.Contains(frac, ",") {
		return "", fmt.Errorf("no rendering of number format %q here: extend readerShows", sec)
	}
	v *= math.Pow(100, float64(percents))
	dec := len(frac)
	scaled := math.Round(v*math.Pow10(dec)) / math.Pow10(dec)
	whole, fraction, _ := strings.Cut(strconv.FormatFloat(scaled, 'f', dec, 64), ".")
	for strings.HasSuffix(frac, "#") && strings.HasSuffix(fraction, "0") {
		frac, fraction = frac[:len(frac)-1], fraction[:len(fraction)-1]
	}
	if whole == "0" && !strings.Contains(intPart, "0") {
		whole = ""
	}
	if strings.Contains(intPart, ",") {
		for i := len(whole) - 3; i > 0; i -= 3 {
			whole = whole[:i] + "," + whole[i:]
		}
	}
	if strings.Contains(digits, ".") {
		whole += "." + fraction
	}
	return pre + whole + post, nil
}

// numberParts splits a number section into the literals before its digit
// placeholders, the placeholders (with the point and commas), the
// literals after them and its count of percent signs; ok is false for a
// code numberShown does not render.
func numberParts(sec string) (pre, digits, post string, percents int, ok bool) {
	var b [3]strings.Builder // before, digits, after
	at, ok := 0, true
	put := func(s string) {
		if at == 1 {
			at = 2
		}
		b[at].WriteString(s)
	}
	literals(sec, put, func(s string) {
		switch {
		case s[0] == '[':
		case strings.Contains("0#?.,", s) && at < 2:
			at = 1
			b[1].WriteString(s)
		case s == "%":
			percents++
			put(s)
		case strings.Contains(shownAsIs, s) && s != ",":
			put(s)
		default:
			ok = false
		}
	})
	return b[0].String(), b[1].String(), b[2].String(), percents, ok
}

// dateShown renders openpyxl's date or time iso (a time alone is a serial
// number below 1, day 0: 1900-01-00) under a date section: years (yy,
// yyyy), months (m, mm, mmm, mmmm, mmmmm), days (d, dd, ddd, dddd), hours,
// minutes (m, mm after an hour or before seconds), seconds and AM/PM, with
// literals. Elapsed times and fractions of seconds are errors.
func dateShown(sec, iso string) (string, error) {
	t, err := time.Parse("2006-01-02T15:04:05.999999", iso)
	if err != nil {
		if t, err = time.Parse("2006-01-02", iso); err != nil {
			if t, err = time.Parse("15:04:05.999999", iso); err != nil {
				return "", fmt.Errorf("openpyxl's %q is no date", iso)
			}
			t = time.Date(1899, 12, 31, t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), time.UTC) // shown as day 0
		}
	}
	t = t.Add(500 * time.Millisecond).Truncate(time.Second) // shown to the second, rounded
	toks := dateTokens(sec)
	ampm := strings.Contains(strings.ToUpper(sec), "AM/PM")
	var b strings.Builder
	for i := 0; i < len(toks); i++ {
		if strings.EqualFold(toks[i], "a") && strings.HasPrefix(strings.ToUpper(strings.Join(toks[i:min(i+5, len(toks))], "")), "AM/PM") {
			b.WriteString(pick(t.Hour() < 12, "AM", "PM"))
			i += 4
			continue
		}
		part, err := datePart(toks, i, t, ampm)
		if err != nil {
			return "", fmt.Errorf("date format %q: %w", sec, err)
		}
		b.WriteString(part)
	}
	return b.String(), nil
}

// dateTokens splits a date section into runs of one code letter ("yyyy",
// "m"), other code characters one by one, and literals ("\x00" + text).
func dateTokens(sec string) []string {
	var toks []string
	literals(sec, func(s string) { toks = append(toks, "\x00"+s) }, func(s string) {
		if n := len(toks); n > 0 && strings.EqualFold(toks[n-1][:1], s) && strings.ContainsAny(strings.ToLower(s), "ymdhs") {
			toks[n-1] += s
			return
		}
		toks = append(toks, s)
	})
	return toks
}

// datePart renders toks[i] of a date section for t (year 1899: day 0 of
// January 1900); ampm says the hours run 1 to 12.
func datePart(toks []string, i int, t time.Time, ampm bool) (string, error) {
	tok := toks[i]
	low := strings.ToLower(tok)
	month, day, year := t.Month(), t.Day(), t.Year()
	if year == 1899 {
		month, day, year = 1, 0, 1900
	}
	two := func(n int) string { return fmt.Sprintf("%02d", n) }
	switch {
	case tok[0] == 0:
		return tok[1:], nil
	case tok[0] == '[':
		if strings.HasPrefix(low, "[$") || !strings.ContainsAny(low, "hms") {
			return "", nil // a locale or a colour
		}
		return "", fmt.Errorf("no rendering of elapsed time %q here", tok)
	case low[0] == 'y':
		return pick(len(low) > 2, fmt.Sprint(year), two(year%100)), nil
	case low[0] == 'm' && len(low) <= 2 && isMinute(toks, i):
		return pick(len(low) == 2, two(t.Minute()), fmt.Sprint(t.Minute())), nil
	case low[0] == 'm':
		name := month.String()
		return []string{"", fmt.Sprint(int(month)), two(int(month)), name[:3], name, name[:1]}[min(len(low), 5)], nil
	case low[0] == 'd':
		name := t.Weekday().String()
		return []string{"", fmt.Sprint(day), two(day), name[:3], name}[min(len(low), 4)], nil
	case low[0] == 'h':
		h := t.Hour()
		if ampm {
			h = (h+11)%12 + 1
		}
		return pick(len(low) == 2, two(h), fmt.Sprint(h)), nil
	case low[0] == 's':
		return pick(len(low) == 2, two(t.Second()), fmt.Sprint(t.Second())), nil
	case strings.Contains(shownAsIs+".", tok):
		return tok, nil
	}
	return "", fmt.Errorf("no rendering of %q here", tok)
}

// isMinute reports whether the m token at i means minutes: it follows an
// hour or comes before seconds, across literals and separators.
func isMinute(toks []string, i int) bool {
	for j := i - 1; j >= 0; j-- {
		if l := strings.ToLower(toks[j]); l != "" && strings.ContainsAny(l[:1], "ymdhs") {
			if l[0] == 'h' {
				return true
			}
			break
		}
	}
	for j := i + 1; j < len(toks); j++ {
		if l := strings.ToLower(toks[j]); l != "" && strings.ContainsAny(l[:1], "ymdhs") {
			return l[0] == 's'
		}
	}
	return false
}

// pick is a if cond, else b.
func pick(cond bool, a, b string) string {
	if cond {
		return a
	}
	return b
}
