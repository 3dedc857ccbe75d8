package revision

import (
	"strconv"
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/word/wordxml"
)

// The markup of tracked changes (ECMA-376 part 1, 17.13.5): inserted runs
// sit in w:ins, deleted runs in w:del with their text in w:delText, and a
// paragraph mark inserted or deleted carries w:ins or w:del in its
// w:pPr/w:rPr. Each mark has a unique w:id, an author and a date.

// annotationTags are the elements whose w:id numbers annotations: revision
// marks, comments, bookmarks and permission ranges. New marks take IDs above
// the largest of them in the body (and, when comments are asked for, above
// the comments part's IDs), so none collides with one of those; the other
// parts (headers, footnotes) are not scanned.
var annotationTags = map[string]bool{
	"ins": true, "del": true, "moveFrom": true, "moveTo": true, "moveFromRangeStart": true, "moveFromRangeEnd": true,
	"moveToRangeStart": true, "moveToRangeEnd": true, "bookmarkStart": true, "bookmarkEnd": true,
	"commentRangeStart": true, "commentRangeEnd": true, "commentReference": true, "rPrChange": true,
	"pPrChange": true, "sectPrChange": true, "tblPrChange": true, "trPrChange": true, "tcPrChange": true,
	"tblGridChange": true, "tblPrExChange": true, "numberingChange": true, "cellIns": true, "cellDel": true,
	"cellMerge": true, "permStart": true, "permEnd": true, "customXmlInsRangeStart": true,
	"customXmlInsRangeEnd": true, "customXmlDelRangeStart": true, "customXmlDelRangeEnd": true,
}

// maxAnnotationID is the largest annotation w:id in el.
func maxAnnotationID(el *etree.Element) int {
	top := 0
	wordxml.Descend(el, func(e *etree.Element) bool {
		if e.Space == "w" && annotationTags[e.Tag] {
			if v, ok := wordxml.Attr(e, "w", "id"); ok {
				if n, err := strconv.Atoi(v); err == nil && n > top {
					top = n
				}
			}
		}
		return true
	})
	return top
}

// stamp gives el the revision attributes w:id, w:author and w:date.
func (rv *Reviser) stamp(el *etree.Element) *etree.Element {
	el.CreateAttr("w:id", strconv.Itoa(rv.newID()))
	el.CreateAttr("w:author", rv.st.Author)
	el.CreateAttr("w:date", rv.st.DateString())
	return el
}

// newID returns an annotation ID no element of the body uses (see
// annotationTags).
func (rv *Reviser) newID() int {
	rv.nextID++
	return rv.nextID
}

// wrap puts el into a new revision element w:tag (ins or del) of this
// write, in el's place when el has a parent.
func (w *Watch) wrap(tag string, el *etree.Element) *etree.Element {
	rev := w.rv.stamp(etree.NewElement("w:" + tag))
	if p := el.Parent(); p != nil {
		p.InsertChildAt(el.Index(), rev)
	}
	rev.AddChild(el)
	id, _ := wordxml.Attr(rev, "w", "id")
	w.rv.ours[id] = true
	w.fresh[rev] = true
	return rev
}

// isOurs reports whether el (or a copy of it) is a revision element this
// write made.
func (rv *Reviser) isOurs(el *etree.Element) bool {
	id, ok := wordxml.Attr(el, "w", "id")
	return ok && rv.ours[id]
}

// asDeleted turns a run's text into deleted text: w:t becomes w:delText and
// w:instrText w:delInstrText, as Word writes a deleted run.
func asDeleted(r *etree.Element) {
	for _, c := range r.ChildElements() {
		switch {
		case wordxml.IsW(c, "t"):
			c.Tag = "delText"
		case wordxml.IsW(c, "instrText"):
			c.Tag = "delInstrText"
		}
	}
}

// markParagraph records a paragraph mark as inserted or deleted (tag "ins"
// or "del") in the paragraph's w:pPr/w:rPr, where the schema puts it first.
func (rv *Reviser) markParagraph(p *etree.Element, tag string) {
	rPr := markRPr(p)
	for _, old := range wordxml.ChildrenW(rPr, tag) {
		rPr.RemoveChild(old)
	}
	at := 0
	if tag == "del" && wordxml.ChildW(rPr, "ins") != nil {
		at = 1
	}
	rPr.InsertChildAt(at, rv.stamp(etree.NewElement("w:"+tag)))
}

