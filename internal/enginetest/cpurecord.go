package enginetest

import (
	"context"
	"runtime"
	"strings"
	"time"

	"github.com/formfill/formfill/internal/cputest"
)

// gapRecorder is a context whose Err, called by a bound engine at each of
// its checks, records the CPU time the calling thread spent since the last
// check. Runs of a call are pinned to one OS thread, so the longest gap is
// the most CPU a stop can cost before the call notices it: work between two
// checks cannot be cut.
type gapRecorder struct {
	context.Context
	tid    int
	last   time.Duration
	checks int
	max    time.Duration
	maxAt  [2][]uintptr // the call stacks at the check before and after the longest gap
	prev   []uintptr
}

func newGapRecorder(ctx context.Context) *gapRecorder {
	return &gapRecorder{Context: ctx, tid: cputest.Gettid(), last: cputest.Thread()}
}

// Err implements context.Context.
func (r *gapRecorder) Err() error {
	if cputest.Gettid() == r.tid { // a check made on another goroutine's thread is not timed
		r.mark()
	}
	return r.Context.Err()
}

// mark ends a gap at the current point of the call.
func (r *gapRecorder) mark() {
	now := cputest.Thread()
	pcs := make([]uintptr, 24)
	pcs = pcs[:runtime.Callers(3, pcs)]
	if gap := now - r.last; gap > r.max {
		r.max, r.maxAt = gap, [2][]uintptr{r.prev, pcs}
	}
	r.checks++
	r.last, r.prev = now, pcs
}

// where names the code on both sides of the longest gap.
func (r *gapRecorder) where() string {
	return "after " + describe(r.maxAt[0]) + " until " + describe(r.maxAt[1])
}

// describe names the first few functions of a call stack that belong to
// formfill's engines or their libraries, innermost first.
func describe(pcs []uintptr) string {
	if len(pcs) == 0 {
		return "the start (or end) of the call"
	}
	var names []string
	frames := runtime.CallersFrames(pcs)
	for {
		f, more := frames.Next()
		name := f.Function
		switch {
		case strings.Contains(name, "enginetest."), strings.HasPrefix(name, "runtime."),
			strings.Contains(name, "formats.(*Stopper)"), strings.Contains(name, "formats.(*stop"):
		default:
			names = append(names, name[strings.LastIndexByte(name, '/')+1:])
		}
		if !more || len(names) == 4 {
			break
		}
	}
	return strings.Join(names, " < ")
}
