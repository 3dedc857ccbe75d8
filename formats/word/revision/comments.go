package revision

import (
	"strconv"
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/word/wordxml"
)

// Word keeps comments in their own part (word/comments.xml), found through
// the main document's relationships and typed in [Content_Types].xml; the
// document marks the commented range with w:commentRangeStart and
// w:commentRangeEnd and shows the comment's mark with a run holding
// w:commentReference. All three carry the comment's w:id.

const (
	relsPart         = "word/_rels/document.xml.rels"
	contentTypesPart = "[Content_Types].xml"
	commentsRelType  = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments"
	commentsType     = "application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml"
	nsRels           = "http://schemas.openxmlformats.org/package/2006/relationships"
)

// Comment is a comment a write adds: its w:id and its text.
type Comment struct {
	ID   int
	Text string
}

// addComment anchors a new comment on what the answer changed (or, when
// nothing shows the change, on the whole target) and returns where it went.
func (rv *Reviser) addComment(t target, text string, touched []*etree.Element) string {
	first, last := t.el, t.el
	if len(touched) > 0 {
		first, last = touched[0], touched[len(touched)-1]
	}
	if wordxml.RootBody(first) == nil || wordxml.RootBody(last) == nil {
		return ""
	}
	start, end, ref, sid := rv.commentMarks(text)
	placeBefore(first, start)
	placeAfter(last, end, ref)
	return formats.CommentPlace("Word comment", sid, t.id)
}

// addPointComment puts a comment on a point between blocks, where an
// answer removed something and left nothing to anchor on, and returns
// where it went.
func (rv *Reviser) addPointComment(t target, text string, g gap) string {
	if wordxml.RootBody(g.at) == nil {
		return ""
	}
	start, end, ref, sid := rv.commentMarks(text)
	if g.before {
		placeBefore(g.at, ref)
		placeBefore(g.at, end)
		placeBefore(g.at, start)
	} else {
		placeAfter(g.at, start, end, ref)
	}
	return formats.CommentPlace("Word comment", sid, "the place of "+t.id)
}

// commentMarks makes a new comment with text and the marks that anchor it:
// the range start and end and the run showing its reference.
func (rv *Reviser) commentMarks(text string) (start, end, ref *etree.Element, sid string) {
	id := rv.newID()
	sid = strconv.Itoa(id)
	start = etree.NewElement("w:commentRangeStart")
	start.CreateAttr("w:id", sid)
	end = etree.NewElement("w:commentRangeEnd")
	end.CreateAttr("w:id", sid)
	ref = etree.NewElement("w:r")
	ref.CreateElement("w:commentReference").CreateAttr("w:id", sid)
	rv.comments = append(rv.comments, Comment{ID: id, Text: text})
	return start, end, ref, sid
}

// placeBefore puts m right before the content of el: before el itself
// when it sits in a paragraph, else at the start of el's first paragraph.
func placeBefore(el, m *etree.Element) {
	if !wordxml.IsW(el, "p") && wordxml.AncestorW(el, nil, "p") != nil {
		el.Parent().InsertChildAt(el.Index(), m)
		return
	}
	p := el
	if !wordxml.IsW(p, "p") {
		if p = wordxml.FirstW(el, "p"); p == nil {
			return
		}
	}
	at := 0
	if pPr := wordxml.ChildW(p, "pPr"); pPr != nil {
		at = pPr.Index() + 1
	}
	p.InsertChildAt(at, m)
}

// placeAfter puts ms right after the content of el: after el itself when
// it sits in a paragraph, else at the end of el's last paragraph.
func placeAfter(el *etree.Element, ms ...*etree.Element) {
	if !wordxml.IsW(el, "p") && wordxml.AncestorW(el, nil, "p") != nil {
		wordxml.InsertAfter(el, ms)
		return
	}
	p := el
	if !wordxml.IsW(p, "p") {
		ps := wordxml.FindW(el, "p")
		if len(ps) == 0 {
			return
		}
		p = ps[len(ps)-1]
	}
	wordxml.AppendChildren(p, ms)
}

// commentsTarget finds the comments part through the document's
// relationships: its zip entry name and the relationships document ("" and
// the parsed relationships when there is none yet).
func commentsTarget(arc *formats.Archive) (string, *etree.Document, error) {
	if arc.File(relsPart) == nil {
		return "", nil, nil
	}
	raw, err := arc.Read(relsPart)
	if err != nil {
		return "", nil, err
	}
	rels, err := wordxml.Parse(raw, relsPart, nil, nil)
	if err != nil {
		return "", nil, err
	}
	if rels.Root() == nil {
		return "", nil, formats.Errorf(formats.ErrInvalidDocument, relsPart, "empty relationships part")
	}
	for _, r := range rels.Root().ChildElements() {
		if r.Tag == "Relationship" && r.SelectAttrValue("Type", "") == commentsRelType && r.SelectAttrValue("TargetMode", "") != "External" {
			target := r.SelectAttrValue("Target", "")
			if strings.HasPrefix(target, "/") {
				return strings.TrimPrefix(target, "/"), rels, nil
			}
			return "word/" + target, rels, nil
		}
	}
	return "", rels, nil
}

