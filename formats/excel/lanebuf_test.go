package excel

import (
	"runtime"
	"testing"
)

// TestLaneBufferPoolLetsGoAtACollection holds the lane buffer pool to
// lending storage only until the next collection: storage put back and
// collected once is not lent again (a pool that kept it through a
// collection kept it live through a write's first one, see lanebuf.go),
// and storage too small or too large for a part is never lent.
func TestLaneBufferPoolLetsGoAtACollection(t *testing.T) {
	const size = 1 << 20
	for _, tc := range []struct {
		name    string
		put     int // the capacity of the storage put back
		collect bool
		part    uint64
	}{
		{"storage collected after it was put back", size, true, size / 2},
		{"storage too small for the part", 1 << 10, false, size},
		{"storage much larger than the part", size, false, size / 64},
	} {
		t.Run(tc.name, func(t *testing.T) {
			drainLaneBuffers()
			putLaneBuffer(make([]byte, 0, tc.put))
			if tc.collect {
				runtime.GC()
			}
			if got := takeLaneBuffer(tc.part); got != nil {
				t.Errorf("lent storage of capacity %d for a part of %d bytes", cap(got), tc.part)
			}
		})
	}
}

// drainLaneBuffers empties the pool of what earlier tests put back.
func drainLaneBuffers() {
	runtime.GC()
	for laneBuffers.Get() != nil {
	}
}
