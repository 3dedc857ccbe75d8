package word

import (
	"reflect"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
)

func TestVerifyVerdicts(t *testing.T) {
	filled, err := New().Write(fixture(t, fixtures.WordContentControls), []formats.Answer{
		{PairID: "T1-R3-C2", AnswerText: "Finance"},
		{PairID: "P4", AnswerText: "yes"},
	}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		exp    formats.ExpectedAnswer
		status formats.ContentStatus
	}{
		{"matched, case and space", formats.ExpectedAnswer{PairID: "T1-R3-C2", ExpectedText: "  FINANCE "}, formats.ContentMatched},
		{"mismatched", formats.ExpectedAnswer{PairID: "T1-R3-C2", ExpectedText: "Sales"}, formats.ContentMismatched},
		{"missing: empty target", formats.ExpectedAnswer{PairID: "T1-R4-C2", ExpectedText: "CC"}, formats.ContentMissing},
		{"missing: unknown ID", formats.ExpectedAnswer{PairID: "T8-R1-C1", ExpectedText: "x"}, formats.ContentMissing},
		{"checkbox state matched", formats.ExpectedAnswer{PairID: "P4", ExpectedText: "checked"}, formats.ContentMatched},
		{"checkbox state mismatched", formats.ExpectedAnswer{PairID: "P5", ExpectedText: "false"}, formats.ContentMismatched},
		{"by xpath", formats.ExpectedAnswer{XPath: "/w:body/w:tbl[1]/w:sdt[1]/w:sdtContent[1]/w:tr[1]/w:tc[2]", ExpectedText: "finance"}, formats.ContentMatched},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := New().Verify(filled.Document, []formats.ExpectedAnswer{tt.exp})
			if err != nil {
				t.Fatal(err)
			}
			if got := rep.ContentResults[0].Status; got != tt.status {
				t.Fatalf("status = %s (actual %q), want %s", got, rep.ContentResults[0].Actual, tt.status)
			}
		})
	}
}

func TestVerifyStructuralIssues(t *testing.T) {
	tests := []struct {
		name  string
		body  string
		issue string
	}{
		{"bare run in cell", `<w:tbl><w:tr><w:tc><w:r><w:t>x</w:t></w:r><w:p/></w:tc></w:tr></w:tbl>`, "bare w:r"},
		{"cell without paragraph", `<w:tbl><w:tr><w:tc><w:tcPr/></w:tc></w:tr></w:tbl>`, "without a w:p"},
		{"sound table", qaTable, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := New().Verify(bodyDocx(t, tt.body), nil)
			if err != nil {
				t.Fatal(err)
			}
			got := strings.Join(rep.StructuralIssues, "; ")
			if tt.issue == "" && got != "" || !strings.Contains(got, tt.issue) {
				t.Fatalf("issues = %q, want %q", got, tt.issue)
			}
			if rep.Summary.StructuralIssues != len(rep.StructuralIssues) || rep.OK() != (tt.issue == "") {
				t.Fatalf("summary = %+v", rep.Summary)
			}
		})
	}
}

