package revision

import (
	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats/word/wordxml"
)

// settleMarks records the paragraph marks of a container whose paragraphs
// were added or removed. A mark belongs to the text before it: an added
// paragraph's mark is inserted, a removed one's deleted, and accepting or
// rejecting a mark joins its paragraph with the next. The last mark of a
// container (a cell, the body, a control) can be neither: when the last
// paragraph is new, the mark before the new ones is the inserted one and the
// last paragraph takes over the old last paragraph's properties on
// rejection (w:pPrChange); when the last paragraph is removed, the mark of
// the paragraph before it is the deleted one. A mark that would be both
// inserted and deleted is no mark: its paragraph's content joins the next
// paragraph. A paragraph right before a table or a block-level control is
// last in the same way: no paragraph merges into either.
func (w *Watch) settleMarks(parent *etree.Element, items []item) error {
	var seq []*item
	for k := range items {
		if wordxml.IsW(items[k].el, "p") || wordxml.IsW(items[k].el, "tbl") || wordxml.IsW(items[k].el, "sdt") {
			seq = append(seq, &items[k])
		}
	}
	for _, it := range seq {
		switch it.st {
		case inserted:
			w.rv.markParagraph(it.el, "ins")
		case deleted:
			w.rv.markParagraph(it.el, "del")
		}
	}
	for start := 0; start < len(seq); {
		end := start
		for end < len(seq) && wordxml.IsW(seq[end].el, "p") {
			end++
		}
		if end > start {
			if err := w.markBeforeInserted(seq[start:end]); err != nil {
				return err
			}
			if err := w.settleEnd(seq[start:end]); err != nil {
				return err
			}
		}
		start = end + 1
	}
	return nil
}

// markBeforeInserted records new paragraphs that follow a kept paragraph
// ending in an insertion of this author the way Word records pressing
// Enter at the end of a paragraph: the kept paragraph's mark is the
// inserted one, and the last new paragraph's mark takes over its place
// (and, on rejection, its properties). Both forms mean the same, but
// LibreOffice (7.4) joins two insertions of one author on either side of
// an unchanged paragraph mark into one, and rejecting that removes the
// mark between them, running the kept paragraph into the next. New
// paragraphs at the end of a stretch are left to settleEnd, which records
// them this way anyway.
func (w *Watch) markBeforeInserted(seq []*item) error {
	for i := 1; i < len(seq); i++ {
		prev := seq[i-1]
		if seq[i].st != inserted || prev.st != kept || !w.endsInInsertion(prev.el) || MarkedParagraph(prev.el) {
			continue
		}
		j := i
		for j+1 < len(seq) && seq[j+1].st == inserted {
			j++
		}
		if j == len(seq)-1 {
			return nil
		}
		unmark(seq[j].el, "ins")
		w.rv.markParagraph(prev.el, "ins")
		if err := w.rv.recordPPr(seq[j].el, oldPPr(prev)); err != nil {
			return err
		}
		i = j
	}
	return nil
}

// MarkedParagraph reports whether a paragraph's mark is recorded as
// inserted or deleted.
func MarkedParagraph(p *etree.Element) bool {
	rPr := wordxml.PathW(p, "pPr", "rPr")
	return rPr != nil && (wordxml.ChildW(rPr, "ins") != nil || wordxml.ChildW(rPr, "del") != nil)
}

// endsInInsertion reports whether the last thing paragraph (or run
// holder) el shows is text inserted by this write's author, what comes
// after it showing nothing.
func (w *Watch) endsInInsertion(el *etree.Element) bool {
	kids := el.ChildElements()
	for k := len(kids) - 1; k >= 0; k-- {
		c := kids[k]
		switch {
		case wordxml.IsProperties(c), isRangeMarker(c), wordxml.IsW(c, "proofErr"), wordxml.IsW(c, "del"):
			continue
		case wordxml.IsW(c, "ins"):
			author, _ := wordxml.Attr(c, "w", "author")
			return author == w.rv.st.Author
		case c.Space == "w" && runHolders[c.Tag]:
			return w.endsInInsertion(c)
		case wordxml.IsW(c, "sdt") && wordxml.ChildW(c, "sdtContent") != nil:
			return w.endsInInsertion(wordxml.ChildW(c, "sdtContent"))
		}
		return false
	}
	return false
}

// settleEnd gives the last paragraph of a stretch of paragraphs (up to a
// table, a block-level control or the container's end, which no paragraph
// merges into) a mark
// that is neither inserted nor deleted, as settleMarks describes.
func (w *Watch) settleEnd(seq []*item) error {
	zi := len(seq) - 1
	z := seq[zi]
	if z.st == kept {
		return nil
	}
	wi := zi - 1
	for ; wi >= 0 && seq[wi].st == z.st; wi-- {
	}
	if wi < 0 {
		what := "the removal of every paragraph before a table or block-level control, or at the end of a cell, control or document"
		if z.st == inserted {
			what = "new paragraphs right before a table or block-level control, or at the end of a cell, control or document, with no paragraph before them"
		}
		return untrackable(w.t.id, what)
	}
	wp := seq[wi]
	tag := "ins"
	if z.st == deleted {
		tag = "del"
	}
	unmark(z.el, tag)
	if wp.st == kept {
		w.rv.markParagraph(wp.el, tag)
	} else {
		unmark(wp.el, "ins")
		unmark(wp.el, "del")
		dissolve(wp.el, seq[wi+1].el)
	}
	if z.st == inserted {
		return w.rv.recordPPr(z.el, oldPPr(wp))
	}
	return w.rv.setPPr(z.el, wordxml.ChildW(wp.el, "pPr"))
}

// oldPPr is the paragraph properties an item had before the write.
func oldPPr(it *item) *etree.Element {
	if it.st == kept {
		return wordxml.ChildW(it.old, "pPr")
	}
	return wordxml.ChildW(it.el, "pPr")
}

// recordPPr records in a w:pPrChange that paragraph p had the properties
// old before the write, unless it still has them.
func (rv *Reviser) recordPPr(p, old *etree.Element) error {
	if sameTree(pPrBase(wordxml.ChildW(p, "pPr")), pPrBase(old)) {
		return nil
	}
	pPr := ensurePPr(p)
	for _, c := range wordxml.ChildrenW(pPr, "pPrChange") {
		pPr.RemoveChild(c)
	}
	change := rv.stamp(etree.NewElement("w:pPrChange"))
	change.AddChild(pPrBase(old))
	pPr.AddChild(change)
	return nil
}

// unmark removes an inserted or deleted mark from a paragraph mark.
func unmark(p *etree.Element, tag string) {
	rPr := wordxml.PathW(p, "pPr", "rPr")
	if rPr == nil {
		return
	}
	for _, e := range wordxml.ChildrenW(rPr, tag) {
		rPr.RemoveChild(e)
	}
	if len(rPr.ChildElements()) == 0 {
		rPr.Parent().RemoveChild(rPr)
	}
}

// dissolve moves paragraph p's content to the start of next and removes p.
func dissolve(p, next *etree.Element) {
	at := 0
	if pPr := wordxml.ChildW(next, "pPr"); pPr != nil {
		at = pPr.Index() + 1
	}
	for _, c := range p.ChildElements() {
		if wordxml.IsW(c, "pPr") {
			continue
		}
		next.InsertChildAt(at, c)
		at++
	}
	p.Parent().RemoveChild(p)
}
