package excel

import "testing"

// TestClassifyLoDiffNamesEachDifference holds the full LibreOffice
// comparison's classes to their meaning.
func TestClassifyLoDiffNamesEachDifference(t *testing.T) {
	for _, tc := range []struct {
		name       string
		ours       string
		cached     bool
		lo, source string
		excused    bool
		want       loDiff
	}{
		{"recomputed as LibreOffice does", "15", true, "15", "0", false, diffSame},
		{"a number LibreOffice shows as a date", "45292.5", true, "2024-01-01 12:00:00", "0", false, diffSame},
		{"both empty", "", false, "", "", false, diffSame},
		{"cache removed", "", false, "7", "0", false, diffDropped},
		{"kept the source's value", "0", true, "0.57", "0", false, diffStale},
		{"recomputed to another value", "85", true, "125", "0", false, diffWrong},
		{"LibreOffice's own difference", "25", true, "#N/A", "25", true, diffExcused},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := classifyLoDiff(tc.ours, tc.cached, tc.lo, tc.source, func() bool { return tc.excused })
			if got != tc.want {
				t.Errorf("classifyLoDiff(%q, %v, %q, %q) = %s, want %s", tc.ours, tc.cached, tc.lo, tc.source, got, tc.want)
			}
		})
	}
}
