package readers_test

import (
	"archive/zip"
	"bytes"
	"testing"

	"github.com/formfill/formfill/internal/readers"
)

// formatsXLSX is a hand-written one-sheet workbook ("Values") whose cells
// carry number formats (styles.xml: 1 → built-in 14, 2 → custom
// yyyy-mm-dd, 3 → built-in 10), a formula with a cached result and one
// without, a boolean, an error and an escaped inline string, a merged
// range whose second cell keeps a stale value, and two data validations,
// under a <dimension> too small for its cells, as real workbooks have.
func formatsXLSX(t *testing.T) []byte {
	t.Helper()
	const ns = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`
	const rels = `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`
	parts := []struct{ name, data string }{
		{"[Content_Types].xml", `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
			`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
			`<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
			`<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>` +
			`<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`},
		{"_rels/.rels", rels + `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`},
		{"xl/workbook.xml", `<workbook ` + ns + `><sheets><sheet name="Values" sheetId="1" r:id="rId1"/></sheets></workbook>`},
		{"xl/_rels/workbook.xml.rels", rels +
			`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>` +
			`<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`},
		{"xl/styles.xml", `<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
			`<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/></numFmts>` +
			`<fonts count="1"><font/></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders>` +
			`<cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/><xf numFmtId="164" applyNumberFormat="1"/><xf numFmtId="10" applyNumberFormat="1"/></cellXfs></styleSheet>`},
		{"xl/worksheets/sheet1.xml", `<worksheet ` + ns + `><dimension ref="A1:B1"/><sheetData><row r="1">` +
			`<c r="A1"><v>1234.5</v></c><c r="B1" s="1"><v>45000</v></c><c r="C1" s="2"><v>45000.5</v></c><c r="D1" s="3"><v>0.25</v></c>` +
			`<c r="E1"><f>A1*2</f><v>2469</v></c><c r="F1"><f>A1+1</f></c><c r="G1" t="b"><v>1</v></c><c r="H1" t="e"><v>#N/A</v></c>` +
			`<c r="I1" t="inlineStr"><is><t>In_x0041_line</t></is></c><c r="J1" s="1"><v>0.5</v></c>` +
			`<c r="M1" t="inlineStr"><is><t>merged</t></is></c><c r="N1" t="inlineStr"><is><t>stale</t></is></c></row></sheetData>` +
			`<mergeCells count="1"><mergeCell ref='M1:N1'/></mergeCells>` +
			`<dataValidations count="2"><dataValidation type="whole" operator="between" sqref="K1 K3" promptTitle="Count" prompt="1 to 9"><formula1>1</formula1><formula2>9</formula2></dataValidation>` +
			`<dataValidation type="list" sqref="L1"><formula1>"Yes,No"</formula1></dataValidation></dataValidations></worksheet>`},
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, p := range parts {
		w, err := zw.Create(p.name)
		if err == nil {
			_, err = w.Write([]byte(p.data))
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// One process reads both workbooks, each in its place: every cell's cached
// value, type, number format and the number it holds.
func TestXLSXValuesReadsCachedValuesFormatsAndNumbers(t *testing.T) {
	books := readers.XLSXValues(t, formatsXLSX(t), tinyXLSX(t))
	if len(books) != 2 {
		t.Fatalf("%d books for 2 workbooks", len(books))
	}
	num := func(f float64) *float64 { return &f }
	cases := []struct {
		name, ref string
		want      readers.XLSXCell
	}{
		{"number under General", "A1", readers.XLSXCell{Value: "1234.5", Cached: true, Type: "n", Format: "General", Number: num(1234.5)}},
		{"date under built-in 14", "B1", readers.XLSXCell{Value: "2023-03-15T00:00:00", Cached: true, Type: "d", Format: "mm-dd-yy", Number: num(45000)}},
		{"date and time under a custom format", "C1", readers.XLSXCell{Value: "2023-03-15T12:00:00", Cached: true, Type: "d", Format: "yyyy-mm-dd", Number: num(45000.5)}},
		{"percent", "D1", readers.XLSXCell{Value: "0.25", Cached: true, Type: "n", Format: "0.00%", Number: num(0.25)}},
		{"formula with a cached result", "E1", readers.XLSXCell{Value: "2469", Cached: true, Type: "f", Format: "General", Number: num(2469)}},
		{"formula without a cached result", "F1", readers.XLSXCell{Type: "f", Format: "General"}},
		{"boolean", "G1", readers.XLSXCell{Value: "TRUE", Cached: true, Type: "b", Format: "General", Number: num(1)}},
		{"error", "H1", readers.XLSXCell{Value: "#N/A", Cached: true, Type: "e", Format: "General"}},
		{"inline string, escape kept", "I1", readers.XLSXCell{Value: "In_x0041_line", Cached: true, Type: "s", Format: "General"}},
		{"time only under a date format", "J1", readers.XLSXCell{Value: "12:00:00", Cached: true, Type: "d", Format: "mm-dd-yy", Number: num(0.5)}},
		{"merged range", "M1", readers.XLSXCell{Value: "merged", Cached: true, Type: "s", Format: "General"}},
		{"merged range's second cell, emptied", "N1", readers.XLSXCell{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := books[0].Cell("Values", c.ref)
			if got.Value != c.want.Value || got.Cached != c.want.Cached || got.Type != c.want.Type || got.Format != c.want.Format ||
				(got.Number == nil) != (c.want.Number == nil) || got.Number != nil && *got.Number != *c.want.Number {
				t.Errorf("%+v (number %v), want %+v (number %v)", got, deref(got.Number), c.want, deref(c.want.Number))
			}
		})
	}
	if got := books[1].Cell("Lists", "B1"); got.Value != "No, never" || got.Type != "s" {
		t.Errorf("second workbook, hidden sheet: %+v", got)
	}
	if got := books[1].Cell("Questions", "C1"); got != (readers.XLSXCell{}) {
		t.Errorf("an empty cell reads %+v", got)
	}
}

// Each validation comes with its operator, both formulas and its prompt,
// whether one workbook is read with everything else or several with
// nothing else.
func TestXLSXValidationsReadsOperatorsFormulasAndPrompts(t *testing.T) {
	book := formatsXLSX(t)
	batch := readers.XLSXValidationsOf(t, tinyXLSX(t), book)
	if len(batch) != 2 || len(batch[0]["Questions"]) != 0 {
		t.Fatalf("batch of 2 workbooks reads %+v", batch)
	}
	str := func(s string) *string { return &s }
	want := []readers.Validation{
		{Sqref: "K1 K3", Type: "whole", Operator: "between", Formula1: "1", Formula2: "9", Prompt: str("1 to 9"), PromptTitle: str("Count")},
		{Sqref: "L1", Type: "list", Formula1: `"Yes,No"`},
	}
	for name, got := range map[string][]readers.Validation{
		"XLSXValidations": readers.XLSXValidations(t, book)["Values"], "XLSXValidationsOf": batch[1]["Values"],
	} {
		if len(got) != len(want) {
			t.Errorf("%s: %d validations, want %d: %+v", name, len(got), len(want), got)
			continue
		}
		for i, w := range want {
			g := got[i]
			if g.Sqref != w.Sqref || g.Type != w.Type || g.Operator != w.Operator || g.Formula1 != w.Formula1 || g.Formula2 != w.Formula2 ||
				deref(g.Prompt) != deref(w.Prompt) || deref(g.PromptTitle) != deref(w.PromptTitle) {
				t.Errorf("%s, validation %d: %+v (prompt %v, title %v), want %+v", name, i, g, deref(g.Prompt), deref(g.PromptTitle), w)
			}
		}
	}
}

// deref is *p, or nil for a nil p.
func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}
