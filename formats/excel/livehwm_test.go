package excel

import (
	"runtime"
	"runtime/debug"
)

// hwmGCPercent is the collector's target while liveHighWater measures: a
// collection every 5% of growth, so the most live heap any collection
// finds is within about 5% of the true high-water mark, whenever the
// collections fall. At the default 100% a collection may fall anywhere in
// a doubling, and the most it finds moved by 1.5 MB between runs of the
// same fill.
const hwmGCPercent = 5

// liveHighWater runs do with the collector at hwmGCPercent and returns
// the most live heap a collection found above what one found before the
// call: the high-water mark of what the call holds, less the garbage the
// sampled peak carries and steadier than it.
func liveHighWater(do func()) uint64 {
	old := debug.SetGCPercent(hwmGCPercent)
	defer debug.SetGCPercent(old)
	runtime.GC()
	base := liveHeapNow()
	var most uint64
	stop := everyCollection(func(live uint64) { most = max(most, live) })
	do()
	stop()
	return most - min(most, base)
}
