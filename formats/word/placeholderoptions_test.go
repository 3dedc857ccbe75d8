package word

import (
	"reflect"
	"testing"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// TestPlaceholderNamingAValueListsNoOptions: a bracketed prompt whose "or"
// or "/" joins the words of one description names what to type; reading
// it as options offered "<First Service" and "Feature Name>".
func TestPlaceholderNamingAValueListsNoOptions(t *testing.T) {
	tests := []struct{ name, text string }{
		{"name of a service or feature", "<First Service or Feature Name>"},
		{"name or a status word", "<Second Service or Feature Name/Pending>"},
		{"shared head noun after a slash", "<Port/Circuit Numbers>"},
		{"shared modifier before a slash", "<External Org/IP>"},
		{"square-bracket description with or", "[Base salary or hourly amount]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := optionHints(&cellInfo{text: tt.text}); got != nil {
				t.Fatalf("optionHints(%q) = %q, want none", tt.text, got)
			}
		})
	}
}

// TestPlaceholderOptionsLeaveTheBrackets: a bracket's delimiters belong
// to the prompt, not to its first and last options; a "Choose one:" or
// "Select" lead-in introduces the list, whose options may hold slashes
// and several words.
func TestPlaceholderOptionsLeaveTheBrackets(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string
	}{
		{"slash options in angle brackets", "<Satisfied/Pending>", []string{"Satisfied", "Pending"}},
		{"comma list ending in or", "<Low, Moderate, or High>", []string{"Low", "Moderate", "High"}},
		{"yes or no in square brackets", "[Yes or No]", []string{"Yes", "No"}},
		{"choose one with commas", "<Choose one: High, Moderate, Low, LI-SaaS>", []string{"High", "Moderate", "Low", "LI-SaaS"}},
		{"choose one with slashes inside options", "<Choose one: IAL3/FAL3/AAL3, IAL2/FAL2/AAL2, IAL1/FAL1/AAL1>", []string{"IAL3/FAL3/AAL3", "IAL2/FAL2/AAL2", "IAL1/FAL1/AAL1"}},
		{"choose one with multi-word options", "<Choose one: Public Cloud, Government-Only Cloud, Hybrid Cloud>", []string{"Public Cloud", "Government-Only Cloud", "Hybrid Cloud"}},
		{"choose one with slashes between options", "<Choose One: High/Moderate/ Low>", []string{"High", "Moderate", "Low"}},
		{"long lead-in list", "<Choose one: Joint Authorization Board Provisional Authorization, Agency Authorization>", []string{"Joint Authorization Board Provisional Authorization", "Agency Authorization"}},
		{"select without a colon", "<Select IaaS or PaaS>", []string{"IaaS", "PaaS"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := optionHints(&cellInfo{text: tt.text}); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("optionHints(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

// labelledCell is a one-table body: a header row over an answer column,
// then label beside a cell of one paragraph showing text (XML-escaped).
func labelledCell(label, text string) string {
	return `<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Question</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>Answer</w:t></w:r></w:p></w:tc></w:tr>` +
		`<w:tr><w:tc><w:p><w:r><w:t>` + label + `</w:t></w:r></w:p></w:tc><w:tc>` + promptPara(text) + `</w:tc></w:tr></w:tbl>`
}

// TestPlaceholderRepeatingItsLabelListsNoOptions: a bracketed prompt
// that repeats the words of its field's label names the field
// ("<Suite/Room/Building>" beside "Suite/Room/Building"); the same shape
// under another label lists values. The map and the writer agree.
func TestPlaceholderRepeatingItsLabelListsNoOptions(t *testing.T) {
	tests := []struct {
		name, label, text string
		want              []string
	}{
		{"address line named by its label", "Suite/Room/Building", "&lt;Suite/Room/Building&gt;", nil},
		{"organisation named by its label", "Company / Organization", "&lt;Company/Organization&gt;", nil},
		{"statuses under another label", "Outcome", "&lt;Satisfied/Other-Than-Satisfied/Pending&gt;", []string{"Satisfied", "Other-Than-Satisfied", "Pending"}},
		{"yes or no beside a question", "Is data encrypted at rest?", "[Yes or No]", []string{"Yes", "No"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := bodyDocx(t, labelledCell(tt.label, tt.text))
			whole := reopen(t, doc)
			mapped := (&finder{d: whole, tables: map[*etree.Element]*tableInfo{}}).hintsOf(nodeOf(t, whole, "T1-R2-C2"))
			if written := writerHints(t, doc, "T1-R2-C2"); !reflect.DeepEqual(mapped, written) {
				t.Fatalf("the map reads hints %q, the writer %q", mapped, written)
			}
			if !reflect.DeepEqual(mapped, tt.want) {
				t.Fatalf("hints = %q, want %q", mapped, tt.want)
			}
		})
	}
}

// TestWriteReplacesPlaceholderNamingAValue holds the writer to answering
// over a prompt that names a value, now that it lists no options: the
// answer takes the prompt's place, brackets and all.
func TestWriteReplacesPlaceholderNamingAValue(t *testing.T) {
	tests := []struct{ name, label, text string }{
		{"angle-bracket name with or", "Service or Feature Request Name", "&lt;First Service or Feature Name&gt;"},
		{"angle-bracket slash beside its label", "Suite/Room/Building", "&lt;Suite/Room/Building&gt;"},
		{"square-bracket description with or", "Base Salary", "[Base salary or hourly amount]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := bodyDocx(t, labelledCell(tt.label, tt.text))
			res, err := New().Write(doc, []formats.Answer{{PairID: "T1-R2-C2", AnswerText: "Zed"}}, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if c := res.Changes[0]; c.After != "Zed" {
				t.Fatalf("change = %+v, want the cell to read %q", c, "Zed")
			}
		})
	}
}
