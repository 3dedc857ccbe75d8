package excel

import (
	"slices"
	"testing"

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
