package excel

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
)

// shownText is the cell's text as excelize's GetCellValue gives it: a
// string as it is, a boolean as TRUE or FALSE, a number rewritten as a
// plain decimal, and, under a number format that changes them, both as
// that format shows them. The formats General, Text and those with no text
// section are applied here as rows applies them (see plainText); any other
// is excelize's own number formatting (see formatted).
func (w *writer) shownText(r cellRead) (string, error) {
	switch {
	case r.err != nil:
		return "", r.err
	case !r.exists:
		return "", nil
	}
	switch r.t {
	case "str":
		return r.value, nil
	case "b":
		switch r.value {
		case "1":
			return "TRUE", nil
		case "0":
			return "FALSE", nil
		}
	case "s", "inlineStr":
		if w.numFormat(r.style) != formatOther {
			return r.value, nil
		}
	case "d":
	default: // a number, an error value, or a type excelize reads as a number
		if f := w.numFormat(r.style); f == formatNone || f == formatGeneral {
			return numberText(r.value, f), nil
		}
	}
	return w.formatted(r), nil
}

// numFormat is what excelize's formatting does with style index style's
// cells, a cell format the write added included.
func (w *writer) numFormat(style int) numFormat {
	if w.xfs != nil {
		if cl, ok := w.xfs.clone(style); ok {
			return (&stylesDoc{}).numFormat(cl.numFmt)
		}
	}
	return w.wb.numFormat(style)
}

// shownKey is what excelize's formatting of a cell depends on.
type shownKey struct {
	t, value string
	style    int
}

// cellFormatter formats single cells with excelize's number formatting:
// a workbook of one sheet whose styles part holds only the number formats
// of the workbook's cell formats, each at its index, and of the cell
// formats the write added. A cell's text is excelize's GetCellValue of a
// one-cell sheet.
type cellFormatter struct {
	f      *excelize.File
	styles *stylesDoc // the workbook's styles part, read once
	added  int        // the write's cell formats the styles part holds
	memo   map[shownKey]string
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
		w.cells.f, w.cells.added = w.newFormatBook(), added
	}
	f := w.cells.f
	f.Pkg.Store(formatSheetPart, oneCellSheet(r))
	f.Sheet.Delete(formatSheetPart)
	v, err := f.GetCellValue("Sheet1", "A1")
	if err != nil {
		v = r.value // as formattedValue gives a value it cannot format
	}
	w.cells.memo[k] = v
	return v
}

// formatSheetPart is the format book's one worksheet.
const formatSheetPart = "xl/worksheets/sheet1.xml"

// newFormatBook is the workbook cellFormatter formats in: the date system
// and the number formats of this workbook (a part that cannot be read
// gives none, as excelize then formats nothing).
func (w *writer) newFormatBook() *excelize.File {
	f := excelize.NewFile()
	d1904 := w.date1904
	_ = f.SetWorkbookProps(&excelize.WorkbookPropsOptions{Date1904: &d1904})
	if w.cells.styles == nil {
		w.cells.styles = &stylesDoc{}
		if w.wb.arch.File(stylesPart) != nil {
			if data, err := w.wb.readXML(stylesPart); err == nil {
				if read, err := readStyles(data); err == nil {
					w.cells.styles = read
				}
			}
		}
	}
	f.Pkg.Store("xl/styles.xml", formatStyles(w.cells.styles, w.xfs))
	f.Styles = nil // read again from the part above
	return f
}

// formatStyles is a styles part holding d's number formats and, at each
// cell format's index, its number format; then xfs's copies.
func formatStyles(d *stylesDoc, xfs *xfAppender) []byte {
	var b bytes.Buffer
	b.WriteString(`<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:x16r2="http://schemas.microsoft.com/office/spreadsheetml/2015/02/main">`)
	if len(d.numFmts) > 0 {
		b.WriteString(`<numFmts count="` + strconv.Itoa(len(d.numFmts)) + `">`)
		for _, n := range d.numFmts {
			b.WriteString(`<numFmt numFmtId="` + strconv.Itoa(n.id) + `" formatCode="`)
			escapeAttr(&b, n.code)
			if n.code16 != "" {
				b.WriteString(`" x16r2:formatCode16="`)
				escapeAttr(&b, n.code16)
			}
			b.WriteString(`"/>`)
		}
		b.WriteString(`</numFmts>`)
	}
	b.WriteString(`<fonts count="1"><font/></fonts><fills count="1"><fill/></fills><borders count="1"><border/></borders><cellXfs>`)
	own := d.xfs
	if xfs != nil {
		// The copies' indexes follow the styles part's own cell formats.
		own = make([]rawXf, len(xfs.scan.xfs))
		copy(own, d.xfs)
	}
	for _, x := range own {
		if x.numFmt == nil {
			b.WriteString(`<xf/>`)
			continue
		}
		b.WriteString(`<xf numFmtId="` + strconv.Itoa(*x.numFmt) + `"/>`)
	}
	if xfs != nil {
		for _, cl := range xfs.clones {
			b.WriteString(`<xf numFmtId="` + strconv.Itoa(cl.numFmt) + `"/>`)
		}
	}
	b.WriteString(`</cellXfs></styleSheet>`)
	return b.Bytes()
}

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

// bstrEscape matches an escaped character of a string item: _xHHHH_.
var bstrEscape = regexp.MustCompile(`_x[a-fA-F\d]{4}_`)

// bstrDecode decodes the _xHHHH_ escapes of a string's text as excelize
// does (its bstrUnmarshal): _x005F_ is an underscore.
func bstrDecode(s string) string {
	if !strings.Contains(s, "_x") {
		return s
	}
	var b strings.Builder
	cursor := 0
	for _, m := range bstrEscape.FindAllStringIndex(s, -1) {
		b.WriteString(s[cursor:m[0]])
		cursor = m[1]
		if s[m[0]:m[1]] == "_x005F_" {
			b.WriteByte('_')
			continue
		}
		v, _ := strconv.Unquote(`"\u` + s[m[0]+2:m[1]-1] + `"`)
		b.WriteString(v)
	}
	b.WriteString(s[cursor:])
	return b.String()
}
