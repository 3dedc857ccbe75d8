package formats

import (
	"reflect"
	"testing"
)

// TestReadHeaderFindsQuestionAndAnswerColumns reads header rows the way
// harvest meets them in real questionnaires.
func TestReadHeaderFindsQuestionAndAnswerColumns(t *testing.T) {
	cells := func(texts map[int]string) []cellText {
		var out []cellText
		for col := 1; col <= 12; col++ {
			if s, ok := texts[col]; ok {
				out = append(out, cellText{col: col, text: s})
			}
		}
		return out
	}
	for _, tc := range []struct {
		name     string
		row      map[int]string
		question int
		answers  []int
	}{
		{"an ID column and a control column before the questions (CAIQ v3)",
			map[int]string{1: "Control Domain", 2: "Control ID", 3: "Question ID", 4: "Control Specification",
				5: "Consensus Assessment Questions", 6: "Consensus Assessment Answers", 9: "Notes", 10: "CCM v3.0.1 Compliance Mapping"},
			5, []int{6, 7, 8, 9}},
		{"a column between two answer columns is the respondent's (CAIQ v4)",
			map[int]string{1: "Question ID", 2: "Question", 3: "CSP CAIQ Answer", 4: "SSRM Control Ownership",
				5: "CSP Implementation Description (Optional/Recommended)", 6: "CSC Responsibilities"},
			2, []int{3, 4, 5}},
		{"no answer column: not a header",
			map[int]string{1: "No.", 2: "Question", 3: "Owner"}, 0, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lay, ok := readHeader(2, cells(tc.row))
			if tc.question == 0 {
				if ok {
					t.Fatalf("read a header: %+v", lay)
				}
				return
			}
			var got []int
			for col := 1; col <= 12; col++ {
				if lay.answerCols[col] {
					got = append(got, col)
				}
			}
			if !ok || lay.questionCol != tc.question || !reflect.DeepEqual(got, tc.answers) {
				t.Errorf("question column %d, answer columns %v (ok %v), want %d and %v", lay.questionCol, got, ok, tc.question, tc.answers)
			}
		})
	}
}
