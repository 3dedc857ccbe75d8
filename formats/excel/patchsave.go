package excel

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"sort"
	"time"

	"github.com/formfill/formfill/formats"
)

// savePatched writes the package with the write's edits: each sheet with
// edits (value edits, and the cached values recalc computed, by sheet name
// and A1 reference) is patched (patchSheet), the strings the edits add go
// at the end of the shared strings table (created, with its relationship
// and content type, when the workbook has none), the notes nt added go
// into their sheets' comments and drawings (see notePatch), workbook.xml
// asks for a
// recalculation on open when fullCalc is set, and every other entry is
// copied raw, not inflated or compressed again. The shared strings part,
// whose new items are known once the sheets are written, moves to the end
// of the package. A patched sheet is inflated, patched and deflated as it
// is read (patchEntry): memory is the edits, the output, and one other
// part at a time.
func (wb *workbook) savePatched(w *writer, cached *recalcResult, nt *notes, fullCalc bool) ([]byte, error) {
	sp, err := wb.planSave(w, cached, nt)
	if err != nil {
		return nil, err
	}
	sp.fullCalc = fullCalc
	var out bytes.Buffer
	// The output is about the input's size: grown by doubling, the buffer
	// left up to twice its size as garbage in the save, the fill's peak.
	var size uint64
	for _, f := range wb.arch.Zip.File {
		size += f.CompressedSize64 + uint64(len(f.Name))*2 + 100 // the entry, its local and central headers
	}
	out.Grow(int(min(size+size/8, maxPresize)))
	zw := zip.NewWriter(&out)
	formats.UseFastDeflate(zw)
	for _, f := range wb.arch.Zip.File {
		if err := wb.stop.Check(); err != nil {
			return nil, err
		}
		if err := wb.saveEntry(zw, f, sp); err != nil {
			return nil, err
		}
	}
	if err := wb.writeSST(zw, sp.sst, sp.removed); err != nil {
		return nil, err
	}
	for _, name := range sortedKeys(sp.notes.parts) {
		if wb.arch.File(name) == nil {
			if err := wb.putEntry(zw, name, time.Time{}, sp.notes.parts[name]); err != nil {
				return nil, err
			}
		}
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("close zip: %w", err)
	}
	return out.Bytes(), nil
}

// maxPresize caps the room savePatched makes for its output ahead.
const maxPresize = 256 << 20

// savePlan is what savePatched changes, worked out before it writes.
type savePlan struct {
	w        *writer
	perPart  map[string]bool // the worksheet parts to patch
	cached   *recalcResult
	dvs      map[string][][2]cell
	notes    *notePatch
	sst      *sstPlan
	types    []byte
	fullCalc bool
	removed  int // references to the shared strings the patched cells dropped
	bufs     patchBufs
}

// planSave sorts the write's changes into the parts they change.
func (wb *workbook) planSave(w *writer, cached *recalcResult, nt *notes) (*savePlan, error) {
	perPart, strs, err := wb.editParts(w.edits, cached)
	if err != nil {
		return nil, err
	}
	sp := &savePlan{w: w, perPart: perPart, cached: cached}
	if sp.dvs, err = wb.dvCopiesByPart(w.dvCopies); err != nil {
		return nil, err
	}
	if sp.notes, err = nt.patch(); err != nil {
		return nil, err
	}
	for p := range sp.dvs {
		perPart[p] = true
	}
	for p := range sp.notes.legacy {
		perPart[p] = true
	}
	if sp.sst, err = wb.planSST(strs); err != nil {
		return nil, err
	}
	if sp.types, err = wb.contentTypes(sp.sst, sp.notes); err != nil {
		return nil, err
	}
	return sp, nil
}

// saveEntry writes what entry f becomes into zw: a worksheet with changes
// patched as it is read (patchEntry), else savedEntry's.
func (wb *workbook) saveEntry(zw *zip.Writer, f *zip.File, sp *savePlan) error {
	if sp.perPart[f.Name] && f.Name != sp.sst.part {
		es := wb.partEdits(f.Name, sp.w.edits, sp.cached)
		removed, err := wb.patchEntry(zw, f, sheetChanges{edits: es, dvCopies: sp.dvs[f.Name], legacyRID: sp.notes.legacy[f.Name]}, sp.sst.shared(), &sp.bufs)
		sp.removed += removed
		return err
	}
	data, raw, err := wb.savedEntry(f, sp)
	switch {
	case err != nil:
		return err
	case raw != nil:
		if err := copyEntry(zw, raw, &sp.bufs.copy); err != nil {
			return fmt.Errorf("copy zip entry %s: %w", f.Name, err)
		}
	case data != nil:
		return wb.putEntry(zw, f.Name, f.Modified, data)
	}
	return nil
}

// savedEntry is what entry f, not a patched worksheet, becomes: new data,
// or an entry to copy raw (f itself), or neither (the shared strings,
// written last).
func (wb *workbook) savedEntry(f *zip.File, sp *savePlan) (data []byte, raw *zip.File, err error) {
	xfs := sp.w.xfs
	switch {
	case f.Name == sp.sst.part && !sp.sst.create:
		return nil, nil, nil
	case f.Name == "xl/workbook.xml" && sp.fullCalc:
		if data, err = wb.readXML(f.Name); err != nil {
			return nil, nil, err
		}
		return setFullCalcOnLoad(data), nil, nil
	case xfs != nil && len(xfs.clones) > 0 && f.Name == xfs.part:
		data, err = xfs.patched(wb.stop)
		return data, nil, err
	case f.Name == typesPart && sp.types != nil:
		return sp.types, nil, nil
	case f.Name == workbookRels && sp.sst.rels != nil:
		return sp.sst.rels, nil, nil
	case sp.notes.parts[f.Name] != nil:
		return sp.notes.parts[f.Name], nil, nil
	}
	return nil, f, nil
}

// copyEntry is zip.Writer.Copy through the buffer *buf (made on first
// use), which every copied entry reuses: Copy allocates one per entry.
func copyEntry(zw *zip.Writer, f *zip.File, buf *[]byte) error {
	r, err := f.OpenRaw()
	if err != nil {
		return err
	}
	fh := f.FileHeader // a copy, as Copy makes: zw keeps a pointer to it
	fw, err := zw.CreateRaw(&fh)
	if err != nil {
		return err
	}
	if *buf == nil {
		*buf = make([]byte, 32<<10)
	}
	_, err = io.CopyBuffer(fw, r, *buf)
	return err
}

// workbookRels is the workbook's relationships part.
const workbookRels = "xl/_rels/workbook.xml.rels"

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// dvCopiesByPart sorts the validation copies into worksheet parts.
func (wb *workbook) dvCopiesByPart(copies map[string][][2]cell) (map[string][][2]cell, error) {
	parts, err := wb.parts()
	if err != nil {
		return nil, err
	}
	out := map[string][][2]cell{}
	for sheet, cs := range copies {
		if p := parts[sheet]; p != "" {
			out[p] = append(out[p], cs...)
		}
	}
	return out, nil
}

// putEntry deflates data into a new entry of zw through the call's stop.
func (wb *workbook) putEntry(zw *zip.Writer, name string, mod time.Time, data []byte) error {
	w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: mod})
	if err == nil {
		_, err = io.Copy(wb.stop.Writer(w), bytes.NewReader(data))
	}
	if err != nil {
		if s := wb.stop.Check(); s != nil {
			return s
		}
		return fmt.Errorf("write zip entry %s: %w", name, err)
	}
	return nil
}
