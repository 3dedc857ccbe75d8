package excel

import (
	"bytes"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/formfill/formfill/formats"
)

// datedGrid is a grid whose one prepared answer cell, B2, is boxed and
// date formatted (a start date); the rows below it are not prepared.
func datedGrid(tb testing.TB) []byte {
	tb.Helper()
	return book(tb, [][]string{
		{"Question", "Answer"},
		{"Start date", ""},
		{"Number of staff", ""},
	}, func(f *excelize.File) {
		dated, err := f.NewStyle(&excelize.Style{NumFmt: 14, Border: []excelize.Border{{Type: "bottom", Color: "000000", Style: 1}}})
		must(tb, err)
		must(tb, f.SetCellStyle("Q", "B2", "B2", dated))
	})
}

// A cell the grid extension styles takes the look of the prepared cell
// above it, but its date format only for a date: a number or a word
// under it would show as a date (12 as 01-12-00).
func TestGridExtensionGivesADateFormatToDatesOnly(t *testing.T) {
	for _, tc := range []struct {
		name, answer string
		numFmt       int
	}{
		{"a number", "12", 0},
		{"a word", "about forty", 0},
		{"a decimal", "3.5", 0},
		{"an ISO date", "2024-03-31", 14},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := datedGrid(t)
			res := write(t, doc, formats.Answer{PairID: "Q!B3", AnswerText: tc.answer})
			f, err := excelize.OpenReader(bytes.NewReader(res.Document))
			must(t, err)
			defer f.Close()
			for _, at := range []struct {
				ref    string
				numFmt int
			}{{"B3", tc.numFmt}, {"B2", 14}} { // B2's format, shared, stays a date
				idx, err := f.GetCellStyle("Q", at.ref)
				must(t, err)
				st, err := f.GetStyle(idx)
				must(t, err)
				if st.NumFmt != at.numFmt || len(st.Border) != 1 {
					t.Errorf("%s: number format %d, borders %v; want %d and B2's border", at.ref, st.NumFmt, st.Border, at.numFmt)
				}
			}
			rep, err := New().Verify(res.Document, []formats.ExpectedAnswer{{PairID: "Q!B3", ExpectedText: tc.answer}})
			must(t, err)
			if !rep.OK() {
				t.Errorf("the answer does not read back: %+v", rep.ContentResults)
			}
		})
	}
}

// Verify reads a number in a date-formatted cell as the date it shows:
// 12 shown as 01-12-00 is no match for 12 (the text holds "12", the ISO
// date 1900-01-12 too), but a date there is.
func TestVerifyReadsANumberShownAsADateAsTheDate(t *testing.T) {
	for _, tc := range []struct {
		name, stored, expected string
		status                 formats.ContentStatus
	}{
		{"a number shown as a date", "12", "12", formats.ContentMismatched},
		{"a serial shown as a date", "45382", "45382", formats.ContentMismatched},
		{"the date it shows", "45382", "2024-03-31", formats.ContentMatched},
		{"the date as shown", "45382", "03-31-24", formats.ContentMatched},
		{"a grouped number shown as a date", "1000", "1,000", formats.ContentMismatched},
		{"a percentage shown as a date", "0.125", "12.5%", formats.ContentMismatched},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := book(t, [][]string{{"Start date", ""}}, func(f *excelize.File) {
				dated, err := f.NewStyle(&excelize.Style{NumFmt: 14})
				must(t, err)
				must(t, f.SetCellStyle("Q", "B1", "B1", dated))
				must(t, f.SetCellDefault("Q", "B1", tc.stored))
			})
			rep, err := New().Verify(doc, []formats.ExpectedAnswer{{PairID: "Q!B1", ExpectedText: tc.expected}})
			must(t, err)
			if len(rep.ContentResults) != 1 || rep.ContentResults[0].Status != tc.status {
				t.Errorf("results %+v, want %s", rep.ContentResults, tc.status)
			}
		})
	}
}
