package revision

import (
	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats/word/wordxml"
)

// runHolders are the elements inside a paragraph that hold runs and stay
// in place when the runs inside them change.
var runHolders = map[string]bool{
	"hyperlink": true, "smartTag": true, "customXml": true, "fldSimple": true, "dir": true, "bdo": true,
}

// paragraph records the changes inside a kept paragraph: its content, and
// its properties in a w:pPrChange.
func (w *Watch) paragraph(p, old *etree.Element) error {
	notPPr := func(e *etree.Element) bool { return wordxml.IsW(e, "pPr") }
	if err := w.inlineIn(p, w.oldPairs(old, notPPr), false); err != nil {
		return err
	}
	if w.track() {
		return w.rv.recordPPr(p, wordxml.ChildW(old, "pPr"))
	}
	return nil
}

// inlineIn records the changes among the run-level children of parent (a
// paragraph, a hyperlink, an inline control's content …), which were olds.
// Inside one of this write's own insertions (ours) nothing needs marking:
// new runs are already inserted, removed ones never existed.
func (w *Watch) inlineIn(parent *etree.Element, olds []pair, ours bool) error {
	var now, props []*etree.Element
	for _, c := range parent.ChildElements() {
		if wordxml.IsProperties(c) {
			props = append(props, c)
			continue
		}
		now = append(now, c)
	}
	items, err := merge(olds, now)
	if err != nil {
		return untrackable(w.t.id, err.Error())
	}
	var out []*etree.Element
	for _, it := range items {
		var got []*etree.Element
		var err error
		switch it.st {
		case kept:
			got, err = w.keptInline(it.el, it.old, ours)
		case inserted:
			got, err = w.insertedForm(it.el, ours)
		case deleted:
			got, err = w.deletedForm(it.el, ours)
		}
		if err != nil {
			return err
		}
		out = append(out, got...)
	}
	if !w.track() {
		return nil
	}
	out = w.refine(out)
	setChildren(parent, append(props, out...))
	for _, e := range out {
		if w.fresh[e] {
			w.touch(e)
		}
	}
	return nil
}

// keptInline records the changes inside a run-level element found before
// and after the write, and returns what stands in its place.
func (w *Watch) keptInline(el, old *etree.Element, ours bool) ([]*etree.Element, error) {
	if old == el || sameTree(old, el) {
		return []*etree.Element{el}, nil
	}
	switch {
	case wordxml.IsW(el, "r"):
		if wordxml.HasW(el, "fldChar") || wordxml.HasW(old, "fldChar") {
			return nil, untrackable(w.t.id, "a change inside a field's code (a legacy checkbox or drop-down, whose state is not text)")
		}
		if !w.track() {
			w.touch(el)
			return nil, nil
		}
		gone, err := w.deletedForm(old, ours)
		if err != nil {
			return nil, err
		}
		added, err := w.insertedForm(el, ours)
		return append(gone, added...), err
	case el.Space == "w" && runHolders[el.Tag], wordxml.IsW(el, "ins") && w.rv.isOurs(el):
		err := w.inlineIn(el, w.oldPairs(old, wordxml.IsProperties), ours || wordxml.IsW(el, "ins"))
		return []*etree.Element{el}, err
	case wordxml.IsW(el, "sdt"):
		if err := w.controlSettings(el, old); err != nil {
			return nil, err
		}
		sc, oc := wordxml.ChildW(el, "sdtContent"), wordxml.ChildW(old, "sdtContent")
		if sc == nil || oc == nil {
			return nil, untrackable(w.t.id, "a change to a content control without content")
		}
		return []*etree.Element{el}, w.inlineIn(sc, w.oldPairs(oc, nil), ours)
	case isRangeMarker(el), wordxml.IsW(el, "proofErr"):
		return []*etree.Element{el}, nil
	}
	return nil, untrackable(w.t.id, "a change to <"+el.FullTag()+">")
}

