package bench

import (
	"strings"
	"testing"
)

// FuzzParseMix: any --mix value either fails with an error or yields a mix
// that renders back to an equivalent value, with only known kinds and
// positive weights.
func FuzzParseMix(f *testing.F) {
	for _, s := range []string{DefaultMix, "fill=1", "fill=1,fill=2", "=,", "verify=99999999999999999999", " x = 1 ,", "fill=+3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMix(s)
		if err != nil {
			return
		}
		for _, e := range m {
			if !isBenchKind(e.Kind) || e.Weight <= 0 {
				t.Fatalf("ParseMix(%q) accepted %+v", s, e)
			}
		}
		again, err := ParseMix(m.String())
		if err != nil || again.String() != m.String() {
			t.Fatalf("round trip of %q: %v, %v", m.String(), again, err)
		}
		seq := m.Sequence(7)
		if len(seq) != 7 {
			t.Fatalf("Sequence(7) = %d kinds", len(seq))
		}
	})
}

// FuzzParseWorkers: accepted process counts are distinct and in range.
func FuzzParseWorkers(f *testing.F) {
	for _, s := range []string{"1,2,4", "", "0", "2,2", "64,65", " 3 ,"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ns, err := parseWorkers(s)
		if err != nil {
			if !strings.Contains(err.Error(), "--workers") {
				t.Fatalf("error %v does not name the flag", err)
			}
			return
		}
		seen := map[int]bool{}
		for _, n := range ns {
			if n < 1 || n > 64 || seen[n] {
				t.Fatalf("parseWorkers(%q) = %v", s, ns)
			}
			seen[n] = true
		}
	})
}
