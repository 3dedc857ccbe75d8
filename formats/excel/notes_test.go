package excel

import (
	"bytes"
	"errors"
	"sort"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/readers"
	"github.com/xuri/excelize/v2"
)

const reviewDate = "2025-03-01T09:30:00Z"

var noteOpts = formats.WriteOptions{CommentUncertain: true, Author: "Review Bot", Date: reviewDate}

// Uncertain and unknown answers get a note on their cell, signed by the
// author, giving the confidence and the answer's note; openpyxl reads the
// notes, LibreOffice reads them too (it keeps them when it saves the
// workbook again), and the review list says where each is and which
// question it answers.
func TestNotesFlagUncertainAnswers(t *testing.T) {
	doc := fixture(t)
	answers := []formats.Answer{
		{PairID: "S1-R3-C3", AnswerText: "Yes", Confidence: formats.Uncertain, Note: "per the 2024 audit"},
		{PairID: "S1-R5-C3", AnswerText: "42", Confidence: formats.Known},
		{PairID: "S1-R7-C4", AnswerText: "Escalation within 24 hours", Confidence: formats.Unknown},
		{PairID: "S2-R1-C2", AnswerText: "Acme Ltd", Confidence: formats.Uncertain},
	}
	res, rep, err := New().Fill(doc, answers, noteOpts)
	if err != nil {
		t.Fatal(err)
	}
	wantPlaces := []string{"Excel note on S1-R3-C3", "", "Excel note on S1-R7-C3", "Excel note on S2-R1-C2"}
	for i, ch := range res.Changes {
		if ch.Comment != wantPlaces[i] {
			t.Errorf("%s: comment at %q; want %q", ch.PairID, ch.Comment, wantPlaces[i])
		}
	}
	for name, book := range map[string][]byte{"openpyxl": res.Document, "LibreOffice, saved again": readers.LibreOfficeResave(t, res.Document, "xlsx")} {
		notes := readers.XLSXNotes(t, book)
		a := notes[fixtures.ExcelSheetAssessment]
		if len(a) != 2 || len(notes[fixtures.ExcelSheetContact]) != 1 {
			t.Fatalf("%s: notes %v; want C3 and C7 on the assessment, B1 on the contact sheet", name, notes)
		}
		// LibreOffice 7.4 saves notes without their author: the
		// signature in the text is what it keeps of it.
		if n := a["C3"]; !strings.Contains(n.Text, "Review Bot:") || !strings.Contains(n.Text, "confidence uncertain") ||
			!strings.Contains(n.Text, "per the 2024 audit") || name == "openpyxl" && n.Author != "Review Bot" {
			t.Errorf("%s: note on C3 %+v: want the author, the confidence and the note", name, n)
		}
		if n := a["C7"]; !strings.Contains(n.Text, "confidence unknown") {
			t.Errorf("%s: note on the merged range's anchor C7 %+v: want confidence unknown", name, n)
		}
	}
	if len(rep.Review) != 3 {
		t.Fatalf("review list %+v: want the three answers not known", rep.Review)
	}
	first := rep.Review[0]
	if first.Question != "Do you encrypt customer data at rest?" || first.QuestionID != "S1-R3-C2" || first.Comment != wantPlaces[0] || first.Note != "per the 2024 audit" {
		t.Errorf("review item %+v: want the question in S1-R3-C2, the note and where the comment is", first)
	}
	if q := rep.Review[2]; q.Question != "Company name:" || q.Comment != wantPlaces[3] {
		t.Errorf("review item %+v: want the label left of the cell and the note", q)
	}
	again, err := New().Verify(res.Document, formats.ExpectedFromAnswers(answers))
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Review) != 3 || again.Review[0].Comment != wantPlaces[0] || again.Review[1].Comment != wantPlaces[2] || again.Review[0].QuestionID != "S1-R3-C2" {
		t.Errorf("verify's review list %+v: want the notes and questions read back from the workbook", again.Review)
	}
}

