package excel

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"fmt"

	"github.com/xuri/excelize/v2"
)

// Reading one cell's formula through excelize unmarshals the whole
// worksheet (its rows, every cell) first: on a large questionnaire that is
// a fifth to a third of making its map. The guard's pass over the sheet
// (sheetScan) copies out what each read needs and puts it together as a
// small worksheet, a stub: for validations, the <dataValidations> and the
// <extLst> (where the x14 validations live), which readValidations reads;
// for formulas, the cells whose formula the scan cannot give as written,
// in their rows (a shared formula's cells name their master cell by
// index), and the <mergeCells>, which excelize reads in a workbook of its
// own and answers from as it would from the whole sheet (for a merged
// cell, with the formula of the range's first cell). Each stub keeps the
// worksheet's start tag, its namespaces.

// stubSheet is the stub workbook's one sheet.
const stubSheet = "Sheet1"

// stubBuilder collects the stub's pieces during the pass over the sheet.
type stubBuilder struct {
	data    []byte        // the part being scanned: pieces are copied before it is reused
	root    []byte        // the <worksheet …> start tag
	rootEnd string        // and its end tag
	merges  bytes.Buffer  // <mergeCells>
	valid   bytes.Buffer  // <dataValidations>, <extLst>
	keep    int64         // start of the open <mergeCells>, <dataValidations> or <extLst>, or -1
	keepTo  *bytes.Buffer // where it goes
}

func newStubBuilder(data []byte) *stubBuilder { return &stubBuilder{data: data, keep: -1} }

// token sees a start or end element of the sheet at depth (the root's is
// 0), which spans data[from:to].
func (b *stubBuilder) token(start bool, t *xml.StartElement, depth int, from, to int64) {
	if from < 0 || to > int64(len(b.data)) || from > to {
		return
	}
	switch {
	case start:
		b.start(t, depth, from, to)
	case depth == 1 && b.keep >= 0:
		b.keepTo.Write(b.data[b.keep:to])
		b.keep = -1
	}
}

func (b *stubBuilder) start(t *xml.StartElement, depth int, from, to int64) {
	switch {
	case depth == 0:
		b.root = append([]byte(nil), b.data[from:to]...)
		b.rootEnd = "</" + qname(t.Name) + ">"
	case depth == 1 && t.Name.Local == "mergeCells":
		b.keep, b.keepTo = from, &b.merges
	case depth == 1 && (t.Name.Local == "dataValidations" || t.Name.Local == "extLst"):
		b.keep, b.keepTo = from, &b.valid
	}
}

// validations returns the stub for validations, or nil when the pass saw
// no worksheet element with content (a part this reader does not follow).
func (b *stubBuilder) validations() []byte {
	if !b.hasContent() {
		return nil
	}
	return b.stub(nil, b.valid.Bytes())
}

// hasContent reports whether the pass saw a worksheet start tag that is
// not empty.
func (b *stubBuilder) hasContent() bool {
	return b.root != nil && !bytes.HasSuffix(b.root, []byte("/>"))
}

// stub is a worksheet of the sheet's start and end tags around rows, then
// rest.
func (b *stubBuilder) stub(rows []byte, rest ...[]byte) []byte {
	return worksheetStub(b.root, b.rootEnd, rows, rest...)
}

// worksheetStub is a worksheet of the start tag root and end tag rootEnd
// around <sheetData> holding rows, then rest: every stub of a sheet, and
// each sheet of the read package, keeps the sheet's own tags, its
// namespaces.
func worksheetStub(root []byte, rootEnd string, rows []byte, rest ...[]byte) []byte {
	out := append(append([]byte{}, root...), "<sheetData>"...)
	out = append(append(out, rows...), "</sheetData>"...)
	for _, r := range rest {
		out = append(out, r...)
	}
	return append(out, rootEnd...)
}

// formulas returns the stub for formulas of a regular sheet (rs, its
// merged ranges parsed): the cells plainFormula leaves to excelize, a
// shared formula's cells, a cell named as excelize does not name it, and
// every cell of a merged range (excelize answers for one with the first
// cell's formula), in their rows, with the <mergeCells>. The rest the scan
// answers itself. An irregular sheet has no stub: excelize reads the whole
// sheet, which the read package then keeps.
func (b *stubBuilder) formulas(rs *rowScan, merges *mergeIndex) []byte {
	if !b.hasContent() {
		return nil
	}
	rows := rs.rowsOf(func(i int) bool {
		c := &rs.cells[i]
		if !c.hasF {
			return false
		}
		_, merged := merges.first(c.row, c.col)
		return !c.plainFormula || !c.canonical || merged
	})
	return b.stub(rows, b.merges.Bytes())
}

// stubFile opens the stub as a workbook of one sheet, stubSheet. Its
// parts are stored: deflating them, for excelize to inflate them at once,
// was most of opening a stub.
func stubFile(stub []byte) (*excelize.File, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, p := range []struct{ name, body string }{
		{"[Content_Types].xml", `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
			`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
			`<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
			`<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`},
		{"_rels/.rels", `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
			`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`},
		{"xl/workbook.xml", `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
			`<sheets><sheet name="` + stubSheet + `" sheetId="1" r:id="rId1"/></sheets></workbook>`},
		{"xl/_rels/workbook.xml.rels", `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
			`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`},
		{"xl/worksheets/sheet1.xml", string(stub)},
	} {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: p.name, Method: zip.Store})
		if err == nil {
			_, err = w.Write([]byte(p.body))
		}
		if err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		return nil, fmt.Errorf("open the sheet's stub: %w", err)
	}
	return f, nil
}

// stub is a stub of a sheet, opened when first asked for.
type stub struct {
	data   []byte // nil: none, excelize reads the whole sheet
	opened bool
	file   *excelize.File
}

// open returns excelize's reading of the stub, or nil when there is none
// or it does not open.
func (s *stub) open() *excelize.File {
	if s.opened {
		return s.file
	}
	s.opened = true
	if s.data != nil {
		s.file, _ = stubFile(s.data)
	}
	return s.file
}

// formula is the formula of the cell ref of sheet: from the scan where it
// holds it, else from the sheet's stub when it has one, else from excelize's
// whole sheet (sc may be nil).
func (wb *workbook) formula(sheet, ref string, sc *sheetScan) string {
	if f, ok := sc.scannedFormula(ref); ok {
		return f
	}
	if sc != nil {
		if f := sc.formulaStub.open(); f != nil {
			s, _ := f.GetCellFormula(stubSheet, ref)
			return s
		}
	}
	wb.mu.Lock() // the sheet may be in a lane (see eachSheet)
	defer wb.mu.Unlock()
	s, _ := wb.f.GetCellFormula(sheet, ref)
	return s
}
