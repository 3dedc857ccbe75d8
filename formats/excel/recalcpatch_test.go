package excel

import (
	"testing"
)

// patchCells is a worksheet's XML with the cached values of its formula
// cells named in vals replaced, as the patching writer writes them.
func patchCells(t *testing.T, data []byte, vals map[string]cachedValue) []byte {
	t.Helper()
	var edits []cellEdit
	for ref, v := range vals {
		col, row, _, err := cellRef(ref)
		must(t, err)
		edits = append(edits, cellEdit{row: row, col: col, kind: editCached, cached: v, style: noStyle})
	}
	res, err := patchSheet(data, "sheet.xml", edits, nil, nil)
	must(t, err)
	return res.data
}

// TestPatchCells checks the cached values recalc computes as the patching
// writer puts them into formula cells (all in one row here).
func TestPatchCells(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		vals     map[string]cachedValue
		want     string
	}{
		{"number replaces a string", `<c r="A1" t="str"><f>B1</f><v>old</v></c><c r="B1"><v>5</v></c>`,
			map[string]cachedValue{"A1": {v: "42"}}, `<c r="A1"><f>B1</f><v>42</v></c><c r="B1"><v>5</v></c>`},
		{"string escaped", `<c r="B1" s="3"><f>X1&amp;"a"</f><v>1</v></c>`,
			map[string]cachedValue{"B1": {v: "a<b&c", t: "str"}}, `<c r="B1" s="3" t="str"><f>X1&amp;"a"</f><v>a&lt;b&amp;c</v></c>`},
		{"error value", `<c r="C1"><f>1/A1</f><v>0.5</v></c>`,
			map[string]cachedValue{"C1": {v: "#DIV/0!", t: "e"}}, `<c r="C1" t="e"><f>1/A1</f><v>#DIV/0!</v></c>`},
		{"dropped", `<c r="D1" t="b"><f>[1]S!A1</f><v>1</v></c>`,
			map[string]cachedValue{"D1": {drop: true}}, `<c r="D1"><f>[1]S!A1</f></c>`},
		{"shared formula follower", `<c r="E1"><f t="shared" si="0"/><v>3</v></c>`,
			map[string]cachedValue{"E1": {v: "7"}}, `<c r="E1"><f t="shared" si="0"/><v>7</v></c>`},
		{"no value before", `<c r="F1"><f>A1</f></c>`,
			map[string]cachedValue{"F1": {v: "1", t: "b"}}, `<c r="F1" t="b"><f>A1</f><v>1</v></c>`},
		{"prefixed", `<x:c r="G1"><x:f>A1</x:f><x:v>2</x:v></x:c>`,
			map[string]cachedValue{"G1": {v: "3"}}, `<x:c r="G1"><x:f>A1</x:f><x:v>3</x:v></x:c>`},
		{"other cells untouched, and no cell added for a cached value", `<c r="H1"/><c r="I1"><f>A1</f><v>1</v></c>`,
			map[string]cachedValue{"H9": {v: "3"}, "J1": {v: "3"}}, `<c r="H1"/><c r="I1"><f>A1</f><v>1</v></c>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := string(patchCells(t, []byte(patchHead+"<sheetData><row r=\"1\">"+tc.in+"</row></sheetData></worksheet>"), tc.vals))
			if want := patchHead + "<sheetData><row r=\"1\">" + tc.want + "</row></sheetData></worksheet>"; got != want {
				t.Errorf("got  %s\nwant %s", got, want)
			}
		})
	}
}

func TestSetFullCalcOnLoad(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"calcPr without the attribute", `<workbook><sheets/><calcPr calcId="191029"/></workbook>`,
			`<workbook><sheets/><calcPr fullCalcOnLoad="1" calcId="191029"/></workbook>`},
		{"calcPr with it off", `<workbook><calcPr calcId="1" fullCalcOnLoad="0"></calcPr></workbook>`,
			`<workbook><calcPr calcId="1" fullCalcOnLoad="1"></calcPr></workbook>`},
		{"no calcPr, extLst", `<workbook><sheets/><definedNames/><extLst/></workbook>`,
			`<workbook><sheets/><definedNames/><calcPr fullCalcOnLoad="1"/><extLst/></workbook>`},
		{"no calcPr", `<workbook><sheets/></workbook>`, `<workbook><sheets/><calcPr fullCalcOnLoad="1"/></workbook>`},
		{"prefixed", `<x:workbook><x:sheets/></x:workbook>`, `<x:workbook><x:sheets/><x:calcPr fullCalcOnLoad="1"/></x:workbook>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(setFullCalcOnLoad([]byte(tc.in))); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// FuzzSetFullCalcOnLoad feeds workbook XML of any shape to the calcPr
// patch (FuzzPatchSheet does the cells).
func FuzzSetFullCalcOnLoad(f *testing.F) {
	f.Add([]byte(`<workbook><calcPr calcId="1"/></workbook>`))
	f.Add([]byte(`<workbook><calcPr`))
	f.Fuzz(func(t *testing.T, data []byte) {
		setFullCalcOnLoad(data)
	})
}
