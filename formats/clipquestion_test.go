package formats

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestClipQuestion(t *testing.T) {
	tests := []struct {
		name, in string
		n        int
		want     string
	}{
		{"short question kept", "Company name", 20, "Company name"},
		{"exactly n kept", "abcde", 5, "abcde"},
		{"plain question cut at the end", "Describe your incident response plan in detail", 20, "Describe your incid…"},
		{"row and header cut before a short last part",
			"Protect stored account data / Compliant to PCI DSS Requirements (Select One) / NO", 40,
			"Protect stored account data / Comp… / NO"},
		{"the other box of the row reads apart",
			"Protect stored account data / Compliant to PCI DSS Requirements (Select One) / YES", 40,
			"Protect stored account data / Com… / YES"},
		{"long last part and long head share the room",
			"1.2.2 Captions (Prerecorded) (Level A) / Remarks and Explanations for the criterion", 40,
			"1.2.2 Captions (Pre… / Remarks and Expl…"},
		{"short head left whole before a long last part",
			"Notes / Remarks and Explanations for the criterion in full", 40,
			"Notes / Remarks and Explanations for th…"},
		{"an Excel option row keeps its option",
			"Has your practice completed a security risk assessment (SRA) before? — I don't know.", 60,
			"Has your practice completed a security risk… — I don't know."},
		{"runes counted, not bytes", "Geschäftsführer / Straße und Hausnummer / Größe", 30,
			"Geschäftsführer / Str… / Größe"},
		{"a slash inside a sentence is no part",
			"Is a process in place to de-provision the access of joiners / leavers or system identity changes", 40,
			"Is a process in place to de-provision t…"},
		{"a slash inside brackets is no part",
			"Consultation notes (DPO / Data subjects / Supervisory authority)", 40,
			"Consultation notes (DPO / Data subjects…"},
		{"n below one leaves it", "abc", 0, "abc"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ClipQuestion(tt.in, tt.n)
			if got != tt.want {
				t.Errorf("ClipQuestion(%q, %d) = %q, want %q", tt.in, tt.n, got, tt.want)
			}
			if tt.n > 0 && utf8.RuneCountInString(got) > tt.n {
				t.Errorf("ClipQuestion(%q, %d) = %q: %d runes, over %d", tt.in, tt.n, got, utf8.RuneCountInString(got), tt.n)
			}
			if got != tt.in && !strings.Contains(got, "…") {
				t.Errorf("ClipQuestion(%q, %d) = %q: cut without a mark", tt.in, tt.n, got)
			}
		})
	}
}
