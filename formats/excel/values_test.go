package excel

import (
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

func TestNumberKind(t *testing.T) {
	str := func(s string) *string { return &s }
	tests := []struct {
		name  string
		style *cellFormat
		want  string
	}{
		{"no style", nil, ""},
		{"general", &cellFormat{}, ""},
		{"thousands", &cellFormat{NumFmt: 3}, kindNumber},
		{"percent", &cellFormat{NumFmt: 9}, kindNumber},
		{"built-in date", &cellFormat{NumFmt: 14}, kindDate},
		{"built-in time", &cellFormat{NumFmt: 21}, kindDate},
		{"text format", &cellFormat{NumFmt: 49}, kindText},
		{"custom date", &cellFormat{CustomNumFmt: str("dd/mm/yyyy")}, kindDate},
		{"custom number with quoted d", &cellFormat{CustomNumFmt: str(`0.00" days"`)}, kindNumber},
		{"custom currency with locale", &cellFormat{CustomNumFmt: str(`[$€-407]#,##0.00`)}, kindNumber},
		{"custom text", &cellFormat{CustomNumFmt: str("@")}, kindText},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := numberKind(tt.style); got != tt.want {
				t.Errorf("numberKind = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestParseNumbers(t *testing.T) {
	tests := []struct {
		in        string
		plain     bool
		formatted bool
		want      float64
	}{
		{"42", true, false, 42},
		{"-3.5", true, false, -3.5},
		{"1e3", true, false, 1000},
		{"007", false, false, 0},
		{"+5", false, false, 0},
		{"1234567890123456", false, false, 0},
		{"12 apples", false, false, 0},
		{"1,234.5", false, true, 1234.5},
		{"85%", false, true, 0.85},
		{"99.9%", false, true, 0.999}, // not 0.9990000000000001, 99.9/100
		{"12.5 %", false, true, 0.125},
		{"1,23", false, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			n, ok := parseNumber(tt.in)
			if ok != tt.plain || ok && n != tt.want {
				t.Errorf("parseNumber = %v, %v", n, ok)
			}
			n, ok = parseFormatted(tt.in)
			if ok != tt.formatted || ok && n != tt.want {
				t.Errorf("parseFormatted = %v, %v", n, ok)
			}
		})
	}
}

func TestDatesToSerials(t *testing.T) {
	tests := []struct {
		in       string
		date1904 bool
		want     float64
	}{
		{"2024-03-31", false, 45382},
		{"1 January 2000", false, 36526},
		{"Jan 2, 2006", false, 38719},
		{"2024-03-31T12:00:00", false, 45382.5},
		{"1904-01-02", true, 1},
		// Excel's last day: past 2192 a time.Duration from the epoch
		// saturates, and the serial with it.
		{"9999-12-31", false, 2958465},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			d, ok := parseDate(tt.in)
			if !ok {
				t.Fatalf("parseDate(%q) failed", tt.in)
			}
			if got := excelSerial(d, tt.date1904); got != tt.want {
				t.Errorf("serial = %v, want %v", got, tt.want)
			}
			back, err := excelize.ExcelDateToTime(tt.want, tt.date1904)
			if err != nil || !back.Equal(d.Truncate(time.Second)) {
				t.Errorf("round trip = %v, %v; want %v", back, err, d)
			}
		})
	}
	for _, bad := range []string{"01/02/2006", "yesterday", "2024-13-01"} {
		if _, ok := parseDate(bad); ok {
			t.Errorf("parseDate(%q) accepted an ambiguous or bad date", bad)
		}
	}
}

// TestParseDateSkipsOnlyTextsNoLayoutReads holds mayBeDate's shortcut to
// time.Parse's answers: each layout's spellings, in any case, still read.
func TestParseDateSkipsOnlyTextsNoLayoutReads(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"2024-03-05", true}, {" 2024-03-05T10:11:12.5 ", true}, {"5 March 2024", true}, {"5 mar 2024", true},
		{"March 5, 2024", true}, {"SEP 5, 2024", true}, {"sept 5, 2024", false}, {"Answer 1: documented", false},
		{"", false}, {"Ma", false}, {"December 31, 1999", true},
	} {
		if _, got := parseDate(tc.in); got != tc.want {
			t.Errorf("parseDate(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}
