package word

import (
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// answerRuns turns an answer into runs: the insertion's own runs, or one
// run of answer text with the properties inherited from ctx.
func answerRuns(text string, c *content, ctx *etree.Element) []*etree.Element {
	rPr := inheritRPr(contextRPr(ctx))
	if c != nil {
		return c.inline(rPr)
	}
	return []*etree.Element{textRun(rPr, text)}
}

// replaceContent replaces everything the target shows with the answer.
func replaceContent(t target, text string, c *content) error {
	rPr := inheritRPr(contextRPr(t.el))
	runs := func() []*etree.Element {
		if c != nil {
			return c.inline(rPr)
		}
		return []*etree.Element{textRun(rPr, text)}
	}
	switch {
	case isW(t.el, "tc"):
		return replaceBlock(t, t.el, "tcPr", runs, c)
	case isW(t.el, "sdt"):
		sc := childW(t.el, "sdtContent")
		if sc == nil {
			return formats.Errorf(formats.ErrInvalidDocument, t.id, "content control without w:sdtContent")
		}
		unsetPlaceholder(t.el)
		return replaceBlock(t, sc, "", runs, c)
	case isW(t.el, "p"):
		if err := checkFieldsBalanced(t.id, t.el); err != nil {
			return err
		}
		clearInline(t.el)
		appendChildren(t.el, runs())
		if c != nil && len(c.paras) > 1 {
			insertAfter(t.el, copies(c.paras[1:]))
		}
		return nil
	case isW(t.el, "r"):
		if childW(t.el, "fldChar") != nil || childW(t.el, "instrText") != nil {
			return formats.Errorf(formats.ErrInvalidArgument, t.id, "the run is part of a field (w:fldChar); replacing it would cut through the field")
		}
		insertAfter(t.el, runs())
		t.el.Parent().RemoveChild(t.el)
		return nil
	}
	return formats.Errorf(formats.ErrInvalidArgument, t.id, "cannot write into <%s>; address a cell, paragraph or content control", t.el.FullTag())
}

// replaceBlock empties a block container (a cell or block-level control),
// keeping its properties element and first paragraph's properties, and
// fills it with the answer.
func replaceBlock(t target, box *etree.Element, props string, runs func() []*etree.Element, c *content) error {
	if nested := findW(box, "tbl"); len(nested) > 0 {
		return formats.Errorf(formats.ErrInvalidArgument, t.id, "holds a nested table; address one of the nested cells instead of replacing the table")
	}
	if err := checkFieldsBalanced(t.id, box); err != nil {
		return err
	}
	var first *etree.Element
	for _, e := range box.ChildElements() {
		switch {
		case props != "" && isW(e, props):
		case isW(e, "p") && first == nil:
			first = e
		default:
			box.RemoveChild(e)
		}
	}
	if c != nil && len(c.paras) > 0 {
		if first != nil {
			box.RemoveChild(first)
		}
		appendChildren(box, copies(c.paras))
		return nil
	}
	if first == nil {
		if inlineOnly(box) {
			appendChildren(box, runs())
			return nil
		}
		first = box.CreateElement("w:p")
	}
	clearInline(first)
	appendChildren(first, runs())
	return nil
}

// inlineOnly reports whether a control's content is run-level (no
// paragraph inside and it does not sit directly in a cell or body).
func inlineOnly(sc *etree.Element) bool {
	if !isW(sc, "sdtContent") {
		return false
	}
	sdt := sc.Parent()
	if sdt == nil || sdt.Parent() == nil {
		return false
	}
	host := sdt.Parent()
	return isW(host, "p") || isW(host, "hyperlink") || isW(host, "sdtContent") && findW(host, "p") == nil
}

// appendTo adds the answer after the target's content.
func appendTo(t target, text string, c *content) error {
	switch {
	case isW(t.el, "p"):
		appendChildren(t.el, spacedRuns(t.el, text, c))
		return nil
	case isW(t.el, "r"):
		insertAfter(t.el, answerRuns(text, c, t.el))
		return nil
	case isW(t.el, "tc"), isW(t.el, "sdt"):
		box := t.el
		if isW(box, "sdt") {
			if box = childW(t.el, "sdtContent"); box == nil {
				return formats.Errorf(formats.ErrInvalidDocument, t.id, "content control without w:sdtContent")
			}
		}
		paras := childrenW(box, "p")
		if len(paras) == 0 {
			if inlineOnly(box) {
				appendChildren(box, spacedRuns(box, text, c))
				return nil
			}
			paras = []*etree.Element{box.CreateElement("w:p")}
		}
		last := paras[len(paras)-1]
		if c != nil && len(c.paras) > 0 {
			insertAfter(last, copies(c.paras))
			return nil
		}
		if strings.TrimSpace(textOf(last)) == "" {
			appendChildren(last, answerRuns(text, c, t.el))
			return nil
		}
		p := etree.NewElement("w:p")
		if ppr := childW(last, "pPr"); ppr != nil {
			p.AddChild(ppr.Copy())
		}
		appendChildren(p, answerRuns(text, c, last))
		insertAfter(last, []*etree.Element{p})
		return nil
	}
	return formats.Errorf(formats.ErrInvalidArgument, t.id, "cannot append to <%s>; address a cell, paragraph or content control", t.el.FullTag())
}

// spacedRuns are the answer runs for appending to el's text: a space goes
// between existing text and the answer.
func spacedRuns(el *etree.Element, text string, c *content) []*etree.Element {
	existing := textOf(el)
	if (c == nil || c.styled != nil) && existing != "" && !strings.HasSuffix(existing, " ") && !strings.HasSuffix(existing, "\t") {
		text = " " + text
		if c != nil {
			s := *c.styled
			s.spans = append([]span{{text: " "}}, s.spans...)
			c = &content{styled: &s}
		}
	}
	return answerRuns(text, c, el)
}

// clearInline removes a paragraph's content, keeping its properties and
// the anchors other parts point at (bookmarks, comment ranges).
func clearInline(p *etree.Element) {
	for _, e := range p.ChildElements() {
		if e.Space == "w" {
			switch e.Tag {
			case "pPr", "bookmarkStart", "bookmarkEnd", "commentRangeStart", "commentRangeEnd":
				continue
			}
		}
		p.RemoveChild(e)
	}
}

// checkFieldsBalanced refuses to clear el when a field starts inside it and
// ends outside (or the reverse): removing half a field corrupts the
// document.
func checkFieldsBalanced(id string, el *etree.Element) error {
	depth := 0
	for _, f := range findW(el, "fldChar") {
		v, _ := attr(f, "w", "fldCharType")
		switch v {
		case "begin":
			depth++
		case "end":
			depth--
		}
		if depth < 0 {
			return fieldCutError(id)
		}
	}
	if depth != 0 {
		return fieldCutError(id)
	}
	return nil
}

func fieldCutError(id string) error {
	return formats.Errorf(formats.ErrInvalidArgument, id,
		"a field (w:fldChar) starts or ends outside this element; replacing its content would cut through the field — address the whole field's paragraph or cell")
}

// tidy removes run stubs left by edits (runs holding nothing but their
// properties, empty w:t) and gives a cell left with neither a paragraph
// nor a content control directly in it an empty paragraph, as every cell
// needs one. Tracked deletions are left as they are: they are the record
// of a revision, which review marks must find unchanged.
func tidy(el *etree.Element) {
	for _, t := range findW(el, "t") {
		if t.Text() == "" && t.Parent() != nil && isW(t.Parent(), "r") && !inDeletion(t.Parent(), el) {
			t.Parent().RemoveChild(t)
		}
	}
	for _, r := range findW(el, "r") {
		if isStub(r) && r.Parent() != nil && !inDeletion(r, el) {
			r.Parent().RemoveChild(r)
		}
	}
	for _, tc := range findW(el, "tc") {
		if len(childrenW(tc, "p")) == 0 && len(childrenW(tc, "sdt")) == 0 {
			tc.CreateElement("w:p")
		}
	}
}

// inDeletion reports whether el sits in a tracked deletion (w:del,
// w:moveFrom) inside root.
func inDeletion(el, root *etree.Element) bool {
	for p := el.Parent(); p != nil && p != root; p = p.Parent() {
		if isW(p, "del") || isW(p, "moveFrom") {
			return true
		}
	}
	return false
}
