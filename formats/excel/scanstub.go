package excel

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"fmt"

	"github.com/xuri/excelize/v2"
)

// Reading a sheet's data validations or one cell's formula through
// excelize unmarshals the whole worksheet (its rows, every cell) first: on
// a large questionnaire that is a fifth to a third of making its map. The
// guard's pass over the sheet (sheetScan) copies out what those two
// answers need: the worksheet's start tag (its namespaces), the rows that
// hold a formula (a shared formula's cells name their master row by
// index), the <mergeCells> (excelize answers for a merged cell with the
// formula of the range's first cell), the <dataValidations> and the
// <extLst> (where the x14 validations live). Put together they are a small worksheet, the sheet's
// stub, which excelize reads in a workbook of its own and answers from
// exactly as it would from the whole sheet.

// stubSheet is the stub workbook's one sheet.
const stubSheet = "Sheet1"

// stubBuilder collects the stub's pieces during the pass over the sheet.
type stubBuilder struct {
	data    []byte // the part being scanned: pieces are copied before it is reused
	depth   int
	root    []byte // the <worksheet …> start tag
	rows    bytes.Buffer
	tail    bytes.Buffer // <mergeCells>, <dataValidations>, <extLst>
	rowFrom int64
	rowF    bool  // the open row holds a formula
	keep    int64 // start of the open element of tail, or -1
}

func newStubBuilder(data []byte) *stubBuilder { return &stubBuilder{data: data, keep: -1} }

// token sees a start or end element of the sheet, which spans
// data[from:to].
func (b *stubBuilder) token(tok xml.Token, from, to int64) {
	if from < 0 || to > int64(len(b.data)) || from > to {
		return
	}
	switch t := tok.(type) {
	case xml.StartElement:
		switch {
		case b.depth == 0:
			b.root = append([]byte(nil), b.data[from:to]...)
		case b.depth == 2 && t.Name.Local == "row":
			b.rowFrom, b.rowF = from, false
		case b.depth >= 3 && t.Name.Local == "f":
			b.rowF = true
		case b.depth == 1 && (t.Name.Local == "mergeCells" || t.Name.Local == "dataValidations" || t.Name.Local == "extLst"):
			b.keep = from
		}
		b.depth++
	case xml.EndElement:
		b.depth--
		switch {
		case b.depth == 2 && t.Name.Local == "row" && b.rowF:
			b.rows.Write(b.data[b.rowFrom:to])
		case b.depth == 1 && b.keep >= 0:
			b.tail.Write(b.data[b.keep:to])
			b.keep = -1
		}
	}
}

// stub is the small worksheet, or nil when the pass saw no worksheet
// element (a part this reader does not follow).
func (b *stubBuilder) stub() []byte {
	if b.root == nil || bytes.HasSuffix(b.root, []byte("/>")) {
		return nil
	}
	end := []byte("</worksheet>")
	if i := bytes.IndexByte(b.root, ':'); i >= 0 && i < bytes.IndexAny(b.root, " \t\r\n>") {
		end = []byte("</" + string(b.root[1:i]) + ":worksheet>") // a prefixed root (strict OOXML)
	}
	out := make([]byte, 0, len(b.root)+b.rows.Len()+b.tail.Len()+64)
	out = append(out, b.root...)
	out = append(out, "<sheetData>"...)
	out = append(out, b.rows.Bytes()...)
	out = append(out, "</sheetData>"...)
	out = append(out, b.tail.Bytes()...)
	return append(out, end...)
}

// stubFile opens the stub as a workbook of one sheet, stubSheet.
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
		w, err := zw.Create(p.name)
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

// sheetStub returns excelize's reading of the scan's stub (opened once),
// or nil when the scan has none: excelize then reads the whole sheet.
func (s *sheetScan) sheetStub() *excelize.File {
	if s.stubOpened {
		return s.stubFile
	}
	s.stubOpened = true
	if s.stub == nil {
		return nil
	}
	f, err := stubFile(s.stub)
	if err != nil {
		return nil
	}
	s.stubFile = f
	return f
}

// dataValidations are the sheet's validations, from its stub when it has
// one.
func (wb *workbook) dataValidations(sheet string, sc *sheetScan) ([]*excelize.DataValidation, error) {
	if sc != nil {
		if f := sc.sheetStub(); f != nil {
			return f.GetDataValidations(stubSheet)
		}
	}
	return wb.f.GetDataValidations(sheet)
}

// formula is the formula of the cell ref of sheet, from its stub when it
// has one.
func (wb *workbook) formula(sheet, ref string, sc *sheetScan) string {
	if sc != nil {
		if f := sc.sheetStub(); f != nil {
			s, _ := f.GetCellFormula(stubSheet, ref)
			return s
		}
	}
	s, _ := wb.f.GetCellFormula(sheet, ref)
	return s
}
