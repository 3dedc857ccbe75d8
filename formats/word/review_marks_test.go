package word

import (
	"strings"
	"testing"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/word/revision"
	"github.com/formfill/formfill/internal/readers"
)

// A paragraph inserted right after one whose text this write's author
// changed at its end is recorded as Word records Enter pressed at the end
// of that paragraph: its mark is the inserted one, the new paragraph's
// mark takes its place and, on rejection, its properties. LibreOffice
// joins the two insertions otherwise, and rejecting them ran the changed
// paragraph into the next.
func TestInsertAfterAChangedParagraphMarksItsMark(t *testing.T) {
	answers := []formats.Answer{
		{PairID: "P2", Mode: formats.ReplaceText, Find: "Preferred.", AnswerText: "Preferred Stock"},
		{PairID: "P2", Mode: formats.InsertAfter, AnswerText: "Neither party may disclose it."},
	}
	res, err := New().Write(agreementDocx(t), answers, formats.WriteOptions{TrackChanges: true, Date: reviewDate})
	if err != nil {
		t.Fatal(err)
	}
	d := reopen(t, res.Document)
	changed, added := nodeEl(t, d, "P2"), nodeEl(t, d, "P3")
	if !strings.Contains(textOf(added), "Neither party may disclose it.") || !strings.HasSuffix(textOf(changed), "Preferred Stock") {
		t.Fatalf("P2 reads %q, P3 %q; want the changed and the inserted paragraph", textOf(changed), textOf(added))
	}
	if !revision.MarkedParagraph(changed) || pathW(changed, "pPr", "rPr", "ins") == nil {
		t.Errorf("the changed paragraph's mark is not recorded as inserted:\n%s", elementXML(changed))
	}
	if revision.MarkedParagraph(added) {
		t.Errorf("the new paragraph's mark is recorded too; it stands for the old one:\n%s", elementXML(added))
	}
	if len(findW(added, "ins")) == 0 || textOf(findW(added, "ins")[0]) != "Neither party may disclose it." {
		t.Errorf("the new paragraph's text is not an insertion:\n%s", elementXML(added))
	}
}

// Before an answer changes a paragraph again, the edit's clean-up used to
// remove an empty run from a deletion an earlier answer had recorded,
// which track_changes then refused ("cannot record a change to
// <w:del>"). Run stubs are not recorded as deleted, and tracked deletions
// are left alone.
func TestSecondEditOfAParagraphWithARunStub(t *testing.T) {
	stub := `<w:r><w:rPr><w:u w:val="single"/></w:rPr></w:r>`
	doc := packAgreement(t, xPara("", xRun("Made as of [date], by "), stub, xRun("[company], a corporation."))+
		xPara("", xRun("Kept "), `<w:del w:id="7" w:author="Someone" w:date="2024-01-01T00:00:00Z"><w:r><w:rPr><w:b/></w:rPr></w:r><w:r><w:delText>gone</w:delText></w:r></w:del>`, xRun(" text.")))
	answers := []formats.Answer{
		{PairID: "P1", Mode: formats.ReplaceText, Find: "[date]", AnswerText: "March 3"},
		{PairID: "P1", Mode: formats.ReplaceText, Find: "[company]", AnswerText: "Acme"},
		{PairID: "P2", Mode: formats.ReplaceText, Find: "Kept", AnswerText: "Still"},
	}
	for _, track := range []bool{false, true} {
		res, err := New().Write(doc, answers, formats.WriteOptions{TrackChanges: track, Date: reviewDate})
		if err != nil {
			t.Fatalf("track_changes %v: %v", track, err)
		}
		d := reopen(t, res.Document)
		for _, del := range findW(d.body, "del") {
			for _, r := range childrenW(del, "r") {
				if isStub(r) && !strings.Contains(elementXML(del), `w:author="Someone"`) {
					t.Errorf("track_changes %v: a run stub recorded as deleted: %s", track, elementXML(del))
				}
			}
		}
		if x := documentXMLOf(t, res.Document); !strings.Contains(x, `<w:del w:id="7" w:author="Someone" w:date="2024-01-01T00:00:00Z"><w:r><w:rPr><w:b/></w:rPr></w:r>`) {
			t.Errorf("track_changes %v: the document's own deletion lost its run:\n%s", track, x)
		}
	}
}

// packAgreement packs body with the hand-built agreement's other parts.
func packAgreement(tb testing.TB, body string) []byte {
	tb.Helper()
	return packDocx(tb, map[string]string{
		"[Content_Types].xml":          agreementTypes,
		"_rels/.rels":                  agreementRootRels,
		"word/_rels/document.xml.rels": agreementDocRels,
		"word/document.xml":            agreementDocument(body),
		"word/styles.xml":              agreementStyles,
		"word/numbering.xml":           agreementNumbering,
		"word/footnotes.xml":           agreementFootnotes,
	})
}

