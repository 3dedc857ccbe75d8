package word

import (
	"strconv"
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/word/revision"
)

// maxQuestion bounds the question text of a review item.
const maxQuestion = 300

// reviewPlaces returns the review-list lookup of verify: each expected
// answer's target found by its ID in this document, the question it
// answers and the comment the document shows on it.
func (d *document) reviewPlaces() func(formats.ExpectedAnswer) formats.ReviewPlace {
	var questions map[string]formats.Target
	return func(e formats.ExpectedAnswer) formats.ReviewPlace {
		t, err := d.resolve(e.PairID, e.XPath)
		if err != nil {
			return formats.ReviewPlace{}
		}
		if questions == nil {
			questions = d.targetQuestions()
		}
		p := d.questionPlace(t, questions[t.id], e.ExpectedText)
		p.Comment = d.commentAt(t)
		return p
	}
}

// filledPlaces returns the review-list lookup of fill: the elements the
// answers were written to (IDs name the document as given, and
// paragraphs inserted or deleted shift the IDs of the written one), the
// questions of the document as given, and the comments the write put on
// them.
func (d *document) filledPlaces(done []*applied, questions map[string]formats.Target) func(formats.ExpectedAnswer) formats.ReviewPlace {
	byAnswer := map[formats.ExpectedAnswer]*applied{}
	for _, ap := range done {
		e := formats.ExpectedAnswer{PairID: ap.a.PairID, XPath: ap.a.XPath, ExpectedText: ap.plain, Confidence: ap.a.Confidence, Note: ap.a.Note}
		if e.PairID == "" {
			e.PairID = e.XPath
		}
		if _, seen := byAnswer[e]; !seen {
			byAnswer[e] = ap
		}
	}
	return func(e formats.ExpectedAnswer) formats.ReviewPlace {
		ap, ok := byAnswer[e]
		if !ok {
			return formats.ReviewPlace{}
		}
		p := d.questionPlace(ap.t, questions[ap.t.id], e.ExpectedText)
		p.Comment = ap.comment
		return p
	}
}

// targetQuestions maps the IDs of the compact map's answer targets to
// them, for the questions they answer.
func (d *document) targetQuestions() map[string]formats.Target {
	questions := map[string]formats.Target{}
	m, err := d.compact()
	if err != nil {
		return questions // stopped: the guesses of questionOf stand in
	}
	for _, q := range m.Targets {
		questions[q.ID] = q
	}
	return questions
}

// questionPlace is the question target t answers: the map's, else the
// one questionOf finds around it.
func (d *document) questionPlace(t target, q formats.Target, answer string) formats.ReviewPlace {
	if q.Question != "" {
		return formats.ReviewPlace{QuestionID: q.QuestionID, Question: q.Question}
	}
	var p formats.ReviewPlace
	p.QuestionID, p.Question = d.questionOf(t, answer)
	return p
}

// questionOf guesses the question a target answers where the map's targets
// do not say: for a cell, the nearest cell with text to its left (the
// label of a label | answer row), else the cell heading its column; for a
// paragraph, its own text with the answer left out.
func (d *document) questionOf(t target, answer string) (string, string) {
	if isW(t.el, "tc") {
		if tr := t.el.Parent(); tr != nil && isW(tr, "tr") {
			cells := rowCells(tr)
			at := -1
			for i, c := range cells {
				if c == t.el {
					at = i
				}
			}
			for i := at - 1; i >= 0; i-- {
				if s := cellLine(cells[i]); s != "" {
					return d.idOf(cells[i]), shorten(s, maxQuestion)
				}
			}
			if tbl := tr.Parent(); tbl != nil && at >= 0 {
				if rows := tableRows(tbl); len(rows) > 0 && rows[0] != tr {
					if head := rowCells(rows[0]); at < len(head) && cellLine(head[at]) != "" {
						return d.idOf(head[at]), shorten(cellLine(head[at]), maxQuestion)
					}
				}
			}
		}
		return "", ""
	}
	p := t.el
	if !isW(p, "p") {
		if p = ancestorW(t.el, nil, "p"); p == nil {
			return "", ""
		}
	}
	text := oneLine(textOf(p))
	if a := oneLine(answer); a != "" {
		text = strings.Replace(text, a, "…", 1)
	}
	if text == "…" {
		return "", ""
	}
	if p == t.el {
		return t.id, shorten(text, maxQuestion) // the ID the answer gave
	}
	return d.idOf(p), shorten(text, maxQuestion)
}

// idOf is an element's ID, "" when it has none.
func (d *document) idOf(el *etree.Element) string {
	if n := d.ix.node(el); n != nil {
		return n.id
	}
	return ""
}

// commentAt says which comment the document shows on target t: one
// formfill wrote if there is one, else any other; "" for none.
func (d *document) commentAt(t target) string {
	scope := t.el
	if !isW(scope, "p") && ancestorW(scope, nil, "p") != nil {
		scope = ancestorW(scope, nil, "p")
	}
	found := ""
	descend(scope, func(e *etree.Element) bool {
		if !isW(e, "commentRangeStart") && !isW(e, "commentReference") {
			return true
		}
		id, _ := attr(e, "w", "id")
		if strings.HasPrefix(d.commentText(id), "formfill:") {
			found = id
			return false
		}
		if found == "" {
			found = id
		}
		return true
	})
	if found == "" {
		return ""
	}
	return formats.CommentPlace("Word comment", found, t.id)
}

// commentText is the text of comment id, "" when unknown.
func (d *document) commentText(id string) string {
	if d.comments == nil {
		d.loadComments()
	}
	return d.comments[id]
}

// loadComments reads the comments part into d.comments; a document whose
// part cannot be read has none to show.
func (d *document) loadComments() {
	d.comments = map[string]string{}
	x, err := revision.ExistingComments(d.arc)
	if err != nil || x == nil || x.Root() == nil {
		return
	}
	for _, c := range x.Root().ChildElements() {
		if c.Tag != "comment" {
			continue
		}
		if id, ok := attr(c, c.Space, "id"); ok {
			d.comments[id] = strings.TrimSpace(textOf(c))
		}
	}
}

// noteComments adds the comments a write made to those d knows.
func (d *document) noteComments(cs []revision.Comment) {
	if d.comments == nil {
		d.loadComments()
	}
	for _, c := range cs {
		d.comments[strconv.Itoa(c.ID)] = c.Text
	}
}
