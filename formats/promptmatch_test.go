package formats

import "testing"

// TestPlaceholderMatcherAgreesWithExpression holds the hand-written
// matcher to PlaceholderText on each alternative's edges: lengths,
// boundaries, case, the long s and the Kelvin sign, which (?i) folds to
// s and k.
func TestPlaceholderMatcherAgreesWithExpression(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"<Company>", true}, {"<>", false}, {"<a<b>", true}, {"a < b", false},
		{"<" + repeat("x", 60) + ">", true}, {"<" + repeat("x", 61) + ">", false},
		{"<" + repeat("é", 60) + ">", true}, {"<" + repeat("é", 61) + ">", false},
		{"<" + repeat("\xff", 60) + ">", true}, {"<" + repeat("\xff", 61) + ">", false},
		{"[]", true}, {"[Company name]", true}, {"[a[b]", true}, {"[" + repeat("x", 60) + "]", true},
		{"[" + repeat("x", 61) + "]", false}, {"[x", false},
		{"{{ tenant.name }}", true}, {"{{a}b}}", false}, {"{{a}b}}{{c}}", true}, {"{{}}", true}, {"{a}}", false},
		{"__", false}, {"___", true}, {"...", false}, {"....", true}, {"…", true}, {"\u212a", false},
		{"mm/dd/yyyy", true}, {"MM-DD-YY", true}, {"dd.mm.yyyy", true}, {"mm/dd/yyy", false},
		{"mm/dd/yyyyy", false}, {"xmm/dd/yy", false}, {"é mm/dd/yy", true}, {"mm/dd/yyé", true},
		{"mm/dd/yy_", false}, {"md/dd/yy", false}, {"mm/mm/yy", true}, {"mm//dd/yy", false},
		{"yyyy-mm", true}, {"YYYY/MM/DD", true}, {"yyyy-mmdd", false}, {"yyyy-mm-d", true}, {"ayyyy-mm", false},
		{"enter your name", true}, {"Please Enter", true}, {"please  enter", false}, {"entered", false},
		{"Fill in", true}, {"fill  in", false}, {"ſelect one", true}, {"pleaſe choose", true},
		{"clic\u212a", false}, {"clic\u212a.", false}, {"clic\u212ax", true}, {"Please select one", true}, {"adding", false}, {"x enter", false},
		{"Click here to enter text.", true}, {"Tap here", true}, {"double-click here", true}, {"doubleclick here", false},
		{"a click heres", false}, {"clic\u212a here", true},
		{"see instructions", true}, {"See instruction", true}, {"see instructionsx", false}, {"see instructionſ", true},
		{"ſee instructions", true}, {"xxx", true}, {"XxX", true}, {"xx", false}, {"xxxy", false},
		{"555-555-5555", true}, {"call 555-123-4567.", true}, {"1555-123-4567", false}, {"555-123-45678", false},
		{"555-12-4567", false}, {"Company name", false}, {"", false},
	} {
		if got := matchesPlaceholder(tc.text); got != tc.want {
			t.Errorf("matchesPlaceholder(%q) = %v, want %v", tc.text, got, tc.want)
		}
		if want := PlaceholderText.Regexp.MatchString(tc.text); tc.want != want {
			t.Errorf("table wrong for %q: the expression says %v", tc.text, want)
		}
		loc := PlaceholderText.Regexp.FindStringIndex(tc.text)
		if lead, want := tc.text != "" && placeholderAt(tc.text, 0), loc != nil && loc[0] == 0; lead != want {
			t.Errorf("placeholderAt(%q, 0) = %v, the expression says %v", tc.text, lead, want)
		}
	}
}

func repeat(s string, n int) string {
	out := ""
	for range n {
		out += s
	}
	return out
}

// FuzzPlaceholderMatcher compares the hand-written matcher with the
// expression it stands for, on any text: whether it matches, and whether
// a match starts at the text's start.
func FuzzPlaceholderMatcher(f *testing.F) {
	for _, s := range []string{"mm/dd/yyyy", "<Select One>", "[Company]", "{{ x }}", "____", "Click here", "please enter",
		"see instructions", "xxx", "555-555-5555", "yyyy-mm-dd", "ſelect", "clic\u212a here", "a…b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := matchesPlaceholder(s), PlaceholderText.Regexp.MatchString(s); got != want {
			t.Fatalf("matchesPlaceholder(%q) = %v, the expression says %v", s, got, want)
		}
		loc := PlaceholderText.Regexp.FindStringIndex(s)
		if got, want := s != "" && placeholderAt(s, 0), loc != nil && loc[0] == 0; got != want {
			t.Fatalf("placeholderAt(%q, 0) = %v, the expression says %v", s, got, want)
		}
	})
}
