package excel

import (
	"bytes"
	"encoding/xml"
)

// The guard's pass over a sheet (sheetScan) copies out what the
// validations reader needs and puts it together as a small worksheet, a
// stub: the <dataValidations> and the <extLst> (where the x14 validations
// live), which readValidations reads instead of the whole part. The stub
// keeps the worksheet's start tag, its namespaces.

// stubBuilder collects the stub's pieces during the pass over the sheet.
type stubBuilder struct {
	data    []byte       // the part being scanned: pieces are copied before it is reused
	root    []byte       // the <worksheet …> start tag
	rootEnd string       // and its end tag
	valid   bytes.Buffer // <dataValidations>, <extLst>
	keep    int64        // start of the open <dataValidations> or <extLst>, or -1
}

func newStubBuilder(data []byte) *stubBuilder { return &stubBuilder{data: data, keep: -1} }

// token sees a start or end element of the sheet at depth (the root's is
// 0), which spans data[from:to].
func (b *stubBuilder) token(start bool, t *xml.StartElement, depth int, from, to int64) {
	if from < 0 || to > int64(len(b.data)) || from > to {
		return
	}
	switch {
	case start && depth == 0:
		b.root = append([]byte(nil), b.data[from:to]...)
		b.rootEnd = "</" + qname(t.Name) + ">"
	case start && depth == 1 && (t.Name.Local == "dataValidations" || t.Name.Local == "extLst"):
		b.keep = from
	case !start && depth == 1 && b.keep >= 0:
		b.valid.Write(b.data[b.keep:to])
		b.keep = -1
	}
}

// validations returns the stub for validations, or nil when the pass saw
// no worksheet element with content (a part this reader does not follow).
func (b *stubBuilder) validations() []byte {
	if b.root == nil || bytes.HasSuffix(b.root, []byte("/>")) {
		return nil
	}
	return worksheetStub(b.root, b.rootEnd, nil, b.valid.Bytes())
}

// worksheetStub is a worksheet of the start tag root and end tag rootEnd
// around <sheetData> holding rows, then rest: every stub of a sheet keeps
// the sheet's own tags, its namespaces.
func worksheetStub(root []byte, rootEnd string, rows []byte, rest ...[]byte) []byte {
	out := append(append([]byte{}, root...), "<sheetData>"...)
	out = append(append(out, rows...), "</sheetData>"...)
	for _, r := range rest {
		out = append(out, r...)
	}
	return append(out, rootEnd...)
}
