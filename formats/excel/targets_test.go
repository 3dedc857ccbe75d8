package excel

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/xuri/excelize/v2"
)

// book builds a one-sheet workbook ("Q") with rows of cell texts (a
// leading "=" makes a formula) and whatever extra applies.
func book(tb testing.TB, rows [][]string, extra func(f *excelize.File)) []byte {
	tb.Helper()
	f := excelize.NewFile()
	defer f.Close()
	must(tb, f.SetSheetName("Sheet1", "Q"))
	for r, row := range rows {
		for c, v := range row {
			if v == "" {
				continue
			}
			ref, _ := excelize.CoordinatesToCellName(c+1, r+1)
			if strings.HasPrefix(v, "=") {
				must(tb, f.SetCellFormula("Q", ref, v[1:]))
			} else {
				must(tb, f.SetCellStr("Q", ref, v))
			}
		}
	}
	if extra != nil {
		extra(f)
	}
	buf, err := f.WriteToBuffer()
	must(tb, err)
	return buf.Bytes()
}

// targetCells lists the targets of doc as A1 references, sorted.
func targetCells(tb testing.TB, doc []byte) []string {
	tb.Helper()
	cs, err := New().ExtractCompact(doc)
	if err != nil {
		tb.Fatal(err)
	}
	var out []string
	for _, t := range cs.Targets {
		xp := cs.IDToXPath[t.ID]
		out = append(out, xp[strings.LastIndex(xp, "!")+1:])
	}
	sort.Strings(out)
	return out
}

func list(f *excelize.File, sqref string, options ...string) {
	dv := excelize.NewDataValidation(true)
	dv.SetSqref(sqref)
	if err := dv.SetDropList(options); err != nil {
		panic(err)
	}
	if err := f.AddDataValidation("Q", dv); err != nil {
		panic(err)
	}
}

func TestTargetsFollowTheLayout(t *testing.T) {
	tests := []struct {
		name  string
		rows  [][]string
		extra func(f *excelize.File)
		want  string // target cells, space-separated, sorted
	}{
		{"numbered questions, answer beside each, no header",
			[][]string{{"Supplier questionnaire"}, {}, {"1", "Legal Entity Name and Registration"}, {"2", "Registered office address"}, {"3", "Number of employees"}},
			nil, "C3 C4 C5"},
		{"header repeated per section, question IDs never targets",
			[][]string{
				{"General", "", "Answer", "Additional Information"},
				{"GEN-01", "Do you have a security policy?"},
				{"GEN-02", "Is it reviewed yearly?"},
				{"Access", "", "Answer", "Additional Information"},
				{"AC-01.1", "Do you enforce MFA?"},
			}, nil, "C2 C3 C5 D2 D3 D5"},
		{"formula cells fill themselves",
			[][]string{{"ID", "Question", "Answer"}, {"1", "Total score", "=1+1"}, {"2", "Do you encrypt backups?"}},
			nil, "C3"},
		{"hidden columns are never targets; hidden rows are offered (flagged)",
			[][]string{{"ID", "Question", "Answer", "Comments"}, {"1", "Q one?"}, {"2", "Q two?"}, {"3", "Q three?"}},
			func(f *excelize.File) {
				_ = f.SetRowVisible("Q", 3, false)
				_ = f.SetColVisible("Q", "D", false)
			}, "C2 C3 C4"},
		{"unlocked cells of a protected sheet under plain headers",
			[][]string{{"Ref", "Item", "Value", "Extra"}, {"1", "Hosting region"}, {"2", "Backup frequency"}, {"3", "Encryption standard"}},
			func(f *excelize.File) {
				open, _ := f.NewStyle(&excelize.Style{Protection: &excelize.Protection{Locked: false}})
				_ = f.SetCellStyle("Q", "C2", "D4", open)
				_ = f.ProtectSheet("Q", &excelize.SheetProtectionOptions{})
			}, "C2 C3 C4 D2 D3 D4"},
		{"a drop-down column needs no header word",
			[][]string{{"#", "Control", "Rating"}, {"1", "Firewall rules reviewed"}, {"2", "Logs retained a year"}},
			func(f *excelize.File) { list(f, "C2:C3", "Low", "Medium", "High") }, "C2 C3"},
		{"reviewer columns are not the respondent's",
			[][]string{{"Question", "Answer", "Reviewer Comments"}, {"Do you patch monthly?"}},
			nil, "B2"},
		{"a prompt in the answer column is answered over",
			[][]string{{"Question", "Answer"}, {"Company name?", "Enter your answer here"}, {"Country?", "Not verified"}},
			func(f *excelize.File) { list(f, "B3", "Not verified", "Done") }, "B2 B3"},
		{"an address in the answer cell is the answer (given or an example), never a question",
			[][]string{{"Vendor details"}, {}, {"GNRL-01", "Web link to privacy notice", "https://www.vendor.domain/privacy"}, {"GNRL-02", "Contact e-mail", "security@vendor.example"}, {"GNRL-03", "Vendor name"}},
			nil, "C3 C4 C5"},
		{"a data table is not a questionnaire",
			[][]string{{"Date", "Version", "Author", "Description"}, {"2024-01-01", "1.0", "Ann", "First draft"}, {"2024-02-01", "1.1", "Bob", "Typos"}},
			nil, ""},
		{"labels naming fields, blanks beside them",
			[][]string{{"Tester name"}, {"Report date"}, {"Instructions follow below"}},
			nil, "B1 B2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := strings.Join(targetCells(t, book(t, tt.rows, tt.extra)), " ")
			if got != tt.want {
				t.Errorf("targets %q, want %q", got, tt.want)
			}
		})
	}
}

