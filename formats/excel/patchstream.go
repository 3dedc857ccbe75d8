package excel

import (
	"archive/zip"
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/formfill/formfill/formats"
)

// A patched worksheet is inflated, patched and deflated a chunk at a
// time, straight into the package's entry: the save holds neither the
// part's XML nor its patched copy, inflated or deflated (8 MB and 0.8 MB
// for HECVAT 4.14's largest sheet), only the patch's window and a chunk of
// output. The entry is the one putEntry would write: same header, same
// compressor, fed the same bytes.

// spillAt is how much patched XML the patch gathers before deflating it.
const spillAt = 64 << 10

// patchEntry writes worksheet entry f into zw with the changes ch, and
// reports how many references to the shared strings the patch dropped.
func (wb *workbook) patchEntry(zw *zip.Writer, f *zip.File, ch sheetChanges, shared func(string) int, bufs *patchBufs) (int, error) {
	src, closeSrc, err := wb.sheetSource(f)
	if err != nil {
		return 0, err
	}
	defer closeSrc()
	w, err := zw.CreateHeader(&zip.FileHeader{Name: f.Name, Method: zip.Deflate, Modified: f.Modified})
	if err != nil {
		return 0, fmt.Errorf("write zip entry %s: %w", f.Name, err)
	}
	res, err := patchSheetStreamIn(src, f.Name, ch, shared, wb.stop, wb.stop.Writer(w), bufs)
	if err != nil {
		return 0, err
	}
	return res.sharedRefsRemoved, nil
}

// sheetSource is worksheet f's XML as UTF-8 (see readXML), inflated as it
// is read, through the call's stop. A part in another encoding, which no
// spreadsheet program writes, is read and transcoded whole.
func (wb *workbook) sheetSource(f *zip.File) (io.Reader, func(), error) {
	rc, err := f.Open()
	if err != nil {
		return nil, nil, formats.Wrap(formats.ErrInvalidDocument, f.Name, err, "cannot open entry")
	}
	br := bufio.NewReaderSize(wb.stop.Reader(rc), declPeek)
	head, err := br.Peek(declPeek)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		rc.Close()
		if s := wb.stop.Check(); s != nil {
			return nil, nil, s
		}
		return nil, nil, formats.Wrap(formats.ErrInvalidDocument, f.Name, err, "corrupt entry")
	}
	if plainUTF8(head) {
		return br, func() { rc.Close() }, nil
	}
	rc.Close()
	data, err := wb.readXML(f.Name)
	if err != nil {
		return nil, nil, err
	}
	return bytes.NewReader(data), func() {}, nil
}

// declPeek is how much of a part sheetSource looks at for its encoding.
const declPeek = 4096

// plainUTF8 reports whether a part that starts with head is UTF-8 as it
// is: toUTF8 would give it back unchanged. It says no when the XML
// declaration does not end within head.
func plainUTF8(head []byte) bool {
	if hasUTF16BOM(head) {
		return false
	}
	if !bytes.HasPrefix(head, []byte("<?xml")) {
		return true
	}
	end := bytes.Index(head, []byte("?>"))
	if end < 0 {
		return false
	}
	enc := declaredEncoding(string(head[:end]))
	return enc == "" || strings.EqualFold(enc, "utf-8") || strings.EqualFold(enc, "utf8")
}

// run passes the part and reports what stopped the patch, if anything.
func (p *sheetPatch) run(part string, stop *formats.Stopper) (*sheetPatchResult, error) {
	sx := &streamXML{win: p.win, part: part, record: p.token, hold: p.hold, stop: stop}
	if err := sx.run(); err != nil {
		return nil, err
	}
	if p.sinkErr != nil {
		return nil, sinkError(part, p.sinkErr, stop)
	}
	if p.err != nil {
		return nil, formats.Wrap(formats.ErrInvalidDocument, part, p.err, "the worksheet cannot be patched")
	}
	if p.legacyRID != "" && !p.legacyDone {
		return nil, formats.Errorf(formats.ErrInvalidDocument, part, "the worksheet has no place for its notes' drawing")
	}
	if p.next < len(p.edits) {
		return nil, formats.Errorf(formats.ErrInvalidDocument, part, "the worksheet has no sheetData where cell %s could go", appendCellName(nil, p.edits[p.next].row, p.edits[p.next].col))
	}
	p.emit(p.win.end())
	if p.spill(true); p.sinkErr != nil {
		return nil, sinkError(part, p.sinkErr, stop)
	}
	return &sheetPatchResult{sharedRefsRemoved: p.sRefsRemoved}, nil
}

// hold copies out the original bytes before at, where the next token
// starts, once they are a chunk's worth (copyOut passes them to dst as
// they lie in the window), unless an edited cell is open (it is written
// anew at its end), and returns the first byte the patch may still read.
func (p *sheetPatch) hold(at int) int {
	if p.err != nil {
		return at
	}
	if p.cur.e == nil && at-p.last >= spillAt {
		p.emit(at)
	}
	if p.inSqref {
		return min(p.last, p.sqrefFrom)
	}
	return p.last
}

// copyOut writes original bytes: a large run straight into dst, after
// what out holds.
func (p *sheetPatch) copyOut(b []byte) {
	if len(b) < spillAt {
		p.out.Write(b)
		return
	}
	if p.spill(true); p.sinkErr == nil {
		_, p.sinkErr = p.dst.Write(b)
	}
}

// spill deflates what out holds once it holds spillAt bytes, or all of
// it when force, and empties it. A failure (a stop) ends the patch.
func (p *sheetPatch) spill(force bool) {
	if p.sinkErr != nil || p.out.Len() == 0 || !force && p.out.Len() < spillAt {
		return
	}
	_, p.sinkErr = p.dst.Write(p.out.Bytes())
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
