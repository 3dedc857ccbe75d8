package excel

import (
	"testing"

	"github.com/formfill/formfill/formats/internal/xmllex"
)

// spanPlainTextCases put the bytes plainText stops at, and those a word
// at a time must not take for them, at every place in and around a word.
var spanPlainTextCases = []string{
	"",
	"abc",
	"IF($E11='Auto Responses'!$L$13,1,2)",
	"0123456<",
	"01234567<",
	"012345678&amp;",
	"a\tb\nc\rd and then some more text<",
	"text with a control \x01 character",
	"a word then caf\u00e9 and more",
	"~~~~~~~~\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x1f",
	"        \x00",
	"\x80",
	"abcdefgh\x20\x20\x20\x20\x20\x20\x20\x1f",
}

func TestSpanPlainTextPassesAsSpan(t *testing.T) {
	for _, c := range spanPlainTextCases {
		d := []byte(c)
		for i := 0; i <= len(d); i++ {
			if got, want := spanPlainText(d, i), xmllex.Span(d, i, &plainText); got != want {
				t.Fatalf("spanPlainText(%q, %d) = %d, Span gives %d", c, i, got, want)
			}
		}
	}
}

func FuzzSpanPlainText(f *testing.F) {
	for _, c := range spanPlainTextCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, d []byte) {
		for i := 0; i <= len(d); i++ {
			if got, want := spanPlainText(d, i), xmllex.Span(d, i, &plainText); got != want {
				t.Fatalf("spanPlainText(%q, %d) = %d, Span gives %d", d, i, got, want)
			}
		}
	})
}
