package formats

import (
	"errors"
	"strings"
	"testing"
)

func TestCompare(t *testing.T) {
	tests := []struct {
		name, expected, actual string
		want                   ContentStatus
	}{
		{"exact", "Yes", "Yes", ContentMatched},
		{"case and spacing differ", "ISO 27001  certified", "iso 27001\ncertified", ContentMatched},
		{"substring of longer cell", "Yes", "Answer: yes, since 2019", ContentMatched},
		{"empty target", "Yes", "   ", ContentMissing},
		{"different text", "Yes", "No", ContentMismatched},
		{"placeholder still there", "Acme Ltd", "[Enter here]", ContentMismatched},
		{"straight quotes match typographic ones", `"Closing Cash" means the buyer's cash`, "“Closing Cash” means the buyer’s cash", ContentMatched},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Compare(tt.expected, tt.actual); got != tt.want {
				t.Fatalf("Compare(%q, %q) = %s, want %s", tt.expected, tt.actual, got, tt.want)
			}
		})
	}
}

func TestParseBool(t *testing.T) {
	for _, s := range []string{"true", "YES", " on ", "Checked", "x", "☒", "1"} {
		if v, err := ParseBool(s); err != nil || !v {
			t.Errorf("ParseBool(%q) = %v, %v; want true", s, v, err)
		}
	}
	for _, s := range []string{"false", "No", "off", "unchecked", "0", "☐"} {
		if v, err := ParseBool(s); err != nil || v {
			t.Errorf("ParseBool(%q) = %v, %v; want false", s, v, err)
		}
	}
	_, err := ParseBool("maybe")
	if !errors.Is(err, ErrInvalidArgument) || !strings.Contains(err.Error(), "maybe") {
		t.Fatalf("ParseBool(maybe) err = %v", err)
	}
}

// TestBoolValueAgreesWithParseBool: BoolValue is ParseBool without its
// error, checkbox values and text alike.
func TestBoolValueAgreesWithParseBool(t *testing.T) {
	for _, s := range []string{"true", " YES ", "☒", "false", "", "☐", "maybe", "Acme Ltd", "yes please",
		"unchec\u212aed", "\u212a\u212a\u212a\u212a\u212a\u212a\u212a\u212a\u212a\u212a\u212a\u212a\u212a"} {
		on, ok := BoolValue(s)
		v, err := ParseBool(s)
		if ok != (err == nil) || on != v {
			t.Errorf("BoolValue(%q) = %v, %v; ParseBool gives %v, %v", s, on, ok, v, err)
		}
	}
}

// FuzzBoolValue holds BoolValue's length cut to lower-casing the whole
// text, as ParseBool did before it.
func FuzzBoolValue(f *testing.F) {
	for _, s := range []string{"yes", " Checked ", "unchec\u212aed", "☒", "a long answer"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		on, ok := BoolValue(s)
		wantOn, wantOK := false, false
		switch strings.ToLower(strings.TrimSpace(s)) {
		case "true", "yes", "y", "on", "checked", "check", "x", "1", "☒", "☑", "✓", "✔":
			wantOn, wantOK = true, true
		case "false", "no", "n", "off", "unchecked", "uncheck", "", "0", "☐":
			wantOK = true
		}
		if on != wantOn || ok != wantOK {
			t.Fatalf("BoolValue(%q) = %v, %v; want %v, %v", s, on, ok, wantOn, wantOK)
		}
	})
}

func TestSummarizeCountsOutcomesAndConfidence(t *testing.T) {
	results := []ContentResult{{Status: ContentMatched}, {Status: ContentMatched}, {Status: ContentMismatched}, {Status: ContentMissing}}
	expected := []ExpectedAnswer{{Confidence: Known}, {}, {Confidence: Uncertain}, {Confidence: Unknown}}
	r := Report([]string{"T1-R1-C1: w:tc has no w:p"}, results, expected)
	s := r.Summary
	if s.Total != 4 || s.Matched != 2 || s.Mismatched != 1 || s.Missing != 1 || s.StructuralIssues != 1 {
		t.Fatalf("summary counts wrong: %+v", s)
	}
	if s.ConfidenceKnown != 2 || s.ConfidenceUncertain != 1 || s.ConfidenceUnknown != 1 {
		t.Fatalf("confidence counts wrong: %+v", s)
	}
	if !strings.Contains(s.ConfidenceNote, "2 of 4") {
		t.Fatalf("confidence note %q", s.ConfidenceNote)
	}
	if r.OK() {
		t.Fatal("a report with mismatches must not be OK")
	}
	if !Report(nil, []ContentResult{{Status: ContentMatched}}, nil).OK() {
		t.Fatal("a clean report must be OK")
	}
}

