package excel

import "testing"

// BenchmarkShiftFormula moves formulas of the kinds a questionnaire's
// shared formulas hold, as every member cell's read does.
func BenchmarkShiftFormula(b *testing.B) {
	formulas := []string{
		`IF((T9="N/A")+(ISBLANK(T9)), IF(S9="High", K9+30,IF(S9="Moderate", K9+90, IF(S9="Low", K9+180,""))), K9)`,
		`IF(D43+E43=0, 0, D43/(E43+D43))`, `VLOOKUP(B5,Lists!$A$2:$C$90,3,FALSE)`, `'START HERE'!$C$3`, `SUM(A1:A10)*2`,
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		for _, f := range formulas {
			shiftFormula(f, 0, i%100+1)
		}
	}
}
