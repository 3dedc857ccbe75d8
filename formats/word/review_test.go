package word

import (
	"bytes"
	"errors"
	"sort"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/readers"
)

// reviewDate fixes the date of review marks so outputs compare.
const reviewDate = "2025-03-01T09:30:00Z"

// reviewCase is a document and answers written with and without review
// marks.
type reviewCase struct {
	name    string
	doc     func(testing.TB) []byte
	answers []formats.Answer
	// inlineControls: the answers go into inline content controls, inside
	// which LibreOffice 7.4 drops tracked changes (it reads neither the
	// w:ins nor the w:del there); python-docx's reading, which leaves
	// deleted text out, stands in for accepting them.
	inlineControls bool
}

var reviewCases = []reviewCase{
	{"letter of intent: placeholders, a cell, an append", func(tb testing.TB) []byte { return sharedForm(tb, "safedocx_letter-of-intent.docx") }, []formats.Answer{
		{PairID: "P5", AnswerText: "the Acme Widget platform", Confidence: formats.Uncertain, Note: "from the sales deck"},
		{PairID: "P7", AnswerText: "sync inventory daily", Mode: formats.ReplacePlaceholder},
		{PairID: "T1-R1-C2", AnswerText: "Acme Labs, Inc.", Confidence: formats.Unknown},
		{PairID: "T1-R3-C2", AnswerText: "Jane Doe"},
		{PairID: "P18", AnswerText: "Signed in two copies.", Mode: formats.Append},
	}, false},
	{"NDA: filled cells replaced, a 13-paragraph cell replaced by one line, signature lines", func(tb testing.TB) []byte { return sharedForm(tb, "safedocx_bonterms-mutual-nda.docx") }, []formats.Answer{
		{PairID: "T2-R4-C2", AnswerText: "3 years", Mode: formats.ReplaceContent, Confidence: formats.Uncertain},
		{PairID: "T2-R6-C2", AnswerText: "Delaware", Mode: formats.ReplaceContent},
		{PairID: "T4-R3-C2-P5", AnswerText: "Ada Lovelace, CEO", Mode: formats.Append},
		{PairID: "T4-R3-C1", AnswerText: "Signed separately", Mode: formats.ReplaceContent},
		{PairID: "T3-R3-C1", AnswerText: "None.", Confidence: formats.Unknown, Note: "no additional terms were discussed"},
	}, false},
	{"two-column questionnaire: empty cells, one answer on two lines", func(testing.TB) []byte { return fixtures.TwoColumn() }, []formats.Answer{
		{PairID: "T1-R2-C2", AnswerText: "Acme Ltd"},
		{PairID: "T1-R3-C2", AnswerText: "1 Main St\nSpringfield", Confidence: formats.Uncertain},
		{PairID: "T1-R8-C2", AnswerText: "Nightly, kept 30 days", Mode: formats.Append},
	}, false},
	{"multi-paragraph insertion_xml replaces a cell and a paragraph", func(testing.TB) []byte { return fixtures.MixedLayout() }, []formats.Answer{
		{PairID: "T1-R2-C2", InsertionXML: `<w:p><w:r><w:t>Acme Ltd</w:t></w:r></w:p><w:p><w:r><w:t>trading as Acme</w:t></w:r></w:p>`},
		{PairID: "P3", InsertionXML: `<w:p><w:r><w:t>First line.</w:t></w:r></w:p><w:p><w:r><w:t>Second line.</w:t></w:r></w:p>`, Mode: formats.ReplaceContent},
	}, false},
	{"content controls: text, drop-down, a cell's control, a block control", func(testing.TB) []byte { return fixtures.ContentControls() }, []formats.Answer{
		{PairID: "P2", AnswerText: "Acme Ltd"},
		{PairID: "P6", AnswerText: "No", Confidence: formats.Uncertain},
		{PairID: "T1-R2-C2", AnswerText: "Jane Doe"},
		{PairID: "SDT1", AnswerText: "Block answer"},
	}, true},
	{"legacy text field", func(testing.TB) []byte { return fixtures.LegacyFields() }, []formats.Answer{
		{PairID: "P2", AnswerText: "Ada Lovelace"},
		{PairID: "T1-R2-C2", AnswerText: "Acme Ltd", Confidence: formats.Unknown},
	}, false},
}

