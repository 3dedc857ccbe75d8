package excel

import (
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

// TestWarnsOfTextReadAsANumberThroughATable: a formula reading a table's
// column (SUM(Scores[…])) reads the answers in it as numbers, as one
// reading the column's A1 range does: text written there is warned of,
// the formula named as written. The check once parsed the formula before
// its structured references were rewritten, and saw no range at all.
func TestWarnsOfTextReadAsANumberThroughATable(t *testing.T) {
	for _, tc := range []struct {
		name, formula string
		warned        bool
	}{
		{"a column summed", `SUM(Scores[Rate '#1 '[x']])`, true},
		{"a column counted as text", `COUNTIF(Scores[Rate '#1 '[x']],"x")`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := tableBook(t, map[string]string{"B30": tc.formula}, nil)
			res, err := New().Write(doc, []formats.Answer{{PairID: "'Data Tab'!E4", AnswerText: "two"}}, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			warns := strings.Join(res.Warnings, "\n")
			got := strings.Contains(warns, "reads it as a number") && strings.Contains(warns, "=SUM(Scores[Rate '#1 '[x']]) in Report!B30")
			if got != tc.warned {
				t.Errorf("warned %v, want %v:\n%s", got, tc.warned, warns)
			}
		})
	}
}