// markRPr returns the paragraph mark's run properties, creating w:pPr and
// w:rPr where needed in schema order (w:rPr comes after every other
// paragraph property but w:sectPr and w:pPrChange).
func markRPr(p *etree.Element) *etree.Element {
	pPr := ensurePPr(p)
	if rPr := wordxml.ChildW(pPr, "rPr"); rPr != nil {
		return rPr
	}
	rPr := etree.NewElement("w:rPr")
	at := len(pPr.Child)
	for i, c := range pPr.Child {
		if e, ok := c.(*etree.Element); ok && (wordxml.IsW(e, "sectPr") || wordxml.IsW(e, "pPrChange")) {
			at = i
			break
		}
	}
	pPr.InsertChildAt(at, rPr)
	return rPr
}

// ensurePPr returns p's w:pPr, creating it as p's first child.
func ensurePPr(p *etree.Element) *etree.Element {
	if pPr := wordxml.ChildW(p, "pPr"); pPr != nil {
		return pPr
	}
	pPr := etree.NewElement("w:pPr")
	p.InsertChildAt(0, pPr)
	return pPr
}

// pPrBase is the part of a w:pPr a w:pPrChange records (CT_PPrBase): the
// paragraph properties without the mark's run properties, the section and
// earlier changes.
func pPrBase(pPr *etree.Element) *etree.Element {
	out := etree.NewElement("w:pPr")
	if pPr == nil {
		return out
	}
	for _, c := range pPr.ChildElements() {
		if wordxml.IsW(c, "rPr") || wordxml.IsW(c, "sectPr") || wordxml.IsW(c, "pPrChange") {
			continue
		}
		out.AddChild(c.Copy())
	}
	return out
}

// setPPr gives paragraph p the paragraph properties of want (a w:pPr, or
// nil for none) and records what it had before in a w:pPrChange, so that
// rejecting the change restores them. The mark's run properties stay.
// Nothing is recorded when the two already agree.
func (rv *Reviser) setPPr(p, want *etree.Element) error {
	have := wordxml.ChildW(p, "pPr")
	if sameTree(pPrBase(have), pPrBase(want)) {
		return nil
	}
	if wordxml.PathW(p, "pPr", "sectPr") != nil || want != nil && wordxml.ChildW(want, "sectPr") != nil {
		return formats.Errorf(formats.ErrInvalidArgument, "track_changes",
			"the change moves a section break (w:sectPr) between paragraphs, which a tracked change cannot record; write this answer without track_changes")
	}
	old := pPrBase(have)
	pPr := ensurePPr(p)
	for _, c := range pPr.ChildElements() {
		if !wordxml.IsW(c, "rPr") {
			pPr.RemoveChild(c)
		}
	}
	at := 0
	for _, c := range pPrBase(want).ChildElements() {
		pPr.InsertChildAt(at, c)
		at++
	}
	change := rv.stamp(etree.NewElement("w:pPrChange"))
	change.AddChild(old)
	pPr.AddChild(change)
	return nil
}

// sameTree reports whether two elements are equal: same names, attributes
// and text, child by child. White space between elements does not count.
func sameTree(a, b *etree.Element) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.Space != b.Space || a.Tag != b.Tag || len(a.Attr) != len(b.Attr) {
		return false
	}
	if at, bt := a.Text(), b.Text(); at != bt && (a.Space == "w" && textLeaf[a.Tag] || strings.TrimSpace(at) != "" || strings.TrimSpace(bt) != "") {
		return false
	}
	for i := range a.Attr {
		if a.Attr[i].Space != b.Attr[i].Space || a.Attr[i].Key != b.Attr[i].Key || a.Attr[i].Value != b.Attr[i].Value {
			return false
		}
	}
	ak, bk := a.ChildElements(), b.ChildElements()
	if len(ak) != len(bk) {
		return false
	}
	for i := range ak {
		if !sameTree(ak[i], bk[i]) {
			return false
		}
	}
	return true
}

// textLeaf are the elements whose text is document text, where white
// space counts; elsewhere it is indentation between elements.
var textLeaf = map[string]bool{"t": true, "delText": true, "instrText": true, "delInstrText": true}

// setChildren replaces el's children with kids, in order.
func setChildren(el *etree.Element, kids []*etree.Element) {
	for len(el.Child) > 0 {
		el.RemoveChildAt(len(el.Child) - 1)
	}
	for _, k := range kids {
		el.AddChild(k)
	}
}
