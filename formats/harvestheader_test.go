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
		{"a row led by a question number is a filled question, whatever its words",
			map[int]string{1: "GNRL-03", 2: "Product Description", 3: "note on question 5"}, 0, nil},
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

// TestHarvestRowWithOpenTargets reads a filled row whose other targets
// are still open: one mark among tick columns is an answer under a
// header naming answer columns; without a header, the cell right of an
// open question may be anything, so it is not read as an answer.
func TestHarvestRowWithOpenTargets(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cells []cellText
		want  []string // harvested answers
	}{
		{"one tick of three under an answers header",
			[]cellText{{id: "S1-R1-C1", row: 1, col: 1, text: "Question ID"}, {id: "S1-R1-C2", row: 1, col: 2, text: "Question"},
				{id: "S1-R1-C3", row: 1, col: 3, text: "Answer"}, {id: "S1-R1-C6", row: 1, col: 6, text: "Notes"},
				{id: "S1-R2-C1", row: 2, col: 1, text: "A.1"}, {id: "S1-R2-C2", row: 2, col: 2, text: "Do you encrypt data at rest?"},
				{id: "S1-R2-C4", row: 2, col: 4, text: "X"}},
			[]string{"X"}},
		{"no header: an open question's neighbour is not its answer",
			[]cellText{{id: "S1-R2-C1", row: 2, col: 1, text: "A.1"}, {id: "S1-R2-C2", row: 2, col: 2, text: "Do you encrypt data at rest?"},
				{id: "S1-R2-C4", row: 2, col: 4, text: "see policy 4"}},
			nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for i := range tc.cells {
				tc.cells[i].table = "S1"
			}
			h := &harvester{res: &HarvestResult{}, open: map[string]bool{"S1-R2-C2": true}, given: map[string]bool{}, taken: map[string]bool{}}
			h.table(tc.cells)
			var got []string
			for _, a := range h.res.Answers {
				got = append(got, a.Answer)
				if a.Number != "A.1" || a.Question != "Do you encrypt data at rest?" {
					t.Errorf("answer %+v: want number A.1 and its question", a)
				}
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("answers %q, want %q", got, tc.want)
			}
		})
	}
}

// TestHarvestRowBesideAnsweredTarget reads a row without a header whose
// question has a target holding its answer: the cells further right
// are the sheet's ("End Table Data"), not a second answer.
func TestHarvestRowBesideAnsweredTarget(t *testing.T) {
	for _, tc := range []struct {
		name  string
		given bool
		want  []string
	}{
		{"the question's target holds the answer", true, nil},
		{"the question has no target", false, []string{"End Table Data"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cells := []cellText{{id: "S1-R2-C1", row: 2, col: 1, text: "PRGN-05"}, {id: "S1-R2-C2", row: 2, col: 2, text: "Web link to the privacy notice"},
				{id: "S1-R2-C7", row: 2, col: 7, text: "End Table Data"}}
			for i := range cells {
				cells[i].table = "S1"
			}
			h := &harvester{res: &HarvestResult{}, open: map[string]bool{}, given: map[string]bool{"S1-R2-C2": tc.given}, taken: map[string]bool{}}
			h.table(cells)
			var got []string
			for _, a := range h.res.Answers {
				got = append(got, a.Answer)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("answers %q, want %q", got, tc.want)
			}
		})
	}
}
