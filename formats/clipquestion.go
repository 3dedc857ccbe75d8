package formats

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// ClipQuestion cuts question s to n runes, marking each cut with "…". A
// question read from a table joins its row's question to what its column
// or option says, with " / " in Word ("Protect stored account data /
// Compliant to PCI DSS Requirements (Select One) / NO") and " — " in
// Excel ("Has your practice completed an SRA before? — I don't know."),
// and that last part is what tells the targets of one row apart: cutting
// only the end would leave them all asking the same thing. So the last
// part keeps room of its own: whole when it is short (up to a third of
// n), else at least half of n, and the cut falls in the head as well.
// An n below one leaves s whole.
func ClipQuestion(s string, n int) string {
	if n < 1 || len(s) <= n || utf8.RuneCountInString(s) <= n {
		return s // n below one: nothing to cut to
	}
	i := lastPart(s)
	if i <= 0 || n < minPartedClip {
		return clipWithin(s, n)
	}
	head, tail := s[:i], s[i:]
	hr, tr := utf8.RuneCountInString(head), utf8.RuneCountInString(tail)
	room := tr // the tail's
	if tr > n/3 {
		room = min(tr, max(n-hr, n-n/2))
	}
	return clipWithin(head, n-room) + clipWithin(tail, room)
}

// minPartedClip is the shortest clip that keeps room for two parts.
const minPartedClip = 12

// lastPart is where the last part of s starts: its last " / " or " — "
// before a capital or a digit and outside brackets, -1 when none. A slash
// inside a sentence ("joiners / leavers", "(DPO / data subjects)") joins
// words, not a question and a column.
func lastPart(s string) int {
	i := max(strings.LastIndex(s, " / "), strings.LastIndex(s, " — "))
	if i <= 0 {
		return -1
	}
	sep := " / "
	if !strings.HasPrefix(s[i:], sep) {
		sep = " — "
	}
	r, _ := utf8.DecodeRuneInString(s[i+len(sep):])
	if !unicode.IsUpper(r) && !unicode.IsDigit(r) || strings.Count(s[:i], "(") != strings.Count(s[:i], ")") {
		return -1
	}
	return i
}

// clipWithin cuts s to n runes, the last of them "…", when it is longer.
func clipWithin(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return clipRunes(s, n-1)
}