func TestCheckAnswers(t *testing.T) {
	tests := []struct {
		name    string
		answers []Answer
		errHas  string
	}{
		{"valid text answer", []Answer{{PairID: "T1-R1-C2", AnswerText: "Yes"}}, ""},
		{"valid xml answer by xpath", []Answer{{XPath: "/w:body/w:p[1]", InsertionXML: "<w:r/>"}}, ""},
		{"no target", []Answer{{AnswerText: "Yes"}}, "answers[0]"},
		{"no content", []Answer{{PairID: "P3"}}, "P3"},
		{"bad mode", []Answer{{PairID: "P3", AnswerText: "x", Mode: "overwrite"}}, "replace_content, append, replace_placeholder"},
		{"bad confidence", []Answer{{PairID: "P3", AnswerText: "x", Confidence: "sure"}}, "known, uncertain, unknown"},
		{"too many", make([]Answer, MaxAnswers+1), "limit is 10000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckAnswers(tt.answers)
			if tt.errHas == "" {
				if err != nil {
					t.Fatalf("CheckAnswers: %v", err)
				}
				return
			}
			if err == nil || !IsInputError(err) || !strings.Contains(err.Error(), tt.errHas) {
				t.Fatalf("err = %v, want an input error mentioning %q", err, tt.errHas)
			}
		})
	}
}

func TestExpectedFromAnswersSkipsSkipAndXMLOnly(t *testing.T) {
	got := ExpectedFromAnswers([]Answer{
		{PairID: "A", AnswerText: "one", Confidence: Uncertain},
		{PairID: "B", AnswerText: Skip},
		{PairID: "C", InsertionXML: "<w:r/>"},
	})
	if len(got) != 1 || got[0].PairID != "A" || got[0].ExpectedText != "one" || got[0].Confidence != Uncertain {
		t.Fatalf("got %+v", got)
	}
}

func TestRequireAnswersRefusesAnEmptyList(t *testing.T) {
	for _, tt := range []struct {
		name    string
		answers []Answer
		errHas  string
	}{
		{"none", nil, "required: a non-empty array"},
		{"one bad mode", []Answer{{PairID: "P3", AnswerText: "x", Mode: "overwrite"}}, "is not one of"},
		{"one good", []Answer{{PairID: "P3", AnswerText: "x"}}, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := RequireAnswers(tt.answers)
			if (err == nil) != (tt.errHas == "") || err != nil && (!errors.Is(err, ErrInvalidArgument) || !strings.Contains(err.Error(), tt.errHas)) {
				t.Errorf("RequireAnswers = %v, want an error holding %q", err, tt.errHas)
			}
			if errors.Is(err, ErrNoAnswers) != (tt.answers == nil) {
				t.Errorf("RequireAnswers = %v: ErrNoAnswers only for no answers", err)
			}
		})
	}
}

// FuzzCompareMatchesNormalize holds Compare, which normalises both texts
// into one pooled buffer, to its definition on Normalize's strings.
func FuzzCompareMatchesNormalize(f *testing.F) {
	for _, s := range [][2]string{{"", ""}, {"yes", ""}, {"", "  "}, {"ISO  27001", "We hold iso 27001."}, {"“Quoted”", "\"quoted\" text"}, {"\xff", "a\xffb"}, {"\xbd", "\u20ac"}, {" a ", "b a c"}, {"A\u00a0b", "xA\u00a0b"}, {"\u2019s", "buyer\u2019s"}, {"\u00a0", "x"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, expected, actual string) {
		a, e := Normalize(actual), Normalize(expected)
		want := ContentMismatched
		switch {
		case strings.Contains(a, e) && (a != "" || e == ""):
			want = ContentMatched
		case a == "":
			want = ContentMissing
		}
		if got := Compare(expected, actual); got != want {
			t.Fatalf("Compare(%q, %q) = %s, want %s", expected, actual, got, want)
		}
	})
}
