package excel

import (
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/readers"
)

// A percentage or a number with thousands separators written into a
// General cell a formula reads as a number shows as typed, as Excel
// formats it when a person types it: 0.5 alone read back "0.5" for "50%".
// The format is a new style copying the cell's: a cell sharing the old
// style keeps showing its number as it did.
func TestAFormattedNumberKeepsItsLookInAGeneralCell(t *testing.T) {
	for _, tc := range []struct {
		name, answer, wantValue, wantShown string
	}{
		{"a whole percentage", "50%", "<v>0.5</v>", "50%"},
		{"a percentage with decimals", "12.5%", "<v>0.125</v>", "12.50%"},
		{"a grouped whole number", "1,200", "<v>1200</v>", "1,200"},
		{"a grouped number with decimals", "1,200.50", "<v>1200.5</v>", "1,200.50"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := book(t, [][]string{{"Question", "Answer", "Other"}, {"Value", "", "0.25"}, {"Total", "=SUM(B2:C2)"}}, func(f *excelize.File) {
				must(t, f.SetCellFloat("Q", "C2", 0.25, -1, 64))
			})
			res := write(t, doc, formats.Answer{PairID: "Q!B2", AnswerText: tc.answer})
			if got := cellXML(t, sheetPart(t, res.Document, "Q"), "B2"); strings.Contains(got, `t="s"`) || !strings.Contains(got, tc.wantValue) {
				t.Errorf("B2 is %s; want a number holding %s", got, tc.wantValue)
			}
			if got := cellText(t, res.Document, "Q!B2"); got != tc.wantShown {
				t.Errorf("B2 shows %q; want %q", got, tc.wantShown)
			}
			if got := cellText(t, res.Document, "Q!C2"); got != "0.25" {
				t.Errorf("C2, sharing B2's old style, shows %q; want 0.25", got)
			}
		})
	}
}

// typedFormat picks the built-in format Excel gives each typed form.
func TestTypedFormatOfEachTypedForm(t *testing.T) {
	for _, tc := range []struct {
		value string
		want  int
	}{
		{"50%", numFmtPercent}, {"-12.5 %", numFmtPercentDecimals}, {"1,200", numFmtGrouped},
		{"1,200.50", numFmtGroupedDecimals}, {"-1,000,000", numFmtGrouped}, {"1200", 0},
	} {
		if got := typedFormat(tc.value); got != tc.want {
			t.Errorf("typedFormat(%q) = %d; want %d", tc.value, got, tc.want)
		}
	}
}

// A percentage or grouped number written into a General cell no formula
// reads goes in as Excel stores it typed, as a plain number does there,
// where the format Excel gives it shows the answer as written; otherwise,
// and in a General cell holding text, it stays the text written. The
// types are openpyxl's, the shown text openpyxl's under the number
// format.
func TestAFormattedNumberNoFormulaReadsIsStoredAsTyped(t *testing.T) {
	for _, tc := range []struct {
		name, before, answer, wantType, wantShown string
	}{
		{"a whole percentage", "", "50%", "n", "50%"},
		{"a percentage with two decimals", "", "12.50%", "n", "12.50%"},
		{"a grouped whole number", "", "1,200", "n", "1,200"},
		{"a grouped number with two decimals", "", "1,200.50", "n", "1,200.50"},
		{"a percentage the format would show otherwise", "", "12.5%", "s", "12.5%"},
		{"a percentage with a space", "", "50 %", "s", "50 %"},
		{"over a number", "7", "50%", "n", "50%"},
		{"over text", "pending", "50%", "s", "50%"},
		{"a percentage within text", "", "about 50%", "s", "about 50%"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := book(t, [][]string{{"Question", "Answer"}, {"Value", tc.before}}, func(f *excelize.File) {
				if tc.before == "7" {
					must(t, f.SetCellInt("Q", "B2", 7))
				}
			})
			res := write(t, doc, formats.Answer{PairID: "Q!B2", AnswerText: tc.answer})
			if got := readers.XLSXCachedTypes(t, res.Document)["Q"]["B2"]; got != tc.wantType {
				t.Errorf("B2 is of type %q; want %q", got, tc.wantType)
			}
			if got := cellText(t, res.Document, "Q!B2"); got != tc.wantShown {
				t.Errorf("B2 shows %q; want %q", got, tc.wantShown)
			}
			if warnedOf(res.Warnings, "B2") {
				t.Errorf("warned of B2: %q", res.Warnings)
			}
		})
	}
}

// showsAsTyped tells the typed forms typedFormat's format shows as written.
func TestShowsAsTypedOfEachTypedForm(t *testing.T) {
	for _, tc := range []struct {
		value string
		want  bool
	}{
		{"50%", true}, {"12.50%", true}, {"12.5%", false}, {"50 %", false}, {"1,200", true},
		{"1,200.50", true}, {"1,200.5", false}, {"-1,000,000", true}, {" 50% ", true},
	} {
		if got := showsAsTyped(tc.value); got != tc.want {
			t.Errorf("showsAsTyped(%q) = %v; want %v", tc.value, got, tc.want)
		}
	}
}
