package excel

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// capAll is the line cap as it was applied to the whole list: every
// entry kept, then the key ones filtered out when over the cap.
func capAll(all []entry, maxLines int) ([]entry, []string) {
	if len(all) <= maxLines {
		return all, nil
	}
	var key []entry
	for _, en := range all {
		if en.key {
			key = append(key, en)
		}
	}
	var notes []string
	if dropped := len(all) - len(key); dropped > 0 {
		notes = append(notes, fmt.Sprintf("dropped %d", dropped))
	}
	if len(key) > maxLines {
		notes = append(notes, fmt.Sprintf("cut %d", len(key)-maxLines))
		key = key[:maxLines]
	}
	return key, notes
}

// TestCellEntriesCapAsWholeList checks that entries kept as they come,
// the non-key ones let go once over the cap, are cut as the whole list
// was: the same lines shown, the same counts in the notes.
func TestCellEntriesCapAsWholeList(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 7))
	for _, tc := range []struct {
		name        string
		n, maxLines int
		keyOneIn    int
	}{
		{"under the cap", 50, 100, 3},
		{"at the cap", 100, 100, 3},
		{"one over the cap", 101, 100, 3},
		{"far over, few keys", 5000, 100, 40},
		{"far over, keys over the cap too", 5000, 100, 2},
		{"no cap", 300, math.MaxInt, 3},
		{"cap of zero", 20, 0, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			all := make([]entry, tc.n)
			for i := range all {
				all[i] = entry{row: int32(i/10 + 1), col: int32(i%10 + 1), key: rng.IntN(tc.keyOneIn) == 0}
			}
			var es cellEntries
			for _, en := range all {
				es.add(en, tc.maxLines)
			}
			if es.total != tc.n {
				t.Fatalf("total %d, want %d", es.total, tc.n)
			}
			got, gotNotes := capEntries(es, tc.maxLines)
			want, wantNotes := capAll(all, tc.maxLines)
			if !slices.Equal(got, want) {
				t.Errorf("shown %d entries, want %d (or different ones)", len(got), len(want))
			}
			if len(gotNotes) != len(wantNotes) {
				t.Errorf("notes %q, want %d notes like %q", gotNotes, len(wantNotes), wantNotes)
			}
		})
	}
}

// TestKeyIndexMarksOnlyTheLayoutsRowsAndColumns checks the index entries
// reads instead of the layout's maps: a row or column is marked only
// when the map says so, and keys outside the sheet are left out.
func TestKeyIndexMarksOnlyTheLayoutsRowsAndColumns(t *testing.T) {
	l := &layout{
		targets:  map[[2]int]*target{{2, 3}: {row: 2, col: 3}, {9, 1}: {row: 9, col: 1}},
		sources:  map[[2]int]bool{{2, 1}: true, {4, 1}: false, {0, 1}: true},
		bandRows: map[int]bool{1: true, 3: false, 7: true},
		qCols:    map[int]bool{1: true, 2: false, 0: true, 5: true},
	}
	k := keyIndex(l, 4, 3)
	for _, tc := range []struct {
		name string
		got  []bool
		want []bool
	}{
		{"target rows", k.targetRows, []bool{false, false, true, false, false}},
		{"source rows", k.sourceRows, []bool{false, false, true, false, false}},
		{"band rows", k.bandRows, []bool{false, true, false, false, false}},
		{"question columns", k.qCols, []bool{false, true, false, false}},
	} {
		if !slices.Equal(tc.got, tc.want) {
			t.Errorf("%s = %v, want %v", tc.name, tc.got, tc.want)
		}
	}
}
