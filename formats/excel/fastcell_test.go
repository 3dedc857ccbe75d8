package excel

import (
	"reflect"
	"strings"
	"testing"

	"golang.org/x/net/html/charset"

	"github.com/formfill/formfill/formats"
)

// How a worksheet is scanned: the fast pass with the plain empty and
// value cells' hooks, the fast pass without them (every element goes to
// record), and encoding/xml's pass alone.
const (
	withHook = iota
	withoutHook
	slowPass
)

// scanOf is the scan of a worksheet's XML, made the way given, and how
// many cells the hooks saw.
func scanOf(data []byte, way int) (*sheetScan, int, error) {
	const part = "xl/worksheets/sheet1.xml"
	s := newSheetScan()
	rec, done := s.recorder(data)
	hooked, hookedValue, calls := rec.emptyCell, rec.valueCell, 0
	rec.emptyCell = func(row, col, style int, styled bool, from, to int64) {
		calls++
		hooked(row, col, style, styled, from, to)
	}
	rec.valueCell = func(c *plainCell) {
		calls++
		hookedValue(c)
	}
	var err error
	switch way {
	case withHook:
		err = checkXML(data, part, rec, nil)
	case withoutHook:
		rec.emptyCell, rec.valueCell = nil, nil
		err = checkXML(data, part, rec, nil)
	default:
		err = checkXMLSlow(data, part, rec.record, charset.NewReaderLabel, nil)
	}
	if err != nil {
		return nil, calls, err
	}
	done()
	return s, calls, nil
}

// sameScans fails unless a worksheet's scan is the same with and without
// the plain empty cells' hook, and as encoding/xml's pass makes it; it
// returns how many cells the hook saw.
func sameScans(t testing.TB, what string, data []byte) int {
	t.Helper()
	got, calls, gotErr := scanOf(data, withHook)
	for _, way := range []int{withoutHook, slowPass} {
		want, _, wantErr := scanOf(data, way)
		if (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
			t.Fatalf("%s: error %v, scanned another way (%d) %v", what, gotErr, way, wantErr)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: the scan differs from the scan made another way (%d)", what, way)
		}
	}
	return calls
}

// emptyCellSheets are worksheets whose plain empty cells the fast pass
// meets in and out of place, next to cells it leaves to record.
var emptyCellSheets = []string{
	`<row r="1"><c r="A1" s="3"/><c r="B1" s="0"/><c r="C1" s="1023"/><c r="D1" s="1024"/><c r="E1" s="07"/><c r="F1"/><c r="G1" s=""/><c r="H1" /></row>`,
	`<row r="12"><c r="A12"/><c r="B12"/><c r="C12" s="9"/><c r="D12"/></row><row r="13"><c r="A13"/></row>`,
	`<row r="2"><c r="A2" s="5"><v>1</v></c><c r="B2" s="5"/><c r="C2" t="s" s="5"><v>0</v></c><c r="D2" s="5"/></row>`,
	`<row r="3"><c r="B3" s="1"/><c r="A3" s="1"/></row>`, // out of order
	`<row r="4"><c r="A5" s="1"/></row>`,                                     // another row's cell
	`<row r="6"><c r="a6" s="1"/><c r="B6"  s="1"/><c r="C6" s="1" /></row>`, // written otherwise
	`<row r="7"><c r="A07" s="2"/><c r="XFE7" s="2"/><c r="A0" s="2"/></row>`,
	`<row r="8"><c r="A8" s="2"/><c r="A8" s="2"/></row>`, // twice
	`<row r="9"><c r="ZZZZ9" s="2"/><c r="A12345678" s="2"/></row>`,
	`<row r="10"><c r="A10" s="4"><f>B10+1</f></c><c r="B10" s="4"/><c r="C10" s="4"><f t="shared" ref="C10:C11" si="0">A10</f></c></row>` +
		`<row r="11"><c r="B11" s="4"/><c r="C11" s="4"><f t="shared" si="0"/></c></row>`,
	// Cells with a value, read whole (plainValueCell), and written
	// otherwise.
	`<row r="14"><c r="A14" s="2" t="s"><v>0</v></c><c r="B14"><v>1.5</v></c><c r="C14" t="str"><f>A14&amp;"x"</f><v>ax</v></c>` +
		`<c r="D14" s="7" t="str"><f>B14*2</f><v>3</v></c><c r="E14" s="7" t="b"><v></v></c><c r="F14" t="e"><f></f><v>#N/A</v></c></row>`,
	`<row r="15"><c r="A15" t="s" s="2"><v>0</v></c><c r="B15" s="02"><v>1</v></c><c r="C15" t=""><v>1</v></c><c r="D15"><v>a&lt;b</v></c>` +
		`<c r="E15"><v>caf` + "\u00e9" + `</v></c><c r="F15"><v>1</v><f>A1</f></c><c r="G15"><f>1</f></c><c r="H15"><v>1</v></c ></row>`,
	`<row r="16"><c r="B16" s="1"><v>2</v></c><c r="A16"><v>1</v></c><c r="C17"><v>1</v></c></row>`, // out of order, another row's
	`<row r="17"><c r="A17" t="inlineStr"><is><t>x</t></is></c><c r="B17"><v>1` + "\r\n" + `2</v></c><c r="C17"><f t="shared" ref="C17:C18" si="1">A17</f><v>0</v></c></row>` +
		`<row r="18"><c r="C18"><f t="shared" si="1"/><v>0</v></c><c r="D18" s="3"><f>C18</f><v>0</v></c></row>`,
	// Empty cached values, read whole, and written otherwise: with a
	// space, with an attribute, twice, before the formula, alone.
	`<row r="21"><c r="A21" s="4" t="str"><f>B21&amp;""</f><v/></c><c r="B21" t="str"><f t="shared" si="3"/><v/></c><c r="C21"><v/></c>` +
		`<c r="D21" t="str"><f>A1</f><v /></c><c r="E21" t="str"><f>A1</f><v xml:space="preserve"/></c><c r="F21"><f>A1</f><v/><v/></c>` +
		`<c r="G21"><v/><f>A1</f></c><c r="H21" s="2"><f>A1</f><v/></c ><c r="I21"><f>A1</f><v/>x</c></row>`,
	// Shared formulas' members, read whole, and written otherwise: an
	// index with a leading zero, past 32 bits, with a space, empty, with
	// a ref (a master), an attribute more, not self-closing.
	`<row r="19"><c r="A19" s="2" t="str"><f t="shared" ref="A19:A20" si="2">B19</f><v>x</v></c><c r="B19" s="2"><f t="shared" si="2"/><v>1</v></c>` +
		`<c r="C19" t="e"><f t="shared" si="02"/><v>#REF!</v></c><c r="D19"><f t="shared" si="2147483648"/><v>1</v></c><c r="E19"><f t="shared" si="2147483647"/><v>1</v></c>` +
		`<c r="F19"><f t="shared" si=" 2"/><v>1</v></c><c r="G19"><f t="shared" si=""/><v>1</v></c><c r="H19"><f t="shared" si="12345678901"/><v>1</v></c></row>` +
		`<row r="20"><c r="A20"><f t="shared" si="2" ref="A20"/><v>1</v></c><c r="B20"><f t="shared" si="2" ca="1"/><v>1</v></c><c r="C20"><f t="shared" si="2"></f><v>1</v></c>` +
		`<c r="D20"><f t="shared" si="2"/><v>1</v><v>2</v></c><c r="E20"><f t="shared" si="3"/><f>1</f><v>1</v></c><c r="F20"><f t="shared" si="2"/></c></row>`,
}

