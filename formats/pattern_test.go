package formats

import (
	"regexp/syntax"
	"slices"
	"strings"
	"testing"
)

func TestPatternNeedsTheLiteralsOfEveryAlternative(t *testing.T) {
	tests := []struct {
		expr string
		want []string // nil: no filter
	}{
		{`(?i)\bnotes?\b`, []string{"note"}},
		{`(?i)^(yes|no)$`, []string{"yes", "no"}},
		{`(?i)\b(answers?|reply)\b`, []string{"answer", "reply"}},
		{`(?i)\b(respon(se|d)|reply)\b`, []string{"spon", "ply"}}, // the parser takes out "re"
		{`_{3,}|\.{4,}`, []string{"___", "...."}},
		{`x{2}`, []string{"xx"}},
		{`(?i)Kelvin`, []string{"kelvin"}},
		{`…`, []string{"…"}},
		{`(?i)é`, []string{"É"}},      // folds to É only: ASCII text never holds it
		{"(?i)\u212a", []string{"k"}}, // the Kelvin sign folds to k: ASCII text may
		{"(?i)…", []string{"…"}},
		{`notes?|\d+`, nil}, // an alternative without a literal
		{`a*`, nil},
		{`(ab)?c`, []string{"c"}},
		{`[abc]d`, []string{"d"}},
		{`^$`, nil},
	}
	for _, tt := range tests {
		re, err := syntax.Parse(tt.expr, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := needs(re)
		if ok != (tt.want != nil) || !slices.Equal(got, tt.want) {
			t.Errorf("needs(%q) = %q %v, want %q", tt.expr, got, ok, tt.want)
		}
	}
}

// patternSamples match the vocabulary's expressions, in every case and
// spelling the filter must let through.
var patternSamples = []string{
	"Answer", "RESPONSES", "Vendor Reply", "Replies", "comments:", "Notes", "Yes / No", "Y/N", "y /n",
	"Additional Information", "Implementation status", "Findings", "Question", "REQUIREMENTS",
	"Control ID", "Criterion", "Checklist item", "Queries", "Reviewer", "Scoring", "Internal Use",
	"Office use only", "Weighting", "Chec\u212alist" /* Kelvin K folds to k */, "Evidence (\u212aB)",
}

func TestPatternFilterKeepsEveryMatch(t *testing.T) {
	patterns := []*Pattern{AnswerColumn, ReviewerColumn, QuestionColumn}
	matched := 0
	for _, s := range patternSamples {
		for _, p := range patterns {
			if p.Regexp.MatchString(s) {
				matched++
				if !p.MatchString(s) {
					t.Errorf("%q: the filter rules out %q, which the expression matches", p, s)
				}
			}
		}
	}
	if matched < len(patternSamples) {
		t.Errorf("only %d matches among %d samples: the sample list is stale", matched, len(patternSamples))
	}
	ruledOut := 0
	for _, s := range []string{"Domain", "1.2.3", "Does the vendor encrypt data at rest?", "Name of the company", "x"} {
		for _, p := range patterns {
			if p.Regexp.MatchString(s) {
				continue
			}
			if !p.MayMatch(s) {
				ruledOut++
			}
		}
	}
	if ruledOut < 12 {
		t.Errorf("the filter rules out %d of 15 texts none of the expressions matches: it no longer spares them", ruledOut)
	}
}

// FuzzPatternFilter holds each vocabulary filter to its expression: what
// the expression matches, the filter lets through.
func FuzzPatternFilter(f *testing.F) {
	for _, s := range patternSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range []*Pattern{AnswerColumn, ReviewerColumn, QuestionColumn} {
			if p.Regexp.MatchString(s) && !p.MatchString(s) {
				t.Fatalf("%q: the filter rules out %q, which the expression matches", p, s)
			}
		}
	})
}

