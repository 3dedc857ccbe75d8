package excel

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/formfill/formfill/formats"
)

// TestSheetLanesMapAsOneLane makes the map of every real workbook in one
// lane and in two, with every sheet in a lane of its own: the two maps
// must be the same, element by element. The engine is bound to a context,
// so that the lanes' Stoppers are exercised too (under -race in CI).
func TestSheetLanesMapAsOneLane(t *testing.T) {
	e := formats.WithContext(t.Context(), New())
	for name, doc := range workbooks(t) {
		t.Run(name, func(t *testing.T) {
			oneLane(t)
			want, err := e.ExtractCompact(doc)
			must(t, err)
			smallLanes(t)
			for range 2 {
				got, err := e.ExtractCompact(doc)
				must(t, err)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("the map in lanes differs from the map in one lane")
				}
			}
		})
	}
}

func TestEachSheetRaisesTheFirstSheetsPanicOnTheCaller(t *testing.T) {
	for _, tc := range []struct {
		name   string
		lanes  int
		panics []int // sheets whose work panics
		want   any
	}{
		{"none, one lane", 1, nil, nil},
		{"none, two lanes", 2, nil, nil},
		{"one sheet, two lanes", 2, []int{2}, "sheet 2"},
		{"two sheets, two lanes: the first in order", 2, []int{3, 1}, "sheet 1"},
		{"one sheet, one lane", 1, []int{0}, "sheet 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			smallLanes(t)
			laneLimit = func() int { return tc.lanes }
			wb := &workbook{stop: formats.NewStopper(t.Context(), 1)}
			models := make([]*sheetModel, 4)
			for i := range models {
				// Equal sizes: the lanes take the sheets in order, so a
				// failed sheet cannot keep an earlier one from running.
				models[i] = &sheetModel{wb: wb, rows: [][]string{{"a"}}}
			}
			done := make([]bool, len(models))
			got := func() (r any) {
				defer func() { r = recover() }()
				wb.eachSheet(models, func(i int, m *sheetModel) {
					if tc.lanes > 1 && (m.stop == nil || m.stop == wb.stop) {
						t.Errorf("sheet %d in a lane steps the call's Stopper, not a fork", i)
					}
					done[i] = true
					if slices.Contains(tc.panics, i) {
						panic(fmt.Sprintf("sheet %d", i))
					}
				})
				return nil
			}()
			if got != tc.want {
				t.Fatalf("eachSheet raised %v, want %v", got, tc.want)
			}
			for i, m := range models {
				if m.stop != nil {
					t.Errorf("sheet %d keeps its lane's Stopper after the work", i)
				}
				if tc.panics == nil && !done[i] {
					t.Errorf("sheet %d was not worked", i)
				}
			}
		})
	}
}
