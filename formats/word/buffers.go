package word

// xmlBuffers keeps idle buffers of document.xml's size between calls: the
// inflated part, dead once parsed, and the serialised one, dead once
// deflated. Allocating both afresh was a fifth of a write's garbage, and
// garbage collection a third of its time. A channel rather than a
// sync.Pool, which the collections a call triggers would empty.
var xmlBuffers = make(chan []byte, 4)

// maxPooledBuffer bounds what is kept: a rare huge document should not pin
// its buffers for the life of the process.
const maxPooledBuffer = 4 << 20

// getBuffer returns an idle buffer, empty, or nil when there is none.
func getBuffer() []byte {
	select {
	case b := <-xmlBuffers:
		return b[:0]
	default:
		return nil
	}
}

// putBuffer hands b back for reuse. Nothing may refer to b afterwards.
func putBuffer(b []byte) {
	if cap(b) == 0 || cap(b) > maxPooledBuffer {
		return
	}
	select {
	case xmlBuffers <- b:
	default:
	}
}
