package word

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// match is one occurrence of an answer's find text: a span of one
// paragraph's visible text.
type match struct {
	p    *etree.Element
	a, b int
}

// findMatches lists the occurrences of find in the visible text of el's
// paragraphs, in document order. Matching ignores the difference between
// straight and curly quotes, non-breaking and ordinary spaces, and runs of
// white space, because the map shows them alike and an agent copies find
// from it: counting only exact matches would make occurrence 1 the first
// one typed with ordinary spaces, not the first one a reader sees. When
// every occurrence is also an exact match, the exact spans are used (they
// keep a find's own leading or trailing space). An element inside a
// paragraph (a run, a hyperlink, an inline control) matches only within
// itself.
func findMatches(id string, el *etree.Element, find string) ([]match, error) {
	var exact, lenient []match
	var texts []string
	for _, p := range paragraphsIn(el) {
		pt := readPara(p)
		lo, hi := 0, len(pt.text)
		if p != el && !isBlock(el) {
			lo, hi = elementRange(pt, el)
		}
		texts = append(texts, pt.text[lo:hi])
		for _, m := range occurrences(pt.text[lo:hi], find, false) {
			exact = append(exact, match{p: p, a: lo + m[0], b: lo + m[1]})
		}
		for _, m := range occurrences(pt.text[lo:hi], find, true) {
			lenient = append(lenient, match{p: p, a: lo + m[0], b: lo + m[1]})
		}
	}
	if len(exact) > 0 && len(exact) >= len(lenient) {
		return exact, nil
	}
	if len(lenient) > 0 {
		return lenient, nil
	}
	joined := strings.Join(texts, "\n")
	if len(occurrences(joined, find, true)) > 0 {
		return nil, formats.Errorf(formats.ErrInvalidArgument, id,
			"find %q spans more than one paragraph; edit each paragraph by its own ID (or its own find)", shorten(find, 60))
	}
	return nil, formats.Errorf(formats.ErrInvalidArgument, id,
		"find %q is not in the element's text; its text is: %q", shorten(find, 80), shorten(joined, 400))
}

// isBlock reports whether el holds paragraphs rather than sitting in one.
func isBlock(el *etree.Element) bool {
	return ancestorW(el, nil, "p") == nil
}

// elementRange is the span of pt's text held inside el.
func elementRange(pt *paraText, el *etree.Element) (int, int) {
	lo, hi := -1, -1
	for _, pc := range pt.pieces {
		if pc.r == el || isAncestor(el, pc.r) {
			if lo < 0 {
				lo = pc.start
			}
			hi = pc.end
		}
	}
	if lo < 0 {
		return 0, 0
	}
	return lo, hi
}

// occurrences returns the non-overlapping [start, end) byte spans of find
// in text.
func occurrences(text, find string, lenient bool) [][2]int {
	if find == "" {
		return nil
	}
	if !lenient {
		var out [][2]int
		for off := 0; ; {
			i := strings.Index(text[off:], find)
			if i < 0 {
				return out
			}
			out = append(out, [2]int{off + i, off + i + len(find)})
			off += i + max(len(find), 1)
		}
	}
	nf, _ := normalizeForFind(find)
	if nf = strings.TrimSpace(nf); nf == "" {
		// A find of only white space has no lenient form: it matches
		// exactly or not at all.
		return nil
	}
	nt, back := normalizeForFind(text)
	var out [][2]int
	for _, m := range occurrences(nt, nf, false) {
		if m[0] == m[1] {
			continue
		}
		out = append(out, [2]int{back[m[0]], back[m[1]-1] + runeLenAt(text, back[m[1]-1])})
	}
	return out
}

// normalizeForFind maps quotes to straight ones, every white space run to
// one space; back[i] is the byte of text that byte i of the result came
// from.
func normalizeForFind(text string) (string, []int) {
	var b strings.Builder
	var back []int
	space := false
	for i, r := range text {
		switch {
		case unicode.IsSpace(r) || r == '\u00A0' || r == '\u2007' || r == '\u202F':
			if space {
				continue
			}
			space, r = true, ' '
		case strings.ContainsRune("“”„‟″«»", r):
			space, r = false, '"'
		case strings.ContainsRune("‘’‚‛′", r):
			space, r = false, '\''
		default:
			space = false
		}
		n := utf8.RuneLen(r)
		b.WriteRune(r)
		for range n {
			back = append(back, i)
		}
	}
	return b.String(), back
}

func runeLenAt(s string, i int) int {
	_, n := utf8.DecodeRuneInString(s[i:])
	return n
}

