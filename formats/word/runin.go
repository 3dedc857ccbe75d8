package word

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Run-in header detection for the document view. roles.go's
// detectRunInHeader finds run-in headers for the edits' role models, and
// the two share their limits (headerPunct, maxHeaderWords) but not their
// reading: edits need the header's byte span, its character style and the
// runs' direct formatting, to render a new header like it, and refuse a
// quoted term (a definition, which edits style otherwise); the view reads
// the effective formatting a reader sees, paragraph styles included, and
// shows a quoted caption ("“Security Incidents:”") as the header it
// looks like.

// viewPiece is a piece of a paragraph's text with its effective emphasis.
type viewPiece struct {
	text string
	runLook
}

// captionMaxRunes bounds a run-in header, with maxHeaderWords: a caption
// such as "Closing Deliverables" or "Limitation of Liability", not a
// sentence.
const captionMaxRunes = 80

// runInHeader finds a run-in header at the start of a paragraph: a short
// leading span that is bold or underlined and ends in ".", ":" or "-"
// (the mark inside the span or at the start of the plain text after it),
// followed by more text — "Closing Deliverables.  At each Closing, …" or
// "Voting" underlined then ". The holders…". It returns the header without
// its closing mark (and without quotes around it), its formatting, and the
// text after the mark with leading space removed; ok is false when the
// paragraph has no such header. A paragraph all in bold is a heading, not
// a run-in header; a bold defined term ("“Affiliate” means") has no
// closing mark.
func leadingHeader(parts []viewPiece) (header string, f runLook, rest string, ok bool) {
	var head strings.Builder
	i := 0
	started := false
	for ; i < len(parts); i++ {
		p := parts[i]
		if strings.TrimSpace(p.text) == "" {
			if started {
				head.WriteString(p.text)
			}
			continue
		}
		if !p.bold && !p.underline {
			break
		}
		if !started {
			f, started = p.runLook, true
		}
		head.WriteString(p.text)
	}
	var after strings.Builder
	for _, p := range parts[i:] {
		after.WriteString(p.text)
	}
	h := strings.TrimSpace(head.String())
	tail := strings.TrimLeftFunc(after.String(), unicode.IsSpace)
	if h == "" || tail == "" {
		return "", runLook{}, "", false
	}
	inner := unquote(h) // “Security Incidents:” closes inside its quotes
	if cut, ok := cutPunct(inner); ok {
		h = cut
	} else if cut, ok := cutPunct(h); ok {
		h = unquote(cut)
	} else if first, size := utf8.DecodeRuneInString(tail); strings.ContainsRune(headerPunct, first) {
		h, tail = inner, strings.TrimLeftFunc(tail[size:], unicode.IsSpace)
	} else {
		return "", runLook{}, "", false
	}
	if !headerLike(h) || strings.TrimSpace(tail) == "" {
		return "", runLook{}, "", false
	}
	return h, f, tail, true
}

// cutPunct removes a header's closing mark.
func cutPunct(s string) (string, bool) {
	last, size := utf8.DecodeLastRuneInString(s)
	if !strings.ContainsRune(headerPunct, last) {
		return s, false
	}
	return strings.TrimSpace(s[:len(s)-size]), true
}

// headerLike reports whether s reads as a caption: short, starting with a
// letter or digit (or an opening bracket), not ending in punctuation.
func headerLike(s string) bool {
	if s == "" || utf8.RuneCountInString(s) > captionMaxRunes || len(strings.Fields(s)) > maxHeaderWords {
		return false
	}
	first, _ := utf8.DecodeRuneInString(s)
	last, _ := utf8.DecodeLastRuneInString(s)
	return (unicode.IsLetter(first) || unicode.IsDigit(first) || first == '[' || first == '(') &&
		!strings.ContainsRune(headerPunct+",;", last)
}

// unquote removes quotation marks around the whole of s.
func unquote(s string) string {
	for _, q := range [][2]string{{"“", "”"}, {`"`, `"`}, {"‘", "’"}, {"'", "'"}} {
		if len(s) > len(q[0])+len(q[1]) && strings.HasPrefix(s, q[0]) && strings.HasSuffix(s, q[1]) {
			return strings.TrimSpace(s[len(q[0]) : len(s)-len(q[1])])
		}
	}
	return s
}
