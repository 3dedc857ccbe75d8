package word

import (
	"strings"
	"testing"
)

// unitOrExampleWhole is unitOrExample as it was, lower-casing the whole
// text before the bracket: the reference the windowed one is held to.
func unitOrExampleWhole(before, inner string) bool {
	if unitWords[strings.ToLower(inner)] {
		return true
	}
	b := strings.ToLower(before)
	if len(b) > exampleReach {
		b = b[len(b)-exampleReach:]
	}
	for _, lead := range exampleLeads {
		i := strings.LastIndex(b, lead)
		if i < 0 || i > 0 && isWordByte(b[i-1]) || i+len(lead) < len(b) && isWordByte(b[i+len(lead)]) {
			continue
		}
		if rest := b[i+len(lead):]; !strings.ContainsAny(rest, ";:") && !strings.Contains(rest, ". ") {
			return true
		}
	}
	return false
}

func TestUnitOrExampleLooksAtTheLastBytesOnly(t *testing.T) {
	long := strings.Repeat("The Company shall deliver the notice ", 5)
	tests := []struct {
		name, before, inner string
		want                bool
	}{
		{"unit", "give the size in ", "MB", true},
		{"example just before", long + "such as ", "Insert name", true},
		{"example out of reach", "such as " + long, "Insert name", false},
		{"example ended by a colon", long + "e.g. the following: ", "Insert name", false},
		{"non-ASCII before", long + "İİİİ for example ", "Insert name", true},
		{"prose", long, "Insert name", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := unitOrExample(tt.before, tt.inner); got != tt.want || got != unitOrExampleWhole(tt.before, tt.inner) {
				t.Fatalf("unitOrExample = %v, want %v (whole-text version %v)", got, tt.want, unitOrExampleWhole(tt.before, tt.inner))
			}
		})
	}
}

func FuzzUnitOrExample(f *testing.F) {
	f.Add(strings.Repeat("x ", 40)+"such as ", "Name")
	f.Add("İ e.g. ", "mb")
	f.Add("for example; "+strings.Repeat("a", 70), "x")
	f.Fuzz(func(t *testing.T, before, inner string) {
		if got, want := unitOrExample(before, inner), unitOrExampleWhole(before, inner); got != want {
			t.Fatalf("unitOrExample(%q, %q) = %v, the whole-text version %v", before, inner, got, want)
		}
	})
}
