package formats

import "io"

// stopChunk is how many bytes a stopping writer passes on between looks at
// the context: deflating it takes well under a millisecond, and the look
// (a mutex and a load) is nothing beside it.
const stopChunk = 64 << 10

// Reader returns r failing with the Stopper's error once its context has
// ended. Library code that reads through it (an inflating zip entry,
// pdfcpu's parser, an XML decoder) is cut at its next read: each read is at
// most a buffer of work. A nil Stopper returns r itself.
func (s *Stopper) Reader(r io.Reader) io.Reader {
	if s == nil || s.ctx == nil {
		return r
	}
	return &stopReader{r: r, s: s}
}

type stopReader struct {
	r io.Reader
	s *Stopper
}

func (r *stopReader) Read(p []byte) (int, error) {
	if err := r.s.Check(); err != nil {
		return 0, err
	}
	return r.r.Read(p)
}

// ReadSeeker is Reader for an io.ReadSeeker, which pdfcpu reads a PDF
// through. Seeks are not checked: they do no work.
func (s *Stopper) ReadSeeker(rs io.ReadSeeker) io.ReadSeeker {
	if s == nil || s.ctx == nil {
		return rs
	}
	return &stopReadSeeker{stopReader{r: rs, s: s}, rs}
}

type stopReadSeeker struct {
	stopReader
	seek io.Seeker
}

func (r *stopReadSeeker) Seek(off int64, whence int) (int64, error) { return r.seek.Seek(off, whence) }

// Writer returns w failing with the Stopper's error once its context has
// ended. Large writes are passed on in chunks with a look between each, so
// a deflater behind w stops part-way through a big part. A nil Stopper
// returns w itself.
func (s *Stopper) Writer(w io.Writer) io.Writer {
	if s == nil || s.ctx == nil {
		return w
	}
	return &stopWriter{w: w, s: s}
}

type stopWriter struct {
	w io.Writer
	s *Stopper
}

func (w *stopWriter) Write(p []byte) (int, error) {
	n := 0
	for len(p) > 0 {
		if err := w.s.Check(); err != nil {
			return n, err
		}
		c := min(len(p), stopChunk)
		m, err := w.w.Write(p[:c])
		n += m
		if err != nil {
			return n, err
		}
		p = p[c:]
	}
	return n, nil
}
