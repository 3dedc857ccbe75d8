package excel

import (
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/realdocs"
)

// TestRecalcHECVATFullFillComputesItsLookups fills every free field of
// HECVAT Full 3.06 (482 answers, spreadAnswers' 600 capped by what the
// map offers) and of HECVAT 4.14 (600) and counts the dependents
// formfill computed and those whose cached value it dropped: HECVAT Full
// 3.06 looks its IDs up with approximate VLOOKUPs over columns where
// section titles sit between the IDs, which formfill once refused (2,725
// dropped, the 278 lookups and what reads them); Excel's own search now
// computes them, and TestNativeMatchesCachedValues holds every one to
// Excel's cached value. It skips without the real documents.
func TestRecalcHECVATFullFillComputesItsLookups(t *testing.T) {
	for _, name := range []string{"hecvat-full-3.06-educause.xlsx", "hecvat-4.14-educause.xlsx"} {
		t.Run(name, func(t *testing.T) {
			doc := realdocs.Read(t, "questionnaires", name)
			answers, _, _ := spreadAnswers(t, doc, 600)
			res, w, _, err := New().write(doc, answers, formats.WriteOptions{}, false)
			if err != nil {
				t.Fatal(err)
			}
			computed, dropped := recalcCounts(w.wb.recalced)
			t.Logf("%d answers: %d formulas computed, %d dropped", len(answers), computed, dropped)
			if dropped != 0 {
				t.Errorf("%d formulas dropped, want none", dropped)
			}
			for _, warn := range res.Warnings {
				if strings.Contains(warn, "approximate match") {
					t.Errorf("an approximate lookup was reported: %s", warn)
				}
			}
		})
	}
}
