package excel

import (
	"cmp"
	"slices"
)

// cellStyles holds the style index of each cell with an s attribute. A
// large questionnaire has a hundred thousand styled empty cells: a list in
// sheet order, searched by halves, costs a fraction of a map's inserts.
// The map asks it about a cell's style for most cells of most rows, so a
// cell is one number to compare (see cellKey).
type cellStyles struct {
	list     []styledCell
	unsorted bool // a cell came before the last one added: sort before use
}

type styledCell struct {
	key   uint64 // cellKey(row, col)
	style int
}

// cellKey orders cells by row, then column, as one number.
func cellKey(row, col int) uint64 { return uint64(uint32(row))<<32 | uint64(uint32(col)) }

// add records the style of the cell at row, col; a second entry for the
// same cell replaces the first, as a later attribute would.
func (c *cellStyles) add(row, col, style int) {
	e := styledCell{cellKey(row, col), style}
	if n := len(c.list); n > 0 && e.key <= c.list[n-1].key {
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
	slices.SortStableFunc(c.list, func(a, b styledCell) int { return cmp.Compare(a.key, b.key) })
	out := c.list[:0]
	for i, e := range c.list {
		if i+1 < len(c.list) && e.key == c.list[i+1].key {
			continue // a later entry of the same cell follows
		}
		out = append(out, e)
	}
	c.list, c.unsorted = out, false
}

// at returns the style of the cell at row, col, if it has one.
func (c *cellStyles) at(row, col int) (int, bool) {
	c.sort()
	key := cellKey(row, col)
	lo, hi := 0, len(c.list)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if c.list[mid].key < key {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == len(c.list) || c.list[lo].key != key {
		return 0, false
	}
	return c.list[lo].style, true
}
