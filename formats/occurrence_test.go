package formats

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestOccurrenceJSON(t *testing.T) {
	for in, want := range map[string]Occurrence{`2`: 2, `"3"`: 3, `"all"`: AllOccurrences, `"ALL"`: AllOccurrences, `null`: 0} {
		var a Answer
		if err := json.Unmarshal([]byte(`{"pair_id":"P1","occurrence":`+in+`}`), &a); err != nil || a.Occurrence != want {
			t.Errorf("occurrence %s = %v, %v; want %v", in, a.Occurrence, err, want)
		}
	}
	for _, in := range []string{`0`, `-1`, `1.5`, `"first"`, `true`} {
		var a Answer
		err := json.Unmarshal([]byte(`{"pair_id":"P1","occurrence":`+in+`}`), &a)
		if err == nil || !strings.Contains(err.Error(), "counted from 1") && !strings.Contains(err.Error(), `"all"`) {
			t.Errorf("occurrence %s accepted or unclear: %v", in, err)
		}
	}
	b, _ := json.Marshal(Answer{PairID: "P1", Occurrence: AllOccurrences})
	if !strings.Contains(string(b), `"occurrence":"all"`) {
		t.Errorf("marshalled %s", b)
	}
	b, _ = json.Marshal(Answer{PairID: "P1"})
	if strings.Contains(string(b), "occurrence") || strings.Contains(string(b), "find") || strings.Contains(string(b), "force") {
		t.Errorf("unset edit fields are written: %s", b)
	}
}

func TestCheckAnswersEditModes(t *testing.T) {
	cases := []struct {
		name string
		a    Answer
		want string // "" = accepted
	}{
		{"replace_text", Answer{PairID: "P1", Mode: ReplaceText, Find: "x", AnswerText: "y"}, ""},
		{"delete whole", Answer{PairID: "P1", Mode: Delete}, ""},
		{"delete find all", Answer{PairID: "P1", Mode: Delete, Find: "x", Occurrence: AllOccurrences}, ""},
		{"insert", Answer{PairID: "P1", Mode: InsertAfter, AnswerText: "y"}, ""},
		{"replace_text without find", Answer{PairID: "P1", Mode: ReplaceText, AnswerText: "y"}, "needs find"},
		{"replace_text without text", Answer{PairID: "P1", Mode: ReplaceText, Find: "x"}, "use mode delete"},
		{"delete with text", Answer{PairID: "P1", Mode: Delete, AnswerText: "y"}, "takes no answer_text"},
		{"find in another mode", Answer{PairID: "P1", Mode: Append, Find: "x", AnswerText: "y"}, "find is read only by modes replace_text and delete"},
		{"occurrence without find", Answer{PairID: "P1", Mode: InsertBefore, Occurrence: 2, AnswerText: "y"}, "occurrence 2 needs find"},
		{"unknown mode lists all", Answer{PairID: "P1", Mode: "move", AnswerText: "y"}, "insert_after, insert_before"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := CheckAnswers([]Answer{c.a})
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case c.want != "" && (!errors.Is(err, ErrInvalidArgument) || !strings.Contains(err.Error(), c.want)):
				t.Fatalf("err = %v, want %q", err, c.want)
			}
		})
	}
}

func TestReplaceFound(t *testing.T) {
	for _, c := range []struct {
		text, find, value string
		occ               Occurrence
		want              string
	}{
		{"a-b-c", "-", "+", 0, "a+b-c"},
		{"a-b-c", "-", "+", 2, "a-b+c"},
		{"a-b-c", "-", "", AllOccurrences, "abc"},
		{"ééé", "é", "e", 3, "éée"},
	} {
		if got, err := ReplaceFound("F1", "field", c.text, c.find, c.value, c.occ); err != nil || got != c.want {
			t.Errorf("ReplaceFound(%q, %q, %v) = %q, %v; want %q", c.text, c.find, c.occ, got, err, c.want)
		}
	}
}

func TestExpectedFromAnswersLeavesOutStructuralEdits(t *testing.T) {
	got := ExpectedFromAnswers([]Answer{
		{PairID: "P1", Mode: ReplaceText, Find: "a", AnswerText: "b"},
		{PairID: "P2", Mode: Delete},
		{PairID: "P3", Mode: InsertAfter, AnswerText: "new"},
	})
	if len(got) != 1 || got[0].PairID != "P1" || got[0].ExpectedText != "b" {
		t.Fatalf("expectations = %+v", got)
	}
}
