package word

import (
	"strings"
	"testing"
)

// legacyCell is a table cell holding one legacy text field named name and
// nothing else: what Word's "Text Form Field" leaves in an entry grid.
func legacyCell(name string) string {
	return `<w:tc><w:p><w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:name w:val="` + name + `"/><w:textInput/></w:ffData></w:fldChar></w:r>` +
		`<w:r><w:instrText xml:space="preserve"> FORMTEXT </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>` +
		`<w:r><w:t xml:space="preserve">     </w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p></w:tc>`
}

// textCell is a table cell showing text, spanning span grid columns.
func textCell(text string, span int) string {
	pr := ""
	if span > 1 {
		pr = `<w:tcPr><w:gridSpan w:val="` + string(rune('0'+span)) + `"/></w:tcPr>`
	}
	return `<w:tc>` + pr + `<w:p><w:r><w:t>` + text + `</w:t></w:r></w:p></w:tc>`
}

func row(cells ...string) string { return `<w:tr>` + strings.Join(cells, "") + `</w:tr>` }

// A legacy field Word named itself ("Text22", the same in every cell of a
// copied grid) asks what the page shows over or beside it: its column's
// header, the header of its own grid when one table holds two, its row's
// label. Only a field with nothing around it keeps its name as question.
func TestLegacyFieldAsksWhatThePageShowsNotItsName(t *testing.T) {
	grid := `<w:tbl><w:tblGrid><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/><w:gridCol w:w="3000"/></w:tblGrid>` +
		row(textCell("Facility Type", 1), textCell("Number of locations", 1), textCell("Location(s) of facility", 1)) +
		row(textCell("Example: Data centers", 1), textCell("3", 1), textCell("Boston, MA, USA", 1)) +
		row(legacyCell("Text22"), legacyCell("Text22"), legacyCell("Text22")) +
		row(legacyCell("Text22"), legacyCell("Text22"), legacyCell("Text22")) +
		row(textCell("Part 2e. Validated products", 3)) +
		row(textCell("Product name", 2), textCell("Listing number", 1)) +
		row(legacyCell("Text21"), legacyCell("Text21"), legacyCell("Text21")) +
		`</w:tbl><w:p/>` +
		`<w:tbl><w:tblGrid><w:gridCol w:w="3000"/><w:gridCol w:w="6000"/></w:tblGrid>` +
		row(textCell("Company name:", 1), legacyCell("Text1")) +
		`</w:tbl><w:p/>` +
		`<w:p><w:r><w:t>Requirement</w:t></w:r></w:p>` +
		`<w:tbl><w:tblGrid><w:gridCol w:w="3000"/><w:gridCol w:w="6000"/></w:tblGrid>` +
		row(textCell("Requirement", 1), textCell("Reason Requirement is Not Applicable", 1)) +
		row(textCell("Requirement 3.5.1", 1), textCell("Account data is never stored", 1)) +
		row(legacyCell("Text24"), legacyCell("Text25")) +
		`</w:tbl><w:p/>`
	cs, err := New().ExtractCompact(bodyDocx(t, grid))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, tg := range cs.Targets {
		got[tg.ID] = tg.Question
	}
	tests := []struct{ id, question string }{
		{"T1-R3-C1", "Facility Type"},
		{"T1-R3-C2", "Number of locations"},
		{"T1-R4-C3", "Location(s) of facility"},
		{"T1-R7-C1", "Product name"},   // its own grid's header, not the table's first
		{"T1-R7-C2", "Product name"},   // a spanned header covers both columns
		{"T1-R7-C3", "Listing number"}, // not "Location(s) of facility"
		{"T2-R1-C2", "Company name"},   // a row label wins over the name
		{"T3-R3-C1", "Requirement"},    // an example row in the header's columns is no header
		{"T3-R3-C2", "Reason Requirement is Not Applicable"},
	}
	for _, tt := range tests {
		q, ok := got[tt.id]
		switch {
		case !ok:
			t.Errorf("%s is not a target; targets: %v", tt.id, got)
		case q != tt.question:
			t.Errorf("%s asks %q, want %q", tt.id, q, tt.question)
		}
	}
}

// A field with no label, header or text near it still asks something:
// its name is the last resort, not dropped.
func TestLoneLegacyFieldKeepsItsNameAsQuestion(t *testing.T) {
	doc := bodyDocx(t, `<w:tbl><w:tblGrid><w:gridCol w:w="3000"/></w:tblGrid>`+row(legacyCell("Text7"))+`</w:tbl><w:p/>`)
	cs, err := New().ExtractCompact(doc)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs.Targets) != 1 || cs.Targets[0].Question != "Text7" {
		t.Fatalf("targets = %+v, want one asking %q", cs.Targets, "Text7")
	}
}
