package excel

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Kinds of number format a cell's style can carry.
const (
	kindNumber = "number"
	kindDate   = "date"
	kindText   = "text"
)

// numberKind classifies a style's number format: "date", "number", "text"
// (the @ format) or "" for General.
func numberKind(s *cellFormat) string {
	if s == nil {
		return ""
	}
	if s.CustomNumFmt != nil {
		return customKind(*s.CustomNumFmt)
	}
	switch id := s.NumFmt; {
	case id == 0:
		return ""
	case id == 49:
		return kindText
	case id >= 14 && id <= 22, id >= 45 && id <= 47, id >= 27 && id <= 36, id >= 50 && id <= 58:
		return kindDate
	}
	return kindNumber
}

// quoted strips "literal" and [bracketed] parts of a format code.
var quoted = regexp.MustCompile(`"[^"]*"|\[[^\]]*\]|\\.`)

func customKind(code string) string {
	c := strings.ToLower(quoted.ReplaceAllString(code, ""))
	switch {
	case strings.TrimSpace(c) == "@":
		return kindText
	case strings.ContainsAny(c, "ymdhs"):
		return kindDate
	case strings.EqualFold(strings.TrimSpace(c), "general"):
		return ""
	}
	return kindNumber
}

// plainNumber matches what is stored as a number: digits with an optional
// sign, decimals and exponent, and no leading zero that would be lost (007
// is an identifier, not seven).
var plainNumber = regexp.MustCompile(`^-?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?$`)

// parseNumber reads answer as a number when storing it as one loses
// nothing: at most 15 significant digits, Excel's precision.
func parseNumber(answer string) (float64, bool) {
	s := strings.TrimSpace(answer)
	if !plainNumber.MatchString(s) {
		return 0, false
	}
	digits := strings.TrimLeft(strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, strings.SplitN(strings.ToLower(s), "e", 2)[0]), "0")
	if len(digits) > 15 {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil
}

// dateLayouts are the date spellings accepted for date-formatted cells;
// only unambiguous ones (no 01/02/2006: is it January or February?).
var dateLayouts = []string{"2006-01-02", "2006-01-02T15:04:05", "2006-01-02 15:04", "2006-01-02T15:04", "2 January 2006", "2 Jan 2006", "January 2, 2006", "Jan 2, 2006"}

// parseDate reads an answer as a date for a date-formatted cell.
func parseDate(answer string) (time.Time, bool) {
	s := strings.TrimSpace(answer)
	if !mayBeDate(s) {
		return time.Time{}, false
	}
	for _, l := range dateLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// mayBeDate is false when no date layout can read s, so that a text
// answer does not pay eight failed parses (a fourteenth of a small
// workbook's write): every layout starts with a digit or a month's name,
// whose first three letters time.Parse matches in any case.
func mayBeDate(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return s != ""
	}
	if len(s) < 3 {
		return false
	}
	low := [3]byte{s[0] | 0x20, s[1] | 0x20, s[2] | 0x20}
	for m := 0; m < len(monthStarts); m += 3 {
		if monthStarts[m:m+3] == string(low[:]) {
			return true
		}
	}
	return false
}

// monthStarts are the months' first three letters.
const monthStarts = "janfebmaraprmayjunjulaugsepoctnovdec"

// excelSerial converts t to Excel's serial day number. Dates before March
// 1900 are not supported by this conversion (Excel's phantom 29 Feb 1900).
func excelSerial(t time.Time, date1904 bool) float64 {
	return float64(epochDays(t, date1904)) + float64(t.Sub(t.Truncate(24*time.Hour)))/float64(24*time.Hour)
}

// epochDays is the number of whole days from the date system's epoch
// (30 December 1899, or 1 January 1904 for date1904) to t's day. It counts
// in seconds, not in a time.Duration, which saturates 292 years out
// (the year 2192 from the 1900 epoch), short of Excel's 9999.
func epochDays(t time.Time, date1904 bool) int64 {
	epoch := time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC)
	if date1904 {
		epoch = time.Date(1904, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	secs := t.Unix() - epoch.Unix()
	days := secs / 86400
	if secs%86400 < 0 {
		days-- // floor, for a time before the epoch
	}
	return days
}

var (
	groupedNumber = regexp.MustCompile(`^-?\d{1,3}(,\d{3})+(\.\d+)?$`)
	percentNumber = regexp.MustCompile(`^-?\d+(\.\d+)?\s?%$`)
)

// parseFormatted reads the spellings only a number-formatted cell takes as
// numbers: thousands separators (1,234.5) and percentages (85% → 0.85).
func parseFormatted(answer string) (float64, bool) {
	s := strings.TrimSpace(answer)
	switch {
	case groupedNumber.MatchString(s):
		return parseNumber(strings.ReplaceAll(s, ",", ""))
	case percentNumber.MatchString(s):
		n, ok := parseNumber(strings.TrimSpace(strings.TrimSuffix(s, "%")))
		if !ok {
			return 0, false
		}
		// Shifted in decimal, not divided: 99.9/100 is 0.9990000000000001,
		// where Excel stores 99.9% typed as 0.999.
		f, err := strconv.ParseFloat(strconv.FormatFloat(n, 'f', -1, 64)+"e-2", 64)
		return f, err == nil
	}
	return 0, false
}
