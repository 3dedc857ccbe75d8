package excel

import (
	"cmp"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/formfill/formfill/formats"
)

// The read tools work on a workbook sheet by sheet: reading a sheet's
// rows and validations, then finding its targets and writing its lines or
// its view. The sheets are independent but for option lists, which read
// other sheets' cells, so a large workbook's sheets take lanes, as the
// guard takes its parts (laneLimit), each working into a part of the
// result of its own; the parts are put together in the sheets' order, so
// the answer is the same whatever the lanes.
//
// What the sheets share is made safe for lanes: every scan is made first,
// on the call's goroutine, and a sheet naming another's part gets a copy of
// its own (scanSheets); the shared strings and the rows' cache are read
// only under the workbook's lock (wb.mu); a sheet's rows and the number
// formats are each worked out once (sync.Once); each sheet steps a fork of
// the call's Stopper.

// sheetLaneCells is how many cells (as the scans count them, empty styled
// ones too) a workbook must have for its sheets to take lanes: below it
// the work is a few milliseconds on one core (a cell's targets and line
// cost one to three microseconds; HHS SRA's 9,600 cells took 25 ms). A
// variable so that tests can make small workbooks take lanes.
var sheetLaneCells = 2000

// eachSheet scans every sheet, then calls do for each sheet index (0-based)
// with the Stopper its work steps, in lanes when the workbook is large
// enough, largest sheet first. The error is the one the sheets in order
// would meet first: a lane takes no sheet after the lowest that failed. A
// panic in do (the call's stop, a malformed part) counts as the sheet's
// failure and is raised again on the caller's goroutine, where the entry
// point's guard meets it as it would without lanes.
func (wb *workbook) eachSheet(do func(i int, stop *formats.Stopper) error) error {
	wb.scanSheets()
	weights := make([]int, len(wb.sheets))
	cells := 0
	for i, sheet := range wb.sheets {
		if sc := wb.scanned[sheet].scan; sc != nil && sc.cells != nil {
			weights[i] = len(sc.cells.cells) + sc.cells.dropped
		}
		cells += weights[i]
	}
	n := min(laneLimit(), len(wb.sheets))
	if n < 2 || cells < sheetLaneCells {
		for i := range wb.sheets {
			if err := do(i, wb.stop); err != nil {
				return err
			}
		}
		return nil
	}
	order := make([]int, len(wb.sheets))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(weights[b], weights[a]) })
	failures := make([]sheetFailure, len(wb.sheets))
	var next atomic.Int64
	lowest := newLowestFailure(len(order))
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			for {
				k := int(next.Add(1)) - 1
				if k >= len(order) {
					return
				}
				i := order[k]
				if lowest.skips(i) {
					continue
				}
				if failures[i] = sheetWork(i, wb.stop.Fork(), do); failures[i].failed() {
					lowest.fail(i)
				}
			}
		})
	}
	wg.Wait()
	for _, f := range failures {
		if f.panicked != nil {
			panic(f.panicked)
		}
		if f.err != nil {
			return f.err
		}
	}
	return nil
}

// sheetFailure is how a sheet's work in a lane failed: an error, or what
// it panicked with.
type sheetFailure struct {
	err      error
	panicked any
}

func (f sheetFailure) failed() bool { return f.err != nil || f.panicked != nil }

// sheetWork runs do for sheet i in a lane and returns how it failed.
func sheetWork(i int, stop *formats.Stopper, do func(int, *formats.Stopper) error) (f sheetFailure) {
	defer func() { f.panicked = recover() }()
	return sheetFailure{err: do(i, stop)}
}
