package word

import (
	"fmt"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
)

// Builders of WordprocessingML for the layout tests.
func p(text string) string {
	if text == "" {
		return `<w:p/>`
	}
	return `<w:p><w:r><w:t xml:space="preserve">` + text + `</w:t></w:r></w:p>`
}

func tc(body string) string { return `<w:tc>` + body + `</w:tc>` }

func tr(cells ...string) string {
	var b strings.Builder
	b.WriteString(`<w:tr>`)
	for _, c := range cells {
		b.WriteString(tc(p(c)))
	}
	b.WriteString(`</w:tr>`)
	return b.String()
}

func tbl(rows ...string) string { return `<w:tbl>` + strings.Join(rows, "") + `</w:tbl>` }

// dropdown is an inline drop-down control showing its prompt.
const dropdown = `<w:sdt><w:sdtPr><w:showingPlcHdr/><w:dropDownList><w:listItem w:displayText="Choose an item." w:value=""/>` +
	`<w:listItem w:displayText="Option A" w:value="A"/><w:listItem w:displayText="Option B" w:value="B"/><w:listItem w:displayText="Option C" w:value="C"/>` +
	`</w:dropDownList></w:sdtPr><w:sdtContent><w:r><w:t>Select...</w:t></w:r></w:sdtContent></w:sdt>`

// datePicker is an inline date control.
const datePicker = `<w:sdt><w:sdtPr><w:showingPlcHdr/><w:date><w:dateFormat w:val="MM/dd/yyyy"/></w:date></w:sdtPr>` +
	`<w:sdtContent><w:r><w:t>Click or tap to enter a date.</w:t></w:r></w:sdtContent></w:sdt>`

// checkboxCtl is an inline w14 check-box control.
const checkboxCtl = `<w:sdt><w:sdtPr><w14:checkbox><w14:checked w14:val="0"/></w14:checkbox></w:sdtPr>` +
	`<w:sdtContent><w:r><w:t>☐</w:t></w:r></w:sdtContent></w:sdt>`

// targetsOf returns the targets of a document body, by ID.
func targetsOf(t *testing.T, body string) (map[string]formats.Target, *formats.CompactStructure) {
	t.Helper()
	cs, err := New().ExtractCompact(bodyDocx(t, body))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]formats.Target{}
	for _, tg := range cs.Targets {
		out[tg.ID] = tg
	}
	return out, cs
}

func ids(m map[string]formats.Target) string {
	var out []string
	for id := range m {
		out = append(out, id)
	}
	sortStrings(out)
	return strings.Join(out, " ")
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

func TestTargetsFollowTheLayout(t *testing.T) {
	tests := []struct {
		name, body, want string
	}{
		{"question rows each followed by an empty answer row: the answer goes under the question",
			tbl(tr("1", "Describe your incident response process."), tr("", ""), tr("2", "Who approves changes?"), tr("", "")),
			"T1-R2-C2 T1-R4-C2"},
		{"ID | Question | Answer table",
			tbl(tr("ID", "Question", "Answer"), tr("GEN-01", "Do you encrypt data at rest?", ""), tr("GEN-02", "Do you rotate keys?", "")),
			"T1-R2-C3 T1-R3-C3"},
		{"label-colon-blank paragraphs, not lead-ins",
			p("Name:") + p("Date:") + p("The following apply:") + `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>first item</w:t></w:r></w:p>`,
			"P1 P2"},
		{"answer space under a long question",
			p("Brief description of the system for which the exception is requested:") + p("") + p("") + p("") + p("Signature:"),
			"P2 P5"},
		{"check-box option row",
			p("Is the data encrypted? ☐ Yes ☐ No"),
			"P1"},
		{"revision history table and issuer section are not the respondent's",
			p("Revision History") + tbl(tr("Date", "Author", "Change"), tr("", "", "")) + p("Applicant name:") +
				p("To be completed by the Program Office") + p("Decision:") + tbl(tr("Approved by", "")),
			"P2"},
		{"gap column between two signature lines",
			`<w:tbl><w:tblGrid><w:gridCol w:w="2600"/><w:gridCol w:w="3600"/><w:gridCol w:w="250"/><w:gridCol w:w="3600"/></w:tblGrid>` +
				tr("", "PROVIDER", "", "CUSTOMER") + tr("Signature", "", "", "") + tr("Date", "", "", "") + `</w:tbl>`,
			"T1-R2-C2 T1-R2-C4 T1-R3-C2 T1-R3-C4"},
		{"answer columns holding options and prompts, section rows between",
			tbl(tr("Question", "Response", "Notes"),
				`<w:tr><w:tc><w:tcPr><w:gridSpan w:val="3"/></w:tcPr>`+p("Licensing")+`</w:tc></w:tr>`,
				`<w:tr>`+tc(p("Do you ship open-source code?"))+tc(p("Yes")+p("No")+p("Not sure"))+tc(p("If yes:"))+`</w:tr>`,
				tr("Do you keep a bill of materials?", "", "")),
			"T1-R3-C2 T1-R3-C3 T1-R4-C2 T1-R4-C3"},
		{"citations in brackets are no blanks, prompts are",
			p("Privacy Act of 1974 [5 USC 552a]") + p("[Company] Accessibility Conformance Report"),
			"P2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, cs := targetsOf(t, tt.body)
			if ids(got) != tt.want {
				t.Errorf("targets %q, want %q\n%s", ids(got), tt.want, cs.CompactText)
			}
		})
	}
}

