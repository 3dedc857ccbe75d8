package excel

import (
	"bytes"
	"testing"
	"testing/iotest"
)

// FuzzPatchSheet patches arbitrary worksheet XML with an edit of each
// kind, as a write reads it (toUTF8): it must never panic, must give back
// well-formed XML whenever it patches, the same when the part comes a
// byte at a time as when it comes whole, and with no edits must give back
// the input itself.
func FuzzPatchSheet(f *testing.F) {
	f.Add([]byte(patchHead+`<dimension ref="A1"/><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>`), uint8(1), uint8(1), "x")
	f.Add([]byte(patchHead+`<sheetData><row r="2" spans="1:2"/><row r="4"><c r="B4"><f>A1</f><v>3</v></c></row></sheetData></worksheet>`), uint8(4), uint8(2), " a&b ")
	f.Add([]byte(patchHead+`<sheetData/></worksheet>`), uint8(0), uint8(0), "")
	f.Add([]byte(patchHead+`<!-- c --><x:sheetData xmlns:x="urn:x"><x:row><x:c><x:is><x:t>q</x:t></x:is></x:c></x:row></x:sheetData></worksheet>`), uint8(1), uint8(1), "\r\n")
	f.Fuzz(func(t *testing.T, data []byte, row, col uint8, text string) {
		if len(data) > 1<<16 {
			return
		}
		// A write patches a worksheet as readXML gives it: UTF-8.
		data, err := toUTF8(data, "fuzz.xml")
		if err != nil {
			return
		}
		same, err := patchSheet(data, "fuzz.xml", nil, nil, nil)
		if err == nil && !bytes.Equal(same.data, data) {
			t.Fatalf("no edits changed the part:\n%s\n%s", data, same.data)
		}
		r, c := int(row%8)+1, int(col%8)+1
		edits := []cellEdit{
			{row: r, col: c, kind: editString, text: text, style: noStyle},
			{row: r, col: c + 1, kind: editNumber, text: "1.5", style: 3},
			{row: r + 1, col: 1, kind: editBool, text: "1", style: noStyle},
			{row: r + 2, col: c, kind: editClear, style: noStyle},
			{row: r, col: c + 2, kind: editCached, cached: cachedValue{v: text, t: "str"}},
		}
		for _, shared := range []func(string) int{nil, func(string) int { return 5 }} {
			res, err := patchSheet(data, "fuzz.xml", edits, shared, nil)
			if err != nil {
				continue
			}
			if err := checkXML(res.data, "patched", recording{}, nil); err != nil {
				t.Fatalf("patched XML is not well-formed (%v):\n%s\n→\n%s", err, data, res.data)
			}
			if got := patchedInPieces(t, data, edits, shared); !bytes.Equal(got, res.data) {
				t.Fatalf("patched a byte at a time, the part differs:\n%s\n%s", got, res.data)
			}
		}
	})
}

// patchedInPieces is data patched as a reader hands it out a byte at a
// time: every token lies across the patch window's end at some point.
func patchedInPieces(t *testing.T, data []byte, edits []cellEdit, shared func(string) int) []byte {
	t.Helper()
	var out bytes.Buffer
	if _, err := patchSheetStream(iotest.OneByteReader(bytes.NewReader(data)), "fuzz.xml", sheetChanges{edits: edits}, shared, nil, &out); err != nil {
		t.Fatalf("patched whole, not in pieces: %v", err)
	}
	return out.Bytes()
}
