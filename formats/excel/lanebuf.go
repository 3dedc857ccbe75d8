package excel

import (
	"bytes"
	"sync"
	"weak"
)

// laneBuffers keeps the storage the guard's lanes read parts into from
// one call to the next. No scan keeps the bytes of its part once its pass
// is over (see checkPart), so a lane's storage is free when the lane ends.
// Read into new storage each call, HECVAT 4.14's two lanes allocated 4 MB
// a call (a fifth of its extract's bytes), which the kernel had to fault
// in and the collector to pay for. The pool holds the storage weakly: a
// call that follows at once reads into it, and the first collection after
// the guard's pass frees it. Held strongly (a sync.Pool keeps what it holds
// through one collection), it stayed live through the first collection of
// a write, which the graph's build meets beside the open's scans: 1.8 MB
// more live there on a 600-answer HECVAT 4.14 fill, and twice that on the
// heap's peak, which the collector lets grow to twice what it found live.
var laneBuffers sync.Pool // of weak.Pointer[[]byte]

// maxPooledLaneBuffer bounds the storage the pool keeps: a part that large
// is rare, and holding it between calls would cost a worker more than
// reading it into new storage does.
const maxPooledLaneBuffer = 32 << 20

// laneBufferTries is how many pooled buffers takeLaneBuffer looks at: a
// call's lanes put back a few buffers of different sizes (see checkLane).
const laneBufferTries = 4

// takeLaneBuffer returns pooled storage that a lane would read a part of
// size bytes into and keep (see checkLane): room for the part as
// ReadFileInto reads it, and not so much more that the lane would let it
// go. It returns nil when the pool has none; the buffers it looked at and
// passed over go back to the pool.
func takeLaneBuffer(size uint64) []byte {
	need := size + bytes.MinRead // ReadFileInto's room (see formats.Archive.ReadFileInto)
	var passed [laneBufferTries]weak.Pointer[[]byte]
	var found []byte
	for i := range passed {
		wp, ok := laneBuffers.Get().(weak.Pointer[[]byte])
		if !ok {
			break
		}
		p := wp.Value()
		if p == nil {
			continue // collected: nothing to put back
		}
		if c := uint64(cap(*p)); c >= need && !tooLargeForPart(c, size) {
			found = (*p)[:0]
			break
		}
		passed[i] = wp
	}
	for _, wp := range passed {
		if wp != (weak.Pointer[[]byte]{}) {
			laneBuffers.Put(wp)
		}
	}
	return found
}

// putLaneBuffer gives a lane's storage back to the pool once no part's
// bytes in it are read any more.
func putLaneBuffer(buf []byte) {
	if cap(buf) == 0 || cap(buf) > maxPooledLaneBuffer {
		return
	}
	buf = buf[:0]
	laneBuffers.Put(weak.Make(&buf))
}

// tooLargeForPart says whether storage of capacity c is much larger than a
// part of size bytes needs: a lane lets it go rather than hold it beside
// the scans of the smaller parts left (see checkLane).
func tooLargeForPart(c, size uint64) bool {
	return c > max(2*size, keepLaneBuffer)
}
