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
