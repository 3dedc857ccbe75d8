package excel

import (
	"cmp"
	"slices"
	"sync"
	"sync/atomic"
)

// A workbook's sheets are read in order, on the call's goroutine: excelize
// and the workbook's caches are not for concurrent use. What follows,
// finding each sheet's targets and writing its lines, reads only the
// sheet's model (and, through workbook methods that take wb.mu, the
// workbook), so the sheets of a large workbook take it in lanes, as the
// guard takes its parts (laneLimit). Each sheet works into its own part of
// the result, put together in the sheets' order: the answer is the same
// whatever the lanes.

// sheetLaneCells is how many cells a workbook must have for its sheets to
// take lanes: below it the work is a few milliseconds on one core (a
// cell's targets and line cost one to three microseconds; HHS SRA's 9,600
// cells took 25 ms). A variable so that tests can make small workbooks
// take lanes.
var sheetLaneCells = 2000

// eachSheet calls do for each model, in lanes when the workbook is large
// enough, largest sheet first. A panic in do (the call's stop, a malformed
// part) stops the lanes taking more sheets and is raised again on the
// caller's goroutine (of the sheets that panicked, the first in the
// workbook's order), so the entry point's guard meets it as it would
// without lanes. Each model in a lane steps a fork of the call's Stopper.
func (wb *workbook) eachSheet(models []*sheetModel, do func(i int, m *sheetModel)) {
	cells := 0
	for _, m := range models {
		cells += m.cells()
	}
	n := min(laneLimit(), len(models))
	if n < 2 || cells < sheetLaneCells {
		for i, m := range models {
			do(i, m)
		}
		return
	}
	order := make([]int, len(models))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(models[b].cells(), models[a].cells()) })
	panics := make([]any, len(models))
	var next atomic.Int64
	var failed atomic.Bool
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			for !failed.Load() {
				k := int(next.Add(1)) - 1
				if k >= len(order) {
					return
				}
				i := order[k]
				if panics[i] = sheetWork(models[i], wb, i, do); panics[i] != nil {
					failed.Store(true)
				}
			}
		})
	}
	wg.Wait()
	for _, p := range panics {
		if p != nil {
			panic(p)
		}
	}
}

// sheetWork runs do on m in a lane, with a Stopper of its own, and returns
// what it panicked with.
func sheetWork(m *sheetModel, wb *workbook, i int, do func(int, *sheetModel)) (failure any) {
	m.stop = wb.stop.Fork()
	defer func() {
		m.stop = nil
		failure = recover()
	}()
	do(i, m)
	return nil
}

// cells is how many cells the sheet's rows hold: its share of the work.
func (m *sheetModel) cells() int {
	n := 0
	for _, r := range m.rows {
		n += len(r)
	}
	return n
}
