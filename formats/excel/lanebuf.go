package excel

import (
	"bytes"
	"sync"
)

// laneBuffers keeps the storage the guard's lanes read parts into from
// one call to the next. No scan keeps the bytes of its part once its pass
// is over (see checkPart), so a lane's storage is free when the lane ends.
// Read into new storage each call, HECVAT 4.14's two lanes allocated 4 MB
// a call (a fifth of its extract's bytes), which the kernel had to fault
// in and the collector to pay for. A sync.Pool lets the storage go after
// a collection or two without a call.
var laneBuffers sync.Pool // of *[]byte

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
	var passed [laneBufferTries]*[]byte
	var found []byte
	for i := range passed {
		p, _ := laneBuffers.Get().(*[]byte)
		if p == nil {
			break
		}
		if c := uint64(cap(*p)); c >= need && !tooLargeForPart(c, size) {
			found = (*p)[:0]
			break
		}
		passed[i] = p
	}
	for _, p := range passed {
		if p != nil {
			laneBuffers.Put(p)
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
	laneBuffers.Put(&buf)
}

// tooLargeForPart says whether storage of capacity c is much larger than a
// part of size bytes needs: a lane lets it go rather than hold it beside
// the scans of the smaller parts left (see checkLane).
func tooLargeForPart(c, size uint64) bool {
	return c > max(2*size, keepLaneBuffer)
}
