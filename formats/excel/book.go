package excel

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/formfill/formfill/formats"
)

// bookPart is the workbook part every package this engine opens has (the
// archive guard's check).
const bookPart = "xl/workbook.xml"

// bookInfo is what the workbook part says of the workbook: its sheets in
// order, their visibility and relationship IDs, its defined names and its
// date system, read in one pass when the workbook is opened.
type bookInfo struct {
	sheets   []bookSheet
	names    []definedName
	date1904 bool
}

// bookSheet is one <sheet> of the workbook part.
type bookSheet struct {
	name  string
	state string // "", visible, hidden or veryHidden
	rid   string // its relationship's ID in the workbook's relationships
}

// visible reports whether Excel shows the sheet's tab.
func (s bookSheet) visible() bool { return s.state == "" || s.state == "visible" }

// definedName is one <definedName>: scope is the name of the sheet it is
// local to, "Workbook" for a global name, "" for a local one whose sheet
// index names no sheet.
type definedName struct {
	name, refersTo, scope string
	local                 int // localSheetId, 0-based; -1 when global
}

// readBook reads the workbook part data. Element and attribute names are
// matched by local name, so transitional and strict OOXML read alike; of
// an attribute given twice, the last counts.
func readBook(data []byte) (*bookInfo, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.CharsetReader = keepUTF16Transcoded
	b := &bookInfo{}
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, formats.Wrap(formats.ErrInvalidDocument, bookPart, err, "malformed XML")
		}
		if se, ok := tok.(xml.StartElement); ok {
			if err := b.element(dec, se); err != nil {
				return nil, formats.Wrap(formats.ErrInvalidDocument, bookPart, err, "malformed <%s>", se.Name.Local)
			}
		}
	}
	for i := range b.names {
		if id := b.names[i].local; id >= 0 && id < len(b.sheets) {
			b.names[i].scope = b.sheets[id].name
		}
	}
	return b, nil
}

// element records one start element of the workbook part.
func (b *bookInfo) element(dec *xml.Decoder, se xml.StartElement) error {
	switch se.Name.Local {
	case "sheet":
		b.sheets = append(b.sheets, bookSheet{name: bookAttr(se, "name", ""), state: bookAttr(se, "state", ""), rid: bookAttr(se, "id", "relationships")})
	case "workbookPr":
		// A value that is no boolean leaves the 1900 date system.
		d, err := strconv.ParseBool(strings.TrimSpace(bookAttr(se, "date1904", "")))
		b.date1904 = d && err == nil
	case "definedName":
		dn := definedName{name: bookAttr(se, "name", ""), scope: "Workbook", local: -1}
		// A localSheetId that is no number leaves the name global.
		if id, err := strconv.Atoi(strings.TrimSpace(bookAttr(se, "localSheetId", ""))); err == nil && id >= 0 {
			dn.scope, dn.local = "", id
		}
		if err := dec.DecodeElement(&dn.refersTo, &se); err != nil {
			return err
		}
		b.names = append(b.names, dn)
	}
	return nil
}

// bookAttr is the value of the attribute local of se whose namespace
// contains nsPart ("" for any), "" when absent.
func bookAttr(se xml.StartElement, local, nsPart string) string {
	v := ""
	for _, a := range se.Attr {
		if a.Name.Local == local && strings.Contains(a.Name.Space, nsPart) {
			v = a.Value
		}
	}
	return v
}

// readBook reads the workbook part into wb.book and wb.sheets.
func (wb *workbook) readBook() error {
	data, err := wb.readXML(bookPart)
	if err != nil {
		return err
	}
	if wb.book, err = readBook(data); err != nil {
		return err
	}
	wb.sheets = make([]string, len(wb.book.sheets))
	for i, s := range wb.book.sheets {
		wb.sheets[i] = s.name
	}
	return nil
}

// sheetVisible reports whether the sheet name's tab shows; false for a
// name the workbook part does not have.
func (wb *workbook) sheetVisible(name string) bool {
	for _, s := range wb.book.sheets {
		if s.name == name {
			return s.visible()
		}
	}
	return false
}
