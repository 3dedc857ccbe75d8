package word

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

// ddResult reads the chosen index of each drop-down that has one.
var ddResult = regexp.MustCompile(`<w:result w:val="(\d+)"/>`)

// ddField is a FORMDROPDOWN with entries (the first chosen), as Word
// writes it: no result runs, Word draws the chosen entry.
func ddField(name string, entries ...string) string {
	var b strings.Builder
	b.WriteString(`<w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:name w:val="` + name + `"/><w:enabled/><w:ddList>`)
	for _, e := range entries {
		b.WriteString(`<w:listEntry w:val="` + e + `"/>`)
	}
	b.WriteString(`</w:ddList></w:ffData></w:fldChar></w:r><w:r><w:instrText xml:space="preserve"> FORMDROPDOWN </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`)
	return b.String()
}

// txtField is a FORMTEXT with Word's blank result.
func txtField(name, textInput string) string {
	return `<w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:name w:val="` + name + `"/><w:enabled/><w:textInput>` + textInput + `</w:textInput></w:ffData></w:fldChar></w:r>` +
		`<w:r><w:instrText xml:space="preserve"> FORMTEXT </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t xml:space="preserve">     </w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`
}

func textR(s string) string { return `<w:r><w:t xml:space="preserve">` + s + `</w:t></w:r>` }

// multiFieldDoc is a small form with the shapes of the Rainforest Alliance
// audit report: a code cell "[RA|SW]-COC-[text]" beside its label, a cell
// of three drop-downs with the same standards, and a paragraph
// "Evaluation of [drop-down]: [text]" whose drop-downs differ.
func multiFieldDoc(t *testing.T) []byte {
	std := []string{" ", "STD-1", "STD-2", "STD-3"}
	body := `<w:tbl><w:tr><w:tc><w:p>` + textR("Certificate code") + `</w:p></w:tc><w:tc><w:p>` +
		ddField("Prefix", "RA", "SW") + textR("-COC-") + txtField("Code", `<w:maxLength w:val="6"/>`) + `</w:p></w:tc></w:tr>` +
		`<w:tr><w:tc><w:gridSpan w:val="2"/><w:p>` + textR("Standards used: ") + ddField("", std...) + textR(" ") + ddField("", std...) + textR(" ") + ddField("", std...) + `</w:p></w:tc></w:tr></w:tbl>` +
		`<w:p>` + textR("Evaluation of ") + ddField("", "&lt;Select One&gt;", "Site", "Group Member") + textR(": ") + ddField("Size", "Small", "Large") + txtField("Where", "") + `</w:p>`
	return bodyDocx(t, body)
}

