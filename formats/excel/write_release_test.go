package excel

import (
	"testing"

	"github.com/formfill/formfill/formats"
)

// TestReleaseKeepsWhatLaterReadersNeed writes an answer on the first sheet
// of a workbook whose second sheet reads it, releases, and checks which
// scans the call still holds, and that a released sheet reads back the
// same cells, scanned again.
func TestReleaseKeepsWhatLaterReadersNeed(t *testing.T) {
	for _, tc := range []struct {
		name     string
		keep     map[int]bool
		utf16    bool // the second sheet's part counts as stored in UTF-16
		wantHeld bool // the second sheet's scan is still held
	}{
		{"an unwritten sheet is let go", nil, false, false},
		{"a sheet the calculation reads is kept", map[int]bool{2: true}, false, true},
		{"a sheet in UTF-16 is kept", nil, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wb, w, first, second := answeredRecalcBook(t, tc.utf16)
			before := map[string]string{}
			for _, ref := range []string{"C3", "C4", "C7", "B9"} {
				c, err := wb.parseRef("Organization!" + ref)
				must(t, err)
				before[ref] = w.storedText("Organization", c) + "|" + w.formulaAt("Organization", c)
			}
			w.release(tc.keep)
			if wb.pass.sheets[first] == nil || w.scans["START HERE"] == nil {
				t.Fatal("the written sheet's scan was let go")
			}
			if held := wb.pass.sheets[second] != nil && w.scans["Organization"] != nil; held != tc.wantHeld {
				t.Fatalf("second sheet's scan held: %v, want %v", held, tc.wantHeld)
			}
			for ref, want := range before {
				c, err := wb.parseRef("Organization!" + ref)
				must(t, err)
				if got := w.storedText("Organization", c) + "|" + w.formulaAt("Organization", c); got != want {
					t.Errorf("%s after the release = %q, before %q", ref, got, want)
				}
			}
		})
	}
}

// TestGraphLetsGoOfUnwrittenScans builds the recalculation's formula graph
// after an answer on the first sheet of a workbook whose second sheet
// reads it, and checks that the graph let go of the second sheet's scan
// once it had read its formulas (the fill's peak held every sheet's scan
// beside the graph), kept the written sheet's, and that the formulas read
// back the same through a second scan.
func TestGraphLetsGoOfUnwrittenScans(t *testing.T) {
	for _, tc := range []struct {
		name     string
		utf16    bool // the second sheet's part counts as stored in UTF-16
		wantHeld bool // the second sheet's scan is still held
	}{
		{"an unwritten sheet's scan is let go", false, false},
		{"a sheet in UTF-16 is kept", true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wb, w, first, second := answeredRecalcBook(t, tc.utf16)
			want := map[string]string{}
			for _, ref := range []string{"C3", "C4", "C5", "C6", "C7"} {
				c, err := wb.parseRef("Organization!" + ref)
				must(t, err)
				want[ref] = w.formulaAt("Organization", c)
			}
			g, ok := w.graph(newScanSource(w))
			if !ok {
				t.Fatal("no graph")
			}
			if wb.pass.sheets[first] == nil || w.scans["START HERE"] == nil {
				t.Fatal("the written sheet's scan was let go")
			}
			_, scanned := wb.scanned["Organization"]
			if held := wb.pass.sheets[second] != nil || w.scans["Organization"] != nil || scanned; held != tc.wantHeld {
				t.Fatalf("second sheet's scan held after the graph: %v, want %v", held, tc.wantHeld)
			}
			got := map[string]string{}
			for _, n := range g.nodes {
				if w.wb.sheetName(n.at) == "Organization" {
					got[n.at.name()] = g.text(n)
				}
			}
			if len(got) != len(want) {
				t.Fatalf("graph holds %d of the sheet's formulas, want %d", len(got), len(want))
			}
			for ref, f := range want {
				if got[ref] != f {
					t.Errorf("%s read back as %q, want %q", ref, got[ref], f)
				}
			}
			if !tc.wantHeld && wb.pass.sheets[second] != nil {
				t.Error("the calculation's second scan went into the guard pass's scans, which later readers take as whole")
			}
		})
	}
}

// answeredRecalcBook opens recalcBook, its second sheet's part counted as
// stored in UTF-16 when utf16 is set, and answers 'START HERE'!C3, which
// the second sheet reads. It returns the two sheets' parts too.
func answeredRecalcBook(t *testing.T, utf16 bool) (wb *workbook, w *writer, first, second string) {
	t.Helper()
	wb, err := New().open(recalcBook(t, nil), nil)
	must(t, err)
	parts, err := wb.parts()
	must(t, err)
	first, second = parts["START HERE"], parts["Organization"]
	if utf16 {
		wb.pass.utf16 = map[string]bool{second: true}
	}
	w = newWriter(wb)
	if _, _, err := w.answer(0, formats.Answer{PairID: "'START HERE'!C3", AnswerText: "Acme"}, nil, formats.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	return wb, w, first, second
}
