package excel

import (
	"bytes"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/formfill/formfill/formats"
)

// A cell the grid extension styles keeps the text (@) or percentage
// format of the prepared cell above it only for an answer that format
// shows as written: under @ a number would be stored as text that SUM
// skips, under 0% 250 would show as 25000%. Any other answer takes the
// style in General, as LibreOffice and Excel show a number typed into a
// General cell.
func TestGridExtensionGivesTextAndPercentFormatsToFittingAnswersOnly(t *testing.T) {
	for _, tc := range []struct {
		name, answer string
		style        excelize.Style
		numFmt       int  // B3's built-in number format after the write
		keepsCustom  bool // B3 keeps the custom format
		number       bool // B3 stored as a number
	}{
		{"a number under @", "250", excelize.Style{NumFmt: 49}, 0, false, true},
		{"a zip code under @", "02134", excelize.Style{NumFmt: 49}, 49, false, false},
		{"a word under @", "none", excelize.Style{NumFmt: 49}, 49, false, false},
		{"a number under 0%", "250", excelize.Style{NumFmt: 9}, 0, false, true},
		{"a percentage under 0%", "85%", excelize.Style{NumFmt: 9}, 9, false, true},
		{"a number under a custom %", "250", excelize.Style{CustomNumFmt: ptr(`0.0" pts"%`)}, 0, false, true},
		{"a number under a quoted %", "250", excelize.Style{CustomNumFmt: ptr(`0" %"`)}, 0, true, true},
		{"a number under #,##0", "250", excelize.Style{NumFmt: 3}, 3, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := book(t, [][]string{{"Question", "Answer"}, {"Zip", ""}, {"Employees", ""}}, func(f *excelize.File) {
				st := tc.style
				st.Border = []excelize.Border{{Type: "bottom", Color: "000000", Style: 1}}
				idx, err := f.NewStyle(&st)
				must(t, err)
				must(t, f.SetCellStyle("Q", "B2", "B2", idx))
			})
			res := write(t, doc, formats.Answer{PairID: "Q!B3", AnswerText: tc.answer})
			f, err := excelize.OpenReader(bytes.NewReader(res.Document))
			must(t, err)
			defer f.Close()
			idx, err := f.GetCellStyle("Q", "B3")
			must(t, err)
			st, err := f.GetStyle(idx)
			must(t, err)
			if st.NumFmt != tc.numFmt || (st.CustomNumFmt != nil) != tc.keepsCustom || len(st.Border) != 1 {
				t.Errorf("B3: number format %d (custom %v), borders %v; want %d (custom kept: %v) and B2's border",
					st.NumFmt, st.CustomNumFmt, st.Border, tc.numFmt, tc.keepsCustom)
			}
			typ, err := f.GetCellType("Q", "B3")
			must(t, err)
			if isNumber := typ == excelize.CellTypeUnset || typ == excelize.CellTypeNumber; isNumber != tc.number {
				t.Errorf("B3 stored as %v, want a number: %v", typ, tc.number)
			}
		})
	}
}
