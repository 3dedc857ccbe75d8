package excel

import (
	"archive/zip"
	"errors"

	"github.com/formfill/formfill/formats"
)

// The guard's pass reads most parts whole, into its lane's storage: a
// worksheet's scan and the shared strings' read their part's bytes by
// offset, during the pass and (for sizing) before it. A part nothing
// records (the calculation chain, the styles, drawings, custom XML) is
// only checked, and a part that large is checked as the save patches a
// sheet, through a window (partWindow, streamXML): the lane holds a
// window's bytes of it, not the part.

// guardStreamBytes is the size above which a part nothing records is
// checked through a window. The window reads a chunk at a time and holds
// about two (windowChunk): a smaller part read whole takes no more, in
// storage a lane already holds for its larger parts. A variable so that
// tests can stream every part, or none.
var guardStreamBytes uint64 = 2 * windowChunk

// streamsPart reports whether the guard checks f through a window: a part
// no scan records (see checkPartInto) larger than guardStreamBytes.
func streamsPart(f *zip.File) bool {
	return f.UncompressedSize64 > guardStreamBytes && !isWorksheetPart(f.Name) && !isSharedStringsPart(f.Name)
}

// checkPartStreamed checks part f as checkPartInto does, inflating it
// through a window in *buf's storage, the lane's: a lane that holds a
// larger part's storage takes nothing more. A part in UTF-16, which is
// transcoded whole, and a part the streamed pass refuses are checked by
// checkPartInto, reading it whole into *buf: a refusal is then the whole
// pass's, word for word (encoding/xml's messages count lines from where
// its pass starts), and a corrupt entry's error the whole read's. A
// streamed pass takes exactly the parts the whole pass takes
// (FuzzStreamXML).
func checkPartStreamed(a *formats.Archive, f *zip.File, c *partCheck, buf *[]byte, stop *formats.Stopper) error {
	streamed, err := streamPart(f, buf, stop)
	if streamed && (err == nil || errors.Is(err, formats.ErrStopped)) {
		return err
	}
	return checkPartInto(a, f, c, buf, stop)
}

// streamPart is checkPartStreamed's streamed pass, through a window in
// *buf's storage, which it leaves in *buf; streamed is false when the part
// must be read whole (it cannot be opened, or it is in UTF-16).
func streamPart(f *zip.File, buf *[]byte, stop *formats.Stopper) (streamed bool, err error) {
	rc, err := f.Open()
	if err != nil {
		return false, err
	}
	defer rc.Close()
	w := newPartWindow(stop.Reader(rc))
	w.buf = (*buf)[:0]
	defer func() { *buf = w.buf[:0] }()
	w.fill(len("\xff\xfe"))
	if hasUTF16BOM(w.bytes(w.base, w.end())) {
		return false, nil
	}
	sx := &streamXML{win: w, part: f.Name, hold: releaseBefore, stop: stop}
	return true, sx.run()
}

// releaseBefore is streamXML's hold for a pass nothing records: no byte
// before the next token is read again.
func releaseBefore(at int) int { return at }
