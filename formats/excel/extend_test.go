package excel

import (
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/readers"
)

// TestGridExtensionLeavesTheDocumentsOwnCells writes below an entry grid's
// bordered rows: an empty cell takes the grid's border, while a cell that
// already showed a value keeps its own formatting, as the document came.
func TestGridExtensionLeavesTheDocumentsOwnCells(t *testing.T) {
	doc := book(t, [][]string{
		{"Asset ID", "Owner"},
		{"Example-1", "J. Doe"},
	}, func(f *excelize.File) {
		boxed, err := f.NewStyle(&excelize.Style{Border: []excelize.Border{{Type: "bottom", Color: "000000", Style: 1}}})
		must(t, err)
		must(t, f.SetCellStyle("Q", "A3", "B6", boxed))
		must(t, f.SetCellValue("Q", "A8", "kept"))
		must(t, f.SetCellBool("Q", "B9", true))
	})
	res := write(t, doc,
		formats.Answer{PairID: "Q!A8", AnswerText: "srv-08"},
		formats.Answer{PairID: "Q!B9", AnswerText: "FALSE"},
		formats.Answer{PairID: "Q!A10", AnswerText: "srv-10"},
	)
	styled := readers.XLSXStyled(t, res.Document)["Q"]
	for _, tc := range []struct {
		name, cell string
		styled     bool
	}{
		{"a text cell of the document's own", "A8", false},
		{"a boolean cell of the document's own", "B9", false},
		{"an empty cell below the grid", "A10", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := styled[tc.cell]; got != tc.styled {
				t.Errorf("%s styled = %v, want %v", tc.cell, got, tc.styled)
			}
		})
	}
	if got := readers.XLSXCells(t, res.Document)["Q"]; got["A8"] != "srv-08" || got["A10"] != "srv-10" {
		t.Errorf("openpyxl cells %v", got)
	}
}