// FuzzPatternNeeds holds the filter to its expression for any expression:
// what the expression matches, the filter lets through.
func FuzzPatternNeeds(f *testing.F) {
	for _, s := range patternSamples {
		f.Add(`(?i)\b(answers?|respon(se|d)|y\s*/\s*n|x{3,})\b`, s)
	}
	f.Add(`(?i)^(please )?(enter|type)\b|_{3,}|\.{4,}|…`, "Please type here ____")
	f.Add(`(?i)kelvin|ſ`, "\u212aelvin")
	f.Add(`(?i)\bquestions?\b`, "QUESTION")
	f.Fuzz(func(t *testing.T, expr, s string) {
		if len(expr) > 200 {
			return
		}
		if _, err := syntax.Parse(expr, syntax.Perl); err != nil {
			return
		}
		p := MustPattern(expr)
		if p.Regexp.MatchString(s) && !p.MatchString(s) {
			t.Fatalf("%q: the filter (%q) rules out %q, which the expression matches", expr, p.needs, s)
		}
	})
}

func TestFoldsToASCIIFindsTheNonASCIILettersThatMatchASCIIOnes(t *testing.T) {
	for r, want := range map[rune]bool{'\u212a': true, 'ſ': true, 'é': false, '…': false, 'k': false} {
		if got := foldsToASCII([]rune{r}); got != want {
			t.Errorf("foldsToASCII(%q) = %v, want %v", r, got, want)
		}
	}
}

func TestPatternFilterReadsLongAndNonASCIIText(t *testing.T) {
	p := MustPattern(`(?i)\bsignature\b|\bsigned\b`)
	pad := strings.Repeat("x", foldWindow-4) // the word straddles the first window's edge
	tests := []struct {
		name, text string
		may        bool
	}{
		{"across the window's edge", pad + " SIGNATURE", true},
		{"far past the first window", strings.Repeat("no words here. ", 60) + "Signed", true},
		{"long text without the words", strings.Repeat("no words here. ", 60), false},
		{"curly quotes, no word", "“Company” means the issuer’s group", false},
		{"curly quotes and the word", "“Signature” of the issuer", true},
		{"long s folds to s", "ſignature", true},
		{"Kelvin sign folds to k", "\u212a ſigned", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := p.MayMatch(tt.text); got != tt.may {
				t.Errorf("MayMatch = %v, want %v", got, tt.may)
			}
			if p.Regexp.MatchString(tt.text) && !p.MatchString(tt.text) {
				t.Error("the filter rules out a match")
			}
		})
	}
}

func TestPatternWithNonASCIILiteralPassesNonASCIIText(t *testing.T) {
	p := MustPattern(`…|_{3,}`) // "…" is not folded: any non-ASCII text is asked
	for text, want := range map[string]bool{"wait…": true, "é": true, "plain": false, "a ___ b": true} {
		if got := p.MayMatch(text); got != want {
			t.Errorf("MayMatch(%q) = %v, want %v", text, got, want)
		}
	}
}

func TestPatternFilterAllocatesNothing(t *testing.T) {
	text := strings.Repeat("Does the vendor encrypt data at rest? ", 40)
	allocs := testing.AllocsPerRun(20, func() {
		if QuestionColumn.MayMatch(text) && AnswerColumn.MayMatch(text) && ReviewerColumn.MayMatch(text) {
			t.Log("all three may match")
		}
	})
	if allocs != 0 {
		t.Errorf("MayMatch allocates %v times on a %d-byte text", allocs, len(text))
	}
}

// BenchmarkPatternMayMatch runs the vocabulary's filters over texts like
// a workbook's cells: short labels, long questions, non-ASCII prose.
func BenchmarkPatternMayMatch(b *testing.B) {
	texts := append([]string{
		"Does the vendor encrypt data at rest using industry-standard algorithms (AES-256 or stronger), and are the keys managed in a hardware security module with rotation at least yearly?",
		"“Company” means the issuer’s group, including every subsidiary — present or future — of the issuer.",
		"1.2.3", "Domain", "Name of the company",
	}, patternSamples...)
	for b.Loop() {
		for _, s := range texts {
			AnswerColumn.MayMatch(s)
			QuestionColumn.MayMatch(s)
			ReviewerColumn.MayMatch(s)
		}
	}
}
