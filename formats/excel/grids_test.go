package excel

import (
	"slices"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/readers"
	"github.com/xuri/excelize/v2"
)

// inventory is a register sheet: six field names, a guidance row and an
// example row, then empty rows prepared for items (a validation reaching
// row 40).
func inventory(tb testing.TB, name string) []byte {
	return book(tb, [][]string{
		{"Asset ID", "IP Address", "Virtual", "Location", "Owner", "End of Life"},
		{"Unique identifier", "IPv4 or IPv6", "Yes or No", "Data centre", "Name", "m/d/yyyy"},
		{"Example-1", "10.0.0.1", "No", "East", "J. Doe", "1/1/2030"},
	}, func(f *excelize.File) {
		list(f, "C2:C40", "Yes", "No")
		if name != "Q" {
			must(tb, f.SetSheetName("Q", name))
		}
	})
}

func TestEntryGridsOfferTheirFirstEmptyRow(t *testing.T) {
	tests := []struct {
		name string
		doc  []byte
		want []string
	}{
		{"inventory under guidance and example rows", inventory(t, "Q"), []string{"A4", "B4", "C4", "D4", "E4", "F4"}},
		{"the same grid on a sheet named for reference", inventory(t, "Drop-Down Lists"), nil},
		{"a filled table with no room is no grid", book(t, [][]string{
			{"Date", "Description", "Version", "Author", "Reviewer"},
			{"2024-01-01", "First", "1", "PMO", "QA"},
			{"2024-02-01", "Second", "2", "PMO", "QA"},
		}, nil), nil},
		{"four columns are a small table, not a register", book(t, [][]string{
			{"Name", "Role", "Phone", "Email"},
		}, func(f *excelize.File) { list(f, "B2:B40", "Owner", "Admin") }), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := targetCells(t, tt.doc); !slices.Equal(got, tt.want) {
				t.Errorf("targets %v, want %v", got, tt.want)
			}
		})
	}
}

