package word

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A replacement keeps what it does not change. The old and new text are
// compared word by word (a word is a run of letters and digits; every
// other character stands alone), and only the regions that differ are
// rewritten: the words kept keep their runs, and each changed region takes
// the formatting of the text it replaces (diff.go's regions go through
// spliceSpan one by one). Dropping the brackets of "[Initial Closing.]"
// thus deletes two bracket characters and leaves "Initial Closing"
// underlined and its period plain, as they were; "[________]" → "March 3"
// is one region, written in the formatting of the blank.

// region is one change: old[a:b] becomes text.
type region struct {
	a, b int
	text string
}

// maxDiffCells bounds the word-by-word comparison (old words × new
// words); longer texts are compared by their common prefix and suffix
// only.
const maxDiffCells = 1 << 18

// diffRegions returns the changes that turn old into new, in order.
func diffRegions(old, new string) []region {
	if old == new {
		return nil
	}
	ot, nt := tokens(old), tokens(new)
	if len(ot)*len(nt) > maxDiffCells {
		pre, suf := commonAffixes(old, new)
		return []region{{a: pre, b: len(old) - suf, text: new[pre : len(new)-suf]}}
	}
	// lcs[i][j]: length of the longest common subsequence of ot[i:], nt[j:].
	lcs := make([][]int32, len(ot)+1)
	for i := range lcs {
		lcs[i] = make([]int32, len(nt)+1)
	}
	for i := len(ot) - 1; i >= 0; i-- {
		for j := len(nt) - 1; j >= 0; j-- {
			switch {
			case ot[i].key == nt[j].key:
				lcs[i][j] = lcs[i+1][j+1] + 1
			case lcs[i+1][j] >= lcs[i][j+1]:
				lcs[i][j] = lcs[i+1][j]
			default:
				lcs[i][j] = lcs[i][j+1]
			}
		}
	}
	var out []region
	i, j := 0, 0
	open := false
	var cur region
	flush := func(oldEnd, newEnd int, newStart int) {
		if open {
			cur.b = oldEnd
			cur.text = new[newStart:newEnd]
			out = append(out, cur)
			open = false
		}
	}
	newStart := 0
	for i < len(ot) || j < len(nt) {
		switch {
		case i < len(ot) && j < len(nt) && ot[i].key == nt[j].key:
			flush(ot[i].start, nt[j].start, newStart)
			i, j = i+1, j+1
			continue
		case j < len(nt) && (i == len(ot) || lcs[i][j+1] >= lcs[i+1][j]):
			if !open {
				cur, open, newStart = region{a: offsetOf(ot, i, len(old))}, true, nt[j].start
			}
			j++
		default:
			if !open {
				cur, open, newStart = region{a: ot[i].start}, true, offsetOf(nt, j, len(new))
			}
			i++
		}
	}
	flush(len(old), len(new), newStart)
	return out
}

// token is a word or a single other character, and where it starts. Its
// key folds curly quotes to straight ones and any space to a plain one,
// as find does: a kept token keeps the document's own characters.
type token struct {
	key   string
	start int
}

// tokens splits s into words (letters and digits) and single characters.
func tokens(s string) []token {
	var out []token
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		j := i + n
		if isWordRune(r) {
			for j < len(s) {
				r2, n2 := utf8.DecodeRuneInString(s[j:])
				if !isWordRune(r2) {
					break
				}
				j += n2
			}
		}
		out = append(out, token{key: foldQuotes(s[i:j]), start: i})
		i = j
	}
	return out
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// offsetOf is where token i starts, or end past the last token.
func offsetOf(ts []token, i, end int) int {
	if i < len(ts) {
		return ts[i].start
	}
	return end
}

// foldQuotes maps a single quote or space character to its plain form;
// other text is returned as it is.
func foldQuotes(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n != len(s) {
		return s
	}
	switch {
	case strings.ContainsRune("“”„‟″«»", r):
		return `"`
	case strings.ContainsRune("‘’‚‛′", r):
		return "'"
	case unicode.IsSpace(r):
		return " "
	}
	return s
}
