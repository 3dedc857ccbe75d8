package excel

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"path"
	"sort"
	"strings"

	"github.com/formfill/formfill/formats"
	"github.com/xuri/excelize/v2"
)

// save serialises the workbook through excelize, then keeps from that
// output only the parts a write changes (the written worksheets, the
// shared strings, the parts of the notes it added, and parts excelize had
// to add) and copies every other entry of the original package raw:
// styles, other sheets, the workbook, drawings and the rest stay
// byte-identical.
func (wb *workbook) save(written, noteParts map[string]bool) ([]byte, error) {
	buf, spliced, err := wb.serialise()
	if err != nil {
		return nil, err
	}
	out, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		return nil, fmt.Errorf("re-read excelize output: %w", err)
	}
	parts, err := wb.parts()
	if err != nil {
		return nil, err
	}
	want := map[string]bool{sharedStringsPart: true}
	for p := range noteParts {
		want[p] = true
	}
	for s := range written {
		if parts[s] == "" {
			// A package layout this reader does not follow: excelize's
			// whole output is still a valid workbook, once the parts it
			// wrote back unparsed lose their mark.
			return wb.unmarkAll(out, spliced)
		}
		want[parts[s]] = true
	}
	replaced, added := map[string][]byte{}, map[string][]byte{}
	for _, f := range out.File {
		isNew := wb.arch.File(f.Name) == nil
		if !want[f.Name] && !isNew {
			continue
		}
		data, ok := spliced[f.Name]
		if !ok {
			if data, err = wb.readZipFile(f); err != nil {
				return nil, err
			}
		}
		if isNew {
			added[f.Name] = data
		} else {
			replaced[f.Name] = data
		}
	}
	if workbookLevel(added, noteParts) {
		// New parts (a first shared-strings table) need their content type
		// and relationship, which excelize wrote into these two.
		for _, name := range []string{"[Content_Types].xml", "xl/_rels/workbook.xml.rels"} {
			for _, f := range out.File {
				if f.Name == name {
					if replaced[name], err = wb.readZipFile(f); err != nil {
						return nil, err
					}
				}
			}
		}
	}
	return wb.rewrite(wb.arch.Zip, replaced, added)
}

// serialise has excelize write the workbook, through the call's Stopper
// when it can be stopped: the deflating, and the encoding of the sheets'
// rows and the shared strings (see detach), end part-way then. It returns
// excelize's package and the parts whose lists it spliced in by name:
// those entries of the package hold excelize's output without the lists.
func (wb *workbook) serialise() (*bytes.Buffer, map[string][]byte, error) {
	var lists []*detachedList
	if wb.stop.CanStop() {
		var err error
		if lists, err = wb.detach(); err != nil {
			wb.stop.Logger().Debug("excel: excelize serialises the sheets' rows itself, where a stop cannot reach", "err", err)
		}
	}
	wb.f.SetZipWriter(func(w io.Writer) excelize.ZipWriter { return zip.NewWriter(wb.stop.Writer(w)) })
	buf, err := wb.f.WriteToBuffer()
	if err != nil {
		reattach(lists)
		return nil, nil, fmt.Errorf("excelize could not serialise the workbook: %w", err)
	}
	spliced, err := wb.splice(lists)
	if err != nil {
		return nil, nil, err
	}
	return buf, spliced, nil
}

// workbookLevel reports whether excelize added parts other than those of
// notes (which their worksheet's relationships reach, and whose content
// types are among noteParts): those hang off the workbook's relationships.
func workbookLevel(added map[string][]byte, noteParts map[string]bool) bool {
	for name := range added {
		if !noteParts[name] {
			return true
		}
	}
	return false
}

// unmarkAll is excelize's output with the parts it wrote back still marked
// (see markForStop) put back as they were.
func (wb *workbook) unmarkAll(out *zip.Reader, spliced map[string][]byte) ([]byte, error) {
	replaced := map[string][]byte{}
	for name, data := range spliced {
		replaced[name] = data
	}
	for _, f := range out.File {
		if _, ok := wb.marked[f.Name]; !ok || replaced[f.Name] != nil {
			continue
		}
		data, err := wb.readZipFile(f)
		if err != nil {
			return nil, err
		}
		replaced[f.Name] = data
	}
	return wb.rewrite(out, replaced, nil)
}

// readZipFile inflates an entry of excelize's output, with its original
// bytes if excelize wrote it back still marked (see markForStop).
func (wb *workbook) readZipFile(f *zip.File) ([]byte, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, fmt.Errorf("read %s of excelize output: %w", f.Name, err)
	}
	defer rc.Close()
	data, err := io.ReadAll(wb.stop.Reader(rc))
	if err != nil {
		return nil, fmt.Errorf("read %s of excelize output: %w", f.Name, err)
	}
	return wb.unmarked(f.Name, data), nil
}

// rewrite copies src, replacing the entries in replaced and appending the
// entries in added (sorted, for deterministic output). Untouched entries
// are copied raw, without recompression. The call's stop ends it between
// entries and part-way through deflating one.
func (wb *workbook) rewrite(src *zip.Reader, replaced, added map[string][]byte) ([]byte, error) {
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	put := func(name string, data []byte, mod zip.FileHeader) error {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: mod.Modified})
		if err == nil {
			_, err = wb.stop.Writer(w).Write(data)
		}
		return err
	}
	for _, f := range src.File {
		if err := wb.stop.Check(); err != nil {
			return nil, err
		}
		var err error
		if data, ok := replaced[f.Name]; ok {
			err = put(f.Name, data, f.FileHeader)
		} else {
			err = zw.Copy(f)
		}
		if err != nil {
			return nil, fmt.Errorf("write zip entry %s: %w", f.Name, err)
		}
	}
	names := make([]string, 0, len(added))
	for n := range added {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if err := put(n, added[n], zip.FileHeader{}); err != nil {
			return nil, fmt.Errorf("write zip entry %s: %w", n, err)
		}
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("close zip: %w", err)
	}
	return out.Bytes(), nil
}

// xmlElem captures an element's attributes whatever their namespace, so
// transitional and strict OOXML read alike.
type xmlElem struct {
	Attrs []xml.Attr `xml:",any,attr"`
}

func (e xmlElem) attr(local string, nsPart string) string {
	for _, a := range e.Attrs {
		if a.Name.Local == local && strings.Contains(a.Name.Space, nsPart) {
			return a.Value
		}
	}
	return ""
}

// sheetParts maps each sheet name to its part name in the package, read
// from the original workbook.xml and its relationships.
func (wb *workbook) sheetParts() (map[string]string, error) {
	var book struct {
		Sheets []xmlElem `xml:"sheets>sheet"`
	}
	var rels struct {
		Rels []xmlElem `xml:"Relationship"`
	}
	for name, v := range map[string]any{"xl/workbook.xml": &book, "xl/_rels/workbook.xml.rels": &rels} {
		data, err := wb.arch.Read(name)
		if err != nil {
			return nil, err
		}
		if err := xml.Unmarshal(data, v); err != nil {
			return nil, formats.Wrap(formats.ErrInvalidDocument, name, err, "malformed XML")
		}
	}
	targets := map[string]string{}
	for _, r := range rels.Rels {
		t := r.attr("Target", "")
		if strings.HasPrefix(t, "/") {
			t = strings.TrimPrefix(t, "/")
		} else {
			t = path.Join("xl", t)
		}
		targets[r.attr("Id", "")] = t
	}
	out := map[string]string{}
	for _, s := range book.Sheets {
		out[s.attr("name", "")] = targets[s.attr("id", "relationships")]
	}
	return out, nil
}
