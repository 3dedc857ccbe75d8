package excel

import (
	"slices"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/xuri/excelize/v2"
)

// percentBook is recalcBook with two shares of 'START HERE'!C5 under the
// format "0%": D1 a half of it at 40, D2 a sliver no whole percent shows.
func percentBook(tb testing.TB) []byte {
	tb.Helper()
	f, err := excelize.OpenReader(strings.NewReader(string(recalcBook(tb, map[string]string{
		"D1": "'START HERE'!C5/80",
		"D2": "'START HERE'!C5/100000",
	}))))
	must(tb, err)
	pct, err := f.NewStyle(&excelize.Style{NumFmt: 9}) // 0%
	must(tb, err)
	must(tb, f.SetCellStyle("Organization", "D1", "D2", pct))
	buf, err := f.WriteToBuffer()
	must(tb, err)
	return buf.Bytes()
}

// shownNotes is the "now shows" notes among warnings.
func shownNotes(warnings []string) []string {
	var out []string
	for _, w := range warnings {
		if strings.Contains(w, " now shows ") {
			out = append(out, w)
		}
	}
	slices.Sort(out)
	return out
}

func TestRecalcNotesGiveWhatTheNumberFormatShows(t *testing.T) {
	first, _ := fillRecalc(t, percentBook(t)) // C5 = 40: D1 0.5, D2 0.0004
	answers := []formats.Answer{{PairID: "'START HERE'!C5", AnswerText: "41"}}
	res, rep, err := New().Fill(first.Document, answers, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	notes := shownNotes(rep.Warnings)
	for _, tc := range []struct {
		name, note string
		want       bool
	}{
		{"a percentage reads as the format shows it", `Organization!D1 now shows "51%" (was "50%")`, true},
		{"a change the format hides is no change", "Organization!D2 now shows", false},
		{"an unformatted number reads as a plain decimal", `Organization!C5 now shows "86" (was "84")`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := strings.Contains(strings.Join(notes, "\n"), tc.note); got != tc.want {
				t.Errorf("notes contain %q: %v, want %v; notes:\n%s", tc.note, got, tc.want, strings.Join(notes, "\n"))
			}
		})
	}
	// verify_output on the same pair reads shown text too: the fill and it
	// must name the same changed formulas.
	vr, err := formats.VerifyAgainst(New(), first.Document, res.Document, formats.ExpectedFromAnswers(answers))
	if err != nil {
		t.Fatal(err)
	}
	if again := shownNotes(vr.Warnings); !slices.Equal(notes, again) {
		t.Errorf("the fill notes\n%s\nverify notes\n%s", strings.Join(notes, "\n"), strings.Join(again, "\n"))
	}
}
