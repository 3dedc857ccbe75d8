package excel

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/formfill/formfill/formats/internal/xmllex"
	"github.com/xuri/excelize/v2"
)

// Number formatting is excelize's (its format, on nfp's parse of a number
// format code): a cell's text under a date, percentage or custom format,
// or text under a format with a text section. formfill does not open the
// workbook in excelize for it: it makes a small workbook of its own, a
// format book, holding only what formatting reads (the date system, each
// cell format's number format, the shared strings the cells name) and the
// cells to format, and asks excelize for that sheet's cells. The read
// tools format a sheet's cells at once, written from the sheet's reading
// in their rows (formatRows); a write formats the single cells it reads,
// each in turn the book's one cell (formatted). calcbook.go does the same
// for formula evaluation.

// formatSheet is the format book's one sheet.
const formatSheet = "Sheet1"

// formatRows is the formatted text of the cells keep picks (by index) of
// rs, rows[r-1][c-1] as excelize's GetRows lays them out; nil when keep
// picks none. The book holds only what the picked cells read (see
// bookPicks): excelize parses every part of it, for each sheet.
func (wb *workbook) formatRows(rs *rowScan, keep func(i int) bool) ([][]string, error) {
	wb.readStyles()
	sst, err := wb.sharedStringsTable()
	if err != nil {
		return nil, err
	}
	picks := wb.pickForBook(rs, keep, len(sst))
	rows := wb.formatCellsXML(rs, keep, picks, len(sst))
	if rows == nil {
		return nil, nil
	}
	worksheet := append([]byte(`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`), rows...)
	worksheet = append(worksheet, "</sheetData></worksheet>"...)
	f, err := openFormatBook(wb.book.date1904, wb.pickedStyles(picks), pickedStrings(picks, sst), worksheet)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.GetRows(formatSheet)
}

// openFormatBook opens the format book of formatBook's parts in excelize.
func openFormatBook(date1904 bool, styles, sst, worksheet []byte) (*excelize.File, error) {
	book, err := formatBook(date1904, styles, sst, worksheet)
	if err != nil {
		return nil, err
	}
	f, err := excelize.OpenReader(bytes.NewReader(book))
	if err != nil {
		return nil, fmt.Errorf("open the format book: %w", err)
	}
	return f, nil
}

// formatCellsXML is the rows of the cells keep picks, each cell written
// with its reference, style, type, value and inline string as read, its
// style and shared string item renumbered as picks has them; a number,
// an ISO date or a cell of an unknown type as beforeBook hands it.
func (wb *workbook) formatCellsXML(rs *rowScan, keep func(i int) bool, picks *bookPicks, items int) []byte {
	var b bytes.Buffer
	row := 0
	for i := range rs.cells {
		if !keep(i) {
			continue
		}
		c := &rs.cells[i]
		if int(c.row) != row {
			if row > 0 {
				b.WriteString("</row>")
			}
			row = int(c.row)
			fmt.Fprintf(&b, `<row r="%d">`, row)
		}
		fmt.Fprintf(&b, `<c r="%s"`, cell{row: int(c.row), col: int(c.col)}.name())
		if s := picks.style(int(c.style)); s != 0 {
			fmt.Fprintf(&b, ` s="%d"`, s)
		}
		t, v, hasV, is, hasIS := typeName(rs, c), picks.value(rs, c, items), c.hasV, rs.str(c.is), c.hasIS
		switch t {
		case "s", "str", "inlineStr", "b", "e":
		default:
			_, _, hand := beforeBook(t, rs.str(c.v), wb.numFormat(int(c.style)), wb.book.date1904)
			t, v = hand.t, hand.v
			if t == "inlineStr" { // its text as read: escapes escaped again
				v, hasV, is, hasIS = "", false, strings.ReplaceAll(hand.v, "_x", "_x005F_x"), true
			}
		}
		if t != "" {
			fmt.Fprintf(&b, ` t="%s"`, attrEscape(t))
		}
		b.WriteString(">")
		if hasV {
			b.WriteString("<v>")
			_ = xml.EscapeText(&b, []byte(v))
			b.WriteString("</v>")
		}
		if hasIS {
			b.WriteString(`<is><t xml:space="preserve">`)
			_ = xml.EscapeText(&b, []byte(is))
			b.WriteString("</t></is>")
		}
		b.WriteString("</c>")
	}
	if row == 0 {
		return nil
	}
	b.WriteString("</row>")
	return b.Bytes()
}

