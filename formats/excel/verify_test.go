package excel

import (
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

func TestVerifyVerdicts(t *testing.T) {
	doc := write(t, fixture(t),
		formats.Answer{PairID: "S1-R3-C3", AnswerText: "Yes"},
		formats.Answer{PairID: "S1-R5-C3", AnswerText: "1234"},
		formats.Answer{PairID: "S1-R6-C3", AnswerText: "2024-03-31"},
		formats.Answer{PairID: "S1-R7-C3", AnswerText: "We page the on-call engineer"},
	).Document
	tests := []struct {
		name   string
		exp    formats.ExpectedAnswer
		status formats.ContentStatus
	}{
		{"text matched ignoring case", formats.ExpectedAnswer{PairID: "S1-R3-C3", ExpectedText: "yes"}, formats.ContentMatched},
		{"number matched through its format", formats.ExpectedAnswer{PairID: "S1-R5-C3", ExpectedText: "1234"}, formats.ContentMatched},
		{"date matched as ISO", formats.ExpectedAnswer{PairID: "S1-R6-C3", ExpectedText: "2024-03-31"}, formats.ContentMatched},
		{"covered merge cell reads its anchor", formats.ExpectedAnswer{PairID: "S1-R7-C4", ExpectedText: "on-call engineer"}, formats.ContentMatched},
		{"grouped number matched by value", formats.ExpectedAnswer{PairID: "S1-R5-C3", ExpectedText: "1,234"}, formats.ContentMatched},
		{"other number mismatched", formats.ExpectedAnswer{PairID: "S1-R5-C3", ExpectedText: "1235"}, formats.ContentMismatched},
		{"wrong text mismatched", formats.ExpectedAnswer{PairID: "S1-R3-C3", ExpectedText: "No"}, formats.ContentMismatched},
		{"empty cell missing", formats.ExpectedAnswer{PairID: "S1-R4-C3", ExpectedText: "Yes"}, formats.ContentMissing},
		{"by xpath", formats.ExpectedAnswer{PairID: "a", XPath: "Assessment!C3", ExpectedText: "Yes"}, formats.ContentMatched},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := New().Verify(doc, []formats.ExpectedAnswer{tt.exp})
			if err != nil {
				t.Fatal(err)
			}
			if got := rep.ContentResults[0].Status; got != tt.status {
				t.Errorf("status = %s (actual %q), want %s", got, rep.ContentResults[0].Actual, tt.status)
			}
		})
	}
}

func TestVerifyStructuralIssues(t *testing.T) {
	tests := []struct {
		name  string
		exp   formats.ExpectedAnswer
		issue string
	}{
		{"unknown target", formats.ExpectedAnswer{PairID: "Nowhere!A1", ExpectedText: "x"}, "target not found"},
		{"formula at the target", formats.ExpectedAnswer{PairID: "S1-R11-C3", ExpectedText: "0"}, "holds the formula"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := New().Verify(fixture(t), []formats.ExpectedAnswer{tt.exp})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Summary.StructuralIssues != 1 || !strings.Contains(rep.StructuralIssues[0], tt.issue) || rep.OK() {
				t.Errorf("report = %+v; want one issue about %q", rep, tt.issue)
			}
		})
	}
}

func TestFillVerifiesOnTheSameParse(t *testing.T) {
	answers := []formats.Answer{
		{PairID: "S1-R3-C3", AnswerText: "n/a", Confidence: formats.Uncertain},
		{PairID: "S2-R1-C2", AnswerText: "Acme Ltd"},
		{PairID: "S1-R4-C3", AnswerText: formats.Skip},
	}
	res, rep, err := New().Fill(fixture(t), answers, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() || rep.Summary.Matched != 2 || rep.Summary.ConfidenceUncertain != 1 {
		t.Errorf("report = %+v; want 2 matched, 1 uncertain, OK", rep.Summary)
	}
	again, err := New().Verify(res.Document, formats.ExpectedFromAnswers(answers))
	if err != nil || again.Summary != rep.Summary {
		t.Errorf("Verify on the output = %+v, %v; Fill said %+v", again.Summary, err, rep.Summary)
	}
}

func TestListFieldsFixture(t *testing.T) {
	fields, err := New().ListFields(fixture(t))
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]formats.FormField{}
	for _, f := range fields {
		byID[f.FieldID] = f
	}
	tests := []struct {
		id, typ, label, options, name string
	}{
		{"S1-R3-C3", "list", "Do you encrypt customer data at rest?", "Yes|No|N/A", "Answer"},
		{"S1-R5-C3", "number", "How many employees have access to production?", "", "Answer"},
		{"S1-R6-C3", "date", "Date of your last external audit?", "", "Answer"},
		{"S1-R7-C3", "text", "Describe your incident response process.", "", "Answer"},
		{"S1-R9-C4", "text", "Do you have a named security officer?", "", "Comments"},
		{"S2-R2-C2", "text", "Contact email:", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			f, ok := byID[tt.id]
			if !ok {
				t.Fatalf("no field %s among %d", tt.id, len(fields))
			}
			if f.FieldType != tt.typ || f.Label != tt.label || strings.Join(f.Options, "|") != tt.options || f.Name != tt.name {
				t.Errorf("field = %+v; want type %s label %q options %q name %q", f, tt.typ, tt.label, tt.options, tt.name)
			}
		})
	}
	// A hidden row's answer cell is a field (issue 39: a filter hides rows
	// the filler answers too); formulas and covered merge cells are not.
	if _, ok := byID["S1-R8-C3"]; !ok {
		t.Error("S1-R8-C3 (a hidden row's answer cell) not listed")
	}
	for _, id := range []string{"S1-R11-C3", "S1-R7-C4"} {
		if _, ok := byID[id]; ok {
			t.Errorf("%s listed as a field (formula or covered merge cell)", id)
		}
	}
}
