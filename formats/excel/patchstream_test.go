package excel

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

// TestPatchIntoASinkWritesWhatTheBufferHolds patches sheets into a
// deflated entry and checks that it inflates to the part patchSheetFull
// returns, also when the fast tokenizer gives up after the sink has taken
// chunks (a comment past them) and the patch starts over.
func TestPatchIntoASinkWritesWhatTheBufferHolds(t *testing.T) {
	rows := func(n int) string {
		var b strings.Builder
		for r := 1; r <= n; r++ {
			fmt.Fprintf(&b, `<row r="%d"><c r="A%d"><v>%d</v></c><c r="B%d" t="s"><v>0</v></c></row>`, r, r, r, r)
		}
		return b.String()
	}
	edits := []cellEdit{
		{row: 2, col: 2, kind: editString, text: "early", style: noStyle},
		{row: 3000, col: 1, kind: editNumber, text: "7", style: noStyle},
		{row: 5001, col: 3, kind: editNumber, text: "8", style: noStyle},
	}
	for _, tc := range []struct{ name, sheet string }{
		{"a small sheet, in one chunk", `<sheetData>` + rows(5) + `</sheetData>`},
		{"a sheet of many chunks", `<sheetData>` + rows(4000) + `</sheetData>`},
		{"a comment past the first chunks makes the patch start over", `<sheetData>` + rows(4000) + `</sheetData><!-- late -->`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := []byte(patchHead + tc.sheet + `</worksheet>`)
			shared := func(string) int { return 7 }
			want, err := patchSheetFull(data, "s.xml", sheetChanges{edits: edits}, shared, nil)
			must(t, err)
			sink := &deflatedPart{name: "xl/worksheets/sheet1.xml", mod: time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)}
			res, err := patchSheetTo(data, "s.xml", sheetChanges{edits: edits}, shared, nil, sink)
			must(t, err)
			if res.data != nil || res.sharedRefsRemoved != want.sharedRefsRemoved {
				t.Errorf("result %+v, want no data and %d references removed", res, want.sharedRefsRemoved)
			}
			f, err := sink.file()
			must(t, err)
			rc, err := f.Open()
			must(t, err)
			got, err := io.ReadAll(rc)
			must(t, err)
			if string(got) != string(want.data) {
				t.Errorf("the sink's entry (%d bytes) differs from the patched part (%d bytes)", len(got), len(want.data))
			}
			if f.Name != sink.name || !f.Modified.Equal(sink.mod) {
				t.Errorf("entry %s modified %v, want %s %v", f.Name, f.Modified, sink.name, sink.mod)
			}
		})
	}
}
