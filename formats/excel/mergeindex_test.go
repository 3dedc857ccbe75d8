package excel

import (
	"math/rand/v2"
	"testing"
)

// linearFirst and linearInside are what the index answers, asked of every
// range in turn.
func linearFirst(rects []rect, row, col int) (rect, bool) {
	for _, r := range rects {
		if r.contains(row, col) {
			return r, true
		}
	}
	return rect{}, false
}

func linearInside(rects []rect, row, col int) bool {
	for _, r := range rects {
		if r.contains(row, col) && (r.r1 != row || r.c1 != col) {
			return true
		}
	}
	return false
}

// checkIndex asks the index and every range in turn about each cell of the
// rows and columns up to maxRow, maxCol and the cells around each range:
// cells, whose rows and columns count from 1.
func checkIndex(t *testing.T, name string, rects []rect, maxRow, maxCol int) {
	t.Helper()
	ix := newMergeIndex(rects)
	ask := func(row, col int) {
		if row < 1 || col < 1 {
			return
		}
		gotR, got := ix.first(row, col)
		wantR, want := linearFirst(rects, row, col)
		if got != want || gotR != wantR {
			t.Fatalf("%s: first(%d, %d) = %v %v, want %v %v", name, row, col, gotR, got, wantR, want)
		}
		if got, want := ix.inside(row, col), linearInside(rects, row, col); got != want {
			t.Fatalf("%s: inside(%d, %d) = %v, want %v", name, row, col, got, want)
		}
	}
	for row := 1; row <= maxRow; row++ {
		for col := 1; col <= maxCol; col++ {
			ask(row, col)
		}
	}
	for _, r := range rects {
		for _, row := range []int{r.r1 - 1, r.r1, r.r2, r.r2 + 1} {
			for _, col := range []int{r.c1 - 1, r.c1, r.c2, r.c2 + 1} {
				ask(row, col)
			}
		}
	}
}

func TestMergeIndexAnswersAsEveryRangeInTurn(t *testing.T) {
	tests := []struct {
		name  string
		rects []rect
	}{
		{"none", nil},
		{"one cell", []rect{{3, 2, 3, 2}}},
		{"across a band's edge", []rect{{15, 1, 17, 3}}},
		{"overlapping, the first wins", []rect{{2, 2, 6, 6}, {1, 1, 4, 4}, {3, 3, 3, 3}}},
		{"unparsed ranges hold nothing", []rect{{}, {0, 0, 5, 5}, {4, 4, 2, 2}, {2, 2, 2, 3}}},
		{"a tall range among short ones", []rect{{5, 1, 5, 2}, {1, 2, 5000, 2}, {3, 2, 4, 4}}},
		{"a tall range after a short one it overlaps", []rect{{3, 2, 4, 4}, {1, 2, 5000, 2}}},
		{"the last rows", []rect{{1048570, 1, 1048576, 3}, {1, 16384, 1048576, 16384}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkIndex(t, tt.name, tt.rects, 40, 8) })
	}
}

func TestMergeIndexAnswersAsEveryRangeInTurnOnRandomSheets(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		var rects []rect
		for range rng.IntN(40) {
			r1, c1 := 1+rng.IntN(300), 1+rng.IntN(10)
			h := rng.IntN(20)
			if rng.IntN(10) == 0 {
				h = rng.IntN(3000) // now and then a tall one
			}
			rects = append(rects, rect{r1, c1, r1 + h, c1 + rng.IntN(4)})
		}
		checkIndex(t, "random sheet", rects, 320, 14)
	}
}

func TestMergeIndexAnswersAsEveryRangeInTurnOnRealSheets(t *testing.T) {
	ranges := 0
	eachRealSheet(t, func(name, sheet string, _ *workbook, sc *sheetScan) {
		ix, _ := sc.mergeRects()
		maxRow, maxCol := 0, 0
		for _, r := range ix.rects {
			maxRow, maxCol = max(maxRow, r.r2), max(maxCol, r.c2)
		}
		ranges += len(ix.rects)
		checkIndex(t, name+"/"+sheet, ix.rects, min(maxRow+1, 3000), min(maxCol+1, 60))
	})
	t.Logf("%d merged ranges", ranges)
}
