package revision

import (
	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats/word/wordxml"
)

// container records the changes among the children of parent, which were
// olds and are now: block elements (paragraphs, tables, controls), rows of
// a table or cells of a row. Kept children that changed are recorded
// inside; added ones as insertions, removed ones are put back as
// deletions, and paragraph marks are settled once the children are known.
// Without track_changes (a comment only) nothing is marked: what changed
// is noted for anchoring the comment, and where a removed block was.
func (w *Watch) container(parent *etree.Element, olds []pair, now []*etree.Element) error {
	items, err := merge(olds, now)
	if err != nil {
		return untrackable(w.t.id, err.Error())
	}
	marks := false
	for k := range items {
		it := &items[k]
		switch it.st {
		case kept:
			if it.old == it.el || sameTree(it.old, it.el) {
				continue
			}
			if err := w.changed(it.el, it.old); err != nil {
				return err
			}
		case inserted:
			if err := w.insertBlock(it.el); err != nil {
				return err
			}
			marks = marks || wordxml.IsW(it.el, "p")
		case deleted:
			if !w.track() {
				w.noteGap(parent, items, k)
				continue
			}
			if err := w.deleteBlock(it.el); err != nil {
				return err
			}
			putBack(parent, items, k)
			w.touch(it.el)
			marks = marks || wordxml.IsW(it.el, "p")
		}
	}
	if marks && w.track() {
		return w.settleMarks(parent, items)
	}
	return nil
}

// noteGap remembers where a block removed without tracked changes was,
// with its text: the comment of an answer that only removed something has
// nothing left to be anchored on, so it marks the place instead.
func (w *Watch) noteGap(parent *etree.Element, items []item, k int) {
	w.gone = append(w.gone, w.rv.eng.Line(items[k].el))
	if w.gap != nil {
		return
	}
	for _, next := range items[k+1:] {
		if next.st != deleted && next.el.Parent() == parent {
			w.gap = &gap{at: next.el, before: true}
			return
		}
	}
	for i := k - 1; i >= 0; i-- {
		if items[i].st != deleted && items[i].el.Parent() == parent {
			w.gap = &gap{at: items[i].el}
			return
		}
	}
	w.gap = &gap{at: parent, before: true}
}

// putBack inserts the deleted item k into parent before the next item that
// is in the tree, or at the end.
func putBack(parent *etree.Element, items []item, k int) {
	for _, next := range items[k+1:] {
		if next.st != deleted && next.el.Parent() == parent {
			parent.InsertChildAt(next.el.Index(), items[k].el)
			return
		}
	}
	parent.AddChild(items[k].el)
}

// changed records the changes inside a kept element.
func (w *Watch) changed(el, old *etree.Element) error {
	switch {
	case wordxml.IsW(el, "p"):
		return w.paragraph(el, old)
	case wordxml.IsW(el, "sdt"):
		if err := w.controlSettings(el, old); err != nil {
			return err
		}
		sc, oc := wordxml.ChildW(el, "sdtContent"), wordxml.ChildW(old, "sdtContent")
		if sc == nil || oc == nil {
			return untrackable(w.t.id, "a change to a content control without content")
		}
		if sameTree(sc, oc) {
			return nil
		}
		return w.container(sc, w.oldPairs(oc, nil), sc.ChildElements())
	case wordxml.IsW(el, "tc"), wordxml.IsW(el, "tr"), wordxml.IsW(el, "tbl"), wordxml.IsW(el, "body"), wordxml.IsW(el, "txbxContent"), wordxml.IsW(el, "customXml"), wordxml.IsW(el, "sdtContent"):
		return w.container(el, w.oldPairs(old, nil), el.ChildElements())
	case el.Space == "w" && (el.Tag == "pPr" || el.Tag == "sdtPr"):
		return nil // recorded with their paragraph or control
	}
	return untrackable(w.t.id, "a change to <"+el.FullTag()+">")
}

