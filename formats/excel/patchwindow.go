package excel

import (
	"errors"
	"io"
)

// A patched sheet is read as it is inflated: the patch holds a window of
// the part's XML, from the first byte it may still need (the start of the
// element it is rewriting, or of the token it is reading) to what the
// tokenizer has read ahead, not the part itself (8 MB for HECVAT 4.14's
// largest sheet).

// windowChunk is how much the window reads from its source at a time.
const windowChunk = 32 << 10

// partWindow holds bytes [base, base+len(buf)) of a part read from src.
// Offsets are the part's: the window slides along it as the patch lets go
// of what it no longer needs (release).
type partWindow struct {
	src   io.Reader
	buf   []byte
	base  int
	keep  int // bytes before keep may be dropped
	rd    int // where Read goes on: the slow tokenizer's reads
	eof   bool
	err   error // the source's error other than io.EOF
	chunk int   // bytes read at a time; windowChunk, smaller in tests
	// pinned is set while the fast pass holds slices of buf (a token and
	// its callbacks, which may read ahead): buf may then be replaced by a
	// larger copy, never moved within itself.
	pinned bool
}

// newPartWindow starts a window on src.
func newPartWindow(src io.Reader) *partWindow {
	return &partWindow{src: src, chunk: windowChunk}
}

// end is the offset after the last byte the window holds.
func (w *partWindow) end() int { return w.base + len(w.buf) }

// fill reads until the window holds the bytes before upTo, or the part
// ends; it reports whether it holds them.
func (w *partWindow) fill(upTo int) bool {
	for w.end() < upTo && !w.eof {
		w.readChunk()
	}
	return w.end() >= upTo
}

// more reads one more chunk, at least, and reports whether it got any.
func (w *partWindow) more() bool {
	n := w.end()
	for w.end() == n && !w.eof {
		w.readChunk()
	}
	return w.end() > n
}

// readChunk reads up to a chunk from src, first dropping the bytes before
// keep when they are at least half of what the window holds.
func (w *partWindow) readChunk() {
	if drop := w.keep - w.base; !w.pinned && drop > 0 && drop >= len(w.buf)/2 {
		w.buf = w.buf[:copy(w.buf, w.buf[drop:])]
		w.base = w.keep
	}
	if cap(w.buf)-len(w.buf) < w.chunk {
		grown := make([]byte, len(w.buf), 2*cap(w.buf)+w.chunk)
		copy(grown, w.buf)
		w.buf = grown
	}
	n, err := w.src.Read(w.buf[len(w.buf) : len(w.buf)+w.chunk])
	w.buf = w.buf[:len(w.buf)+n]
	switch {
	case errors.Is(err, io.EOF):
		w.eof = true
	case err != nil:
		w.eof, w.err = true, err
	}
}

// release lets the window drop the bytes before at (no further back than
// it was let go before).
func (w *partWindow) release(at int) { w.keep = max(w.keep, min(at, w.end())) }

// bytes is the part's bytes [from, to), which the window must hold.
func (w *partWindow) bytes(from, to int) []byte { return w.buf[from-w.base : to-w.base] }

// at is the part's byte at i, which the window must hold.
func (w *partWindow) at(i int) byte { return w.buf[i-w.base] }

// Read hands out the part from rd on, for encoding/xml's decoder.
func (w *partWindow) Read(b []byte) (int, error) {
	if w.rd >= w.end() && !w.more() {
		if w.err != nil {
			return 0, w.err
		}
		return 0, io.EOF
	}
	n := copy(b, w.buf[w.rd-w.base:])
	w.rd += n
	return n, nil
}
