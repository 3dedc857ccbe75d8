package excel

import (
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

// TestHandMatchersAgreeOnRealTexts asks the hand-written matchers and the
// expressions they stand for about every cell text of the real
// workbooks: the answers must be the same.
func TestHandMatchersAgreeOnRealTexts(t *testing.T) {
	texts := 0
	eachRealText(t, func(name, v string) {
		texts++
		s := strings.TrimSpace(v)
		want := s != "" && len(s) <= formats.MaxPlaceholder && formats.PlaceholderText.Regexp.MatchString(s)
		if got := formats.IsPlaceholder(v); got != want {
			t.Errorf("%s: IsPlaceholder(%q) = %v, the expression says %v", name, v, got, want)
		}
		if got, want := isPrompt(v), promptStart.Regexp.MatchString(v); got != want {
			t.Errorf("%s: isPrompt(%q) = %v, the expression says %v", name, v, got, want)
		}
	})
	if texts == 0 {
		t.Skip("no real texts")
	}
}