func TestTargetsSayWhatTheyAccept(t *testing.T) {
	body := tbl(
		`<w:tr>`+tc(p("Preferred option"))+tc(`<w:p>`+dropdown+`</w:p>`)+`</w:tr>`,
		`<w:tr>`+tc(p("Start date"))+tc(`<w:p>`+datePicker+`</w:p>`)+`</w:tr>`,
		`<w:tr>`+tc(p("I agree"))+tc(`<w:p>`+checkboxCtl+`</w:p>`)+`</w:tr>`,
	) + p("Encrypted? ☐ Yes ☐ No")
	got, cs := targetsOf(t, body)
	want := map[string]formats.Target{
		"T1-R1-C2": {ID: "T1-R1-C2", QuestionID: "T1-R1-C1", Question: "Preferred option", Kind: formats.TargetDropdown, Options: []string{"Option A", "Option B", "Option C"}},
		"T1-R2-C2": {ID: "T1-R2-C2", QuestionID: "T1-R2-C1", Question: "Start date", Kind: formats.TargetDate, Format: "MM/dd/yyyy"},
		"T1-R3-C2": {ID: "T1-R3-C2", QuestionID: "T1-R3-C1", Question: "I agree", Kind: formats.TargetCheckbox},
		"P1":       {ID: "P1", QuestionID: "P1", Question: "Encrypted? Yes No", Kind: formats.TargetCheckbox, Options: []string{"Yes", "No"}},
	}
	for id, w := range want {
		if fmt.Sprint(got[id]) != fmt.Sprint(w) {
			t.Errorf("%s = %+v, want %+v", id, got[id], w)
		}
	}
	for _, line := range []string{
		`T1-R1-C2: "Select..." [dropdown: Option A|Option B|Option C] COMPLEX(sdt) ← answer to T1-R1-C1 "Preferred option"`,
		`T1-R2-C2: "Click or tap to enter a date." [date MM/dd/yyyy] COMPLEX(sdt) ← answer to T1-R2-C1 "Start date"`,
		`T1-R3-C2: "☐" [checkbox ☐] COMPLEX(sdt) ← answer to T1-R3-C1 "I agree"`,
		`P1: "Encrypted? ☐ Yes ☐ No" [checkbox ☐: Yes|No] ← answer to "Encrypted? Yes No"`,
	} {
		if !strings.Contains(cs.CompactText, line+"\n") {
			t.Errorf("compact map lacks\n%s\n%s", line, cs.CompactText)
		}
	}
}

func TestBlockControlIsOneTarget(t *testing.T) {
	body := `<w:sdt><w:sdtPr><w:alias w:val="Comments"/></w:sdtPr><w:sdtContent>` + p("First line") + p("Second line") + `</w:sdtContent></w:sdt>`
	got, _ := targetsOf(t, body)
	if ids(got) != "SDT1" {
		t.Fatalf("targets %q, want the control SDT1 alone (not SDT1 and its paragraphs)", ids(got))
	}
	res, err := New().Write(bodyDocx(t, body), []formats.Answer{{PairID: "SDT1", AnswerText: "Reviewed."}}, formats.WriteOptions{})
	if err != nil || len(res.Changes) != 1 {
		t.Fatalf("write: %v %+v", err, res)
	}
}

func TestPlaceholderAcrossAFieldIsMarkedWithTheModeThatWorks(t *testing.T) {
	field := `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> DATE </w:instrText></w:r>` +
		`<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>Insert date</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`
	body := `<w:p><w:r><w:t>Signed on [</w:t></w:r>` + field + `<w:r><w:t>] by the officer</w:t></w:r></w:p>`
	doc := bodyDocx(t, body)
	got, _ := targetsOf(t, body)
	tg, ok := got["P1"]
	if !ok || tg.Mode != formats.Append {
		t.Fatalf("target P1 = %+v (found %v), want mode append", tg, ok)
	}
	if _, err := New().Write(doc, []formats.Answer{{PairID: "P1", AnswerText: "x", Mode: formats.ReplacePlaceholder}}, formats.WriteOptions{}); err == nil || !strings.Contains(err.Error(), "spans a field") {
		t.Fatalf("replace_placeholder should be refused (that is why the target names another): %v", err)
	}
	if res, err := New().Write(doc, []formats.Answer{{PairID: "P1", AnswerText: "x"}}, formats.WriteOptions{}); err != nil || res.Changes[0].Mode != tg.Mode {
		t.Fatalf("an answer without a mode should take the target's (%s): %v %+v", tg.Mode, err, res)
	}
	if _, err := New().Write(doc, []formats.Answer{{PairID: "P1", AnswerText: "12 May 2026", Mode: tg.Mode}}, formats.WriteOptions{}); err != nil {
		t.Fatalf("write with the target's mode: %v", err)
	}
}

