package excel

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/formfill/formfill/formats"
)

// A patched worksheet is deflated as the patch writes it, a chunk at a
// time, into a zip of its own, from which savePatched copies the entry
// raw: the save holds the part's XML and its deflated copy, not a second
// inflated copy of the part (2.3 MB for HECVAT 4.14's largest sheet).
// The entry is the one putEntry would write: same header, same
// compressor, fed the same bytes.

// spillAt is how much patched XML the patch gathers before deflating it.
const spillAt = 64 << 10

// deflatedPart is one patched part being deflated.
type deflatedPart struct {
	name string
	mod  time.Time
	stop *formats.Stopper
	buf  bytes.Buffer
	zw   *zip.Writer
	w    io.Writer
}

// start begins the entry anew: the patch starts over when the fast
// tokenizer gives up.
func (d *deflatedPart) start() error {
	d.buf.Reset()
	d.zw = zip.NewWriter(&d.buf)
	formats.UseFastDeflate(d.zw)
	w, err := d.zw.CreateHeader(&zip.FileHeader{Name: d.name, Method: zip.Deflate, Modified: d.mod})
	if err != nil {
		return fmt.Errorf("write zip entry %s: %w", d.name, err)
	}
	d.w = d.stop.Writer(w)
	return nil
}

// file is the finished entry, to copy raw.
func (d *deflatedPart) file() (*zip.File, error) {
	if err := d.zw.Close(); err != nil {
		return nil, fmt.Errorf("close zip entry %s: %w", d.name, err)
	}
	zr, err := zip.NewReader(bytes.NewReader(d.buf.Bytes()), int64(d.buf.Len()))
	if err != nil || len(zr.File) != 1 {
		return nil, fmt.Errorf("reread zip entry %s: %w", d.name, errors.Join(err, errors.New("not one entry")))
	}
	return zr.File[0], nil
}

// copyOut writes original bytes: straight into the sink, after what out
// holds, when there is one.
func (p *sheetPatch) copyOut(b []byte) {
	if p.sink == nil || len(b) < spillAt {
		p.out.Write(b)
		return
	}
	if p.spill(true); p.sinkErr == nil {
		_, p.sinkErr = p.sink.w.Write(b)
	}
}

// spill deflates what out holds once it holds spillAt bytes, or all of
// it when force, and empties it. A failure (a stop) ends the patch.
func (p *sheetPatch) spill(force bool) {
	if p.sink == nil || p.sinkErr != nil || p.out.Len() == 0 || !force && p.out.Len() < spillAt {
		return
	}
	_, p.sinkErr = p.sink.w.Write(p.out.Bytes())
	p.out.Reset()
	if p.sinkErr != nil && p.err == nil {
		p.err = p.sinkErr // the patch stops looking at elements
	}
}

// sinkError is the error of a failed write into a part's sink: the stop's
// when the call was stopped.
func sinkError(part string, err error, stop *formats.Stopper) error {
	if s := stop.Check(); s != nil {
		return s
	}
	return fmt.Errorf("write zip entry %s: %w", part, err)
}
