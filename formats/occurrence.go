package formats

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// Occurrence says which match of an answer's Find text an edit applies to:
// 1 for the first (also what the zero value means), n for the n-th, or
// AllOccurrences. In JSON it is a number or the string "all".
type Occurrence int

// AllOccurrences makes an edit apply to every match of Find.
const AllOccurrences Occurrence = -1

// Index returns the 1-based match an edit applies to; 0 for all of them.
func (o Occurrence) Index() int {
	switch {
	case o == AllOccurrences:
		return 0
	case o <= 0:
		return 1
	}
	return int(o)
}

// String gives "all" or the number.
func (o Occurrence) String() string {
	if o == AllOccurrences {
		return "all"
	}
	return strconv.Itoa(o.Index())
}

// MarshalJSON writes "all" or the number.
func (o Occurrence) MarshalJSON() ([]byte, error) {
	if o == AllOccurrences {
		return []byte(`"all"`), nil
	}
	return []byte(strconv.Itoa(int(o))), nil
}

// UnmarshalJSON reads a positive number, a string holding one, or "all".
func (o *Occurrence) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		*o = 0
		return nil
	}
	s := string(b)
	if len(b) > 0 && b[0] == '"' {
		if err := json.Unmarshal(b, &s); err != nil {
			return Errorf(ErrInvalidArgument, "occurrence", "%s is not a number or \"all\"", b)
		}
		s = strings.TrimSpace(s)
		if strings.EqualFold(s, "all") {
			*o = AllOccurrences
			return nil
		}
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return Errorf(ErrInvalidArgument, "occurrence", "%s is not a match number counted from 1, or \"all\"", b)
	}
	*o = Occurrence(n)
	return nil
}

// ReplaceFound replaces the chosen occurrence of find in text (every one
// for AllOccurrences) with value: replace_text and delete on a plain
// value, an Excel cell or a PDF text field. what names the value for the
// error when find is not there ("cell", "field").
func ReplaceFound(field, what, text, find, value string, occ Occurrence) (string, error) {
	n := strings.Count(text, find)
	if n == 0 || find == "" {
		return "", Errorf(ErrInvalidArgument, field, "find %q is not in the %s's text; the %s holds %q", clipRunes(find, 80), what, what, clipRunes(text, 300))
	}
	which := occ.Index()
	if which == 0 {
		return strings.ReplaceAll(text, find, value), nil
	}
	if which > n {
		return "", Errorf(ErrInvalidArgument, field, "find %q occurs %d time(s) in the %s; there is no occurrence %d", clipRunes(find, 80), n, what, which)
	}
	at := 0
	for i := 1; i < which; i++ {
		at += strings.Index(text[at:], find) + len(find)
	}
	at += strings.Index(text[at:], find)
	return text[:at] + value + text[at+len(find):], nil
}

// clipRunes cuts s to at most n runes, marking the cut.
func clipRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
