package excel

import (
	"bytes"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/xuri/excelize/v2"
)

// The notes of a write are formfill's own model now; excelize's comment
// model held them before (issue 33 item 1). On each workbook the notes the
// write leaves are those excelize's model gave - same comments part for
// each sheet, same author and text for each cell - and a write excelize's
// model refused is refused: excelize's AddComment round trip, as notes.go
// ran it, is the oracle.
func TestNotesModelAgreesWithExcelize(t *testing.T) {
	unsure := func(id, note string) formats.Answer {
		return formats.Answer{PairID: id, AnswerText: "Yes", Confidence: formats.Uncertain, Note: note}
	}
	for _, tc := range []struct {
		name    string
		doc     func(testing.TB) []byte
		answers []formats.Answer
		refused error // the error kind formfill refuses with, nil for none
	}{
		{"no comments part: a note on each of two sheets", fixture,
			[]formats.Answer{unsure("S1-R3-C3", "first"), unsure("S2-R1-C2", "second sheet")}, nil},
		{"two notes on one cell in one write", fixture,
			[]formats.Answer{unsure("S1-R3-C3", "first"), unsure("S1-R3-C3", "again on C3"), unsure("S1-R4-C3", "")}, nil},
		{"a comments part already: notes after the cell's note, and on a cell without one", withNote(fixtures.ExcelSheetAssessment, "C4", 2, ""),
			[]formats.Answer{unsure("S1-R4-C3", "after Jane"), unsure("S1-R4-C3", "and again"), unsure("S1-R5-C3", "")}, nil},
		{"another sheet's comments part: a new part takes the next number", withNote(fixtures.ExcelSheetContact, "B2", 2, ""),
			[]formats.Answer{unsure("S1-R3-C3", ""), unsure("S2-R2-C2", "after Jane")}, nil},
		{"a cell's note that ours takes past Excel's 32767 characters", withNote(fixtures.ExcelSheetAssessment, "C4", 2, strings.Repeat("x", maxNoteChars-40)),
			[]formats.Answer{unsure("S1-R4-C3", "")}, formats.ErrUnsupported},
		{"a cell's note that ours keeps within the limit", withNote(fixtures.ExcelSheetAssessment, "C4", 2, strings.Repeat("x", maxNoteChars-400)),
			[]formats.Answer{unsure("S1-R4-C3", "")}, nil},
		{"the write's own notes on one cell past the limit", fixture, notesOnC3(9, func(i int) string { return strings.Repeat(string(rune('a'+i)), 3990) }), formats.ErrUnsupported},
		// excelize's check found the text in the part of the note it kept:
		// the same note nine times passed, and the whole note is written.
		{"the same note repeated past the limit", fixture, notesOnC3(9, func(int) string { return strings.Repeat("y", 3990) }), nil},
		{"a note with more runs than formfill carries", withNote(fixtures.ExcelSheetAssessment, "C4", maxNoteRuns+1, ""),
			[]formats.Answer{unsure("S1-R4-C3", "")}, formats.ErrUnsupported},
		{"a note with as many runs as formfill carries", withNote(fixtures.ExcelSheetAssessment, "C4", maxNoteRuns, ""),
			[]formats.Answer{unsure("S1-R4-C3", "")}, nil},
		{"a comments part the sheet reaches without a VML drawing: excelize's note went elsewhere",
			edited(withNote(fixtures.ExcelSheetAssessment, "C4", 2, ""), map[string]func([]byte) []byte{
				"xl/worksheets/_rels/sheet1.xml.rels": cut(`<Relationship[^>]*vmlDrawing[^>]*>(</Relationship>)?`),
				"xl/worksheets/sheet1.xml":            cut(`<legacyDrawing[^>]*?(/>|></legacyDrawing>)`),
			}), []formats.Answer{unsure("S1-R3-C3", "")}, formats.ErrUnsupported},
		{"a VML drawing excelize could not decode", edited(withNote(fixtures.ExcelSheetAssessment, "C4", 2, ""), map[string]func([]byte) []byte{
			"xl/drawings/vmlDrawing1.vml": func(b []byte) []byte { return bytes.Replace(b, []byte("</xml>"), []byte("<p></xml>"), 1) },
		}), []formats.Answer{unsure("S1-R3-C3", "")}, formats.ErrInvalidArgument},
		{"a VML drawing with Excel's line-ending <br>", edited(withNote(fixtures.ExcelSheetAssessment, "C4", 2, ""), map[string]func([]byte) []byte{
			"xl/drawings/vmlDrawing1.vml": func(b []byte) []byte { return bytes.Replace(b, []byte("</xml>"), []byte("<p>a<br>\r\nb</p></xml>"), 1) },
		}), []formats.Answer{unsure("S1-R3-C3", "")}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := tc.doc(t)
			oracle, oerr := excelizeNoted(t, doc, tc.answers)
			res, err := New().Write(doc, tc.answers, noteOpts)
			if refused := tc.refused != nil; (oerr != nil) != refused || (err != nil) != refused {
				t.Fatalf("formfill: %v; excelize's model: %v; want refused=%v", err, oerr, refused)
			}
			if tc.refused != nil {
				if !errors.Is(err, tc.refused) {
					t.Errorf("got %v; want %v", err, tc.refused)
				}
				return
			}
			got, want := mustOpen(t, res.Document), mustOpen(t, oracle)
			for _, sheet := range want.sheets {
				gotPart, wantPart := notesPart(t, got, sheet), notesPart(t, want, sheet)
				if gotPart != wantPart {
					t.Errorf("sheet %q: notes in %q; excelize put them in %q", sheet, gotPart, wantPart)
				}
				g, w := notesByCell(t, got, sheet), notesByCell(t, want, sheet)
				if len(g) != len(w) {
					t.Errorf("sheet %q: %d notes; excelize's model %d", sheet, len(g), len(w))
				}
				for ref, wn := range w {
					// excelize cut a note at Excel's limit; formfill writes it
					// whole, as it did when excelize's model held it.
					cut := len([]rune(wn.text)) == maxNoteChars && strings.HasPrefix(g[ref].text, wn.text)
					if gn := g[ref]; gn.author != wn.author || gn.text != wn.text && !cut {
						t.Errorf("sheet %q, %s: note by %q, %d characters; excelize's model: by %q, %d characters:\n%.300q\n%.300q",
							sheet, ref, gn.author, len(gn.text), wn.author, len(wn.text), gn.text, wn.text)
					}
				}
			}
		})
	}
}

