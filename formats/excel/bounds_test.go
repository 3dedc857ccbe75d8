package excel

import (
	"testing"

	"github.com/xuri/excelize/v2"
)

// validate adds a validation of kind typ with operator op and bounds.
func validate(tb testing.TB, f *excelize.File, sqref, typ, op, f1, f2 string) {
	tb.Helper()
	dv := excelize.NewDataValidation(true)
	dv.SetSqref(sqref)
	dv.Type, dv.Operator, dv.Formula1, dv.Formula2 = typ, op, f1, f2
	must(tb, f.AddDataValidation("Q", dv))
}

func TestEveryValidationKindMakesATargetWithItsBounds(t *testing.T) {
	doc := book(t, [][]string{
		{"Staff headcount", ""},
		{"Share of remote staff", ""},
		{"Sites rated 1 to 5", ""},
		{"Last audit", ""},
		{"Short code", ""},
		{"Checksum", ""},
	}, func(f *excelize.File) {
		validate(t, f, "B1", "whole", "greaterThanOrEqual", "0", "")
		validate(t, f, "B2", "decimal", "between", "0", "1")
		validate(t, f, "B3", "whole", "between", "1", "5")
		validate(t, f, "B4", "date", "greaterThan", "36526", "")
		validate(t, f, "B5", "textLength", "lessThanOrEqual", "8", "")
		validate(t, f, "B6", "custom", "", "LEN(B6)=4", "")
	})
	cs, err := New().ExtractCompact(doc)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, tg := range cs.Targets {
		got[cs.IDToXPath[tg.ID]] = string(tg.Kind) + " " + tg.Hint + " / " + tg.Question
		if cs.IDToXPath[tg.ID] == "Q!B5" && tg.MaxChars != 8 {
			t.Errorf("Q!B5 max_chars %d, want 8", tg.MaxChars)
		}
	}
	want := map[string]string{
		"Q!B1": "number a whole number ≥ 0 / Staff headcount",
		"Q!B2": "number a number between 0 and 1 / Share of remote staff",
		"Q!B3": "number a whole number between 1 and 5 / Sites rated 1 to 5",
		"Q!B4": "date a date > 1/1/2000 / Last audit",
		"Q!B5": "text  / Short code",
		"Q!B6": "text  / Checksum",
	}
	for ref, w := range want {
		if got[ref] != w {
			t.Errorf("%s = %q, want %q", ref, got[ref], w)
		}
	}
}

func TestExcelSerialDates(t *testing.T) {
	for n, want := range map[int]string{1: "1/1/1900", 59: "2/28/1900", 61: "3/1/1900", 36526: "1/1/2000", 45292: "1/1/2024"} {
		if got := excelSerialDate(n); got != want {
			t.Errorf("serial %d = %s, want %s", n, got, want)
		}
	}
}
