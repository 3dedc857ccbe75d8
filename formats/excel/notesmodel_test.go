package excel

import (
	"bytes"
	"errors"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/readers"
	"github.com/xuri/excelize/v2"
)

// TestNotesReadAsOpenpyxl holds the notes a write leaves to openpyxl's
// reading of the workbook before and after it (one Python process reads
// them all): each answer's note is its cell's note, if any, then "\n\n",
// then ours signed by the author, kept under the cell's note's author;
// every other note is as it was. Writes formfill refuses - a note past
// Excel's 32767 characters, more runs than it carries, a comments part it
// cannot place or a VML drawing it cannot decode - are refused with their
// error's kind. (formfill's own notes model replaced excelize's comment
// model, which was this test's oracle until issue 33.)
func TestNotesReadAsOpenpyxl(t *testing.T) {
	unsure := func(id, note string) formats.Answer {
		return formats.Answer{PairID: id, AnswerText: "Yes", Confidence: formats.Uncertain, Note: note}
	}
	tests := []struct {
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
		// the same note nine times: the check finds each in the note
		// (excelize's model found it in the part it kept), so the whole
		// note is written.
		{"the same note repeated past the limit", fixture, notesOnC3(9, func(int) string { return strings.Repeat("y", 3990) }), nil},
		{"a note with more runs than formfill carries", withNote(fixtures.ExcelSheetAssessment, "C4", maxNoteRuns+1, ""),
			[]formats.Answer{unsure("S1-R4-C3", "")}, formats.ErrUnsupported},
		{"a note with as many runs as formfill carries", withNote(fixtures.ExcelSheetAssessment, "C4", maxNoteRuns, ""),
			[]formats.Answer{unsure("S1-R4-C3", "")}, nil},
		{"a comments part the sheet reaches without a VML drawing",
			edited(withNote(fixtures.ExcelSheetAssessment, "C4", 2, ""), map[string]func([]byte) []byte{
				"xl/worksheets/_rels/sheet1.xml.rels": cut(`<Relationship[^>]*vmlDrawing[^>]*>(</Relationship>)?`),
				"xl/worksheets/sheet1.xml":            cut(`<legacyDrawing[^>]*?(/>|></legacyDrawing>)`),
			}), []formats.Answer{unsure("S1-R3-C3", "")}, formats.ErrUnsupported},
		{"a VML drawing that does not decode", edited(withNote(fixtures.ExcelSheetAssessment, "C4", 2, ""), map[string]func([]byte) []byte{
			"xl/drawings/vmlDrawing1.vml": func(b []byte) []byte { return bytes.Replace(b, []byte("</xml>"), []byte("<p></xml>"), 1) },
		}), []formats.Answer{unsure("S1-R3-C3", "")}, formats.ErrInvalidArgument},
		{"a VML drawing with Excel's line-ending <br>", edited(withNote(fixtures.ExcelSheetAssessment, "C4", 2, ""), map[string]func([]byte) []byte{
			"xl/drawings/vmlDrawing1.vml": func(b []byte) []byte { return bytes.Replace(b, []byte("</xml>"), []byte("<p>a<br>\r\nb</p></xml>"), 1) },
		}), []formats.Answer{unsure("S1-R3-C3", "")}, nil},
	}
	var docs [][]byte // before and after of each write formfill makes
	var made []int    // those writes, by case
	outs := make([]error, len(tests))
	for i, tc := range tests {
		doc := tc.doc(t)
		res, err := New().Write(doc, tc.answers, noteOpts)
		outs[i] = err
		if err == nil {
			docs, made = append(docs, doc, res.Document), append(made, i)
		}
	}
	notes := readers.XLSXNotesOf(t, docs...)
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := outs[i]
			if tc.refused != nil || err != nil {
				if !errors.Is(err, tc.refused) || tc.refused == nil {
					t.Fatalf("got %v; want %v", err, tc.refused)
				}
				return
			}
			j := 2 * slices.Index(made, i)
			want := wantNotes(t, tc.doc(t), notes[j], tc.answers)
			if got := notes[j+1]; !reflect.DeepEqual(got, want) {
				t.Errorf("openpyxl reads the notes\n%.2000v\nwant\n%.2000v", got, want)
			}
		})
	}
}

// wantNotes is before's notes (openpyxl's) with the answers' notes added
// as a write adds them: after the cell's note and a blank line, under its
// author, else a note of its own signed by noteOpts' author.
func wantNotes(t *testing.T, doc []byte, before map[string]map[string]readers.Note, answers []formats.Answer) map[string]map[string]readers.Note {
	t.Helper()
	wb := mustOpen(t, doc)
	want := map[string]map[string]readers.Note{}
	for sheet, ns := range before {
		want[sheet] = maps.Clone(ns)
	}
	for _, a := range answers {
		c, err := wb.parseRef(a.PairID)
		must(t, err)
		sheet, ref := wb.sheetName(c), c.name()
		ours := noteOpts.Author + ":\n" + formats.CommentText(a.Confidence, a.Note)
		if old, ok := want[sheet][ref]; ok {
			want[sheet][ref] = readers.Note{Text: old.Text + "\n\n" + ours, Author: old.Author}
		} else {
			want[sheet][ref] = readers.Note{Text: ours, Author: noteOpts.Author}
		}
	}
	return want
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
// sheet, in runs formatted runs, the last one ending with tail; excelize
// writes it (a writer making the case, not the oracle).
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
