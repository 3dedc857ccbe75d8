package excel

import (
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/realdocs"
)

// hecvatFourAnswers are issue 33's four answers on HECVAT 4.14's START
// HERE.
var hecvatFourAnswers = []formats.Answer{
	{PairID: "'START HERE'!C13", AnswerText: "Acme Cloud Inc"},
	{PairID: "'START HERE'!C14", AnswerText: "Jane Doe"},
	{PairID: "'START HERE'!C23", AnswerText: "Yes"},
	{PairID: "'START HERE'!C26", AnswerText: "No"},
}

// TestRecalcHECVATFourAnswersEqualLibreOffice fills issue 33's four
// answers on HECVAT 4.14's START HERE, whose dependents (12,600 formulas
// across every sheet, most lookups of the answer sheets) formfill once
// cut at 200, and compares every value formfill cached with the one
// LibreOffice computes: each computed dependent must hold LibreOffice's
// value, and none may be dropped for the work budget. It skips without the
// real documents or LibreOffice.
func TestRecalcHECVATFourAnswersEqualLibreOffice(t *testing.T) {
	doc := realdocs.Read(t, "questionnaires", "hecvat-4.14-educause.xlsx")
	res, w, _, err := New().write(doc, hecvatFourAnswers, formats.WriteOptions{}, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, warn := range res.Warnings {
		if strings.Contains(warn, "more formulas depend on the written cells") {
			t.Errorf("the fill ran out of its work budget: %s", warn)
		}
	}
	computed := 0
	for _, m := range w.wb.recalced.values {
		computed += len(m)
	}
	if computed < 5000 {
		t.Errorf("formfill computed %d dependents, want the 5,000 and more its lookups make", computed)
	}
	excused, count := excelBooleanJoins(t, doc)
	sameAsLibreOfficeExcept(t, res.Document, w.wb.recalced, excused)
	t.Logf("%d cells joining a boolean read as Excel does, not as LibreOffice does", *count)
}
