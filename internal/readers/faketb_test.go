package readers

import (
	"fmt"
	"runtime"
	"sync"
	"testing"
)

// fakeTB stands in for a test so the helpers' own failures can be
// observed: Fatal and Skip record and stop the goroutine, as the real
// ones do.
type fakeTB struct {
	testing.TB
	mu      sync.Mutex
	failed  bool
	skipped bool
	msg     string
}

func (f *fakeTB) Helper() {}

func (f *fakeTB) record(failed, skipped bool, msg string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.failed = f.failed || failed
	f.skipped = f.skipped || skipped
	f.msg += msg + "\n"
}

func (f *fakeTB) Errorf(format string, args ...any) {
	f.record(true, false, fmt.Sprintf(format, args...))
}
func (f *fakeTB) Error(args ...any)                 { f.record(true, false, fmt.Sprint(args...)) }
func (f *fakeTB) Fatalf(format string, args ...any) { f.Errorf(format, args...); runtime.Goexit() }
func (f *fakeTB) Fatal(args ...any)                 { f.Error(args...); runtime.Goexit() }
func (f *fakeTB) FailNow()                          { f.record(true, false, "FailNow"); runtime.Goexit() }
func (f *fakeTB) Skip(args ...any)                  { f.record(false, true, fmt.Sprint(args...)); runtime.Goexit() }
func (f *fakeTB) Skipf(format string, args ...any) {
	f.record(false, true, fmt.Sprintf(format, args...))
	runtime.Goexit()
}
func (f *fakeTB) Logf(format string, args ...any) {}

// observe runs fn against a fakeTB backed by t (for TempDir and cleanup)
// and returns what fn did to it.
func observe(t *testing.T, fn func(tb testing.TB)) *fakeTB {
	t.Helper()
	f := &fakeTB{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn(f)
	}()
	<-done
	return f
}