func TestTwoControlsInOneParagraphTakeAPlainAnswerAfterThem(t *testing.T) {
	body := `<w:p><w:r><w:t xml:space="preserve">Period: from </w:t></w:r>` + datePicker + `<w:r><w:t xml:space="preserve"> to </w:t></w:r>` + datePicker + `</w:p>`
	doc := bodyDocx(t, body)
	got, _ := targetsOf(t, body)
	tg, ok := got["P1"]
	if !ok || tg.Mode != formats.Append {
		t.Fatalf("P1 = %+v (found %v), want a target written with mode append", tg, ok)
	}
	if res, err := New().Write(doc, []formats.Answer{{PairID: "P1", AnswerText: "Q1 2026"}}, formats.WriteOptions{}); err != nil || res.Changes[0].Mode != tg.Mode {
		t.Fatalf("an answer without a mode should take the target's (%s), not fill one of two controls: %v %+v", tg.Mode, err, res)
	}
	if _, rep, err := New().Fill(doc, []formats.Answer{{PairID: "P1", AnswerText: "Q1 2026", Mode: tg.Mode}}, formats.WriteOptions{}); err != nil || !rep.OK() {
		t.Fatalf("write with the target's mode: %v %+v", err, rep)
	}
}

func TestSeveralBoxesTakeTheLabelOfTheOneToTick(t *testing.T) {
	legacyBox := `<w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:name w:val="%s"/><w:checkBox><w:sizeAuto/><w:default w:val="0"/></w:checkBox></w:ffData></w:fldChar></w:r>` +
		`<w:r><w:instrText> FORMCHECKBOX </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`
	body := tbl(`<w:tr>` + tc(p("Do you store card data?")) + tc(`<w:p><w:r><w:t xml:space="preserve">Yes </w:t></w:r>`+fmt.Sprintf(legacyBox, "Y")+
		`<w:r><w:t xml:space="preserve"> No </w:t></w:r>`+fmt.Sprintf(legacyBox, "N")+`</w:p>`) + `</w:tr>`)
	doc := bodyDocx(t, body)
	got, _ := targetsOf(t, body)
	if tg := got["T1-R1-C2"]; tg.Kind != formats.TargetCheckbox || strings.Join(tg.Options, "|") != "Yes|No" {
		t.Fatalf("target = %+v, want a checkbox with options Yes|No", tg)
	}
	res, rep, err := New().Fill(doc, []formats.Answer{{PairID: "T1-R1-C2", AnswerText: "No"}}, formats.WriteOptions{})
	if err != nil || !rep.OK() {
		t.Fatalf("fill: %v %+v", err, rep)
	}
	d, err := open(res.Document, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	cell, _ := d.ix.lookup("T1-R1-C2")
	var states []bool
	for _, cb := range checkboxesIn(cell.el) {
		states = append(states, cb.checked())
	}
	if fmt.Sprint(states) != "[false true]" {
		t.Errorf("boxes %v, want only No ticked", states)
	}
	if _, err := New().Write(doc, []formats.Answer{{PairID: "T1-R1-C2", AnswerText: "Maybe"}}, formats.WriteOptions{}); err == nil || !strings.Contains(err.Error(), "Yes | No") {
		t.Errorf("an answer naming no box: %v, want an error listing Yes | No", err)
	}
}

// TestFieldsAreTheMapTargets: on every Word fixture and real-world form,
// list_form_fields names exactly the targets the map marks, once each.
func TestFieldsAreTheMapTargets(t *testing.T) {
	docs := pipelineDocs(t)
	docs = append(docs, pipelineDoc{"large", fixture(t, fixtures.WordLarge)})
	for _, pd := range docs {
		cs, err := New().ExtractCompact(pd.data)
		if err != nil {
			t.Fatal(err)
		}
		fields, err := New().ListFields(pd.data)
		if err != nil {
			t.Fatal(err)
		}
		var a, b []string
		for _, tg := range cs.Targets {
			a = append(a, tg.ID)
		}
		for _, f := range fields {
			b = append(b, f.FieldID)
		}
		if strings.Join(a, " ") != strings.Join(b, " ") {
			t.Errorf("%s: map targets %v, fields %v", pd.name, a, b)
		}
	}
}
