package excel

import (
	"strconv"
	"testing"

	"github.com/xuri/excelize/v2"
)

// quotedCases are texts whose quoting turns at their first byte strconv
// must look at, or never does.
var quotedCases = []struct{ name, text string }{
	{"empty", ""},
	{"plain ASCII", "Legal entity name"},
	{"a quote", `say "yes"`},
	{"a backslash first", `\d`},
	{"a tab", "a\tb"},
	{"a delete", "a\x7fb"},
	{"non-ASCII after ASCII", "naïve café"},
	{"a non-printing rune", "a\u200bb"},
	{"invalid UTF-8", "ab\xffcd"},
	{"a cut rune", "ab\xc3"},
}

// TestAppendQuotedQuotesAsStrconv holds appendQuoted to strconv.AppendQuote.
func TestAppendQuotedQuotesAsStrconv(t *testing.T) {
	for _, c := range quotedCases {
		t.Run(c.name, func(t *testing.T) { checkQuoted(t, c.text) })
	}
}

// FuzzAppendQuoted holds appendQuoted to strconv.AppendQuote on any text.
func FuzzAppendQuoted(f *testing.F) {
	for _, c := range quotedCases {
		f.Add(c.text)
	}
	f.Fuzz(checkQuoted)
}

// checkQuoted fails t when appendQuoted and strconv disagree on s, after a
// prefix already in the buffer.
func checkQuoted(t *testing.T, s string) {
	t.Helper()
	got := string(appendQuoted([]byte("x: "), s))
	if want := "x: " + strconv.Quote(s); got != want {
		t.Fatalf("appendQuoted(%q) = %s, want %s", s, got, want)
	}
}

// TestAppendA1NamesAsExcelize holds appendA1 to excelize's
// names at the grid's edges and past them.
func TestAppendA1NamesAsExcelize(t *testing.T) {
	for _, c := range []struct{ row, col int }{
		{1, 1}, {5, 3}, {9, 26}, {10, 27}, {11, 52}, {12, 53}, {13, 702}, {14, 703}, {1048576, 16384},
		{1, 16385}, {0, 1}, {1, 0}, {-1, 3}, {1048577, 2}, {1 << 40, 2},
	} {
		want, _ := excelize.CoordinatesToCellName(c.col, c.row)
		if got := string(appendA1(nil, c.row, c.col)); got != want {
			t.Errorf("appendA1(%d, %d) = %q, want %q", c.row, c.col, got, want)
		}
	}
}