// edited is doc with the parts edits names passed through them.
func edited(doc func(testing.TB) []byte, edits map[string]func([]byte) []byte) func(testing.TB) []byte {
	return func(tb testing.TB) []byte {
		parts := unzip(tb, doc(tb))
		for name, edit := range edits {
			found := false
			for i := range parts {
				if parts[i].name == name {
					parts[i].data, found = edit(parts[i].data), true
				}
			}
			if !found {
				tb.Fatalf("no part %s to edit", name)
			}
		}
		return rezip(tb, parts, "", nil)
	}
}

// cut is an edit taking out what pattern matches, which must be there.
func cut(pattern string) func([]byte) []byte {
	re := regexp.MustCompile(pattern)
	return func(b []byte) []byte {
		if !re.Match(b) {
			panic("nothing to cut: " + pattern)
		}
		return re.ReplaceAll(b, nil)
	}
}

// notesOnC3 are k uncertain answers on the fixture's C3, the i-th with
// note(i).
func notesOnC3(k int, note func(int) string) []formats.Answer {
	out := make([]formats.Answer, k)
	for i := range out {
		out[i] = formats.Answer{PairID: "S1-R3-C3", AnswerText: "Yes", Confidence: formats.Uncertain, Note: note(i)}
	}
	return out
}

