package excel

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/readers"
	"github.com/xuri/excelize/v2"
)

func TestAShortTextInANumericColumnDoesNotHideTheAnswer(t *testing.T) {
	rows := [][]string{
		{"ID", "Requirement", "Since version", "Status"},
		{"V1.1", "All app components are identified", "3", ""},
		{"V1.2", "A threat model exists", "3", ""},
		{"V1.3", "Security controls are centralised", "3.0.1", ""},
		{"V1.4", "Components are segregated", "4", ""},
		{"V1.5", "Secrets are not in code", "4", ""},
	}
	// The versions are numbers in every row but V1.3's, which stays text.
	numbers := map[string]int{"3": 3, "4": 4}
	doc := book(t, rows, func(f *excelize.File) {
		list(f, "D2:D6", "Pass", "Fail", "N/A")
		for r, row := range rows[1:] {
			if n, ok := numbers[row[2]]; ok {
				ref, _ := excelize.CoordinatesToCellName(3, r+2)
				must(t, f.SetCellValue("Q", ref, n))
			}
		}
	})
	want := []string{"D2", "D3", "D4", "D5", "D6"}
	if got := targetCells(t, doc); !slices.Equal(got, want) {
		t.Errorf("targets %v, want %v", got, want)
	}
}

// TestTextReadAsANumberOnItsSheetIsWrittenAndRecomputed: text in a cell
// its sheet's formulas read as numbers is written with a warning naming
// the formula, and the formulas get the values Excel gives them: SUM
// skips the text, arithmetic shows #VALUE!.
func TestTextReadAsANumberOnItsSheetIsWrittenAndRecomputed(t *testing.T) {
	doc := book(t, [][]string{
		{"Control", "Score", "Doubled"},
		{"Policies are documented", "2", "=B2*2"},
		{"Policies are reviewed", "", ""},
		{"Total", "=SUM(B2:B3)", ""},
	}, func(f *excelize.File) { must(t, f.SetCellValue("Q", "B3", 3)) })
	res := write(t, doc, formats.Answer{PairID: "Q!B2", AnswerText: "fully"})
	warns := strings.Join(res.Warnings, "\n")
	if !regexp.MustCompile(`Q!B2 holds the text "fully", but the formula =(SUM\(B2:B3\) in Q!B4|B2\*2 in Q!C2) reads it as a number`).MatchString(warns) {
		t.Errorf("no warning of the text in B2:\n%s", warns)
	}
	sheet := zipEntry(t, res.Document, "xl/worksheets/sheet1.xml")
	for ref, want := range map[string]string{"B4": "<v>3</v>", "C2": `t="e"><f>B2*2</f><v>#VALUE!</v>`} {
		if got := cellXML(t, sheet, ref); !strings.Contains(got, want) {
			t.Errorf("%s = %s, want %s (warnings:\n%s)", ref, got, want, warns)
		}
	}
	if got := readers.XLSXTypes(t, res.Document)["Q"]["B2"]; got != "s" {
		t.Errorf("openpyxl type of B2 = %q, want the text written", got)
	}
}