// Each multi-field target is offered so an agent can fill it: drop-downs
// only as a drop-down of their entries, a mix as text, the hint listing
// the fields in order with each drop-down's entries.
func TestMultiFieldTargetsAreOfferedWithEachField(t *testing.T) {
	cs, err := New().ExtractCompact(multiFieldDoc(t))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]formats.Target{}
	for _, tg := range cs.Targets {
		got[tg.ID] = tg
	}
	tests := []struct {
		name, id string
		kind     formats.TargetKind
		options  string
		hint     string
	}{
		{"drop-down then text", "T1-R1-C2", formats.TargetText, "",
			`2 fields in order: drop-down "Prefix" (RA|SW), text "Code" max 6 chars; answer "first | second" to fill each in order`},
		{"drop-downs with the same entries", "T1-R2-C1", formats.TargetDropdown, "STD-1|STD-2|STD-3",
			`3 drop-downs, each offering these entries: answer "first | second | …" to choose in each in order`},
		{"drop-downs with other entries, then text", "P1", formats.TargetText, "",
			`3 fields in order: drop-down (<Select One>|Site|Group Member), drop-down "Size" (Small|Large), text "Where"; answer "first | second | …"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tg, ok := got[tt.id]
			if !ok {
				t.Fatalf("%s is not a target: %v", tt.id, targetIDsOf(cs.Targets))
			}
			if tg.Kind != tt.kind || strings.Join(tg.Options, "|") != tt.options || !strings.HasPrefix(tg.Hint, tt.hint) {
				t.Errorf("%s = kind %s, options %v, hint %q; want %s, %q, hint starting %q", tt.id, tg.Kind, tg.Options, tg.Hint, tt.kind, tt.options, tt.hint)
			}
		})
	}
}

// An answer fills the fields in order, a single value the first field
// that takes it, an empty value none; the fields stay and Fill's check
// agrees.
func TestMultiFieldAnswersFillEachFieldInOrder(t *testing.T) {
	tests := []struct {
		name, id, answer, shows string
		results                 []string // the drop-downs' w:result after the fill, in document order
	}{
		{"a code goes to the text field", "T1-R1-C2", "A20", "-COC-A20", nil},
		{"an entry goes to the drop-down", "T1-R1-C2", "sw", "SW-COC-", []string{"1"}},
		{"both in order", "T1-R1-C2", "SW | 004711", "SW-COC-004711", []string{"1"}},
		{"a single standard sets the first drop-down", "T1-R2-C1", "STD-2", "Standards used: STD-2", []string{"2"}},
		{"three standards", "T1-R2-C1", "STD-3 | STD-1 | STD-2", "Standards used: STD-3 STD-1 STD-2", []string{"3", "1", "2"}},
		{"an empty value skips a drop-down", "T1-R2-C1", "STD-1 |  | STD-3", "Standards used: STD-1  STD-3", []string{"1", "3"}},
		{"a text value skips the drop-downs", "P1", "Mill No. 4", "Evaluation of : Mill No. 4", nil},
		{"all three", "P1", "Group Member | Large | Mill No. 4", "Evaluation of Group Member: LargeMill No. 4", []string{"2", "1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := multiFieldDoc(t)
			res, rep, err := New().Fill(src, []formats.Answer{{PairID: tt.id, AnswerText: tt.answer}}, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Summary.Matched != 1 || len(rep.StructuralIssues) > 0 {
				t.Errorf("verified %d of 1, issues %v: %+v", rep.Summary.Matched, rep.StructuralIssues, rep.ContentResults)
			}
			d := reopen(t, res.Document)
			if got := strings.TrimSpace(textOf(nodeEl(t, d, tt.id))); got != tt.shows {
				t.Errorf("%s shows %q, want %q", tt.id, got, tt.shows)
			}
			before, after := documentXMLOf(t, src), documentXMLOf(t, res.Document)
			for _, part := range []string{"<w:ffData>", "FORMTEXT </w:instrText>", "FORMDROPDOWN </w:instrText>", `w:fldCharType="end"`} {
				if strings.Count(before, part) != strings.Count(after, part) {
					t.Errorf("%d × %s before the fill, %d after", strings.Count(before, part), part, strings.Count(after, part))
				}
			}
			var results []string
			for _, m := range ddResult.FindAllStringSubmatch(after, -1) {
				results = append(results, m[1])
			}
			if strings.Join(results, ",") != strings.Join(tt.results, ",") {
				t.Errorf("drop-down results %v, want %v", results, tt.results)
			}
		})
	}
}

// A value no field takes, or one a field refuses, is refused naming the
// field and what it takes, and nothing is written.
func TestMultiFieldAnswersAreCheckedPerField(t *testing.T) {
	tests := []struct {
		name, id, answer string
		want             []string
	}{
		{"no drop-down has it", "T1-R2-C1", "STD-9", []string{"T1-R2-C1", `no form field of the target takes "STD-9"`, "1. drop-down (STD-1|STD-2|STD-3)"}},
		{"second drop-down lacks it", "T1-R2-C1", "STD-1 | STD-9", []string{"value 2 of 2 does not fit field 2 (drop-down", `"STD-9" is not an entry`, "STD-1 | STD-2 | STD-3"}},
		{"text too long", "T1-R1-C2", "RA | 1234567", []string{"value 2 of 2", `text "Code"`, "at most 6 characters"}},
		{"entry of another drop-down", "P1", "Large | Site", []string{"value 1 of 2", `"Large" is not an entry`, "<Select One> | Site | Group Member"}},
		{"more values than fields", "T1-R1-C2", "RA | 1 | 2", []string{"holds 2 form fields", "at most one value per field"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := New().Fill(multiFieldDoc(t), []formats.Answer{{PairID: tt.id, AnswerText: tt.answer}}, formats.WriteOptions{})
			if !errors.Is(err, formats.ErrInvalidArgument) {
				t.Fatalf("err = %v, want invalid argument", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
}
