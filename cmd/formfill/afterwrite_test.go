package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

func TestFillPrintsEachWarningOnce(t *testing.T) {
	dropped := "Calc!C2: =NOW()+Inputs!B3 reads a written cell but it calls NOW"
	tests := []struct {
		name          string
		write, report []string
		want          map[string]int // times each warning is printed
	}{
		{"a drop in both results", []string{dropped}, []string{`Calc!A2 now shows "10" (was "")`, dropped},
			map[string]int{dropped: 1, `Calc!A2 now shows "10"`: 1}},
		{"the report alone", nil, []string{dropped}, map[string]int{dropped: 1}},
		{"the write alone", []string{dropped}, nil, map[string]int{dropped: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := &formats.WriteResult{Warnings: tt.write}
			r := &formats.VerificationReport{Warnings: tt.report}
			var out bytes.Buffer
			printWrite(&out, w)
			printReport(&out, afterWrite(r, w))
			for warn, n := range tt.want {
				if got := strings.Count(out.String(), warn); got != n {
					t.Errorf("%q printed %d times, want %d:\n%s", warn, got, n, out.String())
				}
			}
			if len(r.Warnings) != len(tt.report) {
				t.Errorf("afterWrite changed the report it was given: %q", r.Warnings)
			}
		})
	}
}
