package excel

import (
	"fmt"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/xuri/excelize/v2"
)

func TestExtractCompactFixtureLines(t *testing.T) {
	cs, err := New().ExtractCompact(fixture(t))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, line string }{
		{"sheet header", `=== Sheet 1: "Assessment" ===`},
		{"merged bold title", `S1-R1-C1: "Vendor Security Assessment" [bold, merged: A1:D1]`},
		{"bold header cell", `S1-R2-C3: "Answer" [bold]`},
		{"dropdown from a range on a hidden sheet", `S1-R3-C3: "" [empty, list: Yes|No|N/A, column: Answer] ← answer to S1-R3-C2 "Do you encrypt customer data at rest?"`},
		{"comments column target", `S1-R3-C4: "" [empty, column: Comments] ← answer to S1-R3-C2 "Do you encrypt customer data at rest?"`},
		{"number-formatted target", `S1-R5-C3: "" [empty, number, column: Answer] ← answer to S1-R5-C2 "How many employees have access to production?"`},
		{"date-formatted target", `S1-R6-C3: "" [empty, date yyyy-mm-dd, column: Answer] ← answer to S1-R6-C2 "Date of your last external audit?"`},
		{"merged answer anchor", `S1-R7-C3: "" [empty, merged: C7:D7, column: Answer] ← answer to S1-R7-C2 "Describe your incident response process."`},
		{"hidden row marked", `S1-R8-C2: "Internal reviewer note (hidden)?" [hidden row]`},
		{"literal dropdown", `S1-R9-C3: "" [empty, list: Yes|No, column: Answer] ← answer to S1-R9-C2 "Do you have a named security officer?"`},
		{"blank right of a label", `S2-R1-C2: "" [empty] ← answer to S2-R1-C1 "Company name:"`},
		{"formula cell listed, not a target", `S1-R11-C3: "" [empty, formula]`},
		{"hidden sheet marked", `=== Sheet 3: "Lists" === (hidden sheet)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !strings.Contains(cs.CompactText, tt.line+"\n") {
				t.Errorf("compact text lacks line\n%s\ngot:\n%s", tt.line, cs.CompactText)
			}
		})
	}
	absent := []struct{ name, prefix string }{
		{"no target on a merge's covered cell", "S1-R7-C4"},
		{"no target on a hidden sheet", "S3-R1-C2"},
	}
	for _, tt := range absent {
		t.Run(tt.name, func(t *testing.T) {
			if strings.Contains(cs.CompactText, tt.prefix+":") {
				t.Errorf("compact text lists %s:\n%s", tt.prefix, cs.CompactText)
			}
		})
	}
	if got := cs.IDToXPath["S2-R1-C2"]; got != "'Contact Details'!B1" {
		t.Errorf("id_to_xpath[S2-R1-C2] = %q, want 'Contact Details'!B1", got)
	}
	for _, want := range []string{"COMPLEX(merged) S1-R7-C3 C7:D7", `COMPLEX(formula) S1-R11-C3 =COUNTIF(C3:C9,"Yes")`, "COMPLEX(list) S1 C3:C4: Yes|No|N/A"} {
		if !contains(cs.ComplexElements, want) {
			t.Errorf("complex_elements lacks %q: %v", want, cs.ComplexElements)
		}
	}
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

func TestExtractCompactCapKeepsTargetsAndSaysWhatWasCut(t *testing.T) {
	tests := []struct {
		name      string
		maxLines  int
		wantNotes []string
		wantLine  string // must survive the cap
		cutLine   string // must be cut
	}{
		{"other cells dropped first", 33, []string{"other cells not shown"}, `S1-R9-C4: "" [empty, column: Comments] ← answer to S1-R9-C2 "Do you have a named security officer?"`, `S1-R11-C3:`},
		{"tail cut when targets alone overflow", 5, []string{"other cells not shown", "cut at 5 lines"}, `S1-R2-C1: "ID" [bold]`, `S1-R9-C3:`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs, err := New(WithMaxLines(tt.maxLines)).ExtractCompact(fixture(t))
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range tt.wantNotes {
				if !strings.Contains(cs.CompactText, n) {
					t.Errorf("no note %q in\n%s", n, cs.CompactText)
				}
			}
			if !strings.Contains(cs.CompactText, tt.wantLine) {
				t.Errorf("line %q cut:\n%s", tt.wantLine, cs.CompactText)
			}
			if strings.Contains(cs.CompactText, tt.cutLine) {
				t.Errorf("line %q not cut:\n%s", tt.cutLine, cs.CompactText)
			}
			for _, tg := range cs.Targets { // a target cut from the lines still resolves
				if cs.IDToXPath[tg.ID] == "" {
					t.Errorf("target %s has no id_to_xpath entry", tg.ID)
				}
			}
		})
	}
}

func TestExtractRawFixture(t *testing.T) {
	rs, err := New().ExtractRaw(fixture(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(rs.Sheets) != 3 {
		t.Fatalf("%d sheets, want 3", len(rs.Sheets))
	}
	a := rs.Sheets[0]
	if a.Name != "Assessment" || a.MaxRow != 11 || a.MaxColumn != 4 || a.Hidden {
		t.Errorf("sheet 1 = %s rows %d cols %d hidden %v; want Assessment 11 4 false", a.Name, a.MaxRow, a.MaxColumn, a.Hidden)
	}
	if strings.Join(a.MergedRanges, " ") != "A1:D1 C7:D7" {
		t.Errorf("merged = %v, want A1:D1 C7:D7", a.MergedRanges)
	}
	if got := a.Rows[2][1]; got != "Do you encrypt customer data at rest?" {
		t.Errorf("rows[2][1] = %q", got)
	}
	wantDV := map[string]string{"C3:C4": "Yes|No|N/A", "C9": "Yes|No"}
	for _, dv := range a.DataValidations {
		if want, ok := wantDV[dv.Range]; !ok || dv.Type != "list" || strings.Join(dv.Options, "|") != want {
			t.Errorf("validation %+v; want list %s", dv, want)
		}
		delete(wantDV, dv.Range)
	}
	if len(wantDV) != 0 {
		t.Errorf("validations missing: %v", wantDV)
	}
	if !rs.Sheets[2].Hidden {
		t.Errorf("sheet Lists not marked hidden")
	}
}

func TestListOptionsSources(t *testing.T) {
	wb, err := open(fixture(t))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, formula, want string }{
		{"quoted literal", `"Yes,No,N/A"`, "Yes|No|N/A"},
		{"escaped literal", `&quot;A, B&quot;`, "A|B"},
		{"range on another sheet", "Lists!$A$1:$A$3", "Yes|No|N/A"},
		{"quoted sheet range", "'Lists'!$A$2:$A$3", "No|N/A"},
		{"range on this sheet", "$C$2:$D$2", "Answer|Comments"},
		{"leading equals", "=Lists!$A$1:$A$2", "Yes|No"},
		{"x14 extension formula", "<xm:f>Lists!$A$1:$A$3</xm:f>", "Yes|No|N/A"},
		{"unknown name", "NoSuchName", ""},
		{"unknown sheet", "Nope!A1:A3", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := strings.Join(wb.listOptions("Assessment", tt.formula, 0), "|"); got != tt.want {
				t.Errorf("listOptions(%q) = %q, want %q", tt.formula, got, tt.want)
			}
		})
	}
}

func TestExtractTextFixture(t *testing.T) {
	text, err := New().ExtractText(fixture(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"=== Sheet 1: Assessment ===\n", "ID\tQuestion\tAnswer\tComments\n", "3\tHow many employees have access to production?\n", "=== Sheet 3: Lists ===\nYes\nNo\nN/A\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
}

func TestValidateLocations(t *testing.T) {
	tests := []struct {
		name, snippet string
		status        string
		xpath         string
		contextHas    string
		warningHas    string
	}{
		{"element ID", "S1-R3-C3", "matched", "Assessment!C3", "Do you encrypt customer data at rest?", ""},
		{"sheet reference", "'Contact Details'!B2", "matched", "'Contact Details'!B2", "Contact email:", ""},
		{"covered cell of a merge", "Assessment!D7", "matched", "Assessment!C7", "incident response", "writes go to its anchor C7"},
		{"outside the used range", "Assessment!Z500", "matched", "Assessment!Z500", "", "outside the used range"},
		{"unknown sheet", "Missing!A1", "not_found", "", "", `no sheet "Missing"`},
		{"beyond the sheet", "Assessment!A2000000", "not_found", "", "", "outside the sheet"},
		{"bad syntax", "row five", "not_found", "", "", "expected an element ID"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := New().Validate(fixture(t), []formats.Location{{PairID: "q", Snippet: tt.snippet}})
			if err != nil {
				t.Fatal(err)
			}
			v := out[0]
			if string(v.Status) != tt.status || v.XPath != tt.xpath || !strings.Contains(v.Context, tt.contextHas) || !strings.Contains(v.Warning, tt.warningHas) {
				t.Errorf("Validate(%q) = %+v; want status %s xpath %q context ~%q warning ~%q", tt.snippet, v, tt.status, tt.xpath, tt.contextHas, tt.warningHas)
			}
		})
	}
}

func TestValidateFallsBackToPairID(t *testing.T) {
	out, err := New().Validate(fixture(t), []formats.Location{{PairID: "S1-R4-C3"}})
	if err != nil {
		t.Fatal(err)
	}
	if out[0].Status != formats.LocationMatched || out[0].XPath != "Assessment!C4" {
		t.Errorf("got %+v, want matched Assessment!C4", out[0])
	}
}

func TestRegisteredForExcel(t *testing.T) {
	e, err := formats.Lookup(formats.Excel)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := e.(*Engine); !ok {
		t.Errorf("formats.Lookup(excel) = %T, want *excel.Engine", e)
	}
}

func TestExtractCompactCAIQ(t *testing.T) {
	doc := caiq(t)
	cs, err := New().ExtractCompact(doc)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`=== Sheet 1: "CSA CAIQ v3.0.1" ===`,
		`S1-R2-C6: "Consensus Assessment Answers" [bold, merged: F2:H3]`,
		`S1-R5-C3: "AIS-01.1"`,
		`S1-R5-C6: "" [empty, column: Consensus Assessment Answers: Yes] ← answer to S1-R5-C5 "Do you use industry standards`,
		`S1-R5-C8: "" [empty, column: Consensus Assessment Answers: Not Applicable] ← answer to S1-R5-C5 "`,
		`S1-R5-C9: "" [empty, column: Notes] ← answer to S1-R5-C5 "`,
		`S1-R299-C9: "" [empty, column: Notes] ← answer to S1-R299-C5 "Is all unauthorized mobile code`,
		"other cells not shown",
	} {
		if !strings.Contains(cs.CompactText, want) {
			t.Errorf("compact map lacks %q", want)
		}
	}
	for _, absent := range []string{`S1-R4-C6: "Yes" [bold] ←`, "S2-R5-C2:", "cut at"} {
		if strings.Contains(cs.CompactText, absent) {
			t.Errorf("compact map has %q", absent)
		}
	}
	fields, err := New().ListFields(doc)
	if err != nil {
		t.Fatal(err)
	}
	// 295 questions × (Yes, No, Not Applicable, Notes).
	if len(fields) < 1000 {
		t.Errorf("%d answer targets; want the ~1180 of the CAIQ", len(fields))
	}
}

