package excel

import "fmt"

// A write recomputes its dependents within a budget of work counted, not
// timed, so that what a fill computes never depends on the machine or
// its load: the same write of the same workbook caches the same values.
// A unit is about 50 ns of CPU. A formula computed natively
// (calcnative.go) costs nativeFormulaWork and nativeCellWork for each cell
// it reads; one left to excelize costs excelizeFormulaWork and
// excelizeCellWork for every cell it reads, as excelize reads each range's
// cells anew, allocating for each. The dependents past the budget lose
// their cached values, as the uncomputable ones do, and are reported.
//
// Calibrated with BenchmarkRecalcWorkNative and BenchmarkRecalcWorkExcelize
// (calc-ns/unit, 2 CPUs, load 2-3): excelize's lookups over 10,000 rows
// took 43-51 ns of CPU a unit; HECVAT 4.14's 4-answer fill, which
// computes all its 12,800 dependents natively, took 110-124 ns a unit
// when a formula cost 80 units and a cell 1, so both costs were doubled
// (48 ns a unit since). The graph's making, the search for the dependents
// and their ordering are not counted: they take as much again
// (cpu-ns/unit, about 90) and are bounded by maxFormulas, not by the
// budget.
const (
	// maxRecalcWork is the budget of one write: a quarter of a second of
	// CPU. A 4-answer or a 600-answer HECVAT 4.14 fill spends about half
	// of it.
	maxRecalcWork = 5000000
	// nativeFormulaWork is the fixed cost of a formula computed natively:
	// its tokens, its text's fetch and its result.
	nativeFormulaWork = 160
	// nativeCellWork is a cell the native calculation reads.
	nativeCellWork = 2
	// excelizeCellWork is a cell excelize reads.
	excelizeCellWork = 20
	// excelizeFormulaWork is the fixed cost of a formula excelize computes:
	// its parse and evaluation apart from the cells it reads.
	excelizeFormulaWork = 200
)

// calcWithin computes ordered, in their order, until the budget is spent:
// natively where it can, else it puts them into book for excelize, which
// recompute then asks for their values (native holds the others'). It
// returns the dependents to record (those before the budget ran out, and those
// after it the native calculation computed as formulas the first ones
// read) and the rest, and false when the call was stopped or the book
// could not be made (then res says so).
func (w *writer) calcWithin(book *calcBook, native *nativeCalc, ordered []int, res *recalcResult) (computed, rest []int, ok bool) {
	spent := 0
	defer func() { res.spent = spent }()
	for k, i := range ordered {
		if spent > maxRecalcWork {
			computed, rest = ordered[:k:k], nil
			for _, j := range ordered[k:] {
				if native.is(j, nodeDone) {
					computed = append(computed, j)
					continue
				}
				rest = append(rest, j)
			}
			return computed, rest, true
		}
		if w.wb.stop.Check() != nil {
			return nil, nil, false
		}
		n := book.g.nodes[i]
		if uncomputable(n, false) == "" {
			before := native.work
			ok := native.calcOnce(i, n)
			spent += nativeFormulaWork + nativeCellWork*(native.work-before)
			if ok {
				continue
			}
		}
		if err := book.open(); err != nil {
			w.dropAll(book.g, ordered, fmt.Sprintf("formfill could not make a workbook to compute it in (%v)", err), res)
			return nil, nil, false
		}
		before := book.work
		if book.need(i) == "" {
			spent += excelizeFormulaWork + excelizeCellWork*(book.work-before)
		}
	}
	return ordered, nil, true
}
