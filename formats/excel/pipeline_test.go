package excel

import (
	"fmt"
	"maps"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/readers"
)

// injection is a formula-looking answer (a DDE attack string): it must
// come out as text in every reader.
const injection = "=cmd|' /C calc'!A0"

// pipeline runs extract → validate → write → verify on doc with answers
// made by answerFor for each answer target, and returns the filled
// document and the answers written.
func pipeline(t *testing.T, doc []byte, answerFor func(i int, f formats.FormField) string) ([]byte, []formats.Answer) {
	t.Helper()
	e := New()
	cs, err := e.ExtractCompact(doc)
	if err != nil {
		t.Fatalf("ExtractCompact: %v", err)
	}
	fields, err := e.ListFields(doc)
	if err != nil {
		t.Fatalf("ListFields: %v", err)
	}
	var answers []formats.Answer
	var locs []formats.Location
	for i, f := range fields {
		if !strings.Contains(cs.CompactText, f.FieldID+": ") || cs.IDToXPath[f.FieldID] != f.XPath {
			t.Fatalf("field %s (%s) is not in the compact map", f.FieldID, f.XPath)
		}
		if a := answerFor(i, f); a != "" {
			answers = append(answers, formats.Answer{PairID: f.FieldID, AnswerText: a, Confidence: formats.Known})
			locs = append(locs, formats.Location{PairID: f.FieldID, Snippet: f.XPath})
		}
	}
	vals, err := e.Validate(doc, locs)
	if err != nil {
		t.Fatalf("Validate: %v", err)
	}
	for _, v := range vals {
		if v.Status != formats.LocationMatched {
			t.Fatalf("location %s: %s (%s)", v.PairID, v.Status, v.Warning)
		}
	}
	res, err := e.Write(doc, answers, formats.WriteOptions{})
	if err != nil {
		t.Fatalf("Write: %v", err)
	}
	rep, err := e.Verify(res.Document, formats.ExpectedFromAnswers(answers))
	if err != nil {
		t.Fatalf("Verify: %v", err)
	}
	if !rep.OK() || rep.Summary.Matched != len(answers) {
		t.Fatalf("verify: %+v\nissues %v\nresults %+v", rep.Summary, rep.StructuralIssues, rep.ContentResults)
	}
	return res.Document, answers
}

func TestPipelineFixture(t *testing.T) {
	answerFor := func(i int, f formats.FormField) string {
		switch {
		case f.FieldType == "list":
			return f.Options[0]
		case f.FieldType == "number":
			return "250"
		case f.FieldType == "date":
			return "2024-02-29"
		case f.FieldID == "S1-R3-C4":
			return injection
		}
		return fmt.Sprintf("Answer %d", i+1)
	}
	out, _ := pipeline(t, fixture(t), answerFor)
	cells := readers.XLSXCells(t, out)
	types := readers.XLSXTypes(t, out)
	checks := []struct{ sheet, ref, value, typ string }{
		{"Assessment", "C3", "Yes", "s"},
		{"Assessment", "D3", injection, "s"},
		{"Assessment", "C5", "250", "n"},
		{"Assessment", "C6", "2024-02-29T00:00:00", "d"},
		{"Assessment", "C11", `=COUNTIF(C3:C9,"Yes")`, "f"},
		{"Contact Details", "B1", "Answer", "s"},
	}
	for _, c := range checks {
		if got := cells[c.sheet][c.ref]; !strings.HasPrefix(got, c.value) || types[c.sheet][c.ref] != c.typ {
			t.Errorf("openpyxl %s!%s = %q (%s), want %q (%s)", c.sheet, c.ref, got, types[c.sheet][c.ref], c.value, c.typ)
		}
	}
	sheets := readers.LibreOfficeSheets(t, out)
	for _, want := range []string{"Yes,", "250", "2024-02-29", ",=cmd|' /C calc'!A0\n"} {
		if !strings.Contains(sheets["Assessment"], want) {
			t.Errorf("LibreOffice's Assessment sheet lacks %q:\n%s", want, sheets["Assessment"])
		}
	}
	if !strings.Contains(sheets["Assessment"], "Answers marked Yes,3") {
		t.Errorf("LibreOffice did not recompute the untouched formula to 3:\n%s", sheets["Assessment"])
	}
}

func TestPipelineCAIQ(t *testing.T) {
	doc := caiq(t)
	n := 0
	answerFor := func(i int, f formats.FormField) string {
		if n >= 60 || !strings.HasPrefix(f.FieldID, "S1-") {
			return ""
		}
		n++
		switch {
		case strings.HasSuffix(f.Name, ": Yes"):
			return "X"
		case f.Name == "Notes" && n == 4:
			return injection
		case f.Name == "Notes":
			return fmt.Sprintf("Note %d: covered by policy SEC-%03d", n, n)
		}
		return ""
	}
	out, answers := pipeline(t, doc, answerFor)
	if len(answers) < 20 {
		t.Fatalf("only %d answers written; want at least 20", len(answers))
	}
	wb, _ := open(doc)
	cells := readers.XLSXCells(t, out)
	types := readers.XLSXTypes(t, out)
	sheet := wb.sheets[0]
	for _, a := range answers {
		c, _ := wb.parseRef(a.PairID)
		if got := cells[sheet][c.name()]; got != a.AnswerText || types[sheet][c.name()] != "s" {
			t.Errorf("openpyxl %s = %q (%s), want %q as text", c.name(), got, types[sheet][c.name()], a.AnswerText)
		}
	}
	assertLayoutKept(t, doc, out, sheet)
	lo := readers.LibreOfficeSheets(t, out)[sheet]
	for _, a := range answers {
		if a.AnswerText != "X" && !strings.Contains(lo, strings.ReplaceAll(a.AnswerText, `"`, `""`)) {
			t.Errorf("LibreOffice's CSV lacks %q", a.AnswerText)
		}
	}
}

// assertLayoutKept holds a write to openpyxl's reading of the layout
// before and after it: every column width the sheet sets, and the style
// of every cell of the first 60 rows and 49 columns (by what it says, not
// its index), as it was; one Python process reads both workbooks.
func assertLayoutKept(t *testing.T, before, after []byte, sheet string) {
	t.Helper()
	l := readers.XLSXLayouts(t, before, after)
	b, a := l[0], l[1]
	if !maps.Equal(b.Widths[sheet], a.Widths[sheet]) {
		t.Errorf("column widths %v → %v", b.Widths[sheet], a.Widths[sheet])
	}
	if len(b.Widths[sheet]) == 0 || len(b.Styles[sheet]) == 0 {
		t.Errorf("openpyxl reads no widths (%d) or no styles (%d): the check checks nothing", len(b.Widths[sheet]), len(b.Styles[sheet]))
	}
	for col := 1; col <= 49; col++ {
		for row := 1; row <= 60; row++ {
			ref := cellName(row, col)
			if sb, sa := b.Styles[sheet][ref], a.Styles[sheet][ref]; sb != sa {
				t.Errorf("%s style changed:\n%.300s\n→\n%.300s", ref, sb, sa)
			}
		}
	}
}
