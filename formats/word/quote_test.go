package word

import (
	"strconv"
	"testing"
)

// FuzzAppendQuoted holds appendQuoted to strconv.AppendQuote.
func FuzzAppendQuoted(f *testing.F) {
	for _, s := range []string{"", "plain text", `say "hi" \ there`, "tab\tand\nline", "“curly” – dash", "bad \xff\xfe byte", "\u00ad soft \u200b zero", "\x7f del", "\uFFFD", "\xe2\x80"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := string(appendQuoted([]byte("x"), s)), string(strconv.AppendQuote([]byte("x"), s)); got != want {
			t.Errorf("appendQuoted(%q) = %s, want %s", s, got, want)
		}
	})
}
