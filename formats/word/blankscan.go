package word

import (
	"strings"
	"unicode/utf8"
)

// A hand-written reader of the blanks blankPattern and placeholderPattern
// describe. Target detection asks about every paragraph of a document; on
// a long agreement the regular expressions were a third of extract's time
// (issue 37), and a bracket of up to 300 characters compiles to 300 states
// of the automaton. The scanner gives the same spans (FuzzBlankScan checks
// it against the expressions) in one pass over the text.

// blankSyntax says which blanks a scan finds.
type blankSyntax struct {
	angles     bool // <…> prompts (blankPattern)
	boxes      bool // ☐ (placeholderPattern)
	maxBracket int  // runes a […] may hold
}

var (
	// blankScan finds what blankPattern finds.
	blankScan = blankSyntax{angles: true, maxBracket: 300}
	// placeholderScan finds what placeholderPattern finds.
	placeholderScan = blankSyntax{boxes: true, maxBracket: 80}
)

// wordPrompts are the stock texts Word puts in an empty control.
var wordPrompts = []string{"Click or tap here to enter text.", "Click here to enter text.", "Click or tap to enter a date.",
	"Click here to enter a date.", "Choose an item."}

// spans lists the blanks of text in order, as FindAllStringIndex would.
func (s blankSyntax) spans(text string) [][]int {
	var out [][]int
	s.each(text, func(a, b int) bool {
		out = append(out, []int{a, b})
		return true
	})
	return out
}

// first is the first blank of text, nil when none.
func (s blankSyntax) first(text string) []int {
	var at []int
	s.each(text, func(a, b int) bool {
		at = []int{a, b}
		return false
	})
	return at
}

// firstText is the text of the first blank, "" when none: what
// FindString of the expression gives.
func (s blankSyntax) firstText(text string) string {
	if at := s.first(text); at != nil {
		return text[at[0]:at[1]]
	}
	return ""
}

// strip removes the blanks of text, as ReplaceAllString(text, "") would.
func (s blankSyntax) strip(text string) string {
	var b strings.Builder
	at := 0
	s.each(text, func(x, y int) bool {
		if b.Len() == 0 {
			b.Grow(len(text))
		}
		b.WriteString(text[at:x])
		at = y
		return true
	})
	if at == 0 {
		return text
	}
	b.WriteString(text[at:])
	return b.String()
}

// each calls fn with each blank's span until fn returns false. Its cheap
// test, like hasBlank's, mayHoldMarker's and hasPlaceholder's, gives
// strings.ContainsAny ASCII characters alone: with a non-ASCII one in the
// set it looks up every rune of the text in the set, and was a sixth of
// extract's time on a long agreement.
func (s blankSyntax) each(text string, fn func(a, b int) bool) {
	if !strings.ContainsAny(text, "_[<") && !strings.Contains(text, "☐") && !strings.Contains(text, "Click") && !strings.Contains(text, "Choose") {
		return
	}
	for i := 0; i < len(text); {
		// Only blankStarts bytes begin a blank. None is a UTF-8
		// continuation byte, so stepping byte by byte past the others
		// meets the same starts as stepping rune by rune.
		if !blankStarts[text[i]] {
			i++
			continue
		}
		end := s.at(text, i)
		if end < 0 {
			i++
			continue
		}
		if !fn(i, end) {
			return
		}
		i = end
	}
}

// blankStarts marks the bytes at which a blank may begin: '_', '[', '<',
// the C of Word's prompts and the first byte of ☐.
var blankStarts = func() (t [256]bool) {
	for _, c := range []byte("_[<C" + "☐"[:1]) {
		t[c] = true
	}
	return t
}()

// at returns the end of the blank starting at byte i of text, -1 when
// none starts there.
func (s blankSyntax) at(text string, i int) int {
	switch c := text[i]; {
	case c == '_':
		j := i
		for j < len(text) && text[j] == '_' {
			j++
		}
		if j-i >= 3 {
			return j
		}
	case c == '[':
		return closeWithin(text, i+1, ']', "[]\n", 0, s.maxBracket)
	case c == '<' && s.angles:
		return closeWithin(text, i+1, '>', "<>\n", 1, 80)
	case c == 'C':
		for _, p := range wordPrompts {
			if strings.HasPrefix(text[i:], p) {
				return i + len(p)
			}
		}
	case s.boxes && strings.HasPrefix(text[i:], "☐"):
		return i + len("☐")
	}
	return -1
}

// closeWithin finds close after from, with between min and max runes
// before it, none of them in stop; it returns the byte after close, or -1.
func closeWithin(text string, from int, close byte, stop string, min, max int) int {
	n := 0
	for j := from; j < len(text); {
		if text[j] == close {
			if n >= min {
				return j + 1
			}
			return -1
		}
		if n == max {
			return -1
		}
		n++
		if c := text[j]; c < utf8.RuneSelf {
			if strings.IndexByte(stop, c) >= 0 {
				return -1
			}
			j++
			continue
		}
		// stop is ASCII: no other rune, nor the U+FFFD of a byte that
		// is not UTF-8, is in it.
		_, w := utf8.DecodeRuneInString(text[j:])
		j += w
	}
	return -1
}

// hasASCIIFold reports whether text holds word, given in upper case, with
// its ASCII letters in any case: a cheap test before a case-insensitive
// expression, or strings.Contains(strings.ToUpper(text), word) for a word
// without I or S (only ı and ſ upper-case to ASCII letters from outside
// ASCII). FuzzHasASCIIFold checks the latter.
func hasASCIIFold(text, word string) bool {
	if word == "" {
		return true
	}
	first, rest := word[0], word[1:]
	for i := 0; i+len(word) <= len(text); i++ {
		if c := text[i]; c != first && c != first+('a'-'A') {
			continue // most positions end here, on the first letter
		}
		j := 0
		for ; j < len(rest); j++ {
			c := text[i+1+j]
			if c >= 'a' && c <= 'z' {
				c -= 'a' - 'A'
			}
			if c != rest[j] {
				break
			}
		}
		if j == len(rest) {
			return true
		}
	}
	return false
}