// withNote is the fixture with a note by Jane Auditor on cell ref of
// sheet, in runs formatted runs, the last one ending with tail.
func withNote(sheet, ref string, runs int, tail string) func(testing.TB) []byte {
	return func(tb testing.TB) []byte {
		f, err := excelize.OpenReader(bytes.NewReader(fixture(tb)))
		must(tb, err)
		p := []excelize.RichTextRun{{Text: "Jane Auditor:", Font: &excelize.Font{Bold: true}}}
		for len(p) < runs {
			p = append(p, excelize.RichTextRun{Text: "\nAsk for the last report."})
		}
		p[len(p)-1].Text += tail
		must(tb, f.AddComment(sheet, excelize.Comment{Cell: ref, Author: "Jane Auditor", Paragraph: p}))
		buf, err := f.WriteToBuffer()
		must(tb, err)
		return buf.Bytes()
	}
}

// excelizeNoted is doc with the answers' notes added as notes.go added
// them to excelize's model before formfill kept its own: the cell's note
// first, then ours, refused past maxNoteRuns or when excelize did not read
// back the note where it was added.
func excelizeNoted(t *testing.T, doc []byte, answers []formats.Answer) ([]byte, error) {
	t.Helper()
	wb := mustOpen(t, doc)
	f, err := excelize.OpenReader(bytes.NewReader(doc))
	must(t, err)
	find := func(sheet, ref string) *excelize.Comment {
		cs, err := f.GetComments(sheet)
		must(t, err)
		for i := range cs {
			if cs[i].Cell == ref {
				return &cs[i]
			}
		}
		return nil
	}
	for _, a := range answers {
		c, err := wb.parseRef(a.PairID)
		must(t, err)
		sheet, ref, text := wb.sheetName(c), c.name(), formats.CommentText(a.Confidence, a.Note)
		runs := []excelize.RichTextRun{{Text: noteOpts.Author + ":", Font: &excelize.Font{Bold: true, Size: 9}}, {Text: "\n" + text, Font: &excelize.Font{Size: 9}}}
		author := noteOpts.Author
		if old := find(sheet, ref); old != nil {
			author = old.Author
			kept := old.Paragraph
			if old.Text != "" {
				kept = append([]excelize.RichTextRun{{Text: old.Text}}, kept...)
			}
			if len(kept) > maxNoteRuns {
				return nil, errors.New("too many runs")
			}
			runs = append(append(kept, excelize.RichTextRun{Text: "\n\n"}), runs...)
			if err := f.DeleteComment(sheet, ref); err != nil {
				return nil, err
			}
		}
		if err := f.AddComment(sheet, excelize.Comment{Cell: ref, Author: author, Paragraph: runs}); err != nil {
			return nil, err
		}
		var joined strings.Builder
		if got := find(sheet, ref); got != nil {
			joined.WriteString(got.Text)
			for _, r := range got.Paragraph {
				joined.WriteString(r.Text)
			}
		}
		if !strings.Contains(joined.String(), text) {
			return nil, errors.New("the note did not land")
		}
	}
	buf, err := f.WriteToBuffer()
	must(t, err)
	return buf.Bytes(), nil
}

// notesPart is the comments part sheet's relationships name.
func notesPart(t *testing.T, wb *workbook, sheet string) string {
	t.Helper()
	parts, err := wb.parts()
	must(t, err)
	p, err := wb.commentsPart(parts[sheet])
	must(t, err)
	return p
}

// notesByCell are sheet's notes by cell reference.
func notesByCell(t *testing.T, wb *workbook, sheet string) map[string]sheetComment {
	t.Helper()
	cs, err := wb.sheetComments(sheet)
	must(t, err)
	out := map[string]sheetComment{}
	for _, c := range cs {
		out[c.ref] = c
	}
	return out
}
