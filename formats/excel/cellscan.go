package excel

import (
	"bytes"
	"regexp"
)

// The guard's scan calls a sheet irregular, and gives none of its cells,
// for anything it does not follow anywhere in the sheet: an element named
// row or c outside the cells is enough (a form control's anchor,
// <xdr:row>, in PCI DSS's prioritized approach tool). The cells a write
// reads are all in <sheetData>, which excelize reads alike whatever
// surrounds it: a scan of the sheetData alone gives them when it is
// regular itself.

// cellScan is the scan giving the write the sheet's cells and its row
// scan: the guard's, else one of the sheet's <sheetData> alone (see
// dataScan); a nil row scan when neither follows the cells.
func (w *writer) cellScan(sheet string) (*sheetScan, *rowScan) {
	sc := w.scan(sheet)
	if rs := sc.rowScan(); rs != nil || sc == nil {
		return sc, rs
	}
	ds, ok := w.dataScans[sheet]
	if !ok {
		ds = w.wb.dataScan(sheet, sc)
		w.dataScans[sheet] = ds
	}
	if rs := ds.rowScan(); rs != nil {
		return ds, rs
	}
	return sc, nil
}

// sheetDataTag finds a worksheet's <sheetData> start tag, with any prefix.
var sheetDataTag = regexp.MustCompile(`<([A-Za-z_][\w.\-]*:)?sheetData[\s/>]`)

// dataScan scans sheet's <sheetData> alone, in the sheet's root element;
// nil when the sheet has no single one or its part cannot be read.
func (wb *workbook) dataScan(sheet string, sc *sheetScan) *sheetScan {
	if sc.cells == nil || sc.cells.root == nil {
		return nil
	}
	parts, err := wb.parts()
	if err != nil || parts[sheet] == "" {
		return nil
	}
	data, err := wb.arch.Read(parts[sheet])
	if err != nil {
		return nil
	}
	tags := sheetDataTag.FindAllSubmatchIndex(data, 2)
	if len(tags) != 1 {
		return nil // none, or two, which excelize reads otherwise
	}
	from := tags[0][0]
	end := []byte("</" + string(data[from+1:tags[0][1]-1]) + ">")
	to := bytes.Index(data[from:], end)
	if to < 0 {
		return nil // <sheetData/>, or not closed: the model answers
	}
	to += from + len(end)
	stub := make([]byte, 0, len(sc.cells.root)+to-from+len(sc.cells.rootEnd))
	stub = append(append(append(stub, sc.cells.root...), data[from:to]...), sc.cells.rootEnd...)
	ds := newSheetScan()
	rec, done := ds.recorder(stub)
	if err := checkXML(stub, parts[sheet], rec, wb.stop); err != nil {
		return nil
	}
	done()
	return ds
}
