package reliability

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"sync/atomic"
	"time"
)

// callTimeout bounds one tool call on one hostile input: past it the call is
// reported as a hang (its goroutine is abandoned).
const callTimeout = 30 * time.Second

// outcome is what one bounded call did.
type outcome struct {
	err      error
	panicked any
	hung     bool
	dur      time.Duration
	peakHeap uint64 // highest HeapAlloc seen during the call, above the baseline
	alloc    uint64 // bytes allocated during the call (TotalAlloc growth)
}

func (o outcome) String() string {
	return fmt.Sprintf("%v, peak heap +%s, allocated %s", o.dur.Round(time.Millisecond), mib(o.peakHeap), mib(o.alloc))
}

func mib(n uint64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }

// bounded runs fn in a goroutine with a timeout, recovering panics and
// sampling the heap every 10 ms. Calls must not run concurrently with each
// other, or the memory figures mix.
func bounded(fn func() error) outcome {
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	var peak atomic.Uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		t := time.NewTicker(10 * time.Millisecond)
		defer t.Stop()
		var ms runtime.MemStats
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				runtime.ReadMemStats(&ms)
				if ms.HeapAlloc > before.HeapAlloc && ms.HeapAlloc-before.HeapAlloc > peak.Load() {
					peak.Store(ms.HeapAlloc - before.HeapAlloc)
				}
			}
		}
	}()
	done := make(chan outcome, 1)
	start := time.Now()
	go func() {
		var o outcome
		defer func() {
			if r := recover(); r != nil {
				o.panicked = fmt.Sprintf("%v\n%s", r, debug.Stack())
			}
			done <- o
		}()
		o.err = fn()
	}()
	var o outcome
	select {
	case o = <-done:
	case <-time.After(callTimeout):
		o.hung = true
	}
	o.dur = time.Since(start)
	close(stop)
	<-sampled
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	o.peakHeap = peak.Load()
	if after.HeapAlloc > before.HeapAlloc && after.HeapAlloc-before.HeapAlloc > o.peakHeap {
		o.peakHeap = after.HeapAlloc - before.HeapAlloc
	}
	o.alloc = after.TotalAlloc - before.TotalAlloc
	return o
}
