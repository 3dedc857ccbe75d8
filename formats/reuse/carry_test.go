package reuse

import (
	"testing"

	"github.com/formfill/formfill/formats"
)

func TestCarryDecidesConfidenceByHowTheQuestionsMatch(t *testing.T) {
	prev := []formats.HarvestedAnswer{
		{ID: "P7", QuestionID: "P6", Number: "1.1", Question: "Legal Entity Name and Registration", Answer: "Acme Ltd"},
		{ID: "P9", QuestionID: "P8", Number: "2.1", Question: "Do you encrypt data at rest?", Answer: "Yes, AES-256"},
		{ID: "P11", QuestionID: "P10", Number: "3.1", Question: "Describe your incident response process", Answer: "24/7 team"},
		{ID: "P13", QuestionID: "P12", Number: "4.1", Question: "Do you hold ISO 27001 certification?", Answer: "Yes"},
	}
	for _, tc := range []struct {
		name   string
		target formats.Target
		number string
		want   string
		conf   formats.Confidence // "" : not carried
	}{
		{"same text, other format", formats.Target{ID: "S1-R7-C3", QuestionID: "S1-R7-C2", Question: "Legal entity name and registration:"}, "", "Acme Ltd", formats.Known},
		{"same number and wording alike", formats.Target{ID: "T1", QuestionID: "Q1", Question: "4.1 Do you hold an ISO 27001 certification?"}, "", "Yes", formats.Known},
		{"near match is uncertain", formats.Target{ID: "T2", QuestionID: "Q2", Question: "Describe the incident response process you follow"}, "", "24/7 team", formats.Uncertain},
		{"number reused for another question", formats.Target{ID: "T3", QuestionID: "Q3", Question: "3.1 How many employees do you have?"}, "", "", ""},
		{"yes/no list takes the option", formats.Target{ID: "T4", QuestionID: "Q4", Kind: formats.TargetList, Options: []string{"Yes", "No", "NA"}, Question: "Do you encrypt data at rest?"}, "", "Yes", formats.Uncertain},
		{"check box", formats.Target{ID: "T5", QuestionID: "Q5", Kind: formats.TargetCheckbox, Question: "Do you hold ISO 27001 certification?"}, "", "yes", formats.Known},
		{"too long is flagged", formats.Target{ID: "T6", QuestionID: "Q6", MaxChars: 3, Question: "Legal Entity Name and Registration"}, "", "Acme Ltd", formats.Uncertain},
		{"number in its own cell", formats.Target{ID: "T7", QuestionID: "Q7", Question: "Do you hold ISO 27001 certification?"}, "4.1", "Yes", formats.Known},
		{"nothing alike", formats.Target{ID: "T8", QuestionID: "Q8", Question: "What is your favourite colour?"}, "", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := Carry(prev, []formats.Target{tc.target}, map[string]string{tc.target.QuestionID: tc.number})
			if tc.conf == "" {
				if len(res.Answers) != 0 || len(res.Unmatched) != 1 || res.Unmatched[0].Reason == "" {
					t.Fatalf("want no answer and a reason, got %+v", res)
				}
				return
			}
			if len(res.Answers) != 1 {
				t.Fatalf("want one answer, got %+v", res)
			}
			a := res.Answers[0]
			if a.AnswerText != tc.want || a.Confidence != tc.conf || a.From == nil || a.Note == "" {
				t.Errorf("got %q %s (note %q), want %q %s", a.AnswerText, a.Confidence, a.Note, tc.want, tc.conf)
			}
		})
	}
}

func TestCarryUsesEachPreviousAnswerOnce(t *testing.T) {
	prev := []formats.HarvestedAnswer{{ID: "A", QuestionID: "QA", Question: "Number of employees", Answer: "85"}}
	targets := []formats.Target{
		{ID: "T1", QuestionID: "Q1", Question: "Number of employees by location"},
		{ID: "T2", QuestionID: "Q2", Question: "Number of employees"},
	}
	res := Carry(prev, targets, nil)
	if len(res.Answers) != 1 || res.Answers[0].PairID != "T2" {
		t.Fatalf("want the exact match to take the answer, got %+v", res.Answers)
	}
	again := Carry(prev, targets, nil)
	if again.Answers[0].Note != res.Answers[0].Note {
		t.Error("the same inputs gave another output")
	}
}

// A renumbered version: the new question's number now belongs to a
// question sharing only some of its words, while another number asks the
// same thing. The words win; a number with wording that agrees still wins.
func TestCarryPrefersTheSameWordsOverAReusedNumber(t *testing.T) {
	prev := []formats.HarvestedAnswer{
		{ID: "A3", QuestionID: "QA3", Number: "AAAI-03", Question: "Can you enforce password/passphrase aging requirements?", Answer: "No"},
		{ID: "A4", QuestionID: "QA4", Number: "AAAI-04", Question: "Can you enforce password/passphrase complexity requirements (provided by the institution)?", Answer: "Yes"},
	}
	for _, tc := range []struct {
		name, number, question, from string
	}{
		{"number reused, words elsewhere", "AAAI-03", "For customers not using SSO, can you enforce password/passphrase complexity requirements (provided by the institution)?", "A4"},
		{"number kept, wording agrees", "AAAI-03", "Can you enforce password or passphrase aging requirements?", "A3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := Carry(prev, []formats.Target{{ID: "T", QuestionID: "Q", Question: tc.question}}, map[string]string{"Q": tc.number})
			if len(res.Answers) != 1 || res.Answers[0].From == nil || res.Answers[0].From.ID != tc.from {
				t.Fatalf("want the answer of %s, got %+v", tc.from, res.Answers)
			}
		})
	}
}

// A list that numbers its options ("6) GCP") and one that does not take
// the same choice; a different choice is not made up.
func TestAdaptMapsNumberedOptions(t *testing.T) {
	opts := []string{"Self-Managed", "AWS", "GCP", "Hybrid/Other"}
	for _, tc := range []struct{ answer, want string }{
		{"6) GCP", "GCP"},
		{"(2) AWS", "AWS"},
		{"b. AWS", "AWS"},
		{"1) Self owned and managed", ""},
	} {
		got, _, _, ok := adapt(formats.Target{Kind: formats.TargetList, Options: opts}, tc.answer, formats.Known, "n")
		if ok != (tc.want != "") || got != tc.want {
			t.Errorf("%q: got %q (ok %v), want %q", tc.answer, got, ok, tc.want)
		}
	}
}
