package excel

import "testing"

// TestNativeNodeStates holds the by-node results to what was stored, with
// its kind, and to nothing for a node past the slices or never computed.
func TestNativeNodeStates(t *testing.T) {
	c := &nativeCalc{}
	c.mark(2, nodeTried)
	c.mark(5, nodeTried|nodeDone|nodeState(argString)<<kindShift)
	c.results[5] = nodeValue{s: "Yes"}
	c.mark(40, nodeTried|nodeDone|nodeState(argNumber)<<kindShift) // grows the slices
	c.results[40] = nodeValue{n: 0}
	tests := []struct {
		name    string
		node    int
		tried   bool
		want    calcArg
		wantRaw string
		done    bool
	}{
		{"never tried", 1, false, calcArg{}, "", false},
		{"tried without a value", 2, true, calcArg{}, "", false},
		{"a text", 5, true, calcArg{kind: argString, s: "Yes"}, "Yes", true},
		{"a 0, after growing", 40, true, calcArg{kind: argNumber}, "0", true},
		{"past the slices", 100, false, calcArg{}, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := c.is(tt.node, nodeTried); got != tt.tried {
				t.Errorf("tried = %v, want %v", got, tt.tried)
			}
			v, done := c.value(tt.node)
			if v != tt.want || done != tt.done {
				t.Errorf("value = %+v, %v; want %+v, %v", v, done, tt.want, tt.done)
			}
			if v, _ := c.stored(tt.node); shown(v) != tt.wantRaw {
				t.Errorf("stored = %+v, want %q", v, tt.wantRaw)
			}
		})
	}
}

// TestClosureMapKeepsCellsApart holds the packed closure keys apart for
// cells that differ in one coordinate only, up to a sheet's last row and
// column.
func TestClosureMapKeepsCellsApart(t *testing.T) {
	cells := []cell{
		{sheet: 1, row: 1, col: 1},
		{sheet: 2, row: 1, col: 1},
		{sheet: 1, row: 2, col: 1},
		{sheet: 1, row: 1, col: 2},
		{sheet: 1, row: maxRows, col: 1},
		{sheet: 1, row: 1, col: maxCols},
		{sheet: 1, row: maxRows, col: maxCols},
		{sheet: 40, row: maxRows, col: maxCols},
	}
	m := closureMap{}
	for i, c := range cells {
		m.set(c, i)
	}
	for i, c := range cells {
		if got, ok := m.get(c); !ok || got != i {
			t.Errorf("get(%+v) = %d, %v; want %d", c, got, ok, i)
		}
	}
	if _, ok := m.get(cell{sheet: 3, row: 1, col: 1}); ok {
		t.Error("a cell never set is found")
	}
}