func TestListOptionsFromDefinedName(t *testing.T) {
	f := excelize.NewFile()
	for i, o := range []string{"Low", "Medium", "High"} {
		f.SetCellStr("Sheet1", fmt.Sprintf("Z%d", i+1), o)
	}
	if err := f.SetDefinedName(&excelize.DefinedName{Name: "Levels", RefersTo: "Sheet1!$Z$1:$Z$3"}); err != nil {
		t.Fatal(err)
	}
	dv := excelize.NewDataValidation(true)
	dv.SetSqref("B2:B5")
	dv.SetSqrefDropList("Levels")
	if err := f.AddDataValidation("Sheet1", dv); err != nil {
		t.Fatal(err)
	}
	f.SetCellStr("Sheet1", "A2", "Risk level?")
	buf, err := f.WriteToBuffer()
	if err != nil {
		t.Fatal(err)
	}
	fields, err := New().ListFields(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if len(fields) == 0 || fields[0].FieldID != "S1-R2-C2" || strings.Join(fields[0].Options, "|") != "Low|Medium|High" {
		t.Fatalf("fields = %+v; want S1-R2-C2 with Low|Medium|High", fields)
	}
	_, err = New().Write(buf.Bytes(), []formats.Answer{{PairID: "S1-R2-C2", AnswerText: "Severe"}}, formats.WriteOptions{})
	if err == nil || !strings.Contains(err.Error(), "Low | Medium | High") {
		t.Errorf("error = %v; want the options listed", err)
	}
}
