package excel

import (
	"fmt"
	"strings"
	"testing"
)

// TestCachedCellsKeepOneMapsSemantics holds the packed cached values to
// what the map of A1 reference to value they replace did: the last set
// of a cell wins, an unset removes a value set before and nothing else, a
// set after an unset counts, and every cell type and value (empty, long,
// multi-byte) comes back as it went in, in sheet order.
func TestCachedCellsKeepOneMapsSemantics(t *testing.T) {
	long := strings.Repeat("é", 40000) // past a byte's and a uint16's length
	type step struct {
		op       byte // s: set, u: unset
		row, col int
		v        cachedValue
	}
	for _, tc := range []struct {
		name  string
		steps []step
		want  string
	}{
		{"nothing", nil, ""},
		{"every cell type", []step{
			{'s', 1, 2, cachedValue{v: "3.5"}}, {'s', 1, 1, cachedValue{v: "x", t: "str"}},
			{'s', 2, 1, cachedValue{v: "1", t: "b"}}, {'s', 1, 3, cachedValue{v: "#N/A", t: "e"}},
		}, `A1="x"/str B1="3.5"/ C1="#N/A"/e A2="1"/b`},
		{"an empty value", []step{{'s', 4, 4, cachedValue{t: "str"}}}, `D4=""/str`},
		{"a long value", []step{{'s', 1, 1, cachedValue{v: long, t: "str"}}}, fmt.Sprintf("A1=%q/str", long)},
		{"the last set wins", []step{{'s', 1, 1, cachedValue{v: "1"}}, {'s', 1, 1, cachedValue{v: "2", t: "str"}}}, `A1="2"/str`},
		{"an unset after a set", []step{{'s', 1, 1, cachedValue{v: "1"}}, {'s', 1, 2, cachedValue{v: "2"}}, {'u', 1, 1, cachedValue{}}}, `B1="2"/`},
		{"a set after an unset", []step{{'s', 1, 1, cachedValue{v: "1"}}, {'u', 1, 1, cachedValue{}}, {'s', 1, 1, cachedValue{v: "3"}}}, `A1="3"/`},
		{"an unset of a cell never set", []step{{'u', 9, 9, cachedValue{}}, {'s', 1, 1, cachedValue{v: "1"}}, {'u', 9, 9, cachedValue{}}}, `A1="1"/`},
		{"rows before columns", []step{{'s', 2, 1, cachedValue{v: "a"}}, {'s', 1, 16384, cachedValue{v: "b"}}, {'s', 1048576, 1, cachedValue{v: "c"}}}, `XFD1="b"/ A2="a"/ A1048576="c"/`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &cachedCells{}
			for i, s := range tc.steps {
				if s.op == 'u' {
					c.unset(s.row, s.col)
				} else {
					c.set(s.row, s.col, s.v)
				}
				if i == len(tc.steps)/2 {
					c.settle() // a settle part-way changes nothing
				}
			}
			var got []string
			c.each(func(row, col int, v cachedValue) {
				got = append(got, fmt.Sprintf("%s=%q/%s", cell{row: row, col: col}.name(), v.v, v.t))
				if back, ok := c.get(row, col); !ok || back != v || !c.holds(dropKey(row, col)) {
					t.Errorf("%s: get %v %v, each %v", cell{row: row, col: col}.name(), back, ok, v)
				}
			})
			if s := strings.Join(got, " "); s != tc.want {
				t.Errorf("got %s\nwant %s", s, tc.want)
			}
			if c.len() != len(got) {
				t.Errorf("len %d, each gave %d", c.len(), len(got))
			}
			if c.holds(dropKey(9, 9)) {
				t.Error("a cell never set holds a value")
			}
		})
	}
}

// byRef is c's values by A1 reference, for tests that name cells so.
func (c *cachedCells) byRef() map[string]cachedValue {
	out := map[string]cachedValue{}
	c.each(func(row, col int, v cachedValue) { out[cell{row: row, col: col}.name()] = v })
	return out
}

// cachedFromRefs packs values given by sheet and A1 reference.
func cachedFromRefs(t *testing.T, m map[string]map[string]cachedValue) map[string]*cachedCells {
	t.Helper()
	out := map[string]*cachedCells{}
	for sheet, refs := range m {
		c := &cachedCells{}
		for ref, v := range refs {
			col, row, _, err := cellRef(ref)
			if err != nil {
				t.Fatal(err)
			}
			c.set(row, col, v)
		}
		out[sheet] = c
	}
	return out
}
