package excel

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"reflect"
)

// excelize serialises every worksheet it has parsed, and the shared
// strings, with an xml.Encoder writing into a buffer of its own
// (File.workSheetWriter, File.sharedStringsWriter): no context reaches in,
// and a 15 MB sheet is 400 ms of CPU that a stopped call would spend
// anyway. The bulk of either part is one list, a sheet's rows or the
// table's strings, and both hang off exported fields (File.Sheet,
// File.SharedStrings). So when the call can be stopped, save takes those
// lists out before excelize serialises (detach), lets excelize write the
// rest of each part as it always does (its namespaces, its other
// elements), encodes the lists itself through the call's Stopper, which
// fails the encoder's next write once the call is stopped, and puts them
// where excelize left the list's empty element (splice). The bytes are
// those excelize writes: TestBoundWriteGivesTheSameBytes compares them.

// detachedList is one part's bulk list, taken out of excelize's parsed
// part while excelize serialises the rest of it.
type detachedList struct {
	part  string        // the part's name in the package
	field reflect.Value // the list's field in excelize's struct
	list  reflect.Value // the list, trimmed as excelize trims it
	item  string        // the XML element of each item: "row" or "si"
	// at finds where the items go in excelize's output for the part.
	at func(out []byte) (int, error)
}

// errLayout is what detach reports when excelize's structs are not the
// ones this file was written against: save then lets excelize serialise
// the lists itself, correct but not cut part-way.
var errLayout = errors.New("excelize's parsed parts have another layout")

// detach takes the rows out of every worksheet excelize has parsed and the
// strings out of its shared strings table. Nothing is detached on an error.
func (wb *workbook) detach() ([]*detachedList, error) {
	var lists []*detachedList
	var err error
	wb.f.Sheet.Range(func(k, v any) bool {
		part, _ := k.(string)
		var d *detachedList
		if d, err = detachRows(part, v); d != nil {
			lists = append(lists, d)
		}
		return err == nil
	})
	if err == nil && wb.f.SharedStrings != nil {
		var d *detachedList
		if d, err = detachStrings(wb.f.SharedStrings); d != nil {
			lists = append(lists, d)
		}
	}
	if err != nil {
		reattach(lists)
		return nil, err
	}
	return lists, nil
}

// detachRows detaches a parsed worksheet's rows (ws is excelize's
// *xlsxWorksheet), trimmed of the empty cells and rows excelize drops
// when it writes them (its trimRow).
func detachRows(part string, ws any) (*detachedList, error) {
	v := reflect.ValueOf(ws)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return nil, nil
	}
	rows := v.Elem().FieldByName("SheetData")
	if rows.IsValid() && rows.Kind() == reflect.Struct {
		rows = rows.FieldByName("Row")
	}
	if !rows.IsValid() || rows.Kind() != reflect.Slice || !rows.CanSet() {
		return nil, fmt.Errorf("%w: no SheetData.Row in %s", errLayout, part)
	}
	t, err := newTrimmer(rows.Type().Elem())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", part, err)
	}
	d := &detachedList{part: part, field: rows, list: t.rows(rows), item: "row", at: afterOpen("sheetData")}
	rows.SetZero()
	return d, nil
}

// detachStrings detaches the shared strings table's items (sst is
// excelize's *xlsxSST).
func detachStrings(sst any) (*detachedList, error) {
	v := reflect.ValueOf(sst)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return nil, nil
	}
	si := v.Elem().FieldByName("SI")
	if !si.IsValid() || si.Kind() != reflect.Slice || !si.CanSet() {
		return nil, fmt.Errorf("%w: no SI in the shared strings table", errLayout)
	}
	d := &detachedList{part: sharedStringsPart, field: si, list: si.Slice(0, si.Len()), item: "si", at: beforeClose("sst")}
	si.SetZero()
	return d, nil
}

// reattach puts every list back, as excelize would hold it after writing.
func reattach(lists []*detachedList) {
	for _, d := range lists {
		d.field.Set(d.list)
	}
}

// splice encodes each list through the call's Stopper into excelize's
// output for its part, which excelize holds in its package (and reads
// again if a later call needs the part), and returns the parts it wrote by
// name. The lists go back in place whatever happens.
func (wb *workbook) splice(lists []*detachedList) (map[string][]byte, error) {
	defer reattach(lists)
	out := map[string][]byte{}
	for _, d := range lists {
		v, ok := wb.f.Pkg.Load(d.part)
		stub, _ := v.([]byte)
		if !ok {
			return nil, fmt.Errorf("excelize wrote no %s", d.part)
		}
		at, err := d.at(stub)
		if err != nil {
			return nil, fmt.Errorf("excelize's %s: %w", d.part, err)
		}
		var buf bytes.Buffer
		buf.Grow(len(stub) + d.list.Len()*64)
		buf.Write(stub[:at])
		enc := xml.NewEncoder(wb.stop.Writer(&buf))
		start := xml.StartElement{Name: xml.Name{Local: d.item}}
		for i := range d.list.Len() {
			// The encoder flushes after each item, into the Stopper's writer.
			if err := enc.EncodeElement(d.list.Index(i).Interface(), start); err != nil {
				if stopErr := wb.stop.Check(); stopErr != nil {
					return nil, stopErr
				}
				return nil, fmt.Errorf("encode %s of %s: %w", d.item, d.part, err)
			}
		}
		buf.Write(stub[at:])
		wb.f.Pkg.Store(d.part, buf.Bytes())
		out[d.part] = buf.Bytes()
	}
	return out, nil
}

// afterOpen finds the inside of the empty element name (as encoding/xml
// writes it: an open and a close tag) that excelize left for the list.
func afterOpen(name string) func([]byte) (int, error) {
	empty := []byte("<" + name + "></" + name + ">")
	return func(out []byte) (int, error) {
		i := bytes.Index(out, empty)
		if i < 0 {
			return 0, fmt.Errorf("no empty <%s> where its items go", name)
		}
		return i + len(name) + 2, nil
	}
}

// beforeClose finds the close tag of the root element name, before which
// its items go (they are its last children).
func beforeClose(name string) func([]byte) (int, error) {
	end := []byte("</" + name + ">")
	return func(out []byte) (int, error) {
		i := bytes.LastIndex(out, end)
		if i < 0 {
			return 0, fmt.Errorf("no </%s> to put its items before", name)
		}
		return i, nil
	}
}
