package cputest

import (
	"testing"
	"time"
)

func TestOfCountsWorkAndNotWaiting(t *testing.T) {
	if !Available() {
		t.Skip("no per-thread CPU clock here")
	}
	slept := Of(func() { time.Sleep(300 * time.Millisecond) })
	before := Process()
	x := 0
	worked := Of(func() {
		for i := range 50_000_000 {
			x += i & 3
		}
	})
	process := Process() - before
	t.Logf("sleeping 300 ms: %v of CPU; a busy loop: %v (process: %v)", slept, worked, process)
	if slept > 30*time.Millisecond {
		t.Errorf("300 ms of sleep counted as %v of CPU", slept)
	}
	if worked <= 0 || worked > process+10*time.Millisecond {
		t.Errorf("a busy loop counted %v of CPU, the whole process %v: want more than nothing and no more than the process (%d)", worked, process, x)
	}
}