// controlSettings refuses a change to a content control's settings that is
// more than the answer showing instead of the placeholder (and a date
// control's date): a checkbox's state or a drop-down's list is not text,
// and no tracked change records it.
func (w *Watch) controlSettings(el, old *etree.Element) error {
	a, b := wordxml.ChildW(el, "sdtPr"), wordxml.ChildW(old, "sdtPr")
	if a == nil || b == nil {
		return nil
	}
	if sameTree(settingsKey(a), settingsKey(b)) {
		return nil
	}
	return untrackable(w.t.id, "a change of a content control's state (a checkbox ticked, a drop-down's selection): Word keeps it outside the text")
}

// settingsKey is a copy of a control's w:sdtPr without what an answer may
// change untracked: the placeholder flag and a date control's full date.
func settingsKey(sdtPr *etree.Element) *etree.Element {
	k := sdtPr.Copy()
	for _, e := range wordxml.ChildrenW(k, "showingPlcHdr") {
		k.RemoveChild(e)
	}
	if d := wordxml.ChildW(k, "date"); d != nil {
		d.RemoveAttr("w:fullDate")
	}
	return k
}

// insertBlock records a new block element (or row) as inserted.
func (w *Watch) insertBlock(el *etree.Element) error {
	w.touch(el)
	if !w.track() {
		return nil
	}
	switch {
	case wordxml.IsW(el, "p"):
		return w.insertInline(el)
	case wordxml.IsW(el, "tbl"), wordxml.IsW(el, "tr"):
		return w.rows(el, "ins", func(p *etree.Element) error { return w.insertInline(p) })
	case isRangeMarker(el):
		return nil
	}
	return untrackable(w.t.id, "the insertion of <"+el.FullTag()+">")
}

// deleteBlock turns the old content of a removed block element (or row)
// into a deletion.
func (w *Watch) deleteBlock(old *etree.Element) error {
	switch {
	case wordxml.IsW(old, "p"):
		return w.deleteInline(old)
	case wordxml.IsW(old, "tbl"), wordxml.IsW(old, "tr"):
		return w.rows(old, "del", func(p *etree.Element) error { return w.deleteInline(p) })
	case isRangeMarker(old):
		return nil
	}
	return untrackable(w.t.id, "the removal of <"+old.FullTag()+">")
}

// rows marks every row of a table (or the one row) inserted or deleted:
// w:ins or w:del in its w:trPr, its paragraphs' content and every
// paragraph mark of its cells but the last, which the row itself carries.
func (w *Watch) rows(el *etree.Element, tag string, content func(*etree.Element) error) error {
	trs := []*etree.Element{el}
	if wordxml.IsW(el, "tbl") {
		trs = w.rv.eng.Rows(el)
	}
	for _, tr := range trs {
		trPr := wordxml.ChildW(tr, "trPr")
		if trPr == nil {
			trPr = etree.NewElement("w:trPr")
			at := 0
			if ex := wordxml.ChildW(tr, "tblPrEx"); ex != nil {
				at = ex.Index() + 1
			}
			tr.InsertChildAt(at, trPr)
		}
		trPr.AddChild(w.rv.stamp(etree.NewElement("w:" + tag)))
		for _, tc := range w.rv.eng.Cells(tr) {
			if wordxml.HasW(tc, "tbl") {
				return untrackable(w.t.id, "the insertion or removal of a row holding a nested table")
			}
			ps := wordxml.FindW(tc, "p")
			for i, p := range ps {
				if err := content(p); err != nil {
					return err
				}
				if i < len(ps)-1 {
					w.rv.markParagraph(p, tag)
				}
			}
		}
	}
	return nil
}

// isRangeMarker reports elements that mark a place or range and show
// nothing: bookmarks, comment ranges, permissions, move and customXml
// range marks.
func isRangeMarker(el *etree.Element) bool {
	if el.Space != "w" {
		return false
	}
	switch el.Tag {
	case "bookmarkStart", "bookmarkEnd", "commentRangeStart", "commentRangeEnd", "permStart", "permEnd",
		"moveFromRangeStart", "moveFromRangeEnd", "moveToRangeStart", "moveToRangeEnd",
		"customXmlInsRangeStart", "customXmlInsRangeEnd", "customXmlDelRangeStart", "customXmlDelRangeEnd":
		return true
	}
	return false
}
