package excel

import (
	"cmp"
	"slices"
)

// cellStyles holds the style index of each cell with an s attribute. A
// large questionnaire has a hundred thousand styled empty cells: a list in
// sheet order, searched by halves, costs a fraction of a map's inserts.
type cellStyles struct {
	list     []styledCell
	unsorted bool // a cell came before the last one added: sort before use
}

type styledCell struct {
	row, col int32
	style    int
}

// add records the style of the cell at row, col; a second entry for the
// same cell replaces the first, as a later attribute would.
func (c *cellStyles) add(row, col, style int) {
	e := styledCell{int32(row), int32(col), style}
	if n := len(c.list); n > 0 && compareCells(e, c.list[n-1]) <= 0 {
		c.unsorted = true
	}
	c.list = append(c.list, e)
}

// sort orders the list by row and column once all cells are added (at does
// if it must; the guard's lanes do it while the sheet is theirs), keeping
// the last entry of a cell named twice.
func (c *cellStyles) sort() {
	if !c.unsorted {
		return
	}
	slices.SortStableFunc(c.list, compareCells)
	out := c.list[:0]
	for i, e := range c.list {
		if i+1 < len(c.list) && compareCells(e, c.list[i+1]) == 0 {
			continue // a later entry of the same cell follows
		}
		out = append(out, e)
	}
	c.list, c.unsorted = out, false
}

// at returns the style of the cell at row, col, if it has one.
func (c *cellStyles) at(row, col int) (int, bool) {
	c.sort()
	i, found := slices.BinarySearchFunc(c.list, styledCell{row: int32(row), col: int32(col)}, compareCells)
	if !found {
		return 0, false
	}
	return c.list[i].style, true
}

func compareCells(a, b styledCell) int {
	if a.row != b.row {
		return cmp.Compare(a.row, b.row)
	}
	return cmp.Compare(a.col, b.col)
}
