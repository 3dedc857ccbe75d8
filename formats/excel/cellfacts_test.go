package excel

import (
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

// placeholderSamples are one text per alternative of formats.PlaceholderText, in
// its order, with case and context varied.
var placeholderSamples = []string{
	"<Company name>", "[insert date]", "{{vendor}}", "Name: ______", "Signed ........",
	"See …", "DD/MM/YYYY", "Date (mm-dd-yy)", "yyyy-mm", "yyyy/mm/dd", "Please enter the name",
	"ENTER text", "insert here", "Type your answer", "Select one", "choose", "Click to add",
	"add a row", "Fill in the form", "click HERE to start", "or tap here", "See instructions",
	"see instruction", "XXX", "xxxxx", "call 555-123-4567",
}

func TestPlaceholderFilterKeepsEveryMatch(t *testing.T) {
	for _, s := range placeholderSamples {
		if !formats.PlaceholderText.Regexp.MatchString(s) {
			t.Fatalf("%q is not a placeholder: the sample list is stale", s)
		}
		if !formats.PlaceholderText.MayMatch(s) {
			t.Errorf("the filter rules out %q, which formats.PlaceholderText matches", s)
		}
	}
	ruledOut, texts := 0, 0
	eachRealText(t, func(name, v string) {
		if len(v) > formats.MaxPlaceholder {
			return
		}
		texts++
		if !formats.PlaceholderText.MayMatch(v) {
			ruledOut++
			if formats.PlaceholderText.Regexp.MatchString(v) {
				t.Errorf("%s: the filter rules out %q, which formats.PlaceholderText matches", name, v)
			}
		}
	})
	t.Logf("the filter rules out %d of %d short texts", ruledOut, texts)
	if ruledOut*2 < texts {
		t.Errorf("the filter rules out only %d of %d short texts: it no longer spares the expression", ruledOut, texts)
	}
}

// FuzzPlaceholderFilter holds the filter to the expression: whatever the
// expression matches, the filter lets through.
func FuzzPlaceholderFilter(f *testing.F) {
	for _, s := range placeholderSamples {
		f.Add(s)
	}
	f.Add("Kelvin: \u212a")
	f.Fuzz(func(t *testing.T, s string) {
		s = strings.TrimSpace(s)
		if formats.PlaceholderText.Regexp.MatchString(s) && !formats.PlaceholderText.MayMatch(s) {
			t.Fatalf("the filter rules out %q, which formats.PlaceholderText matches", s)
		}
	})
}

// TestPatternsKeepEveryMatchOnRealTexts asks each expression the maps use
// about every cell text of the real workbooks, with and without its
// filter: the answers must be the same, and the filter must spare the
// expression most texts.
func TestPatternsKeepEveryMatchOnRealTexts(t *testing.T) {
	patterns := map[string]*formats.Pattern{
		"answerHeader": answerHeader, "reviewerHeader": reviewerHeader, "questionHeader": questionHeader,
		"textColumn": textColumn, "noEntryPrompt": noEntryPrompt, "optionWord": optionWord,
		"fieldWord": fieldWord, "promptStart": promptStart, "questionWord": questionWord, "notesLabel": notesLabel,
	}
	misses, ruledOut := 0, 0
	eachRealText(t, func(name, v string) {
		for pn, p := range patterns {
			want := p.Regexp.MatchString(v)
			if got := p.MatchString(v); got != want {
				t.Errorf("%s: %s.MatchString(%q) = %v, the expression says %v", name, pn, v, got, want)
			}
			if !want {
				misses++
			}
			if !p.MayMatch(v) {
				ruledOut++
			}
		}
	})
	t.Logf("the filters rule out %d of the %d texts their expressions do not match", ruledOut, misses)
	if ruledOut*2 < misses {
		t.Errorf("the filters rule out only %d of %d texts their expressions do not match: they no longer spare them", ruledOut, misses)
	}
}

// TestWebValueFilterKeepsEveryMatch holds isWebValue, which asks the
// regular expression only about texts that start like a web address or
// hold an @, to the expression itself.
func TestWebValueFilterKeepsEveryMatch(t *testing.T) {
	for _, s := range []string{
		"https://www.vendor.domain/vpat", "HTTP://EXAMPLE.COM", " www.example.org ", "WWW.x.y",
		"jane.doe+sec@example.co.uk", "a@b", "see https://example.com", "Email: a@b.co",
		"http", "www", "", "Yes", "httpx://example.com", "h@", "ſtuff@x.io", "Ｈttp://x",
	} {
		if got, want := isWebValue(s), webValue.MatchString(strings.TrimSpace(s)); got != want {
			t.Errorf("isWebValue(%q) = %v, the expression says %v", s, got, want)
		}
	}
}
