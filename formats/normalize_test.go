package formats

import (
	"strings"
	"testing"
	"unicode"
)

// normalizeRunes is Normalize as it was before its ASCII fast path: the
// reference the fast path is held to.
func normalizeRunes(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range strings.TrimSpace(s) {
		if unicode.IsSpace(r) {
			space = true
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		switch {
		case strings.ContainsRune("“”„‟″«»", r):
			r = '"'
		case strings.ContainsRune("‘’‚‛′", r):
			r = '\''
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

func TestNormalize(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"empty", "", ""},
		{"already normal ASCII", "iso 27001 certified", "iso 27001 certified"},
		{"upper case", "ISO 27001", "iso 27001"},
		{"space runs and layout", "  a \t b\r\n\nc\v\fd  ", "a b c d"},
		{"trailing space after normal text", "yes ", "yes"},
		{"space before a no-break space", "a \u00a0b", "a b"},
		{"no-break space alone", "a\u00a0b", "a b"},
		{"space before non-ASCII letter", "a éB", "a éb"},
		{"typographic quotes", "“Cash” buyer’s „x‟ ‚y‛ ″z′ «w»", `"cash" buyer's "x" 'y' "z' "w"`},
		{"non-ASCII upper case", "ÉCOLE Straße", "école straße"},
		{"Kelvin sign and long s stay apart from ASCII", "\u212a\u017f", "k\u017f"},
		{"invalid UTF-8", "a\xffB\xc3", "a\ufffdb\ufffd"},
		{"next line and ideographic space", "a\u0085b\u3000c", "a b c"},
		{"upper case after a non-ASCII rune", "é A", "é a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Normalize(tt.in)
			if got != tt.want {
				t.Errorf("Normalize(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if old := normalizeRunes(tt.in); got != old {
				t.Errorf("Normalize(%q) = %q, rune path gives %q", tt.in, got, old)
			}
		})
	}
}

// TestNormalizeKeepsNormalTextUnallocated: text already normal, the
// common case of verify's targets, is returned as it is.
func TestNormalizeKeepsNormalTextUnallocated(t *testing.T) {
	s := "answer 1: documented, reviewed yearly"
	if n := testing.AllocsPerRun(100, func() { _ = Normalize(s) }); n != 0 {
		t.Fatalf("Normalize of normal ASCII text allocates %v times, want 0", n)
	}
}

// FuzzNormalizeMatchesRunePath holds Normalize to the rune-by-rune pass it
// replaced, on any string.
func FuzzNormalizeMatchesRunePath(f *testing.F) {
	for _, s := range []string{"", "Yes", " a  b ", "a \u00a0b", "“Q” ’", "\xff A", "x \u3000 y", "a\u0085", "É"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Normalize(s), normalizeRunes(s); got != want {
			t.Fatalf("Normalize(%q) = %q, want %q", s, got, want)
		}
	})
}