// existingComments parses the comments part, nil when there is none.
func existingComments(arc *formats.Archive) (*etree.Document, string, *etree.Document, error) {
	name, rels, err := commentsTarget(arc)
	if err != nil || name == "" || arc.File(name) == nil {
		return nil, name, rels, err
	}
	raw, err := arc.Read(name)
	if err != nil {
		return nil, name, rels, err
	}
	x, err := wordxml.Parse(raw, name, nil, nil)
	if err != nil {
		return nil, name, rels, err
	}
	return x, name, rels, nil
}

// maxCommentID is the largest comment ID of the comments part.
func maxCommentID(arc *formats.Archive) (int, error) {
	x, _, _, err := existingComments(arc)
	if err != nil || x == nil || x.Root() == nil {
		return 0, err
	}
	top := 0
	for _, c := range x.Root().ChildElements() {
		if v, ok := wordxml.Attr(c, c.Space, "id"); ok {
			if n, err := strconv.Atoi(v); err == nil && n > top {
				top = n
			}
		}
	}
	return top, nil
}

// commentParts returns the parts the new comments need written: the
// comments part (extended, or new with its relationship and content
// type).
func commentParts(arc *formats.Archive, cs []Comment, st formats.Stamp, run func(rPr *etree.Element, text string) *etree.Element) (map[string][]byte, error) {
	if len(cs) == 0 {
		return nil, nil
	}
	x, name, rels, err := existingComments(arc)
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	if x == nil {
		if name, err = addCommentsPart(arc, rels, out); err != nil {
			return nil, err
		}
		x = etree.NewDocument()
		x.CreateProcInst("xml", `version="1.0" encoding="UTF-8" standalone="yes"`)
		x.CreateElement("w:comments").CreateAttr("xmlns:w", wordxml.NamespaceW)
	}
	root := x.Root()
	if root.SelectAttr("xmlns:w") == nil && root.Space != "w" {
		root.CreateAttr("xmlns:w", wordxml.NamespaceW)
	}
	for _, c := range cs {
		root.AddChild(commentElement(c, st, run))
	}
	out[name] = wordxml.Write(nil, x, 0)
	return out, nil
}

// commentElement is one w:comment: one paragraph per line of its text, the
// first starting with the comment's mark.
func commentElement(c Comment, st formats.Stamp, run func(rPr *etree.Element, text string) *etree.Element) *etree.Element {
	el := etree.NewElement("w:comment")
	el.CreateAttr("w:id", strconv.Itoa(c.ID))
	el.CreateAttr("w:author", st.Author)
	el.CreateAttr("w:date", st.DateString())
	el.CreateAttr("w:initials", st.Initials())
	for i, line := range strings.Split(c.Text, "\n") {
		p := el.CreateElement("w:p")
		if i == 0 {
			p.CreateElement("w:r").CreateElement("w:annotationRef")
		}
		p.AddChild(run(nil, line))
	}
	return el
}

// addCommentsPart registers a new comments part: a relationship from the
// document and its content type. It returns the part's name.
func addCommentsPart(arc *formats.Archive, rels *etree.Document, out map[string][]byte) (string, error) {
	name := "word/comments.xml"
	for n := 1; arc.File(name) != nil; n++ {
		name = "word/comments" + strconv.Itoa(n) + ".xml"
	}
	if rels == nil {
		rels = etree.NewDocument()
		rels.CreateProcInst("xml", `version="1.0" encoding="UTF-8" standalone="yes"`)
		rels.CreateElement("Relationships").CreateAttr("xmlns", nsRels)
	}
	ids := map[string]bool{}
	for _, r := range rels.Root().ChildElements() {
		ids[r.SelectAttrValue("Id", "")] = true
	}
	id := "rId1"
	for n := 1; ids[id]; n++ {
		id = "rId" + strconv.Itoa(n)
	}
	rel := rels.Root().CreateElement("Relationship")
	rel.CreateAttr("Id", id)
	rel.CreateAttr("Type", commentsRelType)
	rel.CreateAttr("Target", strings.TrimPrefix(name, "word/"))
	out[relsPart] = wordxml.Write(nil, rels, 0)

	raw, err := arc.Read(contentTypesPart)
	if err != nil {
		return "", err
	}
	ct, err := wordxml.Parse(raw, contentTypesPart, nil, nil)
	if err != nil {
		return "", err
	}
	if ct.Root() == nil {
		return "", formats.Errorf(formats.ErrInvalidDocument, contentTypesPart, "empty content types part")
	}
	o := ct.Root().CreateElement("Override")
	o.CreateAttr("PartName", "/"+name)
	o.CreateAttr("ContentType", commentsType)
	out[contentTypesPart] = wordxml.Write(nil, ct, 0)
	return name, nil
}