// pick chooses the occurrences an answer edits.
func pick(id, find string, all []match, occ formats.Occurrence) ([]match, error) {
	n := occ.Index()
	if n == 0 {
		return all, nil
	}
	if n > len(all) {
		return nil, formats.Errorf(formats.ErrInvalidArgument, id,
			"find %q occurs %d time(s) in the element; there is no occurrence %d", shorten(find, 60), len(all), n)
	}
	return all[n-1 : n], nil
}

// editText replaces (or, with no answer, deletes) the chosen occurrences
// of a.Find in the target, last first so earlier offsets stay valid.
// Untagged text replaces only the part that changes, in the formatting of
// the text it replaces; styled text replaces the whole occurrence.
func (d *document) editText(t target, a formats.Answer, ans *answerText) (int, error) {
	all, err := findMatches(t.id, t.el, a.Find)
	if err != nil {
		return 0, err
	}
	chosen, err := pick(t.id, a.Find, all, a.Occurrence)
	if err != nil {
		return 0, err
	}
	for i := len(chosen) - 1; i >= 0; i-- {
		m := chosen[i]
		if err := d.editSpan(t.id, m, ans); err != nil {
			return 0, err
		}
		if ans == nil {
			d.dropIfEmptied(m.p)
		}
	}
	return len(chosen), nil
}

// editSpan applies one edit to one occurrence: a deletion; insertion_xml's
// runs or styled text in place of the whole occurrence; or plain text (and
// styled text that only defines terms old already shows, definesOnly)
// changing only the words that differ (diff.go).
func (d *document) editSpan(id string, m match, ans *answerText) error {
	old := readPara(m.p).text[m.a:m.b]
	if ans == nil {
		return spliceSpan(id, m.p, m.a, m.b, false, func(*etree.Element) []*etree.Element { return nil })
	}
	placeholder := hasPlaceholder(old)
	if ans.c != nil {
		return spliceSpan(id, m.p, m.a, m.b, false, func(tmpl *etree.Element) []*etree.Element {
			return ans.runs(d, spanRPr(tmpl, placeholder), m.p)
		})
	}
	if ans.styled && !ans.definesOnly(old) {
		// The tags say how the text looks: what they leave untagged is
		// body text, not the formatting of a header or term it replaces.
		base := d.bodyRPr(m.p)
		return spliceSpan(id, m.p, m.a, m.b, false, func(*etree.Element) []*etree.Element {
			return ans.runs(d, base, m.p)
		})
	}
	regions := diffRegions(old, ans.plain)
	for i := len(regions) - 1; i >= 0; i-- {
		r := regions[i]
		err := spliceSpan(id, m.p, m.a+r.a, m.a+r.b, r.a == 0, func(tmpl *etree.Element) []*etree.Element {
			if r.text == "" {
				return nil
			}
			return []*etree.Element{textRun(spanRPr(tmpl, placeholder), r.text)}
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// commonAffixes returns the byte lengths of the longest common prefix and
// (not overlapping it) suffix of old and new, on rune boundaries.
func commonAffixes(old, new string) (int, int) {
	pre := 0
	for pre < len(old) && pre < len(new) {
		r1, n1 := utf8.DecodeRuneInString(old[pre:])
		r2, _ := utf8.DecodeRuneInString(new[pre:])
		if r1 != r2 || r1 == utf8.RuneError {
			break
		}
		pre += n1
	}
	o, n := old[pre:], new[pre:]
	suf := 0
	for len(o) > 0 && len(n) > 0 {
		r1, n1 := utf8.DecodeLastRuneInString(o)
		r2, n2 := utf8.DecodeLastRuneInString(n)
		if r1 != r2 || r1 == utf8.RuneError {
			break
		}
		o, n, suf = o[:len(o)-n1], n[:len(n)-n2], suf+n1
	}
	return pre, suf
}

// spanRPr is the run properties new text in place of a span takes: the
// template run's, without what must not be copied (revision marks, hidden
// text) and, where the span was a placeholder, without its placeholder
// styling (highlight, shading, a placeholder character style).
func spanRPr(tmpl *etree.Element, placeholder bool) *etree.Element {
	if tmpl == nil {
		return nil
	}
	src := childW(tmpl, "rPr")
	if isW(tmpl, "rPr") {
		src = tmpl
	}
	if src == nil {
		return nil
	}
	out := src.Copy()
	drop := []string{"rPrChange", "vanish", "specVanish", "webHidden", "ins", "del", "moveFrom", "moveTo"}
	if placeholder {
		drop = append(drop, "highlight", "shd")
		if strings.Contains(strings.ToLower(val(childW(out, "rStyle"))), "placeholder") {
			drop = append(drop, "rStyle")
		}
	}
	for _, tag := range drop {
		for _, c := range childrenW(out, tag) {
			out.RemoveChild(c)
		}
	}
	return out
}