// insertedForm marks a run-level element the write added as inserted: runs
// go into w:ins, containers have their runs marked inside them.
func (w *Watch) insertedForm(el *etree.Element, ours bool) ([]*etree.Element, error) {
	if !w.track() {
		w.touch(el)
		return nil, nil
	}
	switch {
	case wordxml.IsW(el, "r"):
		if ours {
			return []*etree.Element{el}, nil
		}
		return []*etree.Element{w.wrap("ins", el)}, nil
	case isRangeMarker(el), wordxml.IsW(el, "proofErr"), wordxml.IsW(el, "ins") || wordxml.IsW(el, "del"):
		return []*etree.Element{el}, nil
	case el.Space == "w" && runHolders[el.Tag]:
		return []*etree.Element{el}, w.eachInline(el, func(c *etree.Element) ([]*etree.Element, error) { return w.insertedForm(c, ours) })
	case wordxml.IsW(el, "sdt") && wordxml.ChildW(el, "sdtContent") != nil:
		return []*etree.Element{el}, w.eachInline(wordxml.ChildW(el, "sdtContent"), func(c *etree.Element) ([]*etree.Element, error) { return w.insertedForm(c, ours) })
	}
	return nil, untrackable(w.t.id, "the insertion of <"+el.FullTag()+">")
}

// deletedForm turns the old content of a run-level element the write
// removed into a deletion to put back: runs go into w:del with their text
// as w:delText; marks that show nothing come back as they were; what this
// write itself inserted earlier is dropped.
func (w *Watch) deletedForm(old *etree.Element, ours bool) ([]*etree.Element, error) {
	switch {
	case wordxml.IsW(old, "r"):
		if ours || wordxml.IsStub(old) {
			return nil, nil // never there, or nothing to show: nothing to reject back
		}
		asDeleted(old)
		return []*etree.Element{w.wrap("del", old)}, nil
	case wordxml.IsW(old, "proofErr"):
		return nil, nil
	case wordxml.IsW(old, "ins") && w.rv.isOurs(old):
		return nil, nil
	case isRangeMarker(old), wordxml.IsW(old, "del"), wordxml.IsW(old, "moveFrom"):
		return []*etree.Element{old}, nil
	case old.Space == "w" && (runHolders[old.Tag] || old.Tag == "ins" || old.Tag == "moveTo"):
		return []*etree.Element{old}, w.eachInline(old, func(c *etree.Element) ([]*etree.Element, error) { return w.deletedForm(c, ours) })
	case wordxml.IsW(old, "sdt") && wordxml.ChildW(old, "sdtContent") != nil:
		return []*etree.Element{old}, w.eachInline(wordxml.ChildW(old, "sdtContent"), func(c *etree.Element) ([]*etree.Element, error) { return w.deletedForm(c, ours) })
	}
	return nil, untrackable(w.t.id, "the removal of <"+old.FullTag()+">")
}

// deleteInline marks the content of a removed paragraph deleted.
func (w *Watch) deleteInline(p *etree.Element) error {
	return w.eachInline(p, func(c *etree.Element) ([]*etree.Element, error) { return w.deletedForm(c, false) })
}

// insertInline marks the content of a new paragraph inserted.
func (w *Watch) insertInline(p *etree.Element) error {
	return w.eachInline(p, func(c *etree.Element) ([]*etree.Element, error) { return w.insertedForm(c, false) })
}

// eachInline replaces each run-level child of parent with what form makes
// of it; properties elements stay first.
func (w *Watch) eachInline(parent *etree.Element, form func(*etree.Element) ([]*etree.Element, error)) error {
	var out []*etree.Element
	for _, c := range parent.ChildElements() {
		if wordxml.IsProperties(c) {
			out = append(out, c)
			continue
		}
		got, err := form(c)
		if err != nil {
			return err
		}
		out = append(out, got...)
	}
	setChildren(parent, w.coalesce(out))
	return nil
}
