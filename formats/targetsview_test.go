package formats_test

import (
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

// TestTargetsViewTellsApartTargetsOfOneRow: two boxes of one row share
// their question's ID but not its text, and each line must say which is
// which, where a line left out what the line above said.
func TestTargetsViewTellsApartTargetsOfOneRow(t *testing.T) {
	q := "Protect stored account data / Compliant to PCI DSS Requirements (Select One) / "
	cs := &formats.CompactStructure{
		IDToXPath: map[string]string{},
		Targets: []formats.Target{
			{ID: "T28-R5-C3", QuestionID: "T28-R5-C2", Question: q + "YES", Kind: formats.TargetCheckbox},
			{ID: "T28-R5-C4", QuestionID: "T28-R5-C2", Question: q + "NO", Kind: formats.TargetCheckbox},
		},
	}
	v, err := cs.TargetsView(formats.Page{})
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(v.CompactText), "\n")
	if len(lines) != 2 || !strings.HasSuffix(lines[0], `/ YES"`) || !strings.HasSuffix(lines[1], `/ NO"`) {
		t.Errorf("view:\n%s\nwant each line to end with its own box (/ YES, / NO)", v.CompactText)
	}
}

// TestTargetsViewRendersEachTargetOnce builds a map with targets by hand,
// as target detection fills them, and checks the view's lines.
func TestTargetsViewRendersEachTargetOnce(t *testing.T) {
	cs := &formats.CompactStructure{
		IDToXPath: map[string]string{"S1-R5-C4": "Sheet1!D5", "S1-R5-C5": "Sheet1!E5", "F2": "email", "P9": "/w:body/w:p[9]"},
		Targets: []formats.Target{
			{ID: "S1-R5-C4", QuestionID: "S1-R5-C3", Question: "Do you encrypt\n data at rest?", Kind: formats.TargetList, Options: []string{"Yes", "No", "NA"}},
			{ID: "S1-R5-C5", QuestionID: "S1-R5-C3", Question: "Do you encrypt data at rest?", Kind: formats.TargetText},
			{ID: "F2", Question: "Email", Kind: formats.TargetText, MaxChars: 40},
			{ID: "P9", QuestionID: "P8", Question: strings.Repeat("Describe your incident response plan in detail ", 4), Kind: formats.TargetDate, Format: "MM/dd/yyyy"},
		},
	}
	v, err := cs.TargetsView(formats.Page{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`S1-R5-C4 (list: Yes|No|NA) ← S1-R5-C3 "Do you encrypt data at rest?"`,
		`S1-R5-C5 ← S1-R5-C3`,
		`F2 (max 40) ← "Email"`,
		`P9 (date, MM/dd/yyyy) ← P8 "Describe your incident response plan in detail Describe your incident r…"`,
	}
	if got := strings.Split(strings.TrimSpace(v.CompactText), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("view:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if v.Total != 4 || len(v.Targets) != 4 || v.IDToXPath["F2"] != "email" {
		t.Errorf("total %d, %d targets, id_to_xpath %v", v.Total, len(v.Targets), v.IDToXPath)
	}
	// A page that starts on a repeated question gives the question again.
	second, err := cs.TargetsView(formats.Page{Offset: 1, Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(second.CompactText, `S1-R5-C5 ← S1-R5-C3 "Do you encrypt data at rest?"`) || second.NextOffset != 2 {
		t.Errorf("second page %q, next_offset %d", second.CompactText, second.NextOffset)
	}
}

// TestTargetsViewIsCompactOnRealWorkbooks checks the targets view of the
// real questionnaires: at most 120 bytes per target on average, and a
// 1,400-target workbook in a few pages of the default budget.
func TestTargetsViewIsCompactOnRealWorkbooks(t *testing.T) {
	checked := 0
	for _, d := range pagingDocs(t) {
		cs := compactOf(t, d)
		v, err := cs.TargetsView(formats.Page{})
		if err != nil {
			t.Fatal(err)
		}
		if v.Total < 100 {
			continue
		}
		checked++
		per := float64(len(v.CompactText)) / float64(v.Total)
		if per > 120 {
			t.Errorf("%s: %.1f bytes per target (%d targets)", d.name, per, v.Total)
		}
		pages := 0
		for p := (formats.Page{MaxTokens: formats.DefaultToolTokens}); ; pages++ {
			pg, err := cs.TargetsView(p)
			if err != nil {
				t.Fatal(err)
			}
			if pg.NextOffset == 0 {
				break
			}
			p.Offset = pg.NextOffset
		}
		t.Logf("%s: %d targets, %.1f bytes each, %d pages of the default budget (the map: %d bytes)", d.name, v.Total, per, pages+1, len(cs.CompactText))
		if v.Total >= 1000 && pages+1 > 4 {
			t.Errorf("%s: %d targets take %d pages", d.name, v.Total, pages+1)
		}
	}
	if checked == 0 {
		t.Skip("no document with 100 targets or more beside the repository")
	}
}

// TestSearchFindsElementsInEveryFormat searches the fixtures of the three
// formats as literal text and as a regular expression.
func TestSearchFindsElementsInEveryFormat(t *testing.T) {
	docs := pagingDocs(t)[:3]
	for _, d := range docs {
		cs := compactOf(t, d)
		els := cs.Elements()
		// A word of the last element that has one: the search must find
		// it there, whatever else holds it.
		var id, word string
		for i := len(els) - 1; i >= 0 && word == ""; i-- {
			for _, w := range strings.Fields(els[i].Text) {
				if len(w) >= 5 && strings.Trim(w, `"():.,?`) == w {
					id, word = els[i].ID, w
					break
				}
			}
		}
		if word == "" {
			t.Fatalf("%s: no word to search for", d.name)
		}
		res, err := cs.Search(strings.ToUpper(word), false, formats.Page{})
		if err != nil {
			t.Fatal(err)
		}
		var hit *formats.SearchMatch
		for i := range res.Matches {
			if res.Matches[i].ID == id {
				hit = &res.Matches[i]
			}
		}
		if hit == nil || !strings.Contains(hit.Context, ">>>"+word+"<<<") || !strings.EqualFold(hit.Match, word) {
			t.Errorf("%s: searching %q did not find it in %s: %+v", d.name, word, id, res.Matches)
		}
		re, err := cs.Search(`\b`+word[:3]+`\w*`, true, formats.Page{Limit: 1})
		if err != nil || len(re.Matches) != 1 || re.Total < 1 || (re.Total > 1) != (re.NextOffset == 1) {
			t.Errorf("%s: regex search: %+v, %v", d.name, re, err)
		}
	}
	cs := compactOf(t, docs[0])
	for _, bad := range []struct {
		pattern string
		regex   bool
	}{{"", false}, {"(unclosed", true}, {strings.Repeat("x", 2000), false}} {
		if _, err := cs.Search(bad.pattern, bad.regex, formats.Page{}); !formats.IsInputError(err) || !strings.Contains(err.Error(), "pattern") {
			t.Errorf("pattern %.20q: error %v, want one naming the pattern", bad.pattern, err)
		}
	}
	if res, err := cs.Search("(unclosed", false, formats.Page{}); err != nil || res.Total != 0 {
		t.Errorf("a literal pattern with regex characters: %+v, %v", res, err)
	}
}
