package word

import (
	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// insertParagraphs adds an answer as new paragraphs before or after the
// target (answer_text splits into paragraphs at blank lines). They are
// formatted by role model: the paragraph properties of the anchor (style,
// numbering, indents, so a numbered list continues) and the run properties
// of its body text. It returns the new paragraphs.
func (d *document) insertParagraphs(t target, text string, c *content, before bool) ([]*etree.Element, error) {
	ref, role, err := insertionAnchor(t, before)
	if err != nil {
		return nil, err
	}
	pPr := rolePPr(role)
	base := d.bodyRPr(role)
	var paras []*etree.Element
	switch {
	case c != nil && len(c.paras) > 0:
		for _, p := range copies(c.paras) {
			if childW(p, "pPr") == nil && pPr != nil {
				p.InsertChildAt(0, pPr.Copy())
			}
			paras = append(paras, p)
		}
	case c != nil:
		paras = append(paras, newParagraph(pPr, c.inline(base)))
	default:
		texts := paragraphsOf(text)
		if len(texts) == 0 {
			return nil, formats.Errorf(formats.ErrInvalidArgument, t.id, "answer_text holds no text to insert")
		}
		for _, s := range texts {
			spans, err := d.answerSpans(t.id, s, true, role)
			if err != nil {
				return nil, err
			}
			paras = append(paras, newParagraph(pPr, d.renderSpans(spans, base, role)))
		}
	}
	if before {
		at := ref.Index()
		for i, p := range paras {
			ref.Parent().InsertChildAt(at+i, p)
		}
	} else {
		insertAfter(ref, paras)
	}
	return paras, nil
}

// newParagraph builds a w:p with a copy of pPr (or none) and runs.
func newParagraph(pPr *etree.Element, runs []*etree.Element) *etree.Element {
	p := etree.NewElement("w:p")
	if pPr != nil {
		p.AddChild(pPr.Copy())
	}
	appendChildren(p, runs)
	return p
}

// insertionAnchor finds where new paragraphs go (next to ref, in its
// parent) and which paragraph they are formatted like.
func insertionAnchor(t target, before bool) (ref, role *etree.Element, err error) {
	el := t.el
	end := func(ps []*etree.Element) *etree.Element {
		if len(ps) == 0 {
			return nil
		}
		if before {
			return ps[0]
		}
		return ps[len(ps)-1]
	}
	switch {
	case isW(el, "p"):
		return el, el, nil
	case !isBlock(el):
		p := ancestorW(el, nil, "p")
		return p, p, nil
	case isW(el, "tc"):
		p := end(paragraphsOfCell(el))
		if p == nil {
			return nil, nil, formats.Errorf(formats.ErrInvalidArgument, t.id, "the cell holds no paragraph to insert next to")
		}
		return p, p, nil
	case isW(el, "sdt"):
		if sc := childW(el, "sdtContent"); sc != nil {
			role = end(wrappedChildren(sc, "p"))
		}
		return el, role, nil
	case isW(el, "tbl"):
		return el, siblingParagraph(el, before), nil
	}
	return nil, nil, formats.Errorf(formats.ErrInvalidArgument, t.id,
		"new paragraphs go next to a paragraph, cell, table or content control, not next to <%s>; address one of its cells", el.FullTag())
}

// siblingParagraph is the paragraph a table's neighbours are formatted
// like: the nearest sibling paragraph with text on either side of the
// table (at equal distances, the side being inserted on first), else the
// nearest sibling paragraph.
func siblingParagraph(tbl *etree.Element, before bool) *etree.Element {
	kids := tbl.Parent().ChildElements()
	at := 0
	for i, k := range kids {
		if k == tbl {
			at = i
		}
	}
	var near, any *etree.Element
	look := func(i int) {
		if i < 0 || i >= len(kids) || !isW(kids[i], "p") || near != nil {
			return
		}
		if any == nil {
			any = kids[i]
		}
		if textOf(kids[i]) != "" {
			near = kids[i]
		}
	}
	for d := 1; d < len(kids) && near == nil; d++ {
		if before {
			look(at - d)
			look(at + d)
		} else {
			look(at + d)
			look(at - d)
		}
	}
	if near != nil {
		return near
	}
	return any
}

// rolePPr copies a role paragraph's properties for new paragraphs,
// without what must stay unique to it: a section break, a page break
// before it, revision marks.
func rolePPr(role *etree.Element) *etree.Element {
	if role == nil {
		return nil
	}
	src := childW(role, "pPr")
	if src == nil {
		return nil
	}
	pPr := src.Copy()
	for _, tag := range []string{"sectPr", "pPrChange", "pageBreakBefore"} {
		for _, c := range childrenW(pPr, tag) {
			pPr.RemoveChild(c)
		}
	}
	if rPr := childW(pPr, "rPr"); rPr != nil {
		for _, tag := range []string{"ins", "del", "moveFrom", "moveTo", "rPrChange"} {
			for _, c := range childrenW(rPr, tag) {
				rPr.RemoveChild(c)
			}
		}
	}
	return pPr
}

// bodyRPr is the run properties new body text at el takes: those of the
// text making up most of el outside run-in headers, else those of its
// first run or paragraph mark.
func (d *document) bodyRPr(el *etree.Element) *etree.Element {
	if el == nil {
		return nil
	}
	if r := d.bodyRun(el); r != nil {
		return spanRPr(r, true)
	}
	return inheritRPr(contextRPr(el))
}
