package word

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
)

// TestRepeatedAnswersToOneTarget checks the MaxRewrite bound: answers that
// keep growing one target are refused with ErrTooLarge naming the target
// and what to do, before the work turns quadratic; repeated answers that do
// not grow their target, and many answers to different targets, still go
// through.
func TestRepeatedAnswersToOneTarget(t *testing.T) {
	doc := fixture(t, fixtures.WordTwoColumn)
	repeat := func(n int, a formats.Answer) []formats.Answer {
		as := make([]formats.Answer, n)
		for i := range as {
			as[i] = a
		}
		return as
	}
	spread := make([]formats.Answer, 0, 14)
	for r := 2; r <= 8; r++ {
		for i := 0; i < 2; i++ {
			spread = append(spread, formats.Answer{PairID: fmt.Sprintf("T1-R%d-C2", r), AnswerText: "line", Mode: formats.Append})
		}
	}
	tests := []struct {
		name    string
		answers []formats.Answer
		refused bool
	}{
		{"10,000 appends to one cell", repeat(10000, formats.Answer{PairID: "T1-R2-C2", AnswerText: "An answer of about forty-five bytes, repeated", Mode: formats.Append}), true},
		{"10,000 default-mode answers to one cell", repeat(10000, formats.Answer{PairID: "T1-R2-C2", AnswerText: "An answer of about forty-five bytes, repeated"}), true},
		{"10,000 replacements of one cell", repeat(10000, formats.Answer{PairID: "T1-R2-C2", AnswerText: "the same size each time", Mode: formats.ReplaceContent}), false},
		{"100 appends to one cell", repeat(100, formats.Answer{PairID: "T1-R2-C2", AnswerText: "An answer of about forty-five bytes, repeated", Mode: formats.Append}), false},
		{"two appends to each of seven cells", spread, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, fill := range []bool{false, true} {
				var err error
				if fill {
					_, _, err = New().Fill(doc, tc.answers, formats.WriteOptions{})
				} else {
					_, err = New().Write(doc, tc.answers, formats.WriteOptions{})
				}
				switch {
				case !tc.refused && err != nil:
					t.Fatalf("fill=%v: %v", fill, err)
				case tc.refused && !errors.Is(err, formats.ErrTooLarge):
					t.Fatalf("fill=%v: want ErrTooLarge, got %v", fill, err)
				case tc.refused:
					for _, want := range []string{"T1-R2-C2", "limit is 32 MB", "one answer"} {
						if !strings.Contains(err.Error(), want) {
							t.Errorf("fill=%v: the error does not say %q: %v", fill, want, err)
						}
					}
				}
			}
		})
	}
}
