package excel

import (
	"testing"
)

func TestPatchCells(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		vals     map[string]cachedValue
		want     string
	}{
		{"number replaces a string", `<row><c r="A1" t="str"><f>B1</f><v>old</v></c><c r="A2"><v>5</v></c></row>`,
			map[string]cachedValue{"A1": {v: "42"}}, `<row><c r="A1"><f>B1</f><v>42</v></c><c r="A2"><v>5</v></c></row>`},
		{"string escaped", `<c r="B2" s="3"><f>X1&amp;"a"</f><v>1</v></c>`,
			map[string]cachedValue{"B2": {v: "a<b&c", t: "str"}}, `<c r="B2" s="3" t="str"><f>X1&amp;"a"</f><v>a&lt;b&amp;c</v></c>`},
		{"error value", `<c r="C1"><f>1/A1</f><v>0.5</v></c>`,
			map[string]cachedValue{"C1": {v: "#DIV/0!", t: "e"}}, `<c r="C1" t="e"><f>1/A1</f><v>#DIV/0!</v></c>`},
		{"dropped", `<c r="D1" t="b"><f>[1]S!A1</f><v>1</v></c>`,
			map[string]cachedValue{"D1": {drop: true}}, `<c r="D1"><f>[1]S!A1</f></c>`},
		{"shared formula follower", `<c r="E2"><f t="shared" si="0"/><v>3</v></c>`,
			map[string]cachedValue{"E2": {v: "7"}}, `<c r="E2"><f t="shared" si="0"/><v>7</v></c>`},
		{"no value before", `<c r="F1"><f>A1</f></c>`,
			map[string]cachedValue{"F1": {v: "1", t: "b"}}, `<c r="F1" t="b"><f>A1</f><v>1</v></c>`},
		{"prefixed", `<x:c r="G1"><x:f>A1</x:f><x:v>2</x:v></x:c>`,
			map[string]cachedValue{"G1": {v: "3"}}, `<x:c r="G1"><x:f>A1</x:f><x:v>3</x:v></x:c>`},
		{"other cells and cols untouched", `<cols><col min="1"/></cols><c r="H1"/><c r="H2"><f>A1</f><v>1</v></c>`,
			map[string]cachedValue{"H9": {v: "3"}}, `<cols><col min="1"/></cols><c r="H1"/><c r="H2"><f>A1</f><v>1</v></c>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(patchCells([]byte(tc.in), tc.vals)); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
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

// FuzzPatchCells feeds worksheet XML of any shape to the cell patcher.
func FuzzPatchCells(f *testing.F) {
	f.Add([]byte(`<c r="A1"><f>B1</f><v>1</v></c>`))
	f.Add([]byte(`<c r="A1"><f>`))
	f.Add([]byte(`<workbook><calcPr`))
	f.Fuzz(func(t *testing.T, data []byte) {
		patchCells(data, map[string]cachedValue{"A1": {v: "x", t: "str"}})
		setFullCalcOnLoad(data)
	})
}
