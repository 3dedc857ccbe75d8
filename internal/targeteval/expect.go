package targeteval

import (
	"strings"
	"unicode"
)

// Norm reduces a label to its letters and digits, lower-cased, so that
// line breaks, hyphenation ("Geburts- datum"), punctuation and spacing do
// not decide whether two labels agree.
func Norm(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// minContained is the shortest normalised label that may match by
// containment; shorter ones ("M", "No", "le") must match whole words.
const minContained = 4

// QuestionAgrees reports whether formfill's question got names the target
// as the labelled question (or one of its Also texts) does: the normalised
// label is contained in the question, or the question in the label. A short
// label must appear as a whole word of the question.
func (e Expect) QuestionAgrees(got string) bool {
	g := Norm(got)
	if g == "" {
		return false
	}
	for _, want := range append([]string{e.Question}, e.Also...) {
		w := Norm(want)
		if w == "" {
			continue
		}
		if len(w) < minContained {
			for _, word := range strings.FieldsFunc(got, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
				if strings.ToLower(word) == w {
					return true
				}
			}
			continue
		}
		if strings.Contains(g, w) || len(g) >= minContained && strings.Contains(w, g) {
			return true
		}
	}
	return false
}

// IsFieldName reports whether question only repeats the field's own name:
// its full name, its last part, or that part without an index
// ("topmostSubform[0].Page1[0].txtNoms[0]", "txtNoms[0]", "txtNoms").
func IsFieldName(question, fullName string) bool {
	q := strings.ToLower(strings.TrimSpace(question))
	if q == "" {
		return false
	}
	last := fullName[strings.LastIndex(fullName, ".")+1:]
	bare := last
	if i := strings.IndexByte(bare, '['); i > 0 {
		bare = bare[:i]
	}
	for _, n := range []string{fullName, last, bare} {
		if q == strings.ToLower(strings.TrimSpace(n)) {
			return true
		}
	}
	return false
}

// OptionsNamed counts the labelled options of e whose printed label is
// among got (normalised), and how many are labelled.
func (e Expect) OptionsNamed(got []string) (named, labelled int) {
	have := map[string]bool{}
	for _, g := range got {
		have[Norm(g)] = true
	}
	for _, label := range e.Options {
		labelled++
		if have[Norm(label)] {
			named++
		}
	}
	return named, labelled
}
