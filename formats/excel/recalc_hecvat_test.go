package excel

import (
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/readers"
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
// answers on HECVAT 4.14's START HERE, whose dependents (12,800 formulas
// across every sheet, most lookups of the answer sheets) formfill once
// cut at 200, and compares every value formfill cached with the one
// LibreOffice computes: each computed dependent must hold LibreOffice's
// value, none may be dropped for the work budget, and, as LibreOffice
// computes every one of them, so must formfill: the 6,000 on the cycle of
// whole ranges between the evaluation sheets and '(backend scoring)'
// (IFERROR, XLOOKUP, SUMIF, arithmetic) were once all dropped as circular.
// It skips without the real documents or LibreOffice.
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
	rc := w.wb.recalced
	computed, dropped := recalcCounts(rc)
	deps := hecvatDependents(t, doc)
	if computed != deps || dropped != 0 {
		t.Errorf("formfill computed %d and dropped %d of the %d dependents, want all computed, as LibreOffice does", computed, dropped, deps)
	}
	for _, warn := range res.Warnings {
		if strings.Contains(warn, "circular reference") {
			t.Errorf("a formula on no cell-level cycle was reported: %s", warn)
		}
	}
	excel, _ := readers.XLSXCached(t, doc)
	joins, count := excelBooleanJoins(t, doc)
	xlookups, xcount := lookupsLibreOfficeLacks(t, w, excel)
	sameAsLibreOfficeExcept(t, res.Document, rc, func(sheet, ref, lo, ours string) bool {
		return joins(sheet, ref, lo, ours) || xlookups(sheet, ref, lo, ours)
	})
	t.Logf("%d computed, %d dropped of %d dependents", computed, dropped, deps)
	t.Logf("%d cells joining a boolean read as Excel does, not as LibreOffice does", *count)
	t.Logf("%d cells calling or reading XLOOKUP, which this LibreOffice lacks, equal Excel's cached values", *xcount)
}

// recalcCounts counts the cells a recalculation gave a value and those
// whose cached value it removed (each once; a cell given a value after
// its drop counts as given).
func recalcCounts(rc *recalcResult) (computed, dropped int) {
	for _, m := range rc.values {
		computed += m.len()
	}
	for sheet := range rc.dropped {
		keys, valued := rc.dropsOf(sheet)
		for _, k := range keys {
			if !valued(k) {
				dropped++
			}
		}
	}
	return computed, dropped
}

// hecvatDependents counts the formulas reading issue 33's four answers,
// directly or through each other, on a graph of doc of its own.
func hecvatDependents(t *testing.T, doc []byte) int {
	wb, err := open(doc)
	must(t, err)
	w := newWriter(wb)
	g, ok := w.graph(newScanSource(w))
	if !ok {
		t.Fatal("too many formulas")
	}
	written := map[cell]string{}
	for _, a := range hecvatFourAnswers {
		name, ref, _ := splitSheetRef(a.PairID)
		si, err := wb.sheetIndex(name)
		must(t, err)
		col, row, _, err := cellRef(ref)
		must(t, err)
		written[cell{sheet: si, row: row, col: col}] = a.AnswerText
	}
	return len(g.dependents(written))
}
