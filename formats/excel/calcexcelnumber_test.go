package excel

import (
	"math"
	"testing"
)

// Numbers turned into text as Excel does, per the table Apache POI's
// NumberToTextConverter records from Excel: 15 significant digits,
// rounded half up; plain digits up to 20 characters, an exponent of two
// digits or more past them. Before, a number needing an exponent was
// left to excelize, which gave Go's spelling (1.1000000000000001e-10,
// 1.2345678901234568e+17).
func TestGeneralNumberSpellsNumbersAsExcel(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    float64
		want string
	}{
		{"zero", 0, "0"},
		{"a whole number", 756, "756"},
		{"a decimal", 7.56, "7.56"},
		{"15 digits of a fraction", 123.45678901234568, "123.456789012346"},
		{"a small number in plain digits", 1.1e-10, "0.00000000011"},
		{"a small number needing an exponent", 1.2345678901234568e-5, "1.23456789012346E-05"},
		{"twenty characters in plain digits", 5.6789012345e-8, "0.000000056789012345"},
		{"twenty-one characters need an exponent", 5.67890123456e-8, "5.67890123456E-08"},
		{"eighteen digits rounded to 15", 123456789012345678, "123456789012346000"},
		{"twenty digits plain", 1.2345678901234567e19, "12345678901234600000"},
		{"twenty-one digits need an exponent", 1.1000000000000002e20, "1.1E+20"},
		{"a negative exponent form", -1.2345678901234568e20, "-1.23456789012346E+20"},
		{"a joined quotient", 1.1 / 3e16, "3.66666666666667E-17"},
		{"an exponent past 99 keeps 14 digits", 1.2345678901234577e99, "1.2345678901235E+99"},
		{"an exponent of three digits", 2e100, "2E+100"},
		{"rounding carries into a new digit", 999999.9999999999, "1000000"},
		{"rounding carries into an exponent", 9.999999999999999e20, "1E+21"},
		{"a small rounding carry", 9.999999999999999e-9, "0.00000001"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got, ok := generalNumber(tc.n); !ok || got != tc.want {
				t.Errorf("generalNumber(%v) = %q, %v; want %q", tc.n, got, ok, tc.want)
			}
		})
	}
	if _, ok := generalNumber(math.Inf(1)); ok {
		t.Error("an infinity turned into text")
	}
}
