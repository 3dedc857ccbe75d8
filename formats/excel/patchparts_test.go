package excel

import (
	"fmt"
	"slices"
	"testing"
)

// TestPartEditsAreTheSheetsChanges sorts a write's edits and a
// recalculation's cached values into the parts of recalcBook and checks
// which parts change and what each one's edits are: a cached value under
// a written cell gives way, a drop of a cell later given a value or
// dropped twice counts once as the value, and a sheet whose changes all
// give way is not patched.
func TestPartEditsAreTheSheetsChanges(t *testing.T) {
	wb, err := New().open(recalcBook(t, nil), nil)
	must(t, err)
	parts, err := wb.parts()
	must(t, err)
	first, second := parts["START HERE"], parts["Organization"]
	written := map[string]map[[2]int]cellEdit{"START HERE": {{3, 3}: {row: 3, col: 3, kind: editString, text: "Acme", style: noStyle}}}
	for _, tc := range []struct {
		name   string
		rc     *recalcResult
		want   map[string][]string
		string bool
	}{
		{"no recalculation", nil, map[string][]string{first: {"C3 string Acme"}}, true},
		{"values, drops and a value after a drop", &recalcResult{
			values:  cachedFromRefs(t, map[string]map[string]cachedValue{"START HERE": {"C3": {v: "stale"}}, "Organization": {"C4": {v: "8"}}}),
			dropped: map[string][]uint64{"Organization": {dropKey(6, 3), dropKey(4, 3), dropKey(5, 3), dropKey(6, 3)}},
		}, map[string][]string{first: {"C3 string Acme"}, second: {"C4 cached 8", "C5 drop", "C6 drop"}}, true},
		{"changes that all give way", &recalcResult{
			values:  map[string]*cachedCells{"Organization": {}},
			dropped: map[string][]uint64{"START HERE": {dropKey(3, 3)}},
		}, map[string][]string{first: {"C3 string Acme"}}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			changed, strs, err := wb.editParts(written, tc.rc)
			must(t, err)
			if strs != tc.string {
				t.Errorf("writes a string: %v, want %v", strs, tc.string)
			}
			got := map[string][]string{}
			for p := range changed {
				got[p] = nil // a part patched with no edit shows
				for _, e := range wb.partEdits(p, written, tc.rc) {
					got[p] = append(got[p], editFact(e))
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("edits by part %v, want %v", got, tc.want)
			}
			for p, es := range got {
				if !slices.IsSorted(es) {
					t.Errorf("%s's edits are not in sheet order: %v", p, es)
				}
			}
		})
	}
}

// editFact is what an edit does, in a line.
func editFact(e cellEdit) string {
	name := cell{row: e.row, col: e.col}.name()
	switch {
	case e.kind == editCached && e.cached.drop:
		return name + " drop"
	case e.kind == editCached:
		return name + " cached " + e.cached.v
	case e.kind == editString:
		return name + " string " + e.text
	}
	return fmt.Sprintf("%s kind %d %s", name, e.kind, e.text)
}