func TestTargetLineNamesQuestionAndWhatItAccepts(t *testing.T) {
	doc := book(t, [][]string{
		{"No.", "Question", "Answer"},
		{"1", "Legal Entity Name and Registration"},
		{"2", "Do you hold ISO 27001?"},
		{"3", "Country code"},
		{"4", "Headcount"},
		{"5", "Date of last audit"},
	}, func(f *excelize.File) {
		list(f, "C3", "Yes", "No", "NA")
		dv := excelize.NewDataValidation(true)
		dv.SetSqref("C4")
		_ = dv.SetRange(0, 2, excelize.DataValidationTypeTextLength, excelize.DataValidationOperatorBetween)
		_ = f.AddDataValidation("Q", dv)
		num, _ := f.NewStyle(&excelize.Style{NumFmt: 3})
		date, _ := f.NewStyle(&excelize.Style{NumFmt: 14})
		_ = f.SetCellStyle("Q", "C5", "C5", num)
		_ = f.SetCellStyle("Q", "C6", "C6", date)
	})
	cs, err := New().ExtractCompact(doc)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`S1-R2-C3: "" [empty, column: Answer] ← answer to S1-R2-C2 "Legal Entity Name and Registration"`,
		`S1-R3-C3: "" [empty, list: Yes|No|NA, column: Answer] ← answer to S1-R3-C2 "Do you hold ISO 27001?"`,
		`S1-R4-C3: "" [empty, max 2 chars, column: Answer] ← answer to S1-R4-C2 "Country code"`,
		`S1-R5-C3: "" [empty, number, column: Answer] ← answer to S1-R5-C2 "Headcount"`,
		`S1-R6-C3: "" [empty, date m/d/yyyy, column: Answer] ← answer to S1-R6-C2 "Date of last audit"`,
	} {
		if !strings.Contains(cs.CompactText, want+"\n") {
			t.Errorf("compact map lacks\n%s\n%s", want, cs.CompactText)
		}
	}
	want := []formats.Target{
		{ID: "S1-R2-C3", QuestionID: "S1-R2-C2", Question: "Legal Entity Name and Registration", Kind: formats.TargetText},
		{ID: "S1-R3-C3", QuestionID: "S1-R3-C2", Question: "Do you hold ISO 27001?", Kind: formats.TargetList, Options: []string{"Yes", "No", "NA"}},
		{ID: "S1-R4-C3", QuestionID: "S1-R4-C2", Question: "Country code", Kind: formats.TargetText, MaxChars: 2},
		{ID: "S1-R5-C3", QuestionID: "S1-R5-C2", Question: "Headcount", Kind: formats.TargetNumber},
		{ID: "S1-R6-C3", QuestionID: "S1-R6-C2", Question: "Date of last audit", Kind: formats.TargetDate, Format: "m/d/yyyy"},
	}
	if fmt.Sprint(cs.Targets) != fmt.Sprint(want) {
		t.Errorf("targets\n%+v\nwant\n%+v", cs.Targets, want)
	}
	fields, err := New().ListFields(doc)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, f := range fields {
		ids = append(ids, f.FieldID)
	}
	for _, tg := range cs.Targets {
		if !slices.Contains(ids, tg.ID) {
			t.Errorf("list_form_fields lacks target %s: %v", tg.ID, ids)
		}
	}
	if len(ids) != len(cs.Targets) {
		t.Errorf("%d fields for %d targets", len(ids), len(cs.Targets))
	}
}

func TestEmptyAnswerCellsAreListedInTheMap(t *testing.T) {
	doc := book(t, [][]string{{"1", "Legal Entity Name and Registration"}}, nil)
	cs, err := New().ExtractCompact(doc)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(cs.CompactText, `S1-R1-C3: "" [empty] ← answer to S1-R1-C2 "Legal Entity Name and Registration"`) {
		t.Errorf("the empty answer cell C1 is not in the map:\n%s", cs.CompactText)
	}
}