// worksheet wraps rows in a worksheet, with what may go around them.
func worksheet(before, rows, after string) []byte {
	return []byte(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
		`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` + before +
		`<sheetData>` + rows + `</sheetData>` + after + `</worksheet>`)
}

func TestPlainEmptyCellsScanAsEveryOtherElement(t *testing.T) {
	hooked := 0
	for i, rows := range emptyCellSheets {
		hooked += sameScans(t, rows, worksheet(`<dimension ref="A1:D11"/>`, rows, `<mergeCells count="1"><mergeCell ref="A1:B1"/></mergeCells>`))
		if i == 0 {
			// Out of place: no row around them, outside the sheet's data,
			// a second sheetData, and a document the fast pass gives up on.
			sameScans(t, "outside a row", worksheet("", `<c r="A1" s="3"/>`+rows, ""))
			sameScans(t, "before the data", worksheet(`<c r="A1" s="3"/>`, rows, ""))
			sameScans(t, "after the data", worksheet("", rows, `<x><y><c r="A1" s="3"/></y></x>`))
			sameScans(t, "two data", worksheet("", rows, `<sheetData>`+rows+`</sheetData>`))
			sameScans(t, "a comment", worksheet("<!-- x -->", rows, ""))
			sameScans(t, "cut short", worksheet("", rows, "")[:200])
			prefixed := []byte(strings.NewReplacer("</", "</x:", "<?", "<?", "<", "<x:", `xmlns=`, `xmlns:x=`).Replace(string(worksheet("", rows, ""))))
			if _, _, err := scanOf(prefixed, withHook); err != nil {
				t.Fatalf("a prefixed worksheet: %v", err)
			}
			sameScans(t, "prefixed", prefixed)
		}
	}
	if hooked < 20 {
		t.Fatalf("the hooks saw %d of the constructed sheets' plain empty and value cells", hooked)
	}
	cells, hookedReal := 0, 0
	for name, doc := range workbooks(t) {
		arch, err := formats.OpenArchive(doc, formats.DefaultArchiveLimits)
		must(t, err)
		for _, f := range arch.Zip.File {
			if !isWorksheetPart(f.Name) {
				continue
			}
			data, err := arch.Read(f.Name)
			must(t, err)
			cells += strings.Count(string(data), `"/>`)
			hookedReal += sameScans(t, name+" "+f.Name, data)
		}
	}
	t.Logf("%d self-closing elements in the real worksheets; %d plain empty and value cells", cells, hookedReal)
}

func FuzzPlainEmptyCells(f *testing.F) {
	for _, rows := range emptyCellSheets {
		f.Add([]byte(worksheet("", rows, "")))
		f.Add([]byte(worksheet(`<sheetViews><sheetView><c r="A1"/></sheetView></sheetViews>`, rows, "")))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		sameScans(t, "fuzzed", data)
	})
}

// TestPlainValueCellsTakeAnEmptyCachedValue holds the fast pass to reading
// whole a formula's cell whose cached value is empty, <v/>, as spreadsheet
// software writes a formula that gives "" (HECVAT 4.14: 7,500 cells): each
// was five calls of record.
func TestPlainValueCellsTakeAnEmptyCachedValue(t *testing.T) {
	for _, c := range []struct {
		name, cell string
	}{
		{"a formula", `<c r="A1" s="4" t="str"><f>B1&amp;""</f><v/></c>`},
		{"a shared formula's member", `<c r="A1" t="str"><f t="shared" si="3"/><v/></c>`},
		{"no formula", `<c r="A1"><v/></c>`},
	} {
		data := worksheet("", `<row r="1">`+c.cell+`</row>`, "")
		if calls := sameScans(t, c.name, data); calls != 1 {
			t.Errorf("%s: the hooks saw %d cells of %s, want 1", c.name, calls, c.cell)
		}
	}
}
