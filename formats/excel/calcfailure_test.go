package excel

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// A calculation's failure is said in words: no Go function name reaches
// a warning, and the text that was not a number is named.
func TestCalcFailureIsSaidInWords(t *testing.T) {
	_, parseErr := strconv.ParseFloat("1,500", 64)
	_, rangeErr := strconv.ParseFloat("1e999", 64)
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"excelize's bare message", errors.New(`strconv.ParseFloat: parsing "1,500": invalid syntax`), `the text "1,500" as a number`},
		{"a wrapped parse error", fmt.Errorf("evaluating: %w", parseErr), `the text "1,500" as a number`},
		{"a number out of range", rangeErr, `"1e999" as a number, which is too large`},
		{"any other failure", errors.New("not support FOO function"), "formfill could not compute it (not support FOO function)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := calcFailure(tc.err)
			if !strings.Contains(got, tc.want) || strings.Contains(got, "strconv") {
				t.Errorf("%q; want it to say %q, without strconv", got, tc.want)
			}
		})
	}
}
