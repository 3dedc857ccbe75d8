package excel

import (
	"testing"

	"github.com/formfill/formfill/internal/readers"
)

// readerShows is the oracle of the cell texts: it must render each code
// as Excel shows it, and refuse a code it does not know rather than guess.
func TestReaderShowsRendersFormatCodesAsExcel(t *testing.T) {
	num := func(f float64) *float64 { return &f }
	cases := []struct {
		name   string
		cell   readers.XLSXCell
		want   string
		refuse bool
	}{
		{"text under General", readers.XLSXCell{Value: "Yes", Format: "General"}, "Yes", false},
		{"text through a text section", readers.XLSXCell{Value: "x", Format: `0;-0;0;"Ans: "@`}, "Ans: x", false},
		{"text between brackets shown as is", readers.XLSXCell{Value: "x", Format: `0;-0;0;(@)`}, "(x)", false},
		{"text under a date code with @", readers.XLSXCell{Value: "soon", Format: "m/d/yyyy;@"}, "soon", false},
		{"boolean", readers.XLSXCell{Value: "TRUE", Format: "General", Number: num(1)}, "TRUE", false},
		{"boolean under a text section", readers.XLSXCell{Value: "FALSE", Format: `0;-0;0;"Ans: "@`, Number: num(0)}, "FALSE", false},
		{"number under General", readers.XLSXCell{Value: "1234.5", Format: "General", Number: num(1234.5)}, "1234.5", false},
		{"17 digits under General, to 15", readers.XLSXCell{Format: "General", Number: num(12345678901234567)}, "1.23456789012346E+16", false},
		{"negative under General", readers.XLSXCell{Format: "General", Number: num(-3)}, "-3", false},
		{"two decimals", readers.XLSXCell{Format: "0.00", Number: num(1234.5)}, "1234.50", false},
		{"negative, two decimals", readers.XLSXCell{Format: "0.00", Number: num(-3)}, "-3.00", false},
		{"a half rounds away from zero", readers.XLSXCell{Format: "0", Number: num(0.5)}, "1", false},
		{"thousands", readers.XLSXCell{Format: "#,##0", Number: num(1234567.5)}, "1,234,568", false},
		{"percent", readers.XLSXCell{Format: "0.00%", Number: num(0.25)}, "25.00%", false},
		{"percent after an escaped no-break space", readers.XLSXCell{Format: "0.00\\\u00a0%", Number: num(0.25)}, "25.00\u00a0%", false},
		{"negative section", readers.XLSXCell{Format: `0;"minus "0`, Number: num(-4)}, "minus 4", false},
		{"zero section", readers.XLSXCell{Format: `0;-0;"none"`, Number: num(0)}, "none", false},
		{"built-in 14", readers.XLSXCell{Value: "2023-03-15T00:00:00", Format: "mm-dd-yy", Number: num(45000)}, "03-15-23", false},
		{"ISO date", readers.XLSXCell{Value: "2023-03-15T12:00:00", Format: "yyyy-mm-dd", Number: num(45000.5)}, "2023-03-15", false},
		{"US date with a text section", readers.XLSXCell{Value: "2024-03-31T00:00:00", Format: "m/d/yyyy;@", Number: num(45382)}, "3/31/2024", false},
		{"month name, escaped dashes, locale", readers.XLSXCell{Value: "1900-02-11T00:00:00", Format: `[$-409]d\-mmm\-yyyy;@`, Number: num(42)}, "11-Feb-1900", false},
		{"long month and weekday", readers.XLSXCell{Value: "2024-03-31T00:00:00", Format: `dddd, mmmm d, yyyy`, Number: num(45382)}, "Sunday, March 31, 2024", false},
		{"a time alone is day 0", readers.XLSXCell{Value: "12:00:00", Format: "yyyy-mm-dd", Number: num(0.5)}, "1900-01-00", false},
		{"minutes after hours, 12-hour clock", readers.XLSXCell{Value: "2024-03-31T13:05:09", Format: "h:mm:ss AM/PM", Number: num(45382.5452)}, "1:05:09 PM", false},
		{"minutes before seconds", readers.XLSXCell{Value: "2024-03-31T00:07:30", Format: "mm:ss", Number: num(45382.0052)}, "07:30", false},
		{"exponent refused", readers.XLSXCell{Format: "0.00E+00", Number: num(1)}, "", true},
		{"fraction refused", readers.XLSXCell{Format: "# ?/?", Number: num(0.5)}, "", true},
		{"elapsed hours refused", readers.XLSXCell{Value: "12:00:00", Format: "[h]:mm", Number: num(0.5)}, "", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := readerShows(c.cell)
			if c.refuse {
				if err == nil {
					t.Errorf("rendered %q; want refused", got)
				}
				return
			}
			if err != nil || got != c.want {
				t.Errorf("%q (%v), want %q", got, err, c.want)
			}
		})
	}
}
