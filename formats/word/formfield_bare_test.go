package word

import (
	"errors"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

// bareField is a FORMTEXT field as some converters write it: no w:ffData,
// only the instruction, with result.
func bareField(result string) string {
	return `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> FORMTEXT </w:instrText></w:r>` +
		`<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t xml:space="preserve">` + result + `</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`
}

// A FORMTEXT written without w:ffData is still a text form field: the
// answer replaces its result (never lands after it), the field stays.
func TestBareFormTextIsFilledInPlace(t *testing.T) {
	label := `<w:r><w:t xml:space="preserve">Name: </w:t></w:r>`
	tests := []struct {
		name, body, id, runs string
	}{
		{"in a paragraph, blank", `<w:p>` + label + bareField("     ") + `</w:p>`, "P1", "Name: |⟨begin⟩|⟨separate⟩|Ann|⟨end⟩"},
		{"in a paragraph, old value", `<w:p>` + label + bareField("old") + `</w:p>`, "P1", "Name: |⟨begin⟩|⟨separate⟩|Ann|⟨end⟩"},
		{"in a cell beside its label", `<w:tbl><w:tr><w:tc><w:p>` + label + `</w:p></w:tc><w:tc><w:p>` + bareField("     ") + `</w:p></w:tc></w:tr></w:tbl><w:p/>`, "T1-R1-C2", "⟨begin⟩|⟨separate⟩|Ann|⟨end⟩"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, rep, err := New().Fill(bodyDocx(t, tt.body), []formats.Answer{{PairID: tt.id, AnswerText: "Ann"}}, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			d := reopen(t, res.Document)
			el := nodeEl(t, d, tt.id)
			if tt.id != "P1" {
				el = firstW(el, "p")
			}
			if got := runView(d, el); got != tt.runs || rep.Summary.Matched != 1 || len(rep.StructuralIssues) > 0 {
				t.Errorf("runs = %s (matched %d, issues %v), want %s", got, rep.Summary.Matched, rep.StructuralIssues, tt.runs)
			}
		})
	}
}

// The map line of a field whose result is the placeholder "FORMTEXT" (as
// some producers write it) shows a blank with the field's name, not the
// word FORMTEXT an agent would take for an answer.
func TestMapLineShowsFieldNotItsPlaceholder(t *testing.T) {
	field := `<w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:name w:val="Company"/><w:textInput/></w:ffData></w:fldChar></w:r>` +
		`<w:r><w:instrText xml:space="preserve"> FORMTEXT </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>FORMTEXT</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`
	tests := []struct{ name, body, want string }{
		{"paragraph", `<w:p><w:r><w:t xml:space="preserve">Company: </w:t></w:r>` + field + `</w:p>`, `P1: "Company:" [field "Company"]`},
		{"cell", `<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Company</w:t></w:r></w:p></w:tc><w:tc><w:p>` + field + `</w:p></w:tc></w:tr></w:tbl><w:p/>`, `T1-R1-C2: "" [empty, field "Company"]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs, err := New().ExtractCompact(bodyDocx(t, tt.body))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(cs.CompactText, tt.want) || strings.Contains(cs.CompactText, `FORMTEXT"`) {
				t.Errorf("map:\n%s\nwant a line with %s", cs.CompactText, tt.want)
			}
		})
	}
}

// A field whose end Word wrote in the next cell is refused with a message
// naming the field, where it ends and what is expected.
func TestFieldEndingInNextCellIsRefusedClearly(t *testing.T) {
	body := `<w:tbl><w:tr><w:tc><w:p><w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:name w:val="Spill"/><w:textInput/></w:ffData></w:fldChar></w:r>` +
		`<w:r><w:instrText> FORMTEXT </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r></w:p></w:tc>` +
		`<w:tc><w:p><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p></w:tc></w:tr></w:tbl><w:p/>`
	_, _, err := New().Fill(bodyDocx(t, body), []formats.Answer{{PairID: "T1-R1-C1", AnswerText: "Ann"}}, formats.WriteOptions{})
	if !errors.Is(err, formats.ErrInvalidArgument) {
		t.Fatalf("err = %v, want invalid argument", err)
	}
	for _, want := range []string{"T1-R1-C1", `"Spill"`, "in another cell", "expected a field whose begin and end sit in one paragraph"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("err = %v, want it to say %q", err, want)
		}
	}
}

// One value for a target holding a drop-down then a text field ("RA-COC-
// [drop-down][text]") goes to the drop-down when it is one of its entries,
// else to the text field, instead of being refused.
func TestSingleValueGoesToTheFieldThatTakesIt(t *testing.T) {
	dd := `<w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:name w:val="Prefix"/><w:ddList><w:listEntry w:val="RA"/><w:listEntry w:val="SW"/></w:ddList></w:ffData></w:fldChar></w:r>` +
		`<w:r><w:instrText> FORMDROPDOWN </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>RA</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`
	ft := `<w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:name w:val="Code"/><w:textInput/></w:ffData></w:fldChar></w:r>` +
		`<w:r><w:instrText> FORMTEXT </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t xml:space="preserve">     </w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`
	body := `<w:p><w:r><w:t xml:space="preserve">Certificate code: </w:t></w:r>` + dd + `<w:r><w:t>-COC-</w:t></w:r>` + ft + `</w:p>`
	tests := []struct{ answer, shows string }{
		{"0042", "Certificate code: RA-COC-0042"},
		{"SW", "Certificate code: SW-COC-"},
	}
	for _, tt := range tests {
		res, _, err := New().Fill(bodyDocx(t, body), []formats.Answer{{PairID: "P1", AnswerText: tt.answer}}, formats.WriteOptions{})
		if err != nil {
			t.Fatalf("%s: %v", tt.answer, err)
		}
		d := reopen(t, res.Document)
		if got := strings.TrimSpace(textOf(nodeEl(t, d, "P1"))); got != tt.shows {
			t.Errorf("%s: shows %q, want %q", tt.answer, got, tt.shows)
		}
	}
}
