package excel

import "fmt"

// A write recomputes its dependents within a budget of work counted, not
// timed, so that what a fill computes never depends on the machine or
// its load: the same write of the same workbook caches the same values.
// A formula computed natively (calcnative.go) costs the cells it reads,
// and one, whose tokens and result make the rest of its cost; one left to
// excelize costs excelizeFormulaWork and excelizeCellWork for every cell
// it reads, as excelize reads each range's cells anew, allocating for
// each. The dependents past the budget lose their cached values, as the
// uncomputable ones do, and are reported.
const (
	// maxRecalcWork is the budget of one write. A native cell read costs
	// 0.2 µs and excelize's about 4 µs (see calcbudget_test.go's
	// benchmarks), so the budget is a second or two of CPU at most; a
	// 4-answer or a 600-answer HECVAT 4.14 fill spends under a tenth of it.
	maxRecalcWork = 5000000
	// excelizeCellWork is a cell excelize reads against one read natively.
	excelizeCellWork = 20
	// excelizeFormulaWork is the fixed cost of a formula excelize computes:
	// its parse and evaluation apart from the cells it reads.
	excelizeFormulaWork = 200
)

// calcWithin computes ordered, in their order, until the budget is spent:
// natively where it can, else it puts them into book for excelize, which
// recompute then asks for their values. It returns the native results,
// the dependents to record (those before the budget ran out, and those
// after it the native calculation computed as formulas the first ones
// read) and the rest, and false when the call was stopped or the book
// could not be made (then res says so).
func (w *writer) calcWithin(book *calcBook, native *nativeCalc, ordered []int, res *recalcResult) (raws map[int]string, computed, rest []int, ok bool) {
	raws = map[int]string{}
	spent := 0
	for k, i := range ordered {
		if spent > maxRecalcWork {
			computed, rest = ordered[:k:k], nil
			for _, j := range ordered[k:] {
				if v, done := native.results[j]; done {
					raws[j], _ = rawResult(v) // results holds only what rawResult takes
					computed = append(computed, j)
					continue
				}
				rest = append(rest, j)
			}
			return raws, computed, rest, true
		}
		if w.wb.stop.Check() != nil {
			return nil, nil, nil, false
		}
		n := book.g.nodes[i]
		if uncomputable(n, false) == "" {
			before := native.work
			raw, ok := native.calcOnce(i, n)
			spent += 1 + native.work - before
			if ok {
				raws[i] = raw
				continue
			}
		}
		if err := book.open(); err != nil {
			w.dropAll(book.g, ordered, fmt.Sprintf("formfill could not make a workbook to compute it in (%v)", err), res)
			return nil, nil, nil, false
		}
		before := book.work
		if book.need(i) == "" {
			spent += excelizeFormulaWork + excelizeCellWork*(book.work-before)
		}
	}
	return raws, ordered, nil, true
}
