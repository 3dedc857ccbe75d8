package excel

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/formfill/formfill/formats"
)

// streamRows is n rows of two cells each, a number and a shared string.
func streamRows(n int) string {
	var b strings.Builder
	for r := 1; r <= n; r++ {
		fmt.Fprintf(&b, `<row r="%d"><c r="A%d"><v>%d</v></c><c r="B%d" t="s"><v>0</v></c></row>`, r, r, r, r)
	}
	return b.String()
}

// streamEdits change cells near the start, the middle and past the end of
// streamRows(4000), which is several of the patch window's chunks long.
var streamEdits = []cellEdit{
	{row: 2, col: 2, kind: editString, text: "early", style: noStyle},
	{row: 3000, col: 1, kind: editNumber, text: "7", style: noStyle},
	{row: 3001, col: 1, kind: editCached, cached: cachedValue{v: "9"}},
	{row: 5001, col: 3, kind: editNumber, text: "8", style: noStyle},
}

// TestPatchStreamedInPiecesIsThePatchOfTheWhole patches sheets read a byte
// at a time and in odd-sized pieces, and checks that the output is the
// one patching the part read whole gives.
func TestPatchStreamedInPiecesIsThePatchOfTheWhole(t *testing.T) {
	for _, tc := range []struct{ name, sheet string }{
		{"a small sheet", `<sheetData>` + streamRows(5) + `</sheetData>`},
		{"a sheet of many window chunks", `<sheetData>` + streamRows(4000) + `</sheetData>`},
		{"a sheet encoding/xml's pass reads from a comment on", `<sheetData>` + streamRows(2000) + `<!-- c -->` + streamRows(4000)[len(streamRows(2000)):] + `</sheetData>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := []byte(patchHead + tc.sheet + `</worksheet>`)
			shared := func(string) int { return 7 }
			want, err := patchSheetFull(data, "s.xml", sheetChanges{edits: streamEdits}, shared, nil)
			must(t, err)
			for name, src := range map[string]io.Reader{
				"a byte at a time":   iotest.OneByteReader(bytes.NewReader(data)),
				"in halves of reads": iotest.HalfReader(bytes.NewReader(data)),
			} {
				var out bytes.Buffer
				res, err := patchSheetStream(src, "s.xml", sheetChanges{edits: streamEdits}, shared, nil, &out)
				must(t, err)
				if out.String() != string(want.data) || res.sharedRefsRemoved != want.sharedRefsRemoved {
					t.Errorf("%s: %d bytes, %d references removed; want %d bytes, %d", name, out.Len(), res.sharedRefsRemoved, len(want.data), want.sharedRefsRemoved)
				}
			}
		})
	}
}

// TestPatchIsTheSameWhicheverPassReadsThePart puts a comment or a CDATA
// section (which the fast pass leaves to encoding/xml's) at the start, in
// the middle and at the end of a sheet, and checks that the patched part
// is the one without it, with it copied where it was: whether
// encoding/xml's pass reads the whole part or takes over part-way, the
// patch sees the same elements at the same offsets.
func TestPatchIsTheSameWhicheverPassReadsThePart(t *testing.T) {
	plain := patchHead + `<sheetData>` + streamRows(4000) + `</sheetData></worksheet>`
	shared := func(string) int { return 7 }
	want, err := patchSheetFull([]byte(plain), "s.xml", sheetChanges{edits: streamEdits}, shared, nil)
	must(t, err)
	for _, tc := range []struct {
		name, odd, at string // odd goes before at's first occurrence
		inCell        bool   // in an edited cell, which is written anew without it
	}{
		{"a comment before the root", `<!-- c -->`, `<worksheet`, false},
		{"a comment before the edited rows", `<!-- c -->`, `<row r="2999">`, false},
		{"CDATA before the edited rows", `<![CDATA[<row r="1">]]>`, `<row r="2999">`, false},
		{"a comment inside an edited cell", `<!-- c -->`, `<v>3000</v>`, true},
		{"CDATA at the end of the root", `<![CDATA[x]]>`, `</worksheet>`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			i := strings.Index(plain, tc.at)
			got, err := patchSheetFull([]byte(plain[:i]+tc.odd+plain[i:]), "s.xml", sheetChanges{edits: streamEdits}, shared, nil)
			must(t, err)
			wantHere := string(want.data)
			if j := strings.Index(wantHere, tc.at); !tc.inCell {
				wantHere = wantHere[:j] + tc.odd + wantHere[j:]
			}
			if string(got.data) != wantHere {
				t.Errorf("patched part differs (%d bytes, want %d)", len(got.data), len(wantHere))
			}
		})
	}
}

// TestPatchEntryIsTheEntryPutEntryWrites patches a sheet straight into a
// package's entry and checks that its stored bytes and header are those
// putEntry gives the patched part: the streamed save writes the files
// the save that held the part whole wrote.
func TestPatchEntryIsTheEntryPutEntryWrites(t *testing.T) {
	mod := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	data := []byte(patchHead + `<sheetData>` + streamRows(4000) + `</sheetData></worksheet>`)
	for name, part := range map[string][]byte{
		"UTF-8":                          data,
		"UTF-16, transcoded whole first": utf16Part(data),
	} {
		t.Run(name, func(t *testing.T) {
			wb := &workbook{arch: archiveOf(t, map[string][]byte{"xl/worksheets/sheet1.xml": part}, mod)}
			f := wb.arch.File("xl/worksheets/sheet1.xml")
			shared := func(string) int { return 7 }
			patched, err := patchSheetFull(data, f.Name, sheetChanges{edits: streamEdits}, shared, nil)
			must(t, err)
			var streamed, whole bytes.Buffer
			zw := zip.NewWriter(&streamed)
			formats.UseFastDeflate(zw)
			removed, err := wb.patchEntry(zw, f, sheetChanges{edits: streamEdits}, shared, &patchBufs{})
			must(t, err)
			must(t, zw.Close())
			zw = zip.NewWriter(&whole)
			formats.UseFastDeflate(zw)
			must(t, wb.putEntry(zw, f.Name, f.Modified, patched.data))
			must(t, zw.Close())
			if !bytes.Equal(streamed.Bytes(), whole.Bytes()) || removed != patched.sharedRefsRemoved {
				t.Errorf("streamed entry: %d bytes, %d references removed; putEntry's: %d bytes, %d", streamed.Len(), removed, whole.Len(), patched.sharedRefsRemoved)
			}
		})
	}
}

// utf16Part is data in UTF-16LE with a byte order mark, declaring UTF-16.
func utf16Part(data []byte) []byte {
	s := strings.Replace(string(data), `encoding="UTF-8"`, `encoding="UTF-16"`, 1)
	out := []byte{0xff, 0xfe}
	for _, r := range s { // ASCII only
		out = append(out, byte(r), 0)
	}
	return out
}

// archiveOf is a package of parts, deflated, modified at mod.
func archiveOf(t *testing.T, parts map[string][]byte, mod time.Time) *formats.Archive {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, name := range sortedKeys(parts) {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: mod})
		must(t, err)
		_, err = w.Write(parts[name])
		must(t, err)
	}
	must(t, zw.Close())
	a, err := formats.OpenArchive(buf.Bytes(), formats.DefaultArchiveLimits)
	must(t, err)
	return a
}
