package excel

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/readers"
)

func TestParseCodes(t *testing.T) {
	tests := []struct{ text, want string }{
		{"(1) Yes; (2) No", "1=Yes 2=No"},
		{"(1) Ja; (2) Nein; (3) Nicht zutreffend", "1=Ja 2=Nein 3=Nicht zutreffend"},
		{"1 = Ja, 2 = Nee", "1=Ja 2=Nee"},
		{"Y/N/NA", "Y=Y N=N NA=NA"},
		{"1–5", "1=1 2=2 3=3 4=4 5=5"},
		{"N/A", ""},
		{"(1) The provider shall document every change to the system in writing; (2) and review it", ""},
		{"Please answer all questions (see section 2) carefully", ""},
		{"s = is in place with an incident response organization", ""},
		{"1-100", ""},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			var got []string
			for _, c := range parseCodes(tt.text) {
				got = append(got, c.value+"="+c.label)
			}
			if strings.Join(got, " ") != tt.want {
				t.Errorf("parseCodes(%q) = %q, want %q", tt.text, strings.Join(got, " "), tt.want)
			}
		})
	}
}

// coded is a self-assessment whose answer column takes codes spelt out
// beside it, and whose score formula adds the codes up.
func coded(tb testing.TB) []byte {
	return book(tb, [][]string{
		{"Nr.", "Frage", "Antwort", "Codes"},
		{"1", "Gibt es eine Sicherheitsrichtlinie?", "", "(1) Ja; (2) Nein"},
		{"2", "Werden Backups getestet?", "", "(1) Ja; (2) Nein"},
		{"", "Summe", "=SUM(C2:C3)"},
	}, nil)
}

func TestCodedAnswersBecomeOptionsAndWritesTakeTheCode(t *testing.T) {
	cs, err := New().ExtractCompact(coded(t))
	if err != nil {
		t.Fatal(err)
	}
	var found bool
	for _, tg := range cs.Targets {
		if cs.IDToXPath[tg.ID] != "Q!C2" {
			continue
		}
		found = true
		if tg.Kind != formats.TargetList || !slices.Equal(tg.Options, []string{"1", "2"}) || !strings.Contains(tg.Hint, "1 = Ja; 2 = Nein") {
			t.Errorf("C2 = %+v, want options 1|2 with the codes spelt out", tg)
		}
	}
	if !found {
		t.Fatalf("C2 is not a target: %+v", cs.Targets)
	}
	res := write(t, coded(t),
		formats.Answer{PairID: "Q!C2", AnswerText: "Ja"},
		formats.Answer{PairID: "Q!C3", AnswerText: "2"},
	)
	cells := readers.XLSXCells(t, res.Document)["Q"]
	if cells["C2"] != "1" || cells["C3"] != "2" {
		t.Errorf("openpyxl C2 = %q, C3 = %q; want the codes 1 and 2", cells["C2"], cells["C3"])
	}
	if !slices.ContainsFunc(res.Warnings, func(w string) bool { return strings.Contains(w, `wrote "1" for "Ja"`) }) {
		t.Errorf("no warning saying the label became its code: %v", res.Warnings)
	}
}

func TestCodedAnswerRefusesOtherText(t *testing.T) {
	_, err := New().Write(coded(t), []formats.Answer{{PairID: "Q!C2", AnswerText: "yes, fully"}}, formats.WriteOptions{})
	if !errors.Is(err, formats.ErrInvalidArgument) || !strings.Contains(fmtErr(err), "1 = Ja; 2 = Nein") {
		t.Errorf("err = %v; want an invalid-argument error naming the codes", err)
	}
}

func fmtErr(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// FuzzParseCodes feeds the code reader cell texts: it must not panic, and
// whatever it returns is at least two codes, each with a value.
func FuzzParseCodes(f *testing.F) {
	for _, s := range []string{"(1) Yes; (2) No", "Y/N/NA", "1–5", "1 = Ja, 2 = Nein", "N/A", "((((", "(1)(2)(3)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		cs := parseCodes(s)
		if cs != nil && len(cs) < 2 {
			t.Fatalf("parseCodes(%q) = %v: one code is no list", s, cs)
		}
		for _, c := range cs {
			if c.value == "" {
				t.Fatalf("parseCodes(%q) gave an empty code", s)
			}
		}
	})
}

// TestCellsFormulasReadAsNumbersWarnOfText: a cell a formula of its sheet
// sums is a number target naming the formula; text written there is
// written, with a warning naming the formula and its cell (issue 33).
func TestCellsFormulasReadAsNumbersWarnOfText(t *testing.T) {
	doc := book(t, [][]string{
		{"Control", "Score"},
		{"Policies are documented", ""},
		{"Policies are reviewed", ""},
		{"Total", "=SUM(B2:B3)"},
	}, nil)
	cs, err := New().ExtractCompact(doc)
	if err != nil {
		t.Fatal(err)
	}
	for _, tg := range cs.Targets {
		if ref := cs.IDToXPath[tg.ID]; (ref == "Q!B2" || ref == "Q!B3") && (tg.Kind != formats.TargetNumber || !strings.Contains(tg.Hint, "S1-R4-C2")) {
			t.Errorf("%s = %+v, want a number target naming the formula", ref, tg)
		}
	}
	text := write(t, doc, formats.Answer{PairID: "Q!B2", AnswerText: "fully"})
	if warns := strings.Join(text.Warnings, "\n"); !strings.Contains(warns, "reads it as a number") || !strings.Contains(warns, "=SUM(B2:B3) in Q!B4") {
		t.Errorf("text in a summed cell: warnings %q, want one naming the formula and its cell, =SUM(B2:B3) in Q!B4", warns)
	}
	res := write(t, doc, formats.Answer{PairID: "Q!B2", AnswerText: "3"})
	if got := readers.XLSXTypes(t, res.Document)["Q"]["B2"]; got != "n" {
		t.Errorf("openpyxl type of B2 = %q, want a number", got)
	}
}

func TestNumericRefs(t *testing.T) {
	tests := []struct{ formula, want string }{
		{"SUM(C2:C40)", "2-40"},
		{"C5*D5", "5-5 5-5"},
		{"IF(C5=\"Yes\",1,0)", ""},
		{"VLOOKUP(C5,Lists!A1:B8,2,0)", ""},
		{"AVERAGE(F5:F8,F11:F14)", "5-8 11-14"},
		{"COUNTIF(C2:C9,\"Yes\")", ""},
	}
	for _, tt := range tests {
		var got []string
		for _, rc := range numericRefs(tt.formula) {
			got = append(got, fmt.Sprintf("%d-%d", rc.r1, rc.r2))
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("numericRefs(%s) = %v, want %s", tt.formula, got, tt.want)
		}
	}
}
