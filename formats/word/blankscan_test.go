package word

import (
	"fmt"
	"testing"
)

// FuzzBlankScan checks the hand-written scanner against the expressions it
// stands for: the same spans, the same text with them removed.
func FuzzBlankScan(f *testing.F) {
	for _, s := range []string{"Name: ____", "[Insert date] and [5 USC 552a]", "<system name> <>", "☐ Yes ☐ No",
		"Click or tap here to enter text.", "[[BLOCK:x]]", "__", "[a\nb]", "<a<b>", "Choose an item.Choose", "\xff[\xfe]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, c := range []struct {
			name string
			scan blankSyntax
			want func(string) [][]int
			repl func(string) string
		}{
			{"blankPattern", blankScan, func(s string) [][]int { return blankPattern.FindAllStringIndex(s, -1) }, func(s string) string { return blankPattern.ReplaceAllString(s, "") }},
			{"placeholderPattern", placeholderScan, func(s string) [][]int { return placeholderPattern.FindAllStringIndex(s, -1) }, func(s string) string { return placeholderPattern.ReplaceAllString(s, "") }},
		} {
			if got, want := fmt.Sprint(c.scan.spans(text)), fmt.Sprint(c.want(text)); got != want {
				t.Fatalf("%s spans of %q: scanner %s, expression %s", c.name, text, got, want)
			}
			if got, want := c.scan.strip(text), c.repl(text); got != want {
				t.Fatalf("%s strip of %q: scanner %q, expression %q", c.name, text, got, want)
			}
		}
	})
}
