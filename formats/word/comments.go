package word

import (
	"strconv"
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
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

// newComment is a comment this write adds.
type newComment struct {
	id   int
	text string
}

// addComment anchors a new comment on what the answer changed (or, when
// nothing shows the change, on the whole target) and returns where it went.
func (rv *reviser) addComment(t target, text string, touched []*etree.Element) string {
	first, last := t.el, t.el
	if len(touched) > 0 {
		first, last = touched[0], touched[len(touched)-1]
	}
	if rootBody(first) == nil || rootBody(last) == nil {
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
func (rv *reviser) addPointComment(t target, text string, g gap) string {
	if rootBody(g.at) == nil {
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
func (rv *reviser) commentMarks(text string) (start, end, ref *etree.Element, sid string) {
	id := rv.newID()
	sid = strconv.Itoa(id)
	start = etree.NewElement("w:commentRangeStart")
	start.CreateAttr("w:id", sid)
	end = etree.NewElement("w:commentRangeEnd")
	end.CreateAttr("w:id", sid)
	ref = etree.NewElement("w:r")
	ref.CreateElement("w:commentReference").CreateAttr("w:id", sid)
	rv.comments = append(rv.comments, newComment{id: id, text: text})
	return start, end, ref, sid
}

// placeBefore puts m right before the content of el: before el itself
// when it sits in a paragraph, else at the start of el's first paragraph.
func placeBefore(el, m *etree.Element) {
	if !isW(el, "p") && ancestorW(el, nil, "p") != nil {
		el.Parent().InsertChildAt(el.Index(), m)
		return
	}
	p := el
	if !isW(p, "p") {
		if p = firstW(el, "p"); p == nil {
			return
		}
	}
	at := 0
	if pPr := childW(p, "pPr"); pPr != nil {
		at = pPr.Index() + 1
	}
	p.InsertChildAt(at, m)
}

// placeAfter puts ms right after the content of el: after el itself when
// it sits in a paragraph, else at the end of el's last paragraph.
func placeAfter(el *etree.Element, ms ...*etree.Element) {
	if !isW(el, "p") && ancestorW(el, nil, "p") != nil {
		insertAfter(el, ms)
		return
	}
	p := el
	if !isW(p, "p") {
		ps := findW(el, "p")
		if len(ps) == 0 {
			return
		}
		p = ps[len(ps)-1]
	}
	appendChildren(p, ms)
}

// commentsTarget finds the comments part through the document's
// relationships: its zip entry name and the relationships document ("" and
// the parsed relationships when there is none yet).
func (d *document) commentsTarget() (string, *etree.Document, error) {
	if d.arc.File(relsPart) == nil {
		return "", nil, nil
	}
	raw, err := d.arc.Read(relsPart)
	if err != nil {
		return "", nil, err
	}
	rels, err := parseXML(raw, relsPart, nil, nil)
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
func (d *document) existingComments() (*etree.Document, string, *etree.Document, error) {
	name, rels, err := d.commentsTarget()
	if err != nil || name == "" || d.arc.File(name) == nil {
		return nil, name, rels, err
	}
	raw, err := d.arc.Read(name)
	if err != nil {
		return nil, name, rels, err
	}
	x, err := parseXML(raw, name, nil, nil)
	if err != nil {
		return nil, name, rels, err
	}
	return x, name, rels, nil
}

// maxCommentID is the largest comment ID of the comments part.
func (d *document) maxCommentID() (int, error) {
	x, _, _, err := d.existingComments()
	if err != nil || x == nil || x.Root() == nil {
		return 0, err
	}
	top := 0
	for _, c := range x.Root().ChildElements() {
		if v, ok := attr(c, c.Space, "id"); ok {
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
func (d *document) commentParts(cs []newComment, st formats.Stamp) (map[string][]byte, error) {
	if len(cs) == 0 {
		return nil, nil
	}
	x, name, rels, err := d.existingComments()
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	if x == nil {
		if name, err = d.addCommentsPart(rels, out); err != nil {
			return nil, err
		}
		x = etree.NewDocument()
		x.CreateProcInst("xml", `version="1.0" encoding="UTF-8" standalone="yes"`)
		x.CreateElement("w:comments").CreateAttr("xmlns:w", nsW)
	}
	root := x.Root()
	if root.SelectAttr("xmlns:w") == nil && root.Space != "w" {
		root.CreateAttr("xmlns:w", nsW)
	}
	for _, c := range cs {
		root.AddChild(commentElement(c, st))
	}
	out[name] = writeXML(nil, x, 0)
	return out, nil
}

// commentElement is one w:comment: one paragraph per line of its text, the
// first starting with the comment's mark.
func commentElement(c newComment, st formats.Stamp) *etree.Element {
	el := etree.NewElement("w:comment")
	el.CreateAttr("w:id", strconv.Itoa(c.id))
	el.CreateAttr("w:author", st.Author)
	el.CreateAttr("w:date", st.DateString())
	el.CreateAttr("w:initials", st.Initials())
	for i, line := range strings.Split(c.text, "\n") {
		p := el.CreateElement("w:p")
		if i == 0 {
			p.CreateElement("w:r").CreateElement("w:annotationRef")
		}
		p.AddChild(textRun(nil, line))
	}
	return el
}

// addCommentsPart registers a new comments part: a relationship from the
// document and its content type. It returns the part's name.
func (d *document) addCommentsPart(rels *etree.Document, out map[string][]byte) (string, error) {
	name := "word/comments.xml"
	for n := 1; d.arc.File(name) != nil; n++ {
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
	out[relsPart] = writeXML(nil, rels, 0)

	raw, err := d.arc.Read(contentTypesPart)
	if err != nil {
		return "", err
	}
	ct, err := parseXML(raw, contentTypesPart, nil, nil)
	if err != nil {
		return "", err
	}
	if ct.Root() == nil {
		return "", formats.Errorf(formats.ErrInvalidDocument, contentTypesPart, "empty content types part")
	}
	o := ct.Root().CreateElement("Override")
	o.CreateAttr("PartName", "/"+name)
	o.CreateAttr("ContentType", commentsType)
	out[contentTypesPart] = writeXML(nil, ct, 0)
	return name, nil
}
