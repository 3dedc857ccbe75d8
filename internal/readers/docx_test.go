package readers_test

import (
	"strings"
	"testing"

	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/readers"
)

func TestDocxTextReadsEveryKindOfContent(t *testing.T) {
	cases := []struct {
		name string
		doc  []byte
		want []string
	}{
		{"two-column questions", fixtures.TwoColumn(), fixtures.TwoColumnQuestions},
		{"paragraph form placeholders", fixtures.ParagraphForm(), []string{"Company name: [Enter here]", "Signed by: __________"}},
		{"content controls at every level", fixtures.ContentControls(), []string{
			"Company name: " + fixtures.PlaceholderText, "☒ Subscribe to updates", "☐ I accept the terms",
			"Data hosted in EU: Choose an item.", "Department", "Cost centre",
		}},
		{"legacy field results, not instructions", fixtures.LegacyFields(), []string{"Job title: N/A", " I agree"}},
		{"nested table cells", fixtures.NestedTable(), []string{"Contact details", "Email", "Phone", "Other remarks"}},
		{"placeholders split across runs join up", fixtures.SplitPlaceholders(), []string{"Company: [Enter here]", "Phone: [Enter here]", "Signature: __________"}},
		{"large questionnaire", fixtures.LargeQuestionnaire(), fixtures.LargeQuestions()},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			text := readers.DocxText(t, c.doc)
			lines := strings.Split(text, "\n")
			for _, w := range c.want {
				if !contains(lines, w) {
					t.Errorf("no line %q in:\n%s", w, text)
				}
			}
			if strings.Contains(text, "FORMTEXT") || strings.Contains(text, "FORMCHECKBOX") {
				t.Errorf("field instructions leaked into the text:\n%s", text)
			}
		})
	}
}

func TestDocxTablesIndexLikeFormfillIDs(t *testing.T) {
	cases := []struct {
		name          string
		doc           []byte
		table, r, c   int // 0-based
		want          string
		rowCells      int // cells expected in row r
		tablesInTotal int
	}{
		{"two-column question cell", fixtures.TwoColumn(), 0, 3, 0, fixtures.TwoColumnQuestions[2], 2, 1},
		{"two-column empty answer cell", fixtures.TwoColumn(), 0, 1, 1, "", 2, 1},
		{"row wrapped in w:sdt counts", fixtures.ContentControls(), 0, 2, 0, "Department", 2, 1},
		{"cell wrapped in w:sdt counts", fixtures.ContentControls(), 0, 3, 1, "", 2, 1},
		{"gridSpan row has one cell", fixtures.MergedCells(), 0, 1, 0, "Section A: Access", 1, 1},
		{"vMerge continuation is its own cell", fixtures.MergedCells(), 0, 3, 1, "Are accounts reviewed quarterly?", 3, 1},
		{"nested table text stays in its cell", fixtures.NestedTable(), 0, 1, 1, "Name\n\nEmail\n\nPhone\n\n", 2, 1},
		{"large: last section's last question", fixtures.LargeQuestionnaire(), fixtures.LargeSections - 1, 10, 1,
			fixtures.LargeQuestions()[len(fixtures.LargeQuestions())-1], 3, fixtures.LargeSections},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tables := readers.DocxTables(t, c.doc)
			if len(tables) != c.tablesInTotal {
				t.Fatalf("got %d top-level tables, want %d", len(tables), c.tablesInTotal)
			}
			row := tables[c.table][c.r]
			if len(row) != c.rowCells {
				t.Fatalf("row %d has %d cells %q, want %d", c.r, len(row), row, c.rowCells)
			}
			if row[c.c] != c.want {
				t.Errorf("cell [%d][%d][%d] = %q, want %q", c.table, c.r, c.c, row[c.c], c.want)
			}
		})
	}
}

func contains(lines []string, want string) bool {
	for _, l := range lines {
		if l == want {
			return true
		}
	}
	return false
}

func TestDocxControlsReportsStateOfEveryControl(t *testing.T) {
	cases := []struct {
		name string
		doc  []byte
		want []readers.Control // compared on Kind, Name, Text, Checked, Placeholder
	}{
		{"content controls", fixtures.ContentControls(), []readers.Control{
			{Kind: "text", Name: "Company name", Text: fixtures.PlaceholderText, Placeholder: true},
			{Kind: "date", Name: "Contact date", Text: "Click or tap to enter a date.", Placeholder: true},
			{Kind: "checkbox", Name: "I accept the terms", Text: "☐"},
			{Kind: "checkbox", Name: "Subscribe to updates", Text: "☒", Checked: true},
			{Kind: "dropdown", Name: "Data hosted in EU", Text: "Choose an item.", Placeholder: true},
			{Kind: "richtext", Name: "Additional comments", Text: fixtures.PlaceholderText, Placeholder: true},
			{Kind: "text", Name: "Contact name", Text: fixtures.PlaceholderText, Placeholder: true},
			{Kind: "richtext", Name: "Department row", Text: "Department"},
			{Kind: "richtext", Name: "Cost centre", Text: ""},
			{Kind: "checkbox", Name: "Approved", Text: "☐"},
		}},
		{"legacy fields", fixtures.LegacyFields(), []readers.Control{
			{Kind: "legacy-text", Name: "FullName", Text: "\u2002\u2002\u2002\u2002\u2002"},
			{Kind: "legacy-text", Name: "JobTitle", Text: "N/A"},
			{Kind: "legacy-checkbox", Name: "Agree"},
			{Kind: "legacy-checkbox", Name: "Newsletter", Checked: true},
			{Kind: "legacy-dropdown", Name: "Hosting", Text: "Cloud"},
			{Kind: "legacy-text", Name: "Company", Text: "\u2002\u2002\u2002\u2002\u2002"},
			{Kind: "legacy-checkbox", Name: "ISO"},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := readers.DocxControls(t, c.doc)
			if len(got) != len(c.want) {
				t.Fatalf("%d controls, want %d: %+v", len(got), len(c.want), got)
			}
			for i, w := range c.want {
				g := got[i]
				if g.Kind != w.Kind || g.Name != w.Name || g.Text != w.Text || g.Checked != w.Checked || g.Placeholder != w.Placeholder {
					t.Errorf("control %d = %+v, want %+v", i, g, w)
				}
			}
			if c.name == "content controls" && strings.Join(got[4].Options, "|") != "Choose an item.|"+strings.Join(fixtures.DropdownOptions, "|") {
				t.Errorf("dropdown options %q", got[4].Options)
			}
		})
	}
}
