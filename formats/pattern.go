package formats

import (
	"bytes"
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Pattern is a regular expression that first rules out, without running,
// the text that holds none of the literals every match needs. The
// vocabulary's expressions are long case-insensitive alternations of words
// that Go's backtracker tries one by one at every position; a map asks
// them about tens of thousands of cells, nearly all of which hold none of
// their words (on a large workbook they were a fifth of the map's time).
// The literals come from the expression itself, so the two cannot drift
// apart. Only ASCII text is ruled out, where (?i) is ASCII case folding:
// Unicode folds K (Kelvin) to k and ſ to s.
type Pattern struct {
	*regexp.Regexp
	needs [][]byte // lower-case; nil: every text is asked of the expression
	// longest is the length of the longest of needs.
	longest int
	// asciiOnly: a needed literal holds a non-ASCII letter, which the
	// filter does not fold, so only ASCII text is ruled out.
	asciiOnly bool
}

// MustPattern compiles expr as regexp.MustCompile does.
func MustPattern(expr string) *Pattern {
	p := &Pattern{Regexp: regexp.MustCompile(expr)}
	if re, err := syntax.Parse(expr, syntax.Perl); err == nil {
		if lits, ok := needs(re); ok {
			for _, l := range lits {
				p.needs = append(p.needs, []byte(l))
				p.longest = max(p.longest, len(l))
				p.asciiOnly = p.asciiOnly || !isASCII(l)
			}
		}
	}
	return p
}

// MatchString reports whether s holds a match of the expression.
func (p *Pattern) MatchString(s string) bool {
	return p.MayMatch(s) && p.Regexp.MatchString(s)
}

// foldWindow is the stack buffer MayMatch lower-cases text into, a window
// at a time: long cells and paragraphs are not copied whole.
const foldWindow = 256

// MayMatch is the filter alone: false only for text the expression cannot
// match. The text is lower-cased a window at a time, each window starting
// with the last bytes of the one before, so a literal across the edge is
// still seen. Under (?i) only ſ and the Kelvin sign fold to ASCII letters
// (s and k): they are folded too, and other non-ASCII bytes, which no
// ASCII literal holds, are kept as they are.
func (p *Pattern) MayMatch(s string) bool {
	if p.needs == nil {
		return true
	}
	var buf [foldWindow]byte
	window := buf[:]
	if 2*p.longest > foldWindow {
		window = make([]byte, 2*p.longest)
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		case c < utf8.RuneSelf:
		case p.asciiOnly:
			return true
		case c == 0xc5 && strings.HasPrefix(s[i:], "ſ"):
			c, i = 's', i+len("ſ")-1
		case c == 0xe2 && strings.HasPrefix(s[i:], "\u212a"):
			c, i = 'k', i+len("\u212a")-1
		}
		if n == len(window) {
			if p.holdsNeed(window) {
				return true
			}
			n = copy(window, window[n-p.longest+1:])
		}
		window[n] = c
		n++
	}
	return p.holdsNeed(window[:n])
}

// holdsNeed reports whether lower holds one of the needed literals.
func (p *Pattern) holdsNeed(lower []byte) bool {
	for _, l := range p.needs {
		if bytes.Contains(lower, l) {
			return true
		}
	}
	return false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// needs returns literals, lower-case, one of which every match of re holds;
// false when there are none such (re can match without any literal).
func needs(re *syntax.Regexp) ([]string, bool) {
	switch re.Op {
	case syntax.OpLiteral:
		s := string(re.Rune)
		if re.Flags&syntax.FoldCase != 0 && foldsToASCII(re.Rune) {
			return nil, false // K (Kelvin) matches k: ASCII text may hold it
		}
		return []string{asciiLower(s)}, true
	case syntax.OpCapture, syntax.OpPlus:
		return needs(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min < 1 {
			return nil, false
		}
		sub := re.Sub[0]
		if sub.Op == syntax.OpLiteral && len(sub.Rune) == 1 {
			lits, ok := needs(sub)
			if ok {
				lits[0] = strings.Repeat(lits[0], min(re.Min, 4)) // ___, ....
			}
			return lits, ok
		}
		return needs(sub)
	case syntax.OpConcat:
		var best []string
		for _, sub := range re.Sub {
			if lits, ok := needs(sub); ok && (best == nil || shortest(lits) > shortest(best)) {
				best = lits
			}
		}
		return best, best != nil
	case syntax.OpAlternate:
		var all []string
		for _, sub := range re.Sub {
			lits, ok := needs(sub)
			if !ok {
				return nil, false
			}
			all = append(all, lits...)
		}
		return all, true
	}
	return nil, false
}

// foldsToASCII reports whether a non-ASCII rune of rs matches an ASCII
// one under case folding (K and k, ſ and s). Other non-ASCII literals (…)
// cannot be in ASCII text, folded or not, so they rule it out.
func foldsToASCII(rs []rune) bool {
	for _, r := range rs {
		if r < utf8.RuneSelf {
			continue
		}
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if f < utf8.RuneSelf {
				return true
			}
		}
	}
	return false
}

func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// shortest is the length of the shortest of lits: how selective they are.
func shortest(lits []string) int {
	n := -1
	for _, l := range lits {
		if n < 0 || len(l) < n {
			n = len(l)
		}
	}
	return n
}
