package word

import "testing"

// boxCell is a table cell holding one legacy check box and nothing else.
func boxCell(name string) string {
	return `<w:tc><w:p><w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:name w:val="` + name + `"/><w:checkBox><w:sizeAuto/><w:default w:val="0"/></w:checkBox></w:ffData></w:fldChar></w:r>` +
		`<w:r><w:instrText xml:space="preserve"> FORMCHECKBOX </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p></w:tc>`
}

// mergedCell continues the vertically merged cell above it.
func mergedCell() string { return `<w:tc><w:tcPr><w:vMerge/></w:tcPr><w:p/></w:tc>` }

// restartCell starts a vertically merged cell showing text.
func restartCell(text string) string {
	return `<w:tc><w:tcPr><w:vMerge w:val="restart"/></w:tcPr><w:p><w:r><w:t>` + text + `</w:t></w:r></w:p></w:tc>`
}

// questionsOf extracts body's targets, question by target ID.
func questionsOf(t *testing.T, body string) map[string]string {
	t.Helper()
	cs, err := New().ExtractCompact(bodyDocx(t, body))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, tg := range cs.Targets {
		got[tg.ID] = tg.Question
	}
	return got
}

// A column whose header names an answer column ("Description of
// Requirement") but which the template filled on its data rows, beside a
// number and the respondent's boxes and field, labels those rows; the
// boxes under a header spanning YES and NO read alike, the sub-header
// saying what each means. A "Description" column left empty on its data
// rows stays the respondent's, and a column of option hints
// ("Complete Partial …") stays an answer, not the row's label.
func TestRowLabelledByFilledAnswerColumn(t *testing.T) {
	grid5 := `<w:tblGrid><w:gridCol w:w="1000"/><w:gridCol w:w="3000"/><w:gridCol w:w="800"/><w:gridCol w:w="800"/><w:gridCol w:w="3000"/></w:tblGrid>`
	plan := `<w:tbl>` + grid5 +
		row(restartCell("PCI DSS Requirement"), restartCell("Description of Requirement"), textCell("Compliant to PCI DSS Requirements (Select One)", 2), restartCell("Remediation Date and Actions")) +
		row(mergedCell(), mergedCell(), textCell("YES", 1), textCell("NO", 1), mergedCell()) +
		row(textCell("3", 1), textCell("Protect stored account data", 1), boxCell("Check1"), boxCell("Check2"), legacyCell("Text1")) +
		row(textCell("7", 1), textCell("Restrict access to system components and cardholder data by business need to know", 1), boxCell("Check3"), boxCell("Check4"), legacyCell("Text1")) +
		row(textCell("11", 1), textCell("Test security of systems and networks regularly", 1), boxCell("Check5"), boxCell("Check6"), legacyCell("Text1")) +
		`</w:tbl><w:p/>`
	inventory := `<w:tbl><w:tblGrid><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/></w:tblGrid>` +
		row(textCell("Component", 1), textCell("Description of Components", 1)) +
		row(textCell("Web server", 1), `<w:tc><w:p/></w:tc>`) +
		row(textCell("Database", 1), `<w:tc><w:p/></w:tc>`) +
		`</w:tbl><w:p/>`
	checklist := `<w:tbl><w:tblGrid><w:gridCol w:w="3000"/><w:gridCol w:w="2000"/><w:gridCol w:w="3000"/></w:tblGrid>` +
		row(textCell("Practice", 1), textCell("Implementation", 1), textCell("Notes, Action Items", 1)) +
		row(textCell("Existing business processes are modified", 1), textCell("Complete, partial or not applicable", 1), `<w:tc><w:p/></w:tc>`) +
		row(textCell("Late-cycle verification steps are used", 1), textCell("Complete, partial or not applicable", 1), `<w:tc><w:p/></w:tc>`) +
		`</w:tbl><w:p/>`
	responses := `<w:tbl><w:tblGrid><w:gridCol w:w="800"/><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/><w:gridCol w:w="800"/><w:gridCol w:w="800"/></w:tblGrid>` +
		row(`<w:tc><w:tcPr><w:gridSpan w:val="2"/><w:vMerge w:val="restart"/></w:tcPr><w:p><w:r><w:t>PCI DSS Requirement</w:t></w:r></w:p></w:tc>`,
			restartCell("Expected Testing"), textCell("Response (Check one response for each requirement)", 2)) +
		row(`<w:tc><w:tcPr><w:gridSpan w:val="2"/><w:vMerge/></w:tcPr><w:p/></w:tc>`, mergedCell(), textCell("In Place", 1), textCell("Not in Place", 1)) +
		row(textCell("9.2.1", 1), textCell("Facility entry controls restrict access", 1),
			textCell("Observe physical entry controls. Interview responsible personnel about the procedures.", 1), boxCell("Check1"), boxCell("Check2")) +
		`</w:tbl><w:p/>`
	tests := []struct {
		name, body, id, question string
	}{
		{"requirement column labels, not the longer testing column", responses, "T1-R3-C4", "Facility entry controls restrict access / Response (Check one response for each requirement) / In Place"},
		{"last box of the group reads like the first", responses, "T1-R3-C5", "Facility entry controls restrict access / Response (Check one response for each requirement) / Not in Place"},
		{"YES box under a spanned header", plan, "T1-R3-C3", "Protect stored account data / Compliant to PCI DSS Requirements (Select One) / YES"},
		{"NO box under a spanned header", plan, "T1-R3-C4", "Protect stored account data / Compliant to PCI DSS Requirements (Select One) / NO"},
		{"field beside a filled description column", plan, "T1-R4-C5", "Restrict access to system components and cardholder data by business need to know / Remediation Date and Actions"},
		{"empty description column stays an answer", inventory, "T1-R2-C2", "Web server"},
		{"option hints are no row label", checklist, "T1-R3-C3", "Late-cycle verification steps are used / Notes, Action Items"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := questionsOf(t, tt.body)
			q, ok := got[tt.id]
			switch {
			case !ok:
				t.Errorf("%s is not a target; targets: %v", tt.id, got)
			case q != tt.question:
				t.Errorf("%s asks %q, want %q", tt.id, q, tt.question)
			}
		})
	}
}
