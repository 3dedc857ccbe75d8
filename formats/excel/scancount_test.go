package excel

import (
	"bytes"
	"testing"
)

// sheetMarksCases are worksheets whose marks sit where the passes turn:
// at either end of the data, after another '<', inside texts.
var sheetMarksCases = []struct{ name, xml string }{
	{"empty", ""},
	{"only a less-than", "<"},
	{"a value at the end", "<c r=\"A1\" s=\"2\"><v"},
	{"a mark after another less-than", "<<v><<f></v>"},
	{"a style at the start", ` s="1"`},
	{"a style without its quote", ` s=`},
	{"an equals sign at either end", `= s="=`},
	{"cells", `<row r="1" s="4"><c r="A1" s="3" t="s"><v>1</v></c><c r="B1"><f>A1</f><v/></c></row>`},
	{"marks in a text", `<c r="A1" t="inlineStr"><is><t>&lt;v s="x" <vv</t></is></c>`},
}

// TestSheetMarksCountAsBytesCount holds sheetMarks to the bytes.Count calls
// it replaces.
func TestSheetMarksCountAsBytesCount(t *testing.T) {
	for _, c := range sheetMarksCases {
		t.Run(c.name, func(t *testing.T) { checkSheetMarks(t, []byte(c.xml)) })
	}
}

// FuzzSheetMarks holds sheetMarks to bytes.Count on any input.
func FuzzSheetMarks(f *testing.F) {
	for _, c := range sheetMarksCases {
		f.Add([]byte(c.xml))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkSheetMarks(t, data) })
}

// checkSheetMarks fails t when sheetMarks and bytes.Count disagree on data.
func checkSheetMarks(t *testing.T, data []byte) {
	t.Helper()
	v, f, s := sheetMarks(data)
	wv, wf, ws := bytes.Count(data, []byte("<v")), bytes.Count(data, []byte("<f")), bytes.Count(data, []byte(` s="`))
	if v != wv || f != wf || s != ws {
		t.Fatalf("sheetMarks(%q) = %d, %d, %d; bytes.Count gives %d, %d, %d", data, v, f, s, wv, wf, ws)
	}
}
