package word

import (
	"testing"

	"github.com/beevik/etree"
)

// A row the publisher filled in as an example is told from the row to
// fill and from a question that explains itself with an example.
func TestIsExampleRow(t *testing.T) {
	tests := []struct {
		name  string
		cells []string
		want  bool
	}{
		{"example lead", []string{"Example: Data centers", "3", "Boston, MA, USA"}, true},
		{"e.g. lead", []string{"e.g. Retail outlets", "12", ""}, true},
		{"bracketed example note", []string{"1", "NGINX Server <Use Case Example - Please Delete>", "☐ Embedded CM"}, true},
		{"note on the row to fill", []string{"#", "<Fill In> <Use Case Example - Please Delete>", "<Fill In and Select Below>"}, false},
		{"question explaining itself", []string{"Provide a high-level description. For example: connections into the CDE.", ""}, false},
		{"example later in the row", []string{"Hosting", "Example: AWS"}, false},
		{"plain row", []string{"Company name:", ""}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr := etree.NewElement("w:tr")
			for _, c := range tt.cells {
				tc := tr.CreateElement("w:tc")
				tc.AddChild(textParagraph(c))
			}
			if got := isExampleRow(tr, textOf); got != tt.want {
				t.Errorf("isExampleRow(%q) = %v, want %v", tt.cells, got, tt.want)
			}
		})
	}
}

func textParagraph(s string) *etree.Element {
	p := etree.NewElement("w:p")
	r := p.CreateElement("w:r")
	r.CreateElement("w:t").SetText(s)
	return p
}
