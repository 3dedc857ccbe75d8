package excel

import "testing"

func TestClipCutsAtRunesNotBytes(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{"", 3, ""},
		{"abc", 3, "abc"},
		{"abcd", 3, "abc…"},
		{"éüö", 3, "éüö"}, // six bytes, three runes: kept whole
		{"éüöä", 3, "éüö…"},
		{"日本語テキスト", 4, "日本語テ…"},
	} {
		if got := clip(tc.in, tc.n); got != tc.want {
			t.Errorf("clip(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
}
