package word

import (
	"strings"
	"testing"
)

// answerCtl is an inline drop-down control in a cell, showing its
// stock prompt.
const answerCtl = `<w:sdt><w:sdtPr><w:showingPlcHdr/><w:dropDownList><w:listItem w:displayText="Yes" w:value="Yes"/>` +
	`<w:listItem w:displayText="No" w:value="No"/></w:dropDownList></w:sdtPr><w:sdtContent><w:r><w:t>Choose an option…</w:t></w:r></w:sdtContent></w:sdt>`

func ctlCell() string { return `<w:tc><w:p>` + answerCtl + `</w:p></w:tc>` }

func TestEveryTargetAsksAReadableQuestion(t *testing.T) {
	tests := []struct {
		name, body string
		want       map[string]string
	}{
		{"a placeholder in the first row of an answer column keeps its label",
			tbl(tr("PROVIDER: _______", "CUSTOMER: _______"), tr("Signature", ""), tr("Date", "")),
			map[string]string{"T1-R1-C1": "PROVIDER", "T1-R1-C2": "CUSTOMER"}},
		{"the Comments cell beside an Answer control asks the row's question",
			tbl(tr("Question", "Answer", "Comments"),
				`<w:tr>`+tc(p("Do you encrypt data at rest?"))+ctlCell()+tc(p(""))+`</w:tr>`,
				`<w:tr>`+tc(p("Do you rotate keys yearly?"))+ctlCell()+tc(p(""))+`</w:tr>`),
			map[string]string{"T1-R2-C3": "Do you encrypt data at rest? / Comments", "T1-R3-C3": "Do you rotate keys yearly? / Comments"}},
		{"a field cell under a column header asks the header, not its neighbour's field",
			tbl(tr("Risk", "Likelihood"), tr("{{ r.description }}", "{{ r.likelihood }}")),
			map[string]string{"T1-R2-C1": "Risk", "T1-R2-C2": "Likelihood"}},
		{"an empty grid under a header row inside the table asks the column",
			tbl(`<w:tr><w:tc><w:tcPr><w:gridSpan w:val="2"/></w:tcPr>`+p("If Yes:")+`</w:tc></w:tr>`,
				tr("Name of service provider:", "Description of services:"), tr("[ ]", "[ ]")),
			map[string]string{"T1-R3-C1": "Name of service provider", "T1-R3-C2": "Description of services"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, cs := targetsOf(t, tt.body)
			for id, q := range tt.want {
				tg, ok := got[id]
				if !ok {
					t.Errorf("%s is no target\n%s", id, cs.CompactText)
					continue
				}
				if tg.Question != q {
					t.Errorf("%s asks %q, want %q", id, tg.Question, q)
				}
			}
			for id, tg := range got {
				if !readable(tg.Question) || strings.Contains(strings.ToLower(tg.Question), "choose an option") {
					t.Errorf("%s asks %q, no readable question", id, tg.Question)
				}
			}
		})
	}
}

func TestReadable(t *testing.T) {
	tests := []struct {
		q    string
		want bool
	}{
		{"Company name", true},
		{"2.1", true},
		{"", false},
		{"[]", false},
		{" : ", false},
		{"Choose an option…", false},
		{"Select...", false},
		{"Select the hosting model", true},
		{"Click or tap here to enter text.", false},
		{"{{ r.description }}", false},
		{"Organisation: {{ matters", false},
		{"[Insert name]", false},
	}
	for _, tt := range tests {
		if got := readable(tt.q); got != tt.want {
			t.Errorf("readable(%q) = %v, want %v", tt.q, got, tt.want)
		}
	}
}
