package readers_test

import (
	"archive/zip"
	"bytes"
	"strings"
	"testing"

	"github.com/formfill/formfill/internal/readers"
)

// tinyXLSX is a hand-written two-sheet workbook (the second sheet hidden)
// with a string, a number, a boolean, a formula and text that merely
// starts with "=", so the readers are tested without the Excel engine.
func tinyXLSX(t *testing.T) []byte {
	t.Helper()
	const ns = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`
	parts := []struct{ name, data string }{
		{"[Content_Types].xml", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
			`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
			`<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
			`<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
			`<Override PartName="/xl/worksheets/sheet2.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`},
		{"_rels/.rels", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
			`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`},
		{"xl/workbook.xml", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook ` + ns + `><sheets>` +
			`<sheet name="Questions" sheetId="1" r:id="rId1"/><sheet name="Lists" sheetId="2" state="hidden" r:id="rId2"/></sheets></workbook>`},
		{"xl/_rels/workbook.xml.rels", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
			`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>` +
			`<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet2.xml"/></Relationships>`},
		{"xl/worksheets/sheet1.xml", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet ` + ns + `><sheetData>` +
			`<row r="1"><c r="A1" t="inlineStr"><is><t>Question</t></is></c><c r="B1" t="inlineStr"><is><t>Answer</t></is></c></row>` +
			`<row r="2"><c r="A2" t="inlineStr"><is><t>Employees</t></is></c><c r="B2"><v>42</v></c></row>` +
			`<row r="3"><c r="A3" t="inlineStr"><is><t>Certified</t></is></c><c r="B3" t="b"><v>1</v></c></row>` +
			`<row r="4"><c r="A4" t="inlineStr"><is><t>Total</t></is></c><c r="B4"><f>B2*2</f><v>84</v></c></row>` +
			`<row r="5"><c r="A5" t="inlineStr"><is><t>Formula-like</t></is></c><c r="B5" t="inlineStr"><is><t>=not a formula</t></is></c></row>` +
			`</sheetData></worksheet>`},
		{"xl/worksheets/sheet2.xml", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet ` + ns + `><sheetData>` +
			`<row r="1"><c r="A1" t="inlineStr"><is><t>Yes</t></is></c><c r="B1" t="inlineStr"><is><t>No, never</t></is></c></row></sheetData></worksheet>`},
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, p := range parts {
		w, err := zw.Create(p.name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(p.data)); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestXLSXCellsReadsValuesAndTypes(t *testing.T) {
	book := tinyXLSX(t)
	cells := readers.XLSXCells(t, book)
	types := readers.XLSXTypes(t, book)
	cases := []struct {
		sheet, ref, value, typ string
	}{
		{"Questions", "A1", "Question", "s"},
		{"Questions", "B2", "42", "n"},
		{"Questions", "B3", "TRUE", "b"},
		{"Questions", "B4", "=B2*2", "f"},
		{"Questions", "B5", "=not a formula", "s"},
		{"Lists", "B1", "No, never", "s"},
	}
	for _, c := range cases {
		t.Run(c.sheet+"!"+c.ref, func(t *testing.T) {
			if got := cells[c.sheet][c.ref]; got != c.value {
				t.Errorf("value %q, want %q", got, c.value)
			}
			if got := types[c.sheet][c.ref]; got != c.typ {
				t.Errorf("type %q, want %q", got, c.typ)
			}
		})
	}
	if _, ok := cells["Questions"]["C1"]; ok {
		t.Errorf("empty cell C1 reported: %v", cells["Questions"])
	}
}

func TestLibreOfficeTextXLSXHasEverySheetInOrder(t *testing.T) {
	text := readers.LibreOfficeText(t, tinyXLSX(t), "xlsx")
	q := strings.Index(text, "== sheet: Questions ==\n")
	l := strings.Index(text, "== sheet: Lists ==\n")
	if q < 0 || l < 0 || q > l {
		t.Fatalf("want both sheets, Questions first; got:\n%s", text)
	}
	for _, want := range []string{"Employees,42", "Total,84", `Yes,"No, never"`} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in:\n%s", want, text)
		}
	}
	sheets := readers.LibreOfficeSheets(t, tinyXLSX(t))
	if len(sheets) != 2 || !strings.Contains(sheets["Lists"], "No, never") {
		t.Errorf("LibreOfficeSheets = %q, want Questions and Lists", sheets)
	}
}
