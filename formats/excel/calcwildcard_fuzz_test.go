package excel

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzWildcardMatch: a criterion's pattern comes from the workbook; the
// hand-written matcher agrees with the regular expression the pattern
// stands for (* any characters, ? one, the rest literal, the whole text).
func FuzzWildcardMatch(f *testing.F) {
	for _, seed := range [][2]string{{"comp*", "compliant"}, {"a?c", "abc"}, {"*", ""}, {"?", ""}, {"a*b*c", "aXbYbc"}, {"**?", "é"}, {"x", "X"}} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, pattern, s string) {
		if !utf8.ValidString(pattern) || !utf8.ValidString(s) || len(pattern) > 64 || len(s) > 256 {
			return
		}
		var re strings.Builder
		re.WriteString(`(?s)\A`)
		for _, r := range pattern {
			switch r {
			case '*':
				re.WriteString(".*")
			case '?':
				re.WriteString(".")
			default:
				re.WriteString(regexp.QuoteMeta(string(r)))
			}
		}
		re.WriteString(`\z`)
		want := regexp.MustCompile(re.String()).MatchString(s)
		if got := wildcardMatch(pattern, s); got != want {
			t.Fatalf("wildcardMatch(%q, %q) = %v, the pattern's regexp says %v", pattern, s, got, want)
		}
	})
}
