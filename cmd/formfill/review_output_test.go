package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

func TestReportListsTheAnswersToReview(t *testing.T) {
	many := make([]formats.ReviewItem, 23)
	for i := range many {
		many[i] = formats.ReviewItem{PairID: fmt.Sprintf("S1-R%d-C3", i+2), Answer: "Yes", Confidence: formats.Unknown}
	}
	tests := []struct {
		name  string
		items []formats.ReviewItem
		want  []string
		not   []string
	}{
		{"nothing to review prints no review line", nil, nil, []string{"review"}},
		{"question, answer, confidence, note and comment", []formats.ReviewItem{{PairID: "T1-R2-C2", Question: "Company legal name", Answer: "Acme Widgets Ltd",
			Confidence: formats.Uncertain, Note: "from the 2023 filing", Comment: "Word comment 0 on T1-R2-C2"}},
			[]string{`  review T1-R2-C2 "Company legal name": "Acme Widgets Ltd" (uncertain: from the 2023 filing); Word comment 0 on T1-R2-C2`}, nil},
		{"no question or note known", []formats.ReviewItem{{PairID: "F4", Answer: "", Confidence: formats.Unknown}},
			[]string{`  review F4: "" (unknown)`}, nil},
		{"a long list is cut with the count left", many,
			[]string{"  review S1-R21-C3:", "… and 3 more to review (--json lists them all)"}, []string{"S1-R22-C3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			printReport(&buf, &formats.VerificationReport{Review: tt.items})
			out := buf.String()
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(out, n) {
					t.Errorf("output has %q:\n%s", n, out)
				}
			}
		})
	}
}
