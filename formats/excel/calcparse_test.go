package excel

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/formfill/formfill/internal/realdocs"
)

func TestTokenCacheTokenizesAsEfp(t *testing.T) {
	for _, tc := range []struct {
		name  string
		texts []string // parsed in turn on one cache: the first primes the shape
	}{
		{"a lookup down the rows", []string{`VLOOKUP($A18,'START HERE'!$A$23:$F$36,4,0)&""`, `VLOOKUP($A19,'START HERE'!$A$23:$F$36,4,1)&""`, `VLOOKUP($A120,'START HERE'!$A$2:$F$1036,14,10)&""`}},
		{"digits in text and sheet names", []string{`IF('Sheet 1'!B2="Tier 1",1,2)`, `IF('Sheet 22'!B3="Tier 10",3,4)`}},
		{"numbers with decimals", []string{`A1*1.5+0.25`, `A2*10.05+3.999`}},
		{"a number turned a range", []string{`0x1p5+1`, `1x1p5+1`, `0x2p3+4`}},
		{"scientific notation", []string{`1E+5+A1`, `0E+5+A1`, `2E-3+A9`}},
		{"error values", []string{`IFERROR(A1,#N/A)`, `IF(A2=#DIV/0!,1,2)`, `IF(A3=#DIV/1!,1,2)`}},
		{"arrays", []string{`SUM({1,2;3,4})`, `SUM({10,2;3,40})`}},
		{"a run past float's digits", []string{`A1+1234567890123456789`, `A2+9234567890123456789`}},
		{"spaces and intersections", []string{`SUM( A1:A9 B2:B3 )`, `SUM( A10:A99 B20:B30 )`}},
		{"logical operands", []string{`IF(A1,TRUE,FALSE)`, `IF(A2,TRUE,FALSE)`}},
		{"functions named with digits", []string{`LOG10(A1)+ATAN2(A1,B1)`, `LOG10(A2)+ATAN2(A2,B2)`}},
		{"names that start like inf and nan", []string{`inf1+nan2+A1`, `inf3+nan4+A2`, `-INF+1`}},
		{"a defined name with digits", []string{`SUM(Score1)+Q1_2024`, `SUM(Score22)+Q3_2025`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newTokenCache()
			for _, text := range tc.texts {
				if got, want := c.parse(text), efpTokens(text); !slices.Equal(got, want) {
					t.Errorf("parse(%q) =\n%v\nwant efp's\n%v", text, got, want)
				}
			}
		})
	}
}

// TestTokenCacheTokenizesRealWorkbooksAsEfp parses every formula of the
// real workbooks on one cache per workbook and compares each with efp's
// own parse.
func TestTokenCacheTokenizesRealWorkbooksAsEfp(t *testing.T) {
	eachRealWorkbook(t, []string{filepath.Join(realdocs.Dir(), "questionnaires"), realdocs.SharedForms()},
		func(t *testing.T, p string, wb *workbook) {
			src := newScanSource(newWriter(wb))
			c, n, bad := newTokenCache(), 0, 0
			for si := range wb.sheets {
				for _, at := range src.formulaCells(si + 1) {
					text := src.formula(si+1, at[0], at[1])
					if text == "" {
						continue
					}
					n++
					if !slices.Equal(c.parse(text), efpTokens(text)) {
						if bad++; bad <= 5 {
							t.Errorf("%s!%s: parse(%q) differs from efp's", wb.sheets[si], cell{row: at[0], col: at[1]}.name(), text)
						}
					}
				}
			}
			reused := n - len(c.shapes)
			t.Logf("%d formulas, %d shapes (%d parses saved at most)", n, len(c.shapes), reused)
			if n > 0 && strings.Contains(p, "hecvat") && reused < n/2 {
				t.Errorf("only %d of %d formulas reuse a shape", reused, n)
			}
		})
}
