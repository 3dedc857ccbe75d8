package word

import (
	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// spliceSpan replaces text[a:b] of a paragraph with the runs build makes
// from the run whose formatting the new text should take (the run the
// span mostly overlaps; for an empty span, the run the text continues).
// build may return no runs: the span is then deleted. Runs outside the
// span keep their properties; runs cut by the span's ends are split;
// runs the edit leaves empty are removed and neighbouring runs of equal
// formatting merged. A span that is not safe (paraText.crossing) is
// refused. An empty span continues the text before it, or with preferNext
// the text after it.
func spliceSpan(id string, p *etree.Element, a, b int, preferNext bool, build func(template *etree.Element) []*etree.Element) error {
	pt := readPara(p)
	if what := pt.crossing(a, b); what != "" {
		return crossError(id, pt.text[a:b], what)
	}
	if a == b {
		return insertAtPoint(id, pt, a, preferNext, build)
	}
	inSpan := isolate(p, a, b)
	if len(inSpan) == 0 {
		return formats.Errorf(formats.ErrInvalidArgument, id, "the text %q is not held by runs formfill can edit", shorten(pt.text[a:b], 60))
	}
	runs := build(templateRun(readPara(p), a, b))
	first := inSpan[0]
	parent := first.Parent()
	at := first.Index()
	for _, r := range inSpan {
		r.Parent().RemoveChild(r)
	}
	for i, r := range runs {
		parent.InsertChildAt(at+i, r)
	}
	mergeAround(parent, at, len(runs))
	return nil
}

// crossError is the refusal of a span that cuts through something.
func crossError(id, text, what string) error {
	return formats.Errorf(formats.ErrInvalidArgument, id,
		"the text %q crosses %s; editing it would cut through or remove it — choose a find that stays on one side", shorten(text, 80), what)
}

// isolate splits runs so that text[a:b] is held by whole runs and returns
// them in order. a < b, and both fall between characters.
func isolate(p *etree.Element, a, b int) []*etree.Element {
	readPara(p).splitTextAt(a)
	readPara(p).splitTextAt(b)
	pt := readPara(p)
	if first := pt.firstIn(a, b); first != nil {
		if prev := prevContent(first.r, first.el); prev != nil {
			splitRunAfter(first.r, prev)
			pt = readPara(p)
		}
	}
	if last := pt.lastIn(a, b); last != nil {
		splitRunAfter(last.r, last.el)
		pt = readPara(p)
	}
	var out []*etree.Element
	for _, pc := range pt.pieces {
		if pc.start >= a && pc.end <= b && (len(out) == 0 || out[len(out)-1] != pc.r) {
			out = append(out, pc.r)
		}
	}
	return out
}

// splitTextAt splits the w:t holding offset pos so that pos falls between
// two w:t elements.
func (pt *paraText) splitTextAt(pos int) {
	for _, pc := range pt.pieces {
		if pc.start < pos && pos < pc.end && isW(pc.el, "t") {
			s := pc.el.Text()
			off := pos - pc.start
			tail := etree.NewElement("w:t")
			setText(pc.el, s[:off])
			setText(tail, s[off:])
			pc.r.InsertChildAt(pc.el.Index()+1, tail)
			return
		}
	}
}

// firstIn and lastIn return the first and last piece inside [a, b).
func (pt *paraText) firstIn(a, b int) *piece {
	for i := range pt.pieces {
		if pc := &pt.pieces[i]; pc.start >= a && pc.end <= b && pc.start < pc.end {
			return pc
		}
	}
	return nil
}

func (pt *paraText) lastIn(a, b int) *piece {
	for i := len(pt.pieces) - 1; i >= 0; i-- {
		if pc := &pt.pieces[i]; pc.start >= a && pc.end <= b && pc.start < pc.end {
			return pc
		}
	}
	return nil
}

// prevContent returns the child of run r before el that is not its
// properties, or nil.
func prevContent(r, el *etree.Element) *etree.Element {
	var prev *etree.Element
	for _, tok := range r.Child {
		c, ok := tok.(*etree.Element)
		if !ok {
			continue
		}
		if c == el {
			return prev
		}
		if !isW(c, "rPr") {
			prev = c
		}
	}
	return nil
}

// templateRun is the run whose formatting new text in [a, b) takes: a
// run of the formatting that holds most of the span's characters (the
// first on a tie).
func templateRun(pt *paraText, a, b int) *etree.Element {
	var m majority
	for _, pc := range pt.pieces {
		if n := min(pc.end, b) - max(pc.start, a); n > 0 {
			m.add(pc.r, n)
		}
	}
	return m.best
}

// majority counts characters by the formatting of the runs holding them
// and keeps a run of the formatting that holds the most (the first to
// reach it on a tie).
type majority struct {
	share map[string]int
	best  *etree.Element
	most  int
}

// add counts n characters of run r.
func (m *majority) add(r *etree.Element, n int) {
	if m.share == nil {
		m.share = map[string]int{}
	}
	k := rPrKey(r)
	m.share[k] += n
	if m.share[k] > m.most {
		m.best, m.most = r, m.share[k]
	}
}

// rPrKey is a run's properties as text, to group runs by formatting.
func rPrKey(r *etree.Element) string {
	if rpr := childW(r, "rPr"); rpr != nil && len(rpr.Child) > 0 {
		return elementXML(rpr)
	}
	return ""
}

// insertAtPoint inserts new runs at offset a, next to the run the text
// there continues: the one before it (after it, with preferNext), unless
// that run is part of a field result (the new text would vanish on the
// next field update), else the other one.
func insertAtPoint(id string, pt *paraText, a int, preferNext bool, build func(*etree.Element) []*etree.Element) error {
	for _, pc := range pt.pieces {
		if pc.start < a && a < pc.end {
			pt.splitTextAt(a)
			pt = readPara(pt.p)
			break
		}
	}
	var prev, next *piece
	for i := range pt.pieces {
		pc := &pt.pieces[i]
		if pc.end == a && pc.start < pc.end && pt.editable(pc) {
			prev = pc
		}
		if pc.start == a && pc.start < pc.end && next == nil && pt.editable(pc) {
			next = pc
		}
	}
	if preferNext && next != nil {
		prev = nil
	}
	switch {
	case prev != nil:
		splitRunAfter(prev.r, prev.el)
		runs := build(prev.r)
		parent, at := prev.r.Parent(), prev.r.Index()+1
		for i, r := range runs {
			parent.InsertChildAt(at+i, r)
		}
		mergeAround(parent, at, len(runs))
	case next != nil:
		if before := prevContent(next.r, next.el); before != nil {
			splitRunAfter(next.r, before)
			return insertAtPoint(id, readPara(pt.p), a, preferNext, build)
		}
		runs := build(next.r)
		parent, at := next.r.Parent(), next.r.Index()
		for i, r := range runs {
			parent.InsertChildAt(at+i, r)
		}
		mergeAround(parent, at, len(runs))
	case a == len(pt.text):
		appendChildren(pt.p, build(pathW(pt.p, "pPr", "rPr")))
	default:
		return formats.Errorf(formats.ErrInvalidArgument, id, "no run next to offset %d of the paragraph can take new text", a)
	}
	return nil
}

// editable reports whether text may be added next to a piece: it is not
// part of a field result Word computes.
func (pt *paraText) editable(pc *piece) bool {
	for _, c := range pt.containers {
		if !c.enterable && c.start <= pc.start && pc.end <= c.end {
			return false
		}
	}
	return true
}

// mergeAround merges the n runs inserted at parent's child index at, and
// their neighbours, where neighbouring runs hold only text and share their
// properties: the split the edit needed leaves no trace.
func mergeAround(parent *etree.Element, at, n int) {
	lo := max(at-1, 0)
	hi := min(at+n, len(parent.Child)-1)
	for i := hi; i > lo; i-- {
		if i >= len(parent.Child) {
			continue
		}
		cur, ok1 := parent.Child[i].(*etree.Element)
		prev, ok2 := parent.Child[i-1].(*etree.Element)
		if ok1 && ok2 && plainRun(cur) && plainRun(prev) && sameRPr(cur, prev) {
			mergeRuns(prev, cur)
		}
	}
}

// plainRun reports whether r holds nothing but properties and text.
func plainRun(r *etree.Element) bool {
	if !isW(r, "r") {
		return false
	}
	for _, c := range r.ChildElements() {
		if c.Space != "w" {
			return false
		}
		switch c.Tag {
		case "rPr", "t", "tab":
		case "br":
			if len(c.Attr) > 0 {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// sameRPr reports whether two runs have the same properties.
func sameRPr(a, b *etree.Element) bool {
	return rPrKey(a) == rPrKey(b)
}

// mergeRuns moves next's content into r, joining adjacent w:t, and
// removes next.
func mergeRuns(r, next *etree.Element) {
	for _, c := range next.ChildElements() {
		if isW(c, "rPr") {
			continue
		}
		next.RemoveChild(c)
		kids := r.ChildElements()
		if last := kids[max(len(kids)-1, 0):]; len(last) == 1 && isW(c, "t") && isW(last[0], "t") {
			setText(last[0], last[0].Text()+c.Text())
			continue
		}
		r.AddChild(c)
	}
	next.Parent().RemoveChild(next)
}
