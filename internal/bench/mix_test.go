package bench

import (
	"strings"
	"testing"
)

func TestParseMix(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    string // canonical String() of the result
		wantErr string
	}{
		{"default", DefaultMix, "fill=70,extract_compact=20,verify=10", ""},
		{"spaces and trailing comma", " fill = 3 , verify=1,", "fill=3,verify=1", ""},
		{"single kind", "extract_text=1", "extract_text=1", ""},
		{"unknown kind", "fil=70", "", `unknown kind "fil"`},
		{"build_insertion not benchable", "build_insertion=1", "", "unknown kind"},
		{"no weight", "fill", "", "want kind=weight"},
		{"zero weight", "fill=0", "", "positive integer"},
		{"negative weight", "fill=-5", "", "positive integer"},
		{"non-numeric weight", "fill=lots", "", "positive integer"},
		{"huge weight", "fill=9223372036854775807,verify=1", "", "up to 1000000"},
		{"duplicate", "fill=1,fill=2", "", "given twice"},
		{"empty", " , ", "", "empty mix"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := ParseMix(tt.in)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("ParseMix(%q) err = %v, want %q", tt.in, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := m.String(); got != tt.want {
				t.Errorf("ParseMix(%q) = %s, want %s", tt.in, got, tt.want)
			}
		})
	}
}

func TestMixSequenceKeepsProportionsInEveryPrefix(t *testing.T) {
	m, err := ParseMix(DefaultMix)
	if err != nil {
		t.Fatal(err)
	}
	seq := m.Sequence(100)
	counts := map[string]int{}
	for _, k := range seq {
		counts[k]++
	}
	if counts["fill"] != 70 || counts["extract_compact"] != 20 || counts["verify"] != 10 {
		t.Errorf("100 jobs = %v, want 70/20/10", counts)
	}
	// The first 10 jobs already carry every kind, in proportion.
	first := map[string]int{}
	for _, k := range seq[:10] {
		first[k]++
	}
	if first["fill"] != 7 || first["extract_compact"] != 2 || first["verify"] != 1 {
		t.Errorf("first 10 jobs = %v, want 7/2/1", first)
	}
}

func TestMixSequenceLengths(t *testing.T) {
	m := Mix{{Kind: "fill", Weight: 2}, {Kind: "verify", Weight: 1}}
	for _, n := range []int{0, 1, 7} {
		if got := len(m.Sequence(n)); got != n {
			t.Errorf("Sequence(%d) has %d kinds", n, got)
		}
	}
	if got := strings.Join(m.Sequence(3), ","); got != "fill,verify,fill" {
		t.Errorf("Sequence(3) = %s, want fill,verify,fill", got)
	}
}
