package formats

import (
	"strconv"
	"testing"
)

// quotedCases are texts whose quoting turns at a byte strconv must look
// at, or never does.
var quotedCases = []struct{ name, text string }{
	{"empty", ""},
	{"plain ASCII", "Legal entity name"},
	{"a quote", `say "yes"`},
	{"a backslash first", `\d`},
	{"a tab and a line end", "tab\tand\nline"},
	{"a delete", "a\x7fb"},
	{"non-ASCII after ASCII", "naïve café"},
	{"curly quotes and a dash", "“curly” – dash"},
	{"non-printing runes", "\u00ad soft \u200b zero"},
	{"the replacement rune itself", "\uFFFD"},
	{"invalid UTF-8", "bad \xff\xfe byte"},
	{"a cut rune", "ab\xe2\x80"},
}

// TestAppendQuotedQuotesAsStrconv holds AppendQuoted to strconv.AppendQuote.
func TestAppendQuotedQuotesAsStrconv(t *testing.T) {
	for _, c := range quotedCases {
		t.Run(c.name, func(t *testing.T) { checkQuoted(t, c.text) })
	}
}

// FuzzAppendQuoted holds AppendQuoted to strconv.AppendQuote on any text.
func FuzzAppendQuoted(f *testing.F) {
	for _, c := range quotedCases {
		f.Add(c.text)
	}
	f.Fuzz(checkQuoted)
}

// checkQuoted fails t when AppendQuoted and strconv disagree on s, after a
// prefix already in the buffer.
func checkQuoted(t *testing.T, s string) {
	t.Helper()
	got := string(AppendQuoted([]byte("x: "), s))
	if want := string(strconv.AppendQuote([]byte("x: "), s)); got != want {
		t.Fatalf("AppendQuoted(%q) = %s, want %s", s, got, want)
	}
}
