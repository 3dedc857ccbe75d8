package excel

import (
	"fmt"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/realdocs"
)

// TestRecalcStopsAtTheWorkBudget writes a cell that many lookups read,
// each left to excelize (a lookup plus a number) over a table of span
// rows: the ones the budget covers get their values, the others lose
// their cached values, and a warning counts them.
func TestRecalcStopsAtTheWorkBudget(t *testing.T) {
	const n, span = 40, 10000
	per := excelizeFormulaWork + excelizeCellWork*(2*span+1) // the table's two columns and Inputs!B1
	computed := maxRecalcWork/per + 1                        // the budget is checked before each formula
	if computed >= n {
		t.Fatalf("the budget covers all %d formulas: make them read more", n)
	}
	res, err := New().Write(lookupBook(t, n, span, span), []formats.Answer{{PairID: "Inputs!B1", AnswerText: "K7"}}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	warn := fmt.Sprintf("%d more formulas depend on the written cells", n-computed)
	if warns := strings.Join(res.Warnings, "\n"); !strings.Contains(warns, warn) || !strings.Contains(warns, "work formfill does for one write") {
		t.Errorf("no warning %q:\n%s", warn, warns)
	}
	sheet := zipEntry(t, res.Document, "xl/worksheets/sheet3.xml")
	if values := strings.Count(string(sheet), "<v>"); values != computed {
		t.Errorf("%d formula cells hold a cached value, want the %d the budget covers", values, computed)
	}
	if got := cellXML(t, sheet, "A1"); !strings.Contains(got, "<v>71</v>") {
		t.Errorf("Scores!A1 = %s, want the value 71", got)
	}
}

// TestRecalcDropsTheDependentsPastTheCap writes a cell more than
// maxDependents formulas read: those past the cap lose their cached
// values (they would be stale) and a warning counts them.
func TestRecalcDropsTheDependentsPastTheCap(t *testing.T) {
	const more = 25
	extra := map[string]string{}
	for r := 1; r <= maxDependents+more; r++ {
		extra["F"+itoa(r)] = `'START HERE'!$C$5&""`
	}
	doc := recalcBook(t, extra)
	// The fixture's formulas hold no cached values: give every formula of
	// Organization one, to see which are removed.
	part := "xl/worksheets/sheet2.xml"
	doc = rezip(t, unzip(t, doc), part, []byte(strings.ReplaceAll(string(zipEntry(t, doc, part)), "</f>", "</f><v>1</v>")))
	res, _ := fillRecalc(t, doc)
	// C3:C6 and the extra formulas depend on the written cells; C7 does not.
	beyond := 4 + maxDependents + more - maxDependents
	warn := fmt.Sprintf("removed the cached values of the %d others", beyond)
	if warns := strings.Join(res.Warnings, "\n"); !strings.Contains(warns, warn) {
		t.Errorf("no warning %q:\n%s", warn, warns)
	}
	sheet := string(zipEntry(t, res.Document, part))
	if values := strings.Count(sheet, "<v>"); values != maxDependents+1 {
		t.Errorf("%d formula cells hold a cached value, want the %d recomputed and C7's", values, maxDependents)
	}
	if got := cellXML(t, []byte(sheet), "C7"); !strings.Contains(got, "<v>1</v>") {
		t.Errorf("C7, which reads no written cell, lost its cached value: %s", got)
	}
}

// benchRecalc times w.recalc after answers are written to doc, and
// reports the CPU time (every thread's, the collector's too) a unit of the
// work budget took: cpu-ns/unit with the graph's making, the search for
// the dependents and their ordering included (an upper bound), and
// calc-ns/unit without them, timed apart in the same loop: the budget
// counts the calculation only.
func benchRecalc(b *testing.B, doc []byte, answers []formats.Answer) {
	w := answeredWriter(b, doc, answers)
	spent, cpu, pre, n := 0, int64(0), int64(0), 0
	for b.Loop() {
		start := calcCPUNow()
		_, g, ok := w.recalcGraph()
		if !ok {
			b.Fatal("too many formulas")
		}
		orderDeps(g, g.dependents(w.written))
		pre += calcCPUNow() - start
		start = calcCPUNow()
		spent = w.recalc().spent
		cpu += calcCPUNow() - start
		n++
	}
	b.ReportMetric(float64(spent), "units")
	b.ReportMetric(float64(cpu)/float64(n)/1e6, "cpu-ms/op")
	b.ReportMetric(float64(cpu)/float64(n)/float64(max(spent, 1)), "cpu-ns/unit")
	b.ReportMetric(float64(cpu-pre)/float64(n)/float64(max(spent, 1)), "calc-ns/unit")
}

// BenchmarkRecalcWorkNative is issue 33's 4-answer HECVAT 4.14 fill's
// recalculation, natively computed lookups almost all.
func BenchmarkRecalcWorkNative(b *testing.B) {
	benchRecalc(b, realdocs.Read(b, "questionnaires", "hecvat-4.14-educause.xlsx"), hecvatFourAnswers)
}

// BenchmarkRecalcWorkExcelize is the recalculation of 10 lookups over
// 10,000 rows, each left to excelize.
func BenchmarkRecalcWorkExcelize(b *testing.B) {
	benchRecalc(b, lookupBook(b, 10, 10000, 10000), []formats.Answer{{PairID: "Inputs!B1", AnswerText: "K7"}})
}
