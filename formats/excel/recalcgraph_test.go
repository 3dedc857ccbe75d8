package excel

import (
	"slices"
	"testing"
	"unsafe"
)

// naiveReaders is readers as it was before the column index held ranges:
// every node listed for the cell's column (once), then every node reading
// a wide range of its sheet, each visited when one of its references
// holds the cell.
func naiveReaders(g *formulaGraph, c cell) []int {
	var out []int
	check := func(i int) {
		for _, id := range g.nodes[i].refs {
			if r := g.rects[id]; r.sheet == c.sheet && r.contains(c.row, c.col) {
				out = append(out, i)
				return
			}
		}
	}
	for i, n := range g.nodes {
		for _, id := range n.refs {
			r := g.rects[id]
			if r.sheet == c.sheet && r.c2-r.c1 < wideRef && r.c1 <= c.col && c.col <= r.c2 {
				check(i)
				break
			}
		}
	}
	for i, n := range g.nodes {
		for _, id := range n.refs {
			r := g.rects[id]
			if r.sheet == c.sheet && r.c2-r.c1 >= wideRef {
				check(i) // once per wide range, as the wide list holds it
			}
		}
	}
	return out
}

func TestGraphReadersVisitAsTheNodeListsDid(t *testing.T) {
	ref := func(sheet, r1, c1, r2, c2 int) sheetRect { return sheetRect{sheet, rect{r1, c1, r2, c2}} }
	nodes := [][]sheetRect{
		{ref(1, 1, 1, 1, 1)},                                             // A1
		{ref(1, 1, 1, 10, 1), ref(1, 20, 1, 30, 1)},                      // two ranges of column A
		{ref(1, 5, 1, 5, 2), ref(2, 5, 1, 5, 1)},                         // A5:B5 and another sheet's A5
		{ref(1, 1, 1, maxRows, 1)},                                       // A:A
		{ref(1, 40, 1, 40, 1), ref(1, 1, 1, 50, 100)},                    // A40 and a wide range holding it
		{ref(1, 60, 1, 60, 1), ref(1, 1, 1, 50, 100)},                    // A60 and a wide range not holding it
		{ref(1, 1, 1, 3, maxCols)},                                       // rows 1 to 3
		{ref(1, 2, 2, 2, 2), ref(1, 2, 2, 2, 2)},                         // B2 twice
		{ref(1, 1, 1, 1, 1), ref(1, 1, 1, 1, 200), ref(1, 1, 1, 1, 300)}, // A1 and two wide ranges
		{ref(1, 1, 1, 10, 1)},                                            // A1:A10 again: one range two nodes read
		{ref(1, 2, 1, 4, 1), ref(1, 1, 1, 10, 1)},                        // A2:A4, then A1:A10 a third time
		{ref(1, 1, 1, 10, 1), ref(1, 1, 1, 1, 100)},                      // A1:A10 by a node reading a wide range too
		{ref(1, 3, 1, 3, 2)},                                             // A3:B3, after nodes that read A3 through other ranges
	}
	g := newFormulaGraph()
	for i, refs := range nodes {
		g.add(&formulaNode{at: cell{sheet: 3, row: i + 1, col: 1}}, refs)
	}
	g.finish()
	for _, c := range []cell{
		{sheet: 1, row: 1, col: 1}, {sheet: 1, row: 5, col: 1}, {sheet: 1, row: 5, col: 2}, {sheet: 1, row: 25, col: 1},
		{sheet: 1, row: 40, col: 1}, {sheet: 1, row: 60, col: 1}, {sheet: 1, row: 2, col: 2}, {sheet: 1, row: 2, col: 150},
		{sheet: 2, row: 5, col: 1}, {sheet: 1, row: 15, col: 1}, {sheet: 1, row: maxRows, col: 1},
		{sheet: 1, row: 3, col: 1}, {sheet: 1, row: 3, col: 2}, {sheet: 1, row: 10, col: 1},
	} {
		var got []int
		g.readers(c, func(i int) { got = append(got, i) })
		if want := naiveReaders(g, c); !slices.Equal(got, want) {
			t.Errorf("readers of %s on sheet %d = %v, want %v", c.name(), c.sheet, got, want)
		}
	}
}

func TestNumericRectsAreTheRangesReadAsNumbers(t *testing.T) {
	wb := &workbook{sheets: []string{"START HERE", "Scores"}}
	for _, tc := range []struct {
		name, formula string
		reads, skips  []cell
	}{
		{"SUM over answers", "SUM('START HERE'!C5:C6)", []cell{{sheet: 1, row: 5, col: 3}, {sheet: 1, row: 6, col: 3}}, []cell{{sheet: 1, row: 7, col: 3}}},
		{"arithmetic", "'START HERE'!C5*2+B1", []cell{{sheet: 1, row: 5, col: 3}, {sheet: 2, row: 1, col: 2}}, nil},
		{"a copy reads no number", "'START HERE'!C5", nil, []cell{{sheet: 1, row: 5, col: 3}}},
		{"a lookup's key reads no number", "VLOOKUP(A1,'START HERE'!A1:C9,2,0)", nil, []cell{{sheet: 2, row: 1, col: 1}, {sheet: 1, row: 2, col: 2}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := &formulaNode{at: cell{sheet: 2, row: 9, col: 9}}
			rects := wb.numericRects(n, tc.formula, nil)
			for _, c := range tc.reads {
				if !readsAsNumber(rects, c) {
					t.Errorf("=%s does not read %s of sheet %d as a number", tc.formula, c.name(), c.sheet)
				}
			}
			for _, c := range tc.skips {
				if readsAsNumber(rects, c) {
					t.Errorf("=%s reads %s of sheet %d as a number", tc.formula, c.name(), c.sheet)
				}
			}
		})
	}
}

// TestFormulaNodeStaysNarrow holds a node to 56 bytes and its function
// codes to every name it may note.
func TestFormulaNodeStaysNarrow(t *testing.T) {
	if s := unsafe.Sizeof(formulaNode{}); s > 56 {
		t.Errorf("a formula node is %d bytes, want at most 56", s)
	}
	names := []string{"VLOOKUP", "HLOOKUP", "MATCH", "LOOKUP"}
	for name := range volatile {
		names = append(names, name)
	}
	for _, name := range names {
		if c := codeOf(name); c == 0 || c.String() != name {
			t.Errorf("codeOf(%q) = %d (%q)", name, c, c.String())
		}
	}
}
