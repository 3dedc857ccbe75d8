package excel

import (
	"strings"
	"testing"
)

const patchHead = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n" +
	`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`

func TestPatchSheet(t *testing.T) {
	str := func(r, c int, s string) cellEdit {
		return cellEdit{row: r, col: c, kind: editString, text: s, style: noStyle}
	}
	num := func(r, c int, s string) cellEdit {
		return cellEdit{row: r, col: c, kind: editNumber, text: s, style: noStyle}
	}
	tests := []struct {
		name  string
		sheet string // between the head and </worksheet>
		edits []cellEdit
		want  string
	}{
		{"an existing string cell takes a new shared string and keeps its style",
			`<sheetData><row r="1"><c r="A1" s="3" t="s"><v>0</v></c><c r="B1"><v>2</v></c></row></sheetData>`,
			[]cellEdit{str(1, 1, "Yes")},
			`<sheetData><row r="1"><c r="A1" s="3" t="s"><v>7</v></c><c r="B1"><v>2</v></c></row></sheetData>`},
		{"an empty styled cell takes a number",
			`<sheetData><row r="2" spans="1:3"><c r="A2"/><c r="B2" s="4"/></row></sheetData>`,
			[]cellEdit{num(2, 2, "42.5")},
			`<sheetData><row r="2" spans="1:3"><c r="A2"/><c r="B2" s="4"><v>42.5</v></c></row></sheetData>`},
		{"a cell missing from its row goes in column order, and widens the spans",
			`<dimension ref="A1:B3"/><sheetData><row r="3" spans="1:2"><c r="A3"><v>1</v></c><c r="B3"><v>2</v></c></row></sheetData>`,
			[]cellEdit{num(3, 4, "9"), str(3, 1, "x")},
			`<dimension ref="A1:D3"/><sheetData><row r="3" spans="1:4"><c r="A3" t="s"><v>7</v></c><c r="B3"><v>2</v></c><c r="D3"><v>9</v></c></row></sheetData>`},
		{"a missing row goes between its neighbours and a formatted row's style reaches new cells",
			`<sheetData><row r="1"><c r="A1"><v>1</v></c></row><row r="5" s="9" customFormat="1"><c r="A5"/></row></sheetData>`,
			[]cellEdit{num(3, 2, "8"), num(5, 2, "1")},
			`<sheetData><row r="1"><c r="A1"><v>1</v></c></row><row r="3"><c r="B3"><v>8</v></c></row><row r="5" s="9" customFormat="1"><c r="A5"/><c r="B5" s="9"><v>1</v></c></row></sheetData>`},
		{"rows past the last one and a column's style",
			`<cols><col min="2" max="4" width="9" style="5"/></cols><sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData>`,
			[]cellEdit{num(10, 3, "1")},
			`<cols><col min="2" max="4" width="9" style="5"/></cols><sheetData><row r="1"><c r="A1"><v>1</v></c></row><row r="10"><c r="C10" s="5"><v>1</v></c></row></sheetData>`},
		{"an empty sheetData and a self-closing row",
			`<sheetData/>`, []cellEdit{num(1, 1, "1")},
			`<sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData>`},
		{"a self-closing row gains its cell",
			`<sheetData><row r="2" ht="20" customHeight="1"/></sheetData>`, []cellEdit{num(2, 1, "3")},
			`<sheetData><row r="2" ht="20" customHeight="1"><c r="A2"><v>3</v></c></row></sheetData>`},
		{"an inline string cell stays inline and escapes its text",
			`<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>old</t></is></c></row></sheetData>`,
			[]cellEdit{str(1, 1, " a<b & c ")},
			`<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t xml:space="preserve"> a&lt;b &amp; c </t></is></c></row></sheetData>`},
		{"a cleared cell keeps its style and loses its value; a clear of nothing adds nothing",
			`<sheetData><row r="1"><c r="A1" s="2" t="s"><v>3</v></c></row></sheetData>`,
			[]cellEdit{{row: 1, col: 1, kind: editClear, style: noStyle}, {row: 4, col: 1, kind: editClear, style: noStyle}},
			`<sheetData><row r="1"><c r="A1" s="2"></c></row></sheetData>`},
		{"a formula's cached value changes, the formula stays",
			`<sheetData><row r="1"><c r="A1" t="str"><f>B1&amp;"x"</f><v>old</v></c><c r="B1"><f>1+1</f></c></row></sheetData>`,
			[]cellEdit{{row: 1, col: 1, kind: editCached, cached: cachedValue{v: "5"}}, {row: 1, col: 2, kind: editCached, cached: cachedValue{v: "a", t: "str"}}},
			`<sheetData><row r="1"><c r="A1"><f>B1&amp;"x"</f><v>5</v></c><c r="B1" t="str"><f>1+1</f><v>a</v></c></row></sheetData>`},
		{"a dropped cached value, and a cached value never adds a cell",
			`<sheetData><row r="1"><c r="A1" t="e"><f>1/0</f><v>#DIV/0!</v></c></row></sheetData>`,
			[]cellEdit{{row: 1, col: 1, kind: editCached, cached: cachedValue{drop: true}}, {row: 2, col: 1, kind: editCached, cached: cachedValue{v: "1"}}},
			`<sheetData><row r="1"><c r="A1"><f>1/0</f></c></row></sheetData>`},
		{"prefixed elements keep their prefix",
			`<x:sheetData xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:row r="1"><x:c r="A1"><x:v>1</x:v></x:c></x:row></x:sheetData>`,
			[]cellEdit{num(1, 1, "2"), num(2, 1, "3")},
			`<x:sheetData xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:row r="1"><x:c r="A1"><x:v>2</x:v></x:c></x:row><x:row r="2"><x:c r="A2"><x:v>3</x:v></x:c></x:row></x:sheetData>`},
		{"cells and rows without references are counted",
			`<sheetData><row><c><v>1</v></c><c><v>2</v></c></row></sheetData>`,
			[]cellEdit{num(1, 2, "5")},
			`<sheetData><row><c><v>1</v></c><c r="B1"><v>5</v></c></row></sheetData>`},
		{"a new style replaces the cell's, and boolean values",
			`<sheetData><row r="1"><c r="A1" s="1" vm="1"><v>1</v></c></row></sheetData>`,
			[]cellEdit{{row: 1, col: 1, kind: editBool, text: "1", style: 12}},
			`<sheetData><row r="1"><c r="A1" s="12" t="b"><v>1</v></c></row></sheetData>`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// An XML comment makes the fast pass give up at once: both
			// passes must patch alike.
			for _, head := range []string{patchHead, patchHead + "<!-- slow -->"} {
				res, err := patchSheet([]byte(head+tc.sheet+"</worksheet>"), "xl/worksheets/sheet1.xml", tc.edits, func(string) int { return 7 }, nil)
				if err != nil {
					t.Fatal(err)
				}
				if got := strings.TrimPrefix(string(res.data), head); got != tc.want+"</worksheet>" {
					t.Errorf("got\n%s\nwant\n%s</worksheet>", got, tc.want)
				}
			}
		})
	}
}