// typeName is the t attribute of cell c of rs, "" for none.
func typeName(rs *rowScan, c *rawCell) string {
	switch c.typ {
	case typeNumber:
		return "n"
	case typeShared:
		return "s"
	case typeString:
		return "str"
	case typeInline:
		return "inlineStr"
	case typeOther:
		return rs.str(c.other)
	}
	return ""
}

// formatStyles is the styles part of the format book: the workbook's
// number formats (a format's formatCode16 in place of its code, as
// excelize reads it), and its cell formats in order with their number
// format only, then the cell formats a write added (xfs, nil for none);
// no workbook format when the styles part cannot be read.
func (wb *workbook) formatStyles(xfs *xfAppender) []byte {
	wb.readStyles()
	d := wb.stylesRaw
	if d == nil {
		d = &stylesDoc{}
	}
	var b bytes.Buffer
	b.WriteString(`<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts>`)
	for _, n := range d.numFmts {
		code := n.code
		if n.code16 != "" {
			code = n.code16
		}
		fmt.Fprintf(&b, `<numFmt numFmtId="%d" formatCode="%s"/>`, n.id, attrEscape(code))
	}
	b.WriteString(`</numFmts><cellXfs>`)
	own := d.xfs
	if xfs != nil {
		// The copies' indexes follow the styles part's own cell formats.
		own = make([]rawXf, len(xfs.scan.xfs))
		copy(own, d.xfs)
	}
	for _, x := range own {
		if x.numFmt == nil {
			b.WriteString(`<xf/>`)
		} else {
			fmt.Fprintf(&b, `<xf numFmtId="%d"/>`, *x.numFmt)
		}
	}
	if xfs != nil {
		for _, cl := range xfs.clones {
			fmt.Fprintf(&b, `<xf numFmtId="%d"/>`, cl.numFmt)
		}
	}
	b.WriteString(`</cellXfs></styleSheet>`)
	return b.Bytes()
}