// Every answer written with track_changes is a tracked change by the
// author: LibreOffice accepting them all shows exactly the text of the
// plain write, rejecting them all the original text, and python-docx opens
// the document.
func TestTrackedChangesAcceptToThePlainWriteRejectToTheOriginal(t *testing.T) {
	for _, c := range reviewCases {
		t.Run(c.name, func(t *testing.T) {
			doc := c.doc(t)
			plain, err := New().Write(doc, c.answers, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			opts := formats.WriteOptions{TrackChanges: true, CommentUncertain: true, Author: "Review Bot", Date: reviewDate}
			tracked, err := New().Write(doc, c.answers, opts)
			if err != nil {
				t.Fatal(err)
			}
			for i, ch := range tracked.Changes {
				if ch.After != plain.Changes[i].After {
					t.Errorf("%s: change reads %q tracked, %q plain", ch.PairID, ch.After, plain.Changes[i].After)
				}
			}
			if c.inlineControls {
				if got, want := readers.DocxText(t, tracked.Document), readers.DocxText(t, plain.Document); got != want {
					t.Errorf("python-docx reads the tracked write as:\n%s\nthe plain write:\n%s", got, want)
				}
				return
			}
			want := readers.LibreOfficeTexts(t, [][]byte{plain.Document, doc}, "docx")
			acc := readers.LibreOfficeAcceptAll(t, tracked.Document)
			if acc.Text != want[0] {
				t.Errorf("accepting every change:\n%s\nthe plain write:\n%s", acc.Text, want[0])
			}
			if len(acc.Redlines) < len(c.answers) || acc.Remaining != 0 {
				t.Errorf("%d tracked changes for %d answers, %d left after accepting", len(acc.Redlines), len(c.answers), acc.Remaining)
			}
			for _, r := range acc.Redlines {
				if r.Author != "Review Bot" || r.Date != "2025-03-01T09:30:00" {
					t.Errorf("tracked change %+v: want author Review Bot at 2025-03-01T09:30:00", r)
				}
			}
			if rej := readers.LibreOfficeRejectAll(t, tracked.Document); rej.Text != want[1] {
				t.Errorf("rejecting every change:\n%s\nthe original:\n%s", rej.Text, want[1])
			}
			if text := readers.DocxText(t, tracked.Document); !strings.Contains(oneLine(text), oneLine(tracked.Changes[0].After)) {
				t.Errorf("python-docx reads %q; the first answer %q is not in it", text, tracked.Changes[0].After)
			}
		})
	}
}

// A checkbox's state and a legacy drop-down's selection live outside the
// text: no tracked change records them, so track_changes refuses them and
// says how to write them.
func TestTrackChangesRefusesStatesOutsideTheText(t *testing.T) {
	cases := []struct {
		name   string
		doc    []byte
		answer formats.Answer
	}{
		{"content-control checkbox", fixtures.ContentControls(), formats.Answer{PairID: "P4", AnswerText: "yes"}},
		{"legacy checkbox", fixtures.LegacyFields(), formats.Answer{PairID: "P4", AnswerText: "yes"}},
		{"legacy drop-down", fixtures.LegacyFields(), formats.Answer{PairID: "P6", AnswerText: "Hybrid"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := New().Write(c.doc, []formats.Answer{c.answer}, formats.WriteOptions{}); err != nil {
				t.Fatalf("the plain write fails: %v", err)
			}
			_, err := New().Write(c.doc, []formats.Answer{c.answer}, formats.WriteOptions{TrackChanges: true})
			if !errors.Is(err, formats.ErrInvalidArgument) || !strings.Contains(err.Error(), "without track_changes") {
				t.Fatalf("got %v; want an invalid-argument error saying to write it without track_changes", err)
			}
		})
	}
}

// Uncertain and unknown answers get a Word comment anchored on the answer,
// giving the confidence and the note; LibreOffice shows them by the
// author; only the document, the comments part and what registers it
// change; the review list says where each comment is.
func TestCommentsFlagUncertainAnswers(t *testing.T) {
	doc := sharedForm(t, "safedocx_bonterms-mutual-nda.docx")
	answers := []formats.Answer{
		{PairID: "T2-R2-C2", AnswerText: "Evaluating a reseller agreement", Mode: formats.ReplaceContent, Confidence: formats.Uncertain, Note: "taken from the 3 May call notes"},
		{PairID: "T2-R6-C2", AnswerText: "Delaware", Mode: formats.ReplaceContent, Confidence: formats.Known},
		{PairID: "T3-R3-C1", AnswerText: "None.", Confidence: formats.Unknown},
	}
	res, rep, err := New().Fill(doc, answers, formats.WriteOptions{CommentUncertain: true, Author: "Review Bot", Date: reviewDate})
	if err != nil {
		t.Fatal(err)
	}
	if res.Changes[1].Comment != "" || res.Changes[0].Comment == "" || res.Changes[2].Comment == "" {
		t.Errorf("comments went to %q, %q, %q; want the uncertain and unknown answers only", res.Changes[0].Comment, res.Changes[1].Comment, res.Changes[2].Comment)
	}
	comments, _ := readers.LibreOfficeComments(t, res.Document)
	if len(comments) != 2 {
		t.Fatalf("LibreOffice shows %d comments, want 2: %+v", len(comments), comments)
	}
	if c := comments[0]; !strings.Contains(c.Content, "confidence uncertain") || !strings.Contains(c.Content, "3 May call notes") || !strings.HasPrefix(c.Author, "Review Bot") {
		t.Errorf("first comment %+v: want the confidence, the note and the author", c)
	}
	if c := comments[1]; !strings.Contains(c.Content, "confidence unknown") {
		t.Errorf("second comment %+v: want confidence unknown", c)
	}
	if len(rep.Review) != 2 || rep.Review[0].PairID != "T2-R2-C2" || rep.Review[0].Question != "Purpose" ||
		rep.Review[0].Note != "taken from the 3 May call notes" || rep.Review[0].Comment != res.Changes[0].Comment {
		t.Errorf("review list %+v: want T2-R2-C2 (question Purpose, its note and comment) and T3-R3-C1", rep.Review)
	}
	again, err := New().Verify(res.Document, formats.ExpectedFromAnswers(answers))
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Review) != 2 || again.Review[1].Comment != res.Changes[2].Comment {
		t.Errorf("verify's review list %+v: want the comments read back from the document", again.Review)
	}
	changed := changedParts(t, doc, res.Document)
	want := []string{"[Content_Types].xml", "word/_rels/document.xml.rels", "word/comments.xml", "word/document.xml"}
	if strings.Join(changed, ",") != strings.Join(want, ",") {
		t.Errorf("parts changed or added: %v; want only %v", changed, want)
	}
	readers.DocxText(t, res.Document)
}

// Without review options nothing of them appears: no revision marks, no
// comments part, the same parts as the original.
func TestNoReviewOptionNoReviewMarks(t *testing.T) {
	doc := fixtures.TwoColumn()
	answers := []formats.Answer{{PairID: "T1-R2-C2", AnswerText: "Acme", Confidence: formats.Unknown, Note: "guess"}}
	res, err := New().Write(doc, answers, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	x := string(documentXMLOf(t, res.Document))
	for _, mark := range []string{"<w:ins ", "<w:del ", "commentRangeStart", "commentReference"} {
		if strings.Contains(x, mark) {
			t.Errorf("the plain write holds %s", mark)
		}
	}
	if got := changedParts(t, doc, res.Document); len(got) != 1 || got[0] != documentPart {
		t.Errorf("parts changed: %v; want only %s", got, documentPart)
	}
}

// changedParts lists the zip entries of b that a lacks or holds with other
// content, sorted.
func changedParts(t *testing.T, a, b []byte) []string {
	t.Helper()
	before := entries(t, a)
	var out []string
	for name, data := range entries(t, b) {
		if old, ok := before[name]; !ok || !bytes.Equal(old, data) {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}
