package excel

import "testing"

func TestCellStylesAnswerAsAMapWould(t *testing.T) {
	for _, tc := range []struct {
		name  string
		added [][3]int // row, col, style, in the order the sheet gives them
	}{
		{"in sheet order", [][3]int{{1, 1, 5}, {1, 3, 6}, {2, 1, 7}, {9, 2, 8}}},
		{"out of order", [][3]int{{9, 2, 8}, {1, 3, 6}, {2, 1, 7}, {1, 1, 5}}},
		{"a cell named twice keeps its last style", [][3]int{{1, 1, 5}, {2, 2, 6}, {1, 1, 9}, {2, 2, 10}, {2, 2, 11}}},
		{"the same cell twice in a row", [][3]int{{3, 3, 1}, {3, 3, 2}}},
		{"none", nil},
		{"the sheet's far corners", [][3]int{{1, 16384, 4}, {1048576, 1, 5}, {1048576, 16384, 3}, {2, 1, 6}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got cellStyles
			want := map[[2]int]int{}
			for _, a := range tc.added {
				got.add(a[0], a[1], a[2])
				want[[2]int{a[0], a[1]}] = a[2]
			}
			check := func(row, col int) {
				st, ok := got.at(row, col)
				wst, wok := want[[2]int{row, col}]
				if st != wst || ok != wok {
					t.Fatalf("cell %d,%d: %d, %v; want %d, %v", row, col, st, ok, wst, wok)
				}
			}
			for row := 0; row <= 10; row++ {
				for col := 0; col <= 4; col++ {
					check(row, col)
				}
			}
			for _, a := range tc.added {
				for _, d := range [][2]int{{0, 0}, {0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
					check(a[0]+d[0], a[1]+d[1])
				}
			}
		})
	}
}