// The notes change only what they need: the sheets they sit on, those
// sheets' relationships, their comments parts and VML drawings, and the
// content types. Every other entry is byte-identical to the plain write's,
// openpyxl reads the same values and a note on every answer not known,
// and the review list gives each one's question.
func TestNotesChangeOnlyTheirParts(t *testing.T) {
	for _, c := range []struct {
		name    string
		doc     func(testing.TB) []byte
		answers []formats.Answer
		want    []string
	}{
		{"vendor assessment", fixture, []formats.Answer{
			{PairID: "S1-R3-C3", AnswerText: "No", Confidence: formats.Uncertain},
			{PairID: "S2-R2-C2", AnswerText: "it@acme.test", Confidence: formats.Unknown},
		}, []string{"[Content_Types].xml", "xl/comments1.xml", "xl/comments2.xml", "xl/drawings/vmlDrawing1.vml", "xl/drawings/vmlDrawing2.vml",
			"xl/worksheets/_rels/sheet1.xml.rels", "xl/worksheets/_rels/sheet2.xml.rels", "xl/worksheets/sheet1.xml", "xl/worksheets/sheet2.xml"}},
		{"CAIQ v3.0.1, a sheet with drawings already", caiq, []formats.Answer{
			{PairID: "S1-R5-C9", AnswerText: "Per our SDLC policy", Confidence: formats.Uncertain, Note: "checked with the CISO"},
			{PairID: "S1-R6-C6", AnswerText: "X", Confidence: formats.Unknown},
		}, []string{"[Content_Types].xml", "xl/comments1.xml", "xl/drawings/vmlDrawing1.vml", "xl/worksheets/_rels/sheet1.xml.rels", "xl/worksheets/sheet1.xml"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc := c.doc(t)
			plain, err := New().Write(doc, c.answers, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			noted, err := New().Write(doc, c.answers, noteOpts)
			if err != nil {
				t.Fatal(err)
			}
			if got := differingEntries(t, plain.Document, noted.Document); strings.Join(got, ",") != strings.Join(c.want, ",") {
				t.Errorf("entries differing from the plain write: %v\nwant %v", got, c.want)
			}
			_, rep, err := New().Fill(doc, c.answers, noteOpts)
			if err != nil {
				t.Fatal(err)
			}
			notes := readers.XLSXNotes(t, noted.Document)
			loNotes := readers.XLSXNotes(t, readers.LibreOfficeResave(t, noted.Document, "xlsx"))
			wb := mustOpen(t, doc)
			for i, a := range c.answers {
				cl, _ := wb.parseRef(a.PairID)
				n, ok := notes[wb.sheetName(cl)][cl.name()]
				if !ok || !strings.Contains(n.Text, "confidence "+string(a.Confidence)) || !strings.Contains(n.Text, a.Note) {
					t.Errorf("%s: openpyxl reads the note %+v (%v)", a.PairID, n, ok)
				}
				if lo := loNotes[wb.sheetName(cl)][cl.name()]; lo.Text != n.Text {
					t.Errorf("%s: LibreOffice keeps the note as %q; formfill wrote %q", a.PairID, lo.Text, n.Text)
				}
				if r := rep.Review[i]; r.Question == "" || r.QuestionID == "" || r.Comment != noted.Changes[i].Comment {
					t.Errorf("review item %+v: want its question and note", r)
				}
			}
			if got, want := readers.XLSXCells(t, noted.Document), readers.XLSXCells(t, plain.Document); !sameCells(got, want) {
				t.Error("openpyxl reads other cell values with the notes than without")
			}
		})
	}
}

// differingEntries lists the zip entries b adds, drops or holds with
// other content than a, sorted.
func differingEntries(t *testing.T, a, b []byte) []string {
	t.Helper()
	before := map[string][]byte{}
	for _, p := range unzip(t, a) {
		before[p.name] = p.data
	}
	var out []string
	for _, p := range unzip(t, b) {
		if old, ok := before[p.name]; !ok || !bytes.Equal(old, p.data) {
			out = append(out, p.name)
		}
		delete(before, p.name)
	}
	for name := range before {
		out = append(out, name+" (dropped)")
	}
	sort.Strings(out)
	return out
}

func sameCells(a, b map[string]map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for s, cells := range a {
		if len(cells) != len(b[s]) {
			return false
		}
		for ref, v := range cells {
			if b[s][ref] != v {
				return false
			}
		}
	}
	return true
}

// A cell that already has a note keeps it: formfill's text follows it in
// the same note, which keeps its author.
func TestNoteOnACellWithANoteKeepsIt(t *testing.T) {
	f, err := excelize.OpenReader(bytes.NewReader(fixture(t)))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.AddComment(fixtures.ExcelSheetAssessment, excelize.Comment{Cell: "C4", Author: "Jane Auditor",
		Paragraph: []excelize.RichTextRun{{Text: "Jane Auditor:", Font: &excelize.Font{Bold: true}}, {Text: "\nAsk for the last report."}}}); err != nil {
		t.Fatal(err)
	}
	buf, err := f.WriteToBuffer()
	if err != nil {
		t.Fatal(err)
	}
	res, err := New().Write(buf.Bytes(), []formats.Answer{{PairID: "S1-R4-C3", AnswerText: "Yes", Confidence: formats.Uncertain, Note: "report of March"}}, noteOpts)
	if err != nil {
		t.Fatal(err)
	}
	n := readers.XLSXNotes(t, res.Document)[fixtures.ExcelSheetAssessment]["C4"]
	if n.Author != "Jane Auditor" || !strings.HasPrefix(n.Text, "Jane Auditor:\nAsk for the last report.\n\nReview Bot:\n") || !strings.Contains(n.Text, "report of March") {
		t.Errorf("note %+v: want Jane's note first, then formfill's", n)
	}
}

// Notes are refused, saying why, where they would go into parts another
// sheet owns; nothing is written.
func TestNotesRefusedWhereTheyWouldMixSheets(t *testing.T) {
	parts := unzip(t, fixture(t))
	// A VML drawing of sheet 2 named as sheet 1's first notes would be,
	// and no comments part: new notes' parts are numbered by counting the
	// comments parts.
	var withVML []part
	for _, p := range parts {
		withVML = append(withVML, p)
	}
	withVML = append(withVML, part{"xl/drawings/vmlDrawing1.vml", []byte(`<xml xmlns:v="urn:schemas-microsoft-com:vml"></xml>`)})
	doc := rezip(t, withVML, "", nil)
	_, err := New().Write(doc, []formats.Answer{{PairID: "S1-R3-C3", AnswerText: "Yes", Confidence: formats.Uncertain}}, noteOpts)
	if !errors.Is(err, formats.ErrUnsupported) || !strings.Contains(err.Error(), "vmlDrawing1.vml") || !strings.Contains(err.Error(), "without comment_uncertain") {
		t.Fatalf("got %v; want an unsupported error naming the drawing and how to write anyway", err)
	}
	if _, err := New().Write(doc, []formats.Answer{{PairID: "S1-R3-C3", AnswerText: "Yes", Confidence: formats.Uncertain}}, formats.WriteOptions{}); err != nil {
		t.Errorf("the same answer without comment_uncertain: %v", err)
	}
}

// Excel keeps no tracked changes formfill can write: track_changes is
// refused, pointing at the notes.
func TestTrackChangesRefusedForWorkbooks(t *testing.T) {
	_, err := New().Write(fixture(t), []formats.Answer{{PairID: "S1-R3-C3", AnswerText: "Yes"}}, formats.WriteOptions{TrackChanges: true})
	if !errors.Is(err, formats.ErrUnsupported) || !strings.Contains(err.Error(), "cell notes") {
		t.Fatalf("got %v; want unsupported, pointing at comment_uncertain's cell notes", err)
	}
}

func mustOpen(t *testing.T, doc []byte) *workbook {
	t.Helper()
	wb, err := open(doc)
	if err != nil {
		t.Fatal(err)
	}
	return wb
}

// A note box is as tall as its text needs, whatever its runs' markup: an
// escaped character is one character, formatting takes no line.
func TestNoteBoxSizedByItsText(t *testing.T) {
	lines := func(n int) string {
		s := make([]string, n)
		for i := range s {
			s[i] = "line"
		}
		return strings.Join(s, "\n")
	}
	for _, tc := range []struct {
		name  string
		texts []string // notes recorded on one cell, in order
		want  int
	}{
		{"short answer takes the least height", []string{"Yes"}, noteMinHeight},
		{"ten lines: the author's and ten", []string{lines(10)}, 16 * 11},
		{"escaped characters count once", []string{strings.Repeat("&", 96)}, noteMinHeight},
		{"a long line wraps", []string{strings.Repeat("x", 5*noteLineChars)}, 16 * 7},
		{"two notes on a cell, a blank line between", []string{lines(4), lines(4)}, 16 * (5 + 1 + 5)},
		{"past the limit Excel scrolls", []string{lines(100)}, noteMaxHeight},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := newNotes(nil, formats.Stamp{Author: "Reviewer"})
			for _, text := range tc.texts {
				n.record("Sheet1", cell{row: 2, col: 3}, text)
			}
			if got := n.adds["Sheet1"][0].height(); got != tc.want {
				t.Fatalf("height = %d; want %d", got, tc.want)
			}
		})
	}
}