// Every edit mode's uncertain answer gets its comment, with and without
// tracked changes: on what it changed, inserted or (tracked) deleted; an
// untracked deletion of a whole paragraph or row, which leaves nothing to
// anchor on, gets a comment at its place quoting what went.
func TestCommentsOnEveryEditMode(t *testing.T) {
	u := formats.Uncertain
	cases := []struct {
		answer formats.Answer
		// anchored: text the comment's range must hold, tracked and not;
		// removed: what a comment on the place of a deletion quotes.
		anchored, removed string
	}{
		{formats.Answer{PairID: "P2", Mode: formats.ReplaceText, Find: "[applicable]", AnswerText: "initial", Confidence: u}, "initial", ""},
		{formats.Answer{PairID: "P2", Mode: formats.Delete, Find: "[applicable] ", Confidence: u}, "", ""},
		{formats.Answer{PairID: "P4", Mode: formats.Delete, Confidence: u}, "", "“Board” means the board of directors"},
		{formats.Answer{PairID: "T1-R2", Mode: formats.Delete, Confidence: u}, "", "Signer Officer"},
		{formats.Answer{PairID: "P3", Mode: formats.InsertAfter, AnswerText: "“Agreement Date” means the date.", Confidence: u, Note: "date assumed"}, "“Agreement Date” means the date.", ""},
		{formats.Answer{PairID: "P8", Mode: formats.InsertBefore, AnswerText: "Optional clauses follow.", Confidence: u}, "Optional clauses follow.", ""},
	}
	for _, c := range cases {
		for _, track := range []bool{false, true} {
			name := string(c.answer.Mode) + " " + c.answer.PairID
			if track {
				name += " tracked"
			}
			t.Run(name, func(t *testing.T) {
				res, err := New().Write(agreementDocx(t), []formats.Answer{c.answer}, formats.WriteOptions{CommentUncertain: true, TrackChanges: track, Date: reviewDate})
				if err != nil {
					t.Fatal(err)
				}
				where := res.Changes[0].Comment
				if where == "" {
					t.Fatal("no comment")
				}
				d := reopen(t, res.Document)
				anchored, text := commentRange(t, d)
				if c.anchored != "" && !strings.Contains(anchored, c.anchored) {
					t.Errorf("the comment's range holds %q; want %q", anchored, c.anchored)
				}
				if !strings.Contains(text, "confidence uncertain") || c.answer.Note != "" && !strings.Contains(text, c.answer.Note) {
					t.Errorf("comment text %q lacks the confidence or the note", text)
				}
				point := c.removed != "" && !track
				if point != strings.Contains(where, "the place of") || point && !strings.Contains(text, "Removed here: "+c.removed) {
					t.Errorf("comment %q at %q; a point comment quoting the removal: %v", text, where, point)
				}
			})
		}
	}
}

// commentRange returns the text (deleted text included) between the only
// comment's range marks, and the comment's text.
func commentRange(t *testing.T, d *document) (string, string) {
	t.Helper()
	starts := findW(d.body, "commentRangeStart")
	if len(starts) != 1 {
		t.Fatalf("%d comment ranges; want 1", len(starts))
	}
	id, _ := attr(starts[0], "w", "id")
	var b strings.Builder
	in := false
	descend(d.body, func(e *etree.Element) bool {
		switch {
		case e == starts[0]:
			in = true
		case isW(e, "commentRangeEnd"):
			in = false
		case in && (isW(e, "t") || isW(e, "delText")):
			b.WriteString(e.Text())
		case in && isW(e, "p") && b.Len() > 0:
			b.WriteString(" ")
		}
		return true
	})
	return b.String(), d.commentText(id)
}

// LibreOffice shows the comment of an untracked paragraph deletion at the
// place the paragraph was, with the text that went.
func TestPointCommentShowsInLibreOffice(t *testing.T) {
	res, err := New().Write(agreementDocx(t), []formats.Answer{{PairID: "P4", Mode: formats.Delete, Confidence: formats.Unknown, Note: "not in the term sheet"}},
		formats.WriteOptions{CommentUncertain: true, Author: "Review Bot", Date: reviewDate})
	if err != nil {
		t.Fatal(err)
	}
	comments, _ := readers.LibreOfficeComments(t, res.Document)
	if len(comments) != 1 || !strings.Contains(comments[0].Content, "not in the term sheet") || !strings.Contains(comments[0].Content, "Removed here: “Board” means") {
		t.Errorf("LibreOffice shows %+v; want one comment with the note and the removed text", comments)
	}
}

// Fill's review list names each answer by the ID it gave, which names the
// document as given: the question and comment are those of the element
// the answer was written to, even after a paragraph inserted before it
// shifted the IDs of the written document.
func TestFillReviewListFollowsTheAnswersThroughShiftedIDs(t *testing.T) {
	answers := []formats.Answer{
		{PairID: "P3", Mode: formats.InsertBefore, AnswerText: "“Act” means the Securities Act."},
		{PairID: "P9", Mode: formats.ReplaceText, Find: "confidential", AnswerText: "secret", Confidence: formats.Uncertain, Note: "wording from the term sheet"},
		{PairID: "T1-R2-C1", AnswerText: "Jane Doe", Confidence: formats.Unknown},
	}
	res, rep, err := New().Fill(agreementDocx(t), answers, formats.WriteOptions{CommentUncertain: true, Date: reviewDate})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Review) != 2 {
		t.Fatalf("review list %+v: want P9 and T1-R2-C1", rep.Review)
	}
	p9, cell := rep.Review[0], rep.Review[1]
	if p9.PairID != "P9" || p9.QuestionID != "P9" || !strings.HasPrefix(p9.Question, "Mutual: We each keep the other's information") ||
		p9.Comment != res.Changes[1].Comment || p9.Comment == "" {
		t.Errorf("review item %+v: want P9's own text as the question and its comment %q", p9, res.Changes[1].Comment)
	}
	if cell.Question != "Name" || cell.Comment != res.Changes[2].Comment {
		t.Errorf("review item %+v: want the column's heading Name and comment %q", cell, res.Changes[2].Comment)
	}
}