func TestPatchSheetRefusesWhatItCannotPatch(t *testing.T) {
	for name, sheet := range map[string]string{
		"rows out of order":  `<sheetData><row r="3"/><row r="2"/></sheetData>`,
		"cells out of order": `<sheetData><row r="1"><c r="B1"/><c r="A1"/></row></sheetData>`,
		"no sheetData":       ``,
	} {
		t.Run(name, func(t *testing.T) {
			_, err := patchSheet([]byte(patchHead+sheet+"</worksheet>"), "s.xml", []cellEdit{{row: 2, col: 2, kind: editNumber, text: "1", style: noStyle}}, nil, nil)
			if err == nil {
				t.Fatal("patched")
			}
		})
	}
}

// TestPatchSheetExtendsValidations checks that a validation covering a
// prepared cell comes to cover the new cell it was copied to, the plain
// ones in their sqref attribute and the x14 ones in their xm:sqref.
func TestPatchSheetExtendsValidations(t *testing.T) {
	sheet := patchHead + `<sheetData/><dataValidations count="2"><dataValidation type="list" sqref="C3:C10"><formula1>"Yes,No"</formula1></dataValidation>` +
		`<dataValidation type="whole" sqref="D3"/></dataValidations><extLst><ext uri="x"><x14:dataValidations xmlns:x14="urn:x14" xmlns:xm="urn:xm"><x14:dataValidation type="list">` +
		`<x14:formula1><xm:f>L!$A$1:$A$2</xm:f></x14:formula1><xm:sqref>C3:C10 E3</xm:sqref></x14:dataValidation></x14:dataValidations>` +
		`<x14:conditionalFormattings xmlns:x14="urn:x14" xmlns:xm="urn:xm"><x14:conditionalFormatting><xm:sqref>C3:C10</xm:sqref></x14:conditionalFormatting></x14:conditionalFormattings></ext></extLst></worksheet>`
	from, to := cell{sheet: 1, row: 10, col: 3}, cell{sheet: 1, row: 12, col: 3}
	res, err := patchSheetFull([]byte(sheet), "s.xml", sheetChanges{dvCopies: [][2]cell{{from, to}}}, nil, nil)
	must(t, err)
	want := strings.Replace(sheet, `sqref="C3:C10"`, `sqref="C3:C10 C12"`, 1)
	want = strings.Replace(want, `<xm:sqref>C3:C10 E3</xm:sqref>`, `<xm:sqref>C3:C10 E3 C12</xm:sqref>`, 1)
	if string(res.data) != want {
		t.Errorf("got\n%s\nwant\n%s", res.data, want)
	}
}