// encodeXstring escapes s as ST_Xstring: a character XML cannot hold as
// _xHHHH_, and the underscore of every literal _xHHHH_ as _x005F_, so
// that decoding it (decodeXstring) gives s again. Every underscore that
// begins one is escaped, overlapping ones too: in "_x005F_x0041_" the
// underscore closing the first also begins the second.
func encodeXstring(s string) string {
	if !strings.Contains(s, "_x") && xmlChars(s) {
		return s
	}
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == '_' && startsXstringEscape(s[i:]):
			b.WriteString("_x005F_")
		case r == utf8.RuneError || !xmllex.IsChar(r):
			fmt.Fprintf(&b, "_x%04X_", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// startsXstringEscape reports whether s begins with _xHHHH_.
func startsXstringEscape(s string) bool {
	if len(s) < 7 || s[0] != '_' || s[1] != 'x' || s[6] != '_' {
		return false
	}
	for _, c := range []byte(s[2:6]) {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// xmlChars reports whether every character of s is one XML holds (and s
// is valid UTF-8): such text needs no _xHHHH_ escape of its own.
func xmlChars(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || !xmllex.IsChar(r) {
			return false
		}
	}
	return true
}

// attrEscape escapes s for a double-quoted attribute value.
func attrEscape(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

// formatBook is the format book's package: a workbook of the date system
// date1904 with the given styles, shared strings (nil: none) and one
// worksheet. Its parts are stored: excelize inflates them at once.
func formatBook(date1904 bool, styles, sst, worksheet []byte) ([]byte, error) {
	const main = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"`
	const rels = `xmlns="http://schemas.openxmlformats.org/package/2006/relationships"`
	const relType = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
	pr := ""
	if date1904 {
		pr = `<workbookPr date1904="1"/>`
	}
	parts := []struct {
		name string
		body []byte
	}{
		{"[Content_Types].xml", []byte(`<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
			`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
			`<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
			`<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`)},
		{"_rels/.rels", []byte(`<Relationships ` + rels + `><Relationship Id="rId1" Type="` + relType + `officeDocument" Target="xl/workbook.xml"/></Relationships>`)},
		{"xl/workbook.xml", []byte(`<workbook ` + main + ` xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
			pr + `<sheets><sheet name="` + formatSheet + `" sheetId="1" r:id="rId1"/></sheets></workbook>`)},
		{"xl/_rels/workbook.xml.rels", []byte(`<Relationships ` + rels + `><Relationship Id="rId1" Type="` + relType + `worksheet" Target="worksheets/sheet1.xml"/></Relationships>`)},
		{"xl/styles.xml", styles},
		{"xl/worksheets/sheet1.xml", worksheet},
	}
	if sst != nil {
		parts = append(parts, struct {
			name string
			body []byte
		}{"xl/sharedStrings.xml", sst})
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, p := range parts {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: p.name, Method: zip.Store})
		if err == nil {
			_, err = w.Write(p.body)
		}
		if err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// shownKey is what excelize's formatting of a cell depends on.
type shownKey struct {
	t, value string
	style    int
}

// cellFormatter formats a write's single cells in a format book (see
// formatStyles) whose one sheet holds the cell alone: excelize's
// GetCellValue of it is the cell's text.
type cellFormatter struct {
	f     *excelize.File
	added int // the write's cell formats the book's styles part holds
	memo  map[shownKey]string
}

// formatted is r's text under its number format, as excelize formats it.
func (w *writer) formatted(r cellRead) string {
	if w.cells == nil {
		w.cells = &cellFormatter{memo: map[shownKey]string{}}
	}
	k := shownKey{r.t, r.value, r.style}
	if v, ok := w.cells.memo[k]; ok {
		return v
	}
	added := 0
	if w.xfs != nil {
		added = len(w.xfs.clones)
	}
	if w.cells.f == nil || w.cells.added != added {
		if w.cells.f != nil {
			w.cells.f.Close()
		}
		f, err := openFormatBook(w.date1904, w.wb.formatStyles(w.xfs), nil, oneCellSheet(r))
		if err != nil {
			return r.value // the book is formfill's own: not seen
		}
		w.cells.f, w.cells.added = f, added
	}
	f := w.cells.f
	f.Pkg.Store(formatSheetPart, oneCellSheet(r))
	f.Sheet.Delete(formatSheetPart) // read again from the part above
	v, err := f.GetCellValue(formatSheet, "A1")
	if err != nil {
		v = r.value // as formattedValue gives a value it cannot format
	}
	w.cells.memo[k] = v
	return v
}

// formatSheetPart is the format book's one worksheet.
const formatSheetPart = "xl/worksheets/sheet1.xml"

// oneCellSheet is a worksheet holding r alone, in A1: a string as an
// inline string (excelize formats shared and inline strings alike), its
// _xHHHH_ escapes escaped again, as excelize decodes them.
func oneCellSheet(r cellRead) []byte {
	var b bytes.Buffer
	b.WriteString(`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" s="` + strconv.Itoa(r.style) + `"`)
	switch r.t {
	case "s", "inlineStr":
		b.WriteString(` t="inlineStr"><is><t>`)
		escapeText(&b, strings.ReplaceAll(r.value, "_x", "_x005F_x"))
		b.WriteString(`</t></is></c>`)
	default:
		if r.t != "" {
			b.WriteString(` t="`)
			escapeAttr(&b, r.t)
			b.WriteString(`"`)
		}
		b.WriteString(`><v>`)
		escapeText(&b, r.value)
		b.WriteString(`</v></c>`)
	}
	b.WriteString(`</row></sheetData></worksheet>`)
	return b.Bytes()
}
