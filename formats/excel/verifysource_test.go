package excel

import (
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

func TestWriteNamesTheFormulasNowShowingOtherValues(t *testing.T) {
	res, err := New().Write(calcFixture(t), []formats.Answer{{PairID: "Inputs!B1", AnswerText: "Acme Cloud Inc"}}, formats.WriteOptions{})
	must(t, err)
	warns := strings.Join(res.Warnings, "\n")
	for _, want := range []string{`Calc!A1 now shows "Acme Cloud Inc" (was "")`, `Calc!A5 now shows "Vendor: Acme Cloud Inc" (was "")`} {
		if !strings.Contains(warns, want) {
			t.Errorf("write's warnings lack %q:\n%s", want, warns)
		}
	}
}

func TestVerifyAgainstTheSourceListsWhatTheWriteChanged(t *testing.T) {
	source := calcFixture(t)
	answers := []formats.Answer{{PairID: "Inputs!B1", AnswerText: "Acme Cloud Inc"}}
	res, err := New().Write(source, answers, formats.WriteOptions{})
	must(t, err)
	const calc = "xl/worksheets/sheet2.xml"
	parts := unzip(t, res.Document)
	sheet := ""
	for _, p := range parts {
		if p.name == calc {
			sheet = string(p.data)
		}
	}
	if !strings.Contains(sheet, "<f>Inputs!B1</f>") {
		t.Fatalf("the written Calc sheet holds no <f>Inputs!B1</f>:\n%s", sheet)
	}
	tests := []struct {
		name      string
		doc       []byte
		warnings  []string // each must be among the warnings
		structure []string // each must be among the structural issues
	}{
		{"as written", res.Document,
			[]string{`Calc!A1 now shows "Acme Cloud Inc" (was "")`, `Calc!A5 now shows "Vendor: Acme Cloud Inc" (was "")`}, nil},
		{"a formula lost by another writer", rezip(t, parts, calc, []byte(strings.Replace(sheet, "<f>Inputs!B1</f>", "", 1))),
			[]string{`Calc!A5 now shows "Vendor: Acme Cloud Inc" (was "")`}, []string{"Calc!A1: the formula it held in the source is gone"}},
		{"the source itself", source, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := formats.VerifyAgainst(New(), source, tt.doc, formats.ExpectedFromAnswers(answers))
			must(t, err)
			warns, issues := strings.Join(rep.Warnings, "\n"), strings.Join(rep.StructuralIssues, "\n")
			for _, want := range tt.warnings {
				if !strings.Contains(warns, want) {
					t.Errorf("warnings lack %q:\n%s", want, warns)
				}
			}
			if tt.warnings == nil && strings.Contains(warns, "now shows") {
				t.Errorf("warnings name a changed formula where none changed:\n%s", warns)
			}
			for _, want := range tt.structure {
				if !strings.Contains(issues, want) {
					t.Errorf("structural issues lack %q:\n%s", want, issues)
				}
			}
			if rep.Summary.StructuralIssues != len(rep.StructuralIssues) || len(tt.structure) == 0 && len(rep.StructuralIssues) > 0 {
				t.Errorf("structural issues %q, summary counts %d", rep.StructuralIssues, rep.Summary.StructuralIssues)
			}
		})
	}
}

func TestVerifyAgainstACorruptSourceNamesTheSource(t *testing.T) {
	doc := calcFixture(t)
	_, err := formats.VerifyAgainst(New(), []byte("not a workbook"), doc, []formats.ExpectedAnswer{{PairID: "Inputs!B1", ExpectedText: ""}})
	if err == nil || !strings.Contains(err.Error(), "source workbook") {
		t.Fatalf("err = %v, want one naming the source workbook", err)
	}
}

// TestVerifyAgainstTheSourceNamesRemovedValues: a formula whose cached
// value the write removed is named as such, not as one that "now shows"
// nothing.
func TestVerifyAgainstTheSourceNamesRemovedValues(t *testing.T) {
	source := untracedBook(t)
	answers := []formats.Answer{{PairID: "Data!B2", AnswerText: "5"}}
	res, err := New().Write(source, answers, formats.WriteOptions{})
	must(t, err)
	rep, err := formats.VerifyAgainst(New(), source, res.Document, formats.ExpectedFromAnswers(answers))
	must(t, err)
	warns := strings.Join(rep.Warnings, "\n")
	if want := `Calc!A6: its cached value was removed (it showed "1")`; !strings.Contains(warns, want) {
		t.Errorf("warnings lack %q:\n%s", want, warns)
	}
	if strings.Contains(warns, "Calc!A6 now shows") {
		t.Errorf("a removed value is reported as one now shown:\n%s", warns)
	}
}
