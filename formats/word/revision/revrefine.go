package revision

import (
	"unicode"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats/word/wordxml"
)

// A write mode replaces whole runs: a placeholder's run comes back as the
// text around the placeholder plus the answer. Recorded as it is, the
// reviewer would see the surrounding words deleted and inserted again.
// refine narrows each stretch of deletions and insertions to the words
// that differ: text the deleted and inserted runs share at their start and
// end, in the same formatting, stays as plain text. The cut falls between
// words, never inside one, so a reviewer reads whole words replaced.

// atom is one character of a plain run, with the run's properties.
type atom struct {
	r   rune
	key string         // the run's w:rPr as text: atoms of equal keys look alike
	rPr *etree.Element // the run's w:rPr, or nil
}

// refine narrows each stretch of this answer's revision marks in out (see
// above) and joins neighbouring marks of the same kind.
func (w *Watch) refine(out []*etree.Element) []*etree.Element {
	var res []*etree.Element
	for i := 0; i < len(out); {
		if !w.fresh[out[i]] {
			res = append(res, out[i])
			i++
			continue
		}
		j := i
		for j < len(out) && w.fresh[out[j]] {
			j++
		}
		res = append(res, w.narrow(out[i:j])...)
		i = j
	}
	return w.coalesce(res)
}

// narrow refines one stretch of deletions and insertions.
func (w *Watch) narrow(seg []*etree.Element) []*etree.Element {
	var del, ins []*etree.Element
	for _, m := range seg {
		if wordxml.IsW(m, "del") {
			del = append(del, m.ChildElements()...)
		} else {
			ins = append(ins, m.ChildElements()...)
		}
	}
	d, okD := atomsOf(del)
	n, okI := atomsOf(ins)
	if !okD || !okI || len(d) == 0 || len(n) == 0 {
		return seg
	}
	pre, suf := sharedEnds(d, n)
	if pre == 0 && suf == 0 {
		return seg
	}
	out := w.runsOf(n[:pre], false)
	if mid := w.runsOf(d[pre:len(d)-suf], true); len(mid) > 0 {
		out = append(out, w.wrapAll("del", mid))
	}
	if mid := w.runsOf(n[pre:len(n)-suf], false); len(mid) > 0 {
		out = append(out, w.wrapAll("ins", mid))
	}
	return append(out, w.runsOf(n[len(n)-suf:], false)...)
}

// sharedEnds returns how many atoms d and n share at their start and (not
// overlapping) at their end, cut back to word boundaries.
func sharedEnds(d, n []atom) (int, int) {
	same := func(a, b atom) bool { return a.r == b.r && a.key == b.key }
	pre := 0
	for pre < len(d) && pre < len(n) && same(d[pre], n[pre]) {
		pre++
	}
	suf := 0
	for suf < len(d)-pre && suf < len(n)-pre && same(d[len(d)-1-suf], n[len(n)-1-suf]) {
		suf++
	}
	for pre > 0 && !(boundary(d, pre) && boundary(n, pre)) {
		pre--
	}
	for suf > 0 && !(boundary(d, len(d)-suf) && boundary(n, len(n)-suf)) {
		suf--
	}
	return pre, suf
}

// boundary reports whether a cut before atom k falls between words.
func boundary(as []atom, k int) bool {
	word := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	return k == 0 || k == len(as) || !word(as[k-1].r) || !word(as[k].r)
}

// atomsOf splits plain runs (properties, text, tabs and plain line breaks
// only) into atoms; ok is false when a run holds anything else.
func atomsOf(runs []*etree.Element) (out []atom, ok bool) {
	for _, r := range runs {
		if !wordxml.IsW(r, "r") {
			return nil, false
		}
		rPr := wordxml.ChildW(r, "rPr")
		key := ""
		if rPr != nil {
			key = wordxml.ElementXML(rPr)
		}
		for _, c := range r.ChildElements() {
			switch {
			case wordxml.IsW(c, "rPr"):
			case wordxml.IsW(c, "t"), wordxml.IsW(c, "delText"):
				for _, ch := range c.Text() {
					out = append(out, atom{r: ch, key: key, rPr: rPr})
				}
			case wordxml.IsW(c, "tab") && len(c.Attr) == 0:
				out = append(out, atom{r: '\t', key: key, rPr: rPr})
			case wordxml.IsW(c, "br") && len(c.Attr) == 0:
				out = append(out, atom{r: '\n', key: key, rPr: rPr})
			default:
				return nil, false
			}
		}
	}
	return out, true
}

// runsOf builds runs from atoms, one per stretch of equal properties; with
// deleted, their text is w:delText.
func (w *Watch) runsOf(as []atom, deleted bool) []*etree.Element {
	var out []*etree.Element
	for i := 0; i < len(as); {
		j := i
		for j < len(as) && as[j].key == as[i].key {
			j++
		}
		r := w.rv.eng.Run(as[i].rPr, string(runes(as[i:j])))
		if deleted {
			asDeleted(r)
		}
		out = append(out, r)
		i = j
	}
	return out
}

func runes(as []atom) []rune {
	rs := make([]rune, len(as))
	for i, a := range as {
		rs[i] = a.r
	}
	return rs
}

// wrapAll puts runs into one new revision element w:tag.
func (w *Watch) wrapAll(tag string, runs []*etree.Element) *etree.Element {
	rev := w.wrap(tag, runs[0])
	for _, r := range runs[1:] {
		rev.AddChild(r)
	}
	return rev
}

// coalesce joins neighbouring revision marks of this answer of the same
// kind into one.
func (w *Watch) coalesce(els []*etree.Element) []*etree.Element {
	var out []*etree.Element
	for _, e := range els {
		if n := len(out); n > 0 && w.fresh[e] && w.fresh[out[n-1]] && out[n-1].Tag == e.Tag {
			for _, c := range e.ChildElements() {
				out[n-1].AddChild(c)
			}
			delete(w.fresh, e)
			continue
		}
		out = append(out, e)
	}
	return out
}