func TestVerifySummaryCountsConfidence(t *testing.T) {
	doc := fixture(t, fixtures.WordTwoColumn)
	answers := []formats.Answer{
		{PairID: "T1-R2-C2", AnswerText: "Acme", Confidence: formats.Known},
		{PairID: "T1-R3-C2", AnswerText: "London", Confidence: formats.Uncertain},
		{PairID: "T1-R4-C2", AnswerText: "?", Confidence: formats.Unknown},
	}
	_, rep, err := New().Fill(doc, answers, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s := rep.Summary
	if s.Matched != 3 || s.ConfidenceKnown != 1 || s.ConfidenceUncertain != 1 || s.ConfidenceUnknown != 1 || s.ConfidenceNote == "" {
		t.Fatalf("summary = %+v", s)
	}
}

func TestFillDryRunHasNoReport(t *testing.T) {
	res, rep, err := New().Fill(fixture(t, fixtures.WordTwoColumn), []formats.Answer{{PairID: "T1-R2-C2", AnswerText: "A"}}, formats.WriteOptions{DryRun: true})
	if err != nil || rep != nil || res.Document != nil || len(res.Changes) != 1 {
		t.Fatalf("res=%+v rep=%+v err=%v", res, rep, err)
	}
}

func TestListFields(t *testing.T) {
	tests := []struct {
		name    string
		fixture string
		field   formats.FormField
	}{
		{"empty answer cell", fixtures.WordTwoColumn, formats.FormField{FieldID: "T1-R9-C2", Label: "Who is your data protection officer?", FieldType: "text"}},
		{"placeholder paragraph", fixtures.WordParagraphForm, formats.FormField{FieldID: "P3", Label: "Company name", FieldType: "placeholder", CurrentValue: "[Enter here]"}},
		{"text control", fixtures.WordContentControls, formats.FormField{FieldID: "P2", Label: "Company name", FieldType: "text", Name: "Company name"}},
		{"date control", fixtures.WordContentControls, formats.FormField{FieldID: "P3", Label: "Contact date", FieldType: "date", Name: "Contact date"}},
		{"checked checkbox control", fixtures.WordContentControls, formats.FormField{FieldID: "P5", Label: "Subscribe to updates", FieldType: "checkbox", CurrentValue: "checked", Name: "Subscribe to updates"}},
		{"dropdown control", fixtures.WordContentControls, formats.FormField{FieldID: "P6", Label: "Data hosted in EU", FieldType: "dropdown", Name: "Data hosted in EU"}},
		{"body-level control", fixtures.WordContentControls, formats.FormField{FieldID: "SDT1", Label: "Additional comments", FieldType: "text", Name: "Additional comments"}},
		{"cell in sdt row", fixtures.WordContentControls, formats.FormField{FieldID: "T1-R3-C2", Label: "Department", FieldType: "text"}},
		{"legacy text", fixtures.WordLegacyFields, formats.FormField{FieldID: "P3", Label: "Job title", FieldType: "text", CurrentValue: "N/A", Name: "JobTitle"}},
		{"legacy checkbox", fixtures.WordLegacyFields, formats.FormField{FieldID: "P5", Label: "Newsletter", FieldType: "checkbox", CurrentValue: "checked", Name: "Newsletter"}},
		{"legacy dropdown", fixtures.WordLegacyFields, formats.FormField{FieldID: "P6", Label: "Hosting", FieldType: "dropdown", CurrentValue: "Cloud", Name: "Hosting"}},
		{"comments column labelled by row and header", fixtures.WordMixedLayout, formats.FormField{FieldID: "T2-R3-C3", Label: "Encryption at rest / Comments", FieldType: "text"}},
		{"nested cell", fixtures.WordNestedTable, formats.FormField{FieldID: "T1-R2-C2/T1-R3-C2", Label: "Phone", FieldType: "text"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fields, err := New().ListFields(fixture(t, tt.fixture))
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range fields {
				if f.FieldID == tt.field.FieldID && f.FieldType == tt.field.FieldType {
					if f.Label != tt.field.Label || f.CurrentValue != tt.field.CurrentValue || f.Name != tt.field.Name || f.XPath == "" {
						t.Fatalf("field = %+v, want %+v", f, tt.field)
					}
					return
				}
			}
			t.Fatalf("no %s field %s in %+v", tt.field.FieldType, tt.field.FieldID, fields)
		})
	}
}

// TestReadOnlyCallsGiveTheSameWithoutFormatting: verify_output and
// extract_text parse without formatting elements; on every fixture and
// real-world form, filled, they must answer exactly as on the full tree.
func TestReadOnlyCallsGiveTheSameWithoutFormatting(t *testing.T) {
	for _, pd := range pipelineDocs(t) {
		t.Run(pd.name, func(t *testing.T) {
			_, _, answers := answersForDoc(t, pd.data)
			res, err := New().Write(pd.data, answers, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			expected := append(formats.ExpectedFromAnswers(answers), formats.ExpectedAnswer{PairID: "T1-R1-C1", ExpectedText: "no such text"})
			full, err := open(res.Document, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			lean, err := open(res.Document, formatting, nil)
			if err != nil {
				t.Fatal(err)
			}
			a, errA := full.verify(expected)
			b, errB := lean.verify(expected)
			if errA != nil || errB != nil {
				t.Fatal(errA, errB)
			}
			if !reflect.DeepEqual(a, b) {
				t.Errorf("verify differs without formatting:\nfull %+v\nlean %+v", a, b)
			}
			if a, b := textOf(full.body), textOf(lean.body); a != b {
				t.Errorf("text differs without formatting:\nfull %q\nlean %q", a, b)
			}
		})
	}
}
