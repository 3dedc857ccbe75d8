package excel

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/readers"
	"github.com/xuri/excelize/v2"
)

func TestDateOrder(t *testing.T) {
	code := func(s string) *cellFormat { return &cellFormat{CustomNumFmt: &s} }
	tests := []struct {
		name string
		f    *cellFormat
		want byte
	}{
		{"built-in m/d/yyyy", &cellFormat{NumFmt: 14}, 'm'},
		{"built-in m/d/yyyy h:mm", &cellFormat{NumFmt: 22}, 'm'},
		{"built-in d-mmm-yy", &cellFormat{NumFmt: 15}, 'd'},
		{"built-in mmm-yy has no day", &cellFormat{NumFmt: 17}, 0},
		{"built-in m/d/yy", &cellFormat{NumFmt: 30}, 'm'},
		{"built-in year first", &cellFormat{NumFmt: 27}, 0},
		{"General", &cellFormat{}, 0},
		{"no format", nil, 0},
		{"day first", code("dd/mm/yyyy"), 'd'},
		{"month first, two-digit year", code("mm-dd-yy"), 'm'},
		{"year first is ISO", code("yyyy-mm-dd"), 0},
		{"a time's minutes are no month", code("h:mm"), 0},
		{"locale prefix", code("[$-409]m/d/yyyy"), 'm'},
		{"literal text holding d and m", code(`"Due: "d.m.yyyy`), 'd'},
		{"month and year only", code("mmm yyyy"), 0},
		{"first section only", code("d/m/yyyy;@"), 'd'},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := dateOrder(tt.f); got != tt.want {
				t.Errorf("dateOrder = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestParseDateIn(t *testing.T) {
	nov28 := time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		in    string
		order byte
		ok    bool
	}{
		{"11/28/2026", 'm', true},
		{"11-28-2026", 'm', true},
		{"28/11/2026", 'd', true},
		{"28.11.2026", 'd', true},
		{"2026-11-28", 'd', true}, // parseDate's spellings hold whatever the order
		{"11/28/2026", 'd', false},
		{"11/28/2026", 0, false}, // no order shown: ambiguous, refused as before
		{"28/11/2026", 'm', false},
	}
	for _, tt := range tests {
		t.Run(tt.in+" "+string(rune(max(tt.order, '0'))), func(t *testing.T) {
			got, ok := parseDateIn(tt.in, tt.order)
			if ok != tt.ok || ok && !got.Equal(nov28) {
				t.Errorf("parseDateIn = %v, %v; want 2026-11-28 %v", got, ok, tt.ok)
			}
		})
	}
}

// TestDateCellsTakeTheirFormatsOrder writes a numeric date into a
// month-first date cell, a day-first one, one a formula reads as a number,
// and a General cell: the date cells hold the date (openpyxl reads a date,
// verify matches it, the formula is not refused), the General cell keeps
// the text, whose order nothing shows.
func TestDateCellsTakeTheirFormatsOrder(t *testing.T) {
	f := excelize.NewFile()
	defer f.Close()
	dmy := "dd/mm/yyyy"
	mdy, err := f.NewStyle(&excelize.Style{NumFmt: 14})
	must(t, err)
	dm, err := f.NewStyle(&excelize.Style{CustomNumFmt: &dmy})
	must(t, err)
	for ref, v := range map[string]string{"A1": "Reported", "A2": "Due", "A3": "Noted", "A4": "Fixed"} {
		must(t, f.SetCellValue("Sheet1", ref, v))
	}
	must(t, f.SetCellStyle("Sheet1", "B1", "B1", mdy))
	must(t, f.SetCellStyle("Sheet1", "B2", "B2", dm))
	must(t, f.SetCellStyle("Sheet1", "B4", "B4", mdy))
	must(t, f.SetCellFormula("Sheet1", "C4", "B4+30"))
	buf, err := f.WriteToBuffer()
	must(t, err)
	answers := []formats.Answer{
		{PairID: "Sheet1!B1", AnswerText: "11/28/2026"},
		{PairID: "Sheet1!B2", AnswerText: "28/11/2026"},
		{PairID: "Sheet1!B3", AnswerText: "11/28/2026"},
		{PairID: "Sheet1!B4", AnswerText: "11/28/2026"},
	}
	res, rep, err := New().Fill(buf.Bytes(), answers, formats.WriteOptions{})
	if err != nil {
		t.Fatalf("fill: %v", err)
	}
	if !rep.OK() {
		t.Errorf("verify: %+v", rep.Summary)
	}
	cells, types := readers.XLSXCells(t, res.Document)["Sheet1"], readers.XLSXTypes(t, res.Document)["Sheet1"]
	for _, ref := range []string{"B1", "B2", "B4"} {
		if types[ref] != "d" || !strings.HasPrefix(cells[ref], "2026-11-28") {
			t.Errorf("%s: openpyxl reads %q (type %s), want the date 2026-11-28", ref, cells[ref], types[ref])
		}
	}
	if types["B3"] != "s" || cells["B3"] != "11/28/2026" {
		t.Errorf("B3 (General): openpyxl reads %q (type %s), want the text as written", cells["B3"], types["B3"])
	}
	serial := strconv.Itoa(int(excelSerial(time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC), false)) + 30)
	if cached, _ := readers.XLSXCached(t, res.Document); cached["Sheet1"]["C4"] != serial {
		t.Errorf("C4 = B4+30 cached %q, want %s", cached["Sheet1"]["C4"], serial)
	}
}
