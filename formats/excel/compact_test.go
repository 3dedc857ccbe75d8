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

// TestLineAttrWritesAsJoined checks that a line's attribute is written
// as the label and text, or options, were when joined into one string,
// and is only the string it writes.
func TestLineAttrWritesAsJoined(t *testing.T) {
	for _, tc := range []struct {
		name string
		a    lineAttr
		want string
	}{
		{"plain", lineAttr{text: "bold"}, "bold"},
		{"labelled", lineAttr{label: "merged: ", text: "C5:D6"}, "merged: C5:D6"},
		{"list", lineAttr{label: "list: ", options: []string{"Yes", "No"}, list: true}, "list: " + optionText([]string{"Yes", "No"})},
		{"list with no options", lineAttr{label: "list: ", options: []string{}, list: true}, "list: " + optionText([]string{})},
		{"list not resolvable", lineAttr{label: "list: ", list: true}, "list: " + optionText(nil)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(tc.a.append([]byte("x"))); got != "x"+tc.want {
				t.Errorf("append = %q, want %q", got, "x"+tc.want)
			}
			if got := tc.a.is(tc.want); got != !tc.a.list {
				t.Errorf("is(%q) = %v, want %v", tc.want, got, !tc.a.list)
			}
			if tc.a.is(tc.want + " ") {
				t.Errorf("is(%q) = true", tc.want+" ")
			}
		})
	}
}
