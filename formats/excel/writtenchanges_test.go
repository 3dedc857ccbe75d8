package excel

import (
	"os"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/readers"
)

// writeCase is a workbook and answers to write into it.
type writeCase struct {
	name    string
	doc     []byte
	answers []formats.Answer
}

// changesShowWhatOpenpyxlReads writes each case's answers and holds each
// change's texts to openpyxl's reading of the same cell, shown under its
// number format (readerShows), in the document as it came (the first
// change of a cell's Before) and as written (the last one's After): the
// write reads and reports its cells from formfill's own readers alone,
// and an independent reader of the same cells must find the same texts.
// One Python process reads every document, before and after.
func changesShowWhatOpenpyxlReads(t *testing.T, cases []writeCase) {
	t.Helper()
	results := make([]*formats.WriteResult, len(cases))
	var docs [][]byte
	for i, c := range cases {
		res, err := New().Write(c.doc, c.answers, formats.WriteOptions{})
		if err != nil {
			t.Errorf("%s: Write refuses the answers: %v", c.name, err)
			continue
		}
		results[i] = res
		docs = append(docs, c.doc, res.Document)
	}
	books := readers.XLSXValues(t, docs...)
	for i, c := range cases {
		if results[i] == nil {
			continue
		}
		before, after := books[0], books[1]
		books = books[2:]
		t.Run(c.name, func(t *testing.T) { sameChanges(t, c.doc, results[i].Changes, before, after) })
	}
}

// sameChanges holds changes, written into doc, to openpyxl's reading of
// the document before and after (see changesShowWhatOpenpyxlReads).
func sameChanges(t *testing.T, doc []byte, changes []formats.Change, before, after readers.XLSXBook) {
	if len(changes) == 0 {
		t.Fatal("no change: the case tests nothing")
	}
	wb, err := open(doc)
	must(t, err)
	first, last := map[string]int{}, map[string]int{}
	for i, ch := range changes {
		if _, ok := first[ch.XPath]; !ok {
			first[ch.XPath] = i
		}
		last[ch.XPath] = i
	}
	for i, ch := range changes {
		c, err := wb.resolve(formats.Answer{XPath: ch.XPath})
		must(t, err)
		sheet, ref := wb.sheetName(c), c.name()
		if first[ch.XPath] == i {
			if want, err := readerShows(before.Cell(sheet, ref)); ch.Before != want || err != nil {
				t.Errorf("%s was %q; openpyxl reads %+v, shown %q (%v)", ch.XPath, ch.Before, before.Cell(sheet, ref), want, err)
			}
		}
		if last[ch.XPath] == i {
			if want, err := readerShows(after.Cell(sheet, ref)); ch.After != want || err != nil {
				t.Errorf("%s now reads %q; openpyxl reads %+v, shown %q (%v)", ch.XPath, ch.After, after.Cell(sheet, ref), want, err)
			}
		}
	}
}

// firstAnswers are answers to up to n of doc's free fields: a list's
// first option, a number, a date or text, in turn.
func firstAnswers(tb testing.TB, doc []byte, n int) []formats.Answer {
	tb.Helper()
	fields, err := New().ListFields(doc)
	must(tb, err)
	var answers []formats.Answer
	texts := []string{"Acme Cloud", "42", "2024-03-31", "TRUE", "0.5"}
	for _, f := range fields {
		if len(answers) == n {
			break
		}
		if f.ReadOnly {
			continue
		}
		text := texts[len(answers)%len(texts)]
		if len(f.Options) > 0 {
			text = f.Options[0]
		}
		answers = append(answers, formats.Answer{PairID: f.FieldID, AnswerText: text})
	}
	return answers
}

// TestWrittenChangesShowWhatOpenpyxlReads writes answers into workbooks,
// which the write reads with formfill's own readers alone, and holds the
// changes it reports to openpyxl's reading of the documents before and
// after (see changesShowWhatOpenpyxlReads).
func TestWrittenChangesShowWhatOpenpyxlReads(t *testing.T) {
	kinds, _ := cellKinds(t, false)
	cases := []writeCase{
		{"every kind of cell", kinds, []formats.Answer{
			answer("Kinds!A1", "99.5"), answer("Kinds!A3", "0.5"), answer("Kinds!A4", "2024-03-31"),
			{PairID: "Kinds!A6", AnswerText: "more", Mode: formats.Append}, answer("Kinds!A9", "FALSE"),
			answer("Kinds!C2", "2025-01-02"), answer("Kinds!C2", "2025-01-03"), answer("Kinds!A18", "seven"),
		}},
		{"the questionnaire fixture", fixture(t), firstAnswers(t, fixture(t), 20)},
	}
	if doc, err := os.ReadFile(caiqPath); err == nil {
		cases = append(cases, writeCase{"CAIQ v3", doc, firstAnswers(t, doc, 200)})
	} else {
		t.Logf("CAIQ left out: %v", err)
	}
	changesShowWhatOpenpyxlReads(t, cases)
}

// TestRealWritesShowWhatOpenpyxlReads writes 300 answers into every real
// workbook and holds the changes to openpyxl's reading of the documents.
func TestRealWritesShowWhatOpenpyxlReads(t *testing.T) {
	var cases []writeCase
	for name, doc := range workbooks(t) {
		cases = append(cases, writeCase{name, doc, firstAnswers(t, doc, 300)})
	}
	changesShowWhatOpenpyxlReads(t, cases)
}
