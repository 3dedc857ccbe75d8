// Package cputest measures CPU time for tests, which must not depend on
// the machine's speed or load: a bound on the CPU a piece of work uses
// holds on a loaded machine where one on its wall time does not, because
// other processes' work is not counted.
package cputest

import (
	"runtime"
	"time"
)

// Of runs fn on the calling goroutine, locked to its OS thread, and returns
// the CPU time that thread used: fn's own work and the garbage collection
// it was made to assist with, not other goroutines' or the collector's
// background work. It returns 0 where Available is false.
func Of(fn func()) time.Duration {
	if !Available() {
		fn()
		return 0
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start := Thread()
	fn()
	return Thread() - start
}
