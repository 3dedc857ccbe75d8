package excel

import "sync/atomic"

// lowestFailure is the lowest index of a unit of work (a part the guard
// checks, a sheet) that failed, in any lane: what a pass in order would
// meet first. A lane skips the units after it, whose outcome can no longer
// matter, and goes on with those before it, one of which may fail first.
type lowestFailure struct{ i atomic.Int64 }

// newLowestFailure is a lowestFailure of n units, none failed.
func newLowestFailure(n int) *lowestFailure {
	l := &lowestFailure{}
	l.i.Store(int64(n))
	return l
}

// fail records that unit i failed.
func (l *lowestFailure) fail(i int) {
	for {
		low := l.i.Load()
		if int64(i) >= low || l.i.CompareAndSwap(low, int64(i)) {
			return
		}
	}
}

// skips reports whether unit i comes after one that failed.
func (l *lowestFailure) skips(i int) bool { return int64(i) > l.i.Load() }