func TestEntryGridTargetsNameTheirGridAndColumn(t *testing.T) {
	cs, err := New().ExtractCompact(inventory(t, "Q"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(cs.CompactText, "entry grid Q!A1:F1") || !strings.Contains(cs.CompactText, "rows 4–40 (37 rows) are room for items") {
		t.Errorf("the map does not name the grid and its room:\n%s", cs.CompactText)
	}
	for _, tg := range cs.Targets {
		if tg.Grid != "Q!A1:F1" || tg.Question == "" {
			t.Errorf("target %s: grid %q question %q", tg.ID, tg.Grid, tg.Question)
		}
	}
	if q := cs.Targets[0].Question; q != "Asset ID" {
		t.Errorf("first target's question %q, want the header", q)
	}
}

func TestEntryGridRowsAreWritableBeyondTheFirst(t *testing.T) {
	doc := inventory(t, "Q")
	res := write(t, doc,
		formats.Answer{PairID: "Q!A4", AnswerText: "srv-01"},
		formats.Answer{PairID: "Q!C4", AnswerText: "Yes"},
		formats.Answer{PairID: "Q!A5", AnswerText: "srv-02"},
	)
	cells := readers.XLSXCells(t, res.Document)["Q"]
	for ref, want := range map[string]string{"A4": "srv-01", "C4": "Yes", "A5": "srv-02", "A3": "Example-1"} {
		if cells[ref] != want {
			t.Errorf("openpyxl %s = %q, want %q", ref, cells[ref], want)
		}
	}
}

func TestFormatHintRowsAnswerTheLabelsAbove(t *testing.T) {
	doc := book(t, [][]string{
		{"CSP", "System Name", "Impact Level", "POAM Date"},
		{"Text", "Text", "Low", "Date"},
	}, func(f *excelize.File) { list(f, "C2", "Low", "Moderate", "High") })
	cs, err := New().ExtractCompact(doc)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, tg := range cs.Targets {
		got = append(got, cs.IDToXPath[tg.ID]+"="+tg.Question)
	}
	// (Blanks right of the block may be targets of their own; the hints
	// must answer the labels above them, not each other.)
	for _, want := range []string{"Q!A2=CSP", "Q!B2=System Name", "Q!C2=Impact Level", "Q!D2=POAM Date"} {
		if !slices.Contains(got, want) {
			t.Errorf("targets %v lack %s", got, want)
		}
	}
}

func TestALabelOverADropDownIsItsQuestion(t *testing.T) {
	doc := book(t, [][]string{
		{"", "", "Names or Numbers"},
		{"", "", "Names", "how domains are shown"},
	}, func(f *excelize.File) { list(f, "C2", "Names", "Numbers") })
	cs, err := New().ExtractCompact(doc)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs.Targets) != 1 || cs.Targets[0].Question != "Names or Numbers" {
		t.Fatalf("targets %+v, want C2 asking \"Names or Numbers\"", cs.Targets)
	}
}

func TestRowsHiddenByAFilterAreOfferedAndFlagged(t *testing.T) {
	doc := book(t, [][]string{
		{"ID", "Control", "Implemented?"},
		{"AC-1", "Is there an access control policy?", ""},
		{"AC-2", "Are accounts managed?", ""},
		{"AC-3", "Is access enforced?", ""},
	}, func(f *excelize.File) {
		list(f, "C2:C4", "Yes", "No")
		must(t, f.AutoFilter("Q", "A1:C4", []excelize.AutoFilterOptions{{Column: "A", Expression: "x == AC-1"}}))
		for _, r := range []int{3, 4} {
			must(t, f.SetRowVisible("Q", r, false))
		}
	})
	cs, err := New().ExtractCompact(doc)
	if err != nil {
		t.Fatal(err)
	}
	hidden := map[string]bool{}
	for _, tg := range cs.Targets {
		hidden[cs.IDToXPath[tg.ID]] = tg.Hidden
	}
	want := map[string]bool{"Q!C2": false, "Q!C3": true, "Q!C4": true}
	for ref, h := range want {
		if got, ok := hidden[ref]; !ok || got != h {
			t.Errorf("%s: offered %v, hidden %v; want offered, hidden %v (targets %v)", ref, ok, got, h, hidden)
		}
	}
	if !strings.Contains(cs.CompactText, "2 answer targets are in hidden rows") {
		t.Errorf("the map does not count the hidden targets:\n%s", cs.CompactText)
	}
}

func TestWritesPastAGridsFormattedRowsExtendIt(t *testing.T) {
	doc := book(t, [][]string{
		{"Asset ID", "IP Address", "Virtual", "Location", "Owner", "End of Life"},
		{"Example-1", "10.0.0.1", "No", "East", "J. Doe", "1/1/2030"},
	}, func(f *excelize.File) {
		boxed, err := f.NewStyle(&excelize.Style{Border: []excelize.Border{{Type: "bottom", Color: "000000", Style: 1}}})
		must(t, err)
		must(t, f.SetCellStyle("Q", "A3", "F10", boxed))
		list(f, "C3:C10", "Yes", "No")
	})
	res := write(t, doc,
		formats.Answer{PairID: "Q!A3", AnswerText: "srv-01"},
		formats.Answer{PairID: "Q!A12", AnswerText: "srv-10"},
		formats.Answer{PairID: "Q!C12", AnswerText: "Yes"},
	)
	if got := readers.XLSXCells(t, res.Document)["Q"]; got["A12"] != "srv-10" || got["C12"] != "Yes" || got["A3"] != "srv-01" {
		t.Errorf("openpyxl cells %v", got)
	}
	if styled := readers.XLSXStyled(t, res.Document)["Q"]; !styled["A12"] || !styled["C12"] {
		t.Errorf("A12/C12 did not take the grid's border: styled %v", styled)
	}
	covered := false
	for _, dv := range readers.XLSXValidations(t, res.Document)["Q"] {
		if dv.Type == "list" && strings.Contains(" "+dv.Sqref+" ", " C12 ") {
			covered = true
		}
	}
	if !covered {
		t.Errorf("C12 did not take the column's drop-down: %v", readers.XLSXValidations(t, res.Document)["Q"])
	}
}

func TestAssessorHeadersAreAnswerColumnsWhenEmpty(t *testing.T) {
	tests := []struct {
		name string
		rows [][]string
		want []string
	}{
		{"empty risk columns beside the controls", [][]string{
			{"ID", "Control", "Threats", "Likelihood", "Impact", "Mitigating Factors"},
			{"AC-1", "Access control policy and procedures"},
			{"AC-2", "Account management"},
		}, []string{"C2", "C3", "D2", "D3", "E2", "E3", "F2", "F3"}},
		{"filled risk columns are content", [][]string{
			{"ID", "Control", "Likelihood", "Impact", "Answer"},
			{"AC-1", "Access control policy and procedures", "Low", "High"},
			{"AC-2", "Account management", "Moderate", "Low"},
		}, []string{"E2", "E3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := targetCells(t, book(t, tt.rows, nil)); !slices.Equal(got, tt.want) {
				t.Errorf("targets %v, want %v", got, tt.want)
			}
		})
	}
}
