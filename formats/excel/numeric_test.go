package excel

import (
	"slices"
	"testing"

	"github.com/xuri/excelize/v2"
)

func TestAShortTextInANumericColumnDoesNotHideTheAnswer(t *testing.T) {
	doc := book(t, [][]string{
		{"ID", "Requirement", "Since version", "Status"},
		{"V1.1", "All app components are identified", "3", ""},
		{"V1.2", "A threat model exists", "3", ""},
		{"V1.3", "Security controls are centralised", "3.0.1", ""},
		{"V1.4", "Components are segregated", "4", ""},
		{"V1.5", "Secrets are not in code", "4", ""},
	}, func(f *excelize.File) {
		list(f, "D2:D6", "Pass", "Fail", "N/A")
		for r := 2; r <= 6; r++ {
			if r == 4 {
				continue
			}
			ref, _ := excelize.CoordinatesToCellName(3, r)
			v, _ := f.GetCellValue("Q", ref)
			must(t, f.SetCellValue("Q", ref, map[string]int{"3": 3, "4": 4}[v]))
		}
	})
	want := []string{"D2", "D3", "D4", "D5", "D6"}
	if got := targetCells(t, doc); !slices.Equal(got, want) {
		t.Errorf("targets %v, want %v", got, want)
	}
}
