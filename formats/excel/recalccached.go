package excel

import (
	"cmp"
	"math"
	"slices"
)

// A recalculation gives thousands of formula cells new cached values
// (12,900 on a 600-answer HECVAT 4.14 fill), held from the calculation
// through the save, the fill's peak. Kept as maps of A1 reference to
// cachedValue they took 1.35 MB there, a hundred bytes a cell for some
// nine bytes of value; packed, a cell is 16 bytes and its text.

// cachedCells are one sheet's computed cached values, packed: each cell's
// dropKey and where its value lies in text, the values end to end. A cell
// set twice keeps the last value; a cell unset after its value has none
// (see settle).
type cachedCells struct {
	cells []cachedCell
	// text holds each value as its cell type's length (a byte, unsetMark
	// for an unset cell), the type, then the value.
	text []byte
	// settled: cells are in sheet order, each once, none unset.
	settled bool
}

// cachedCell is one cell of cachedCells: its dropKey, and its encoded
// value's bounds in text.
type cachedCell struct {
	key        uint64
	start, end uint32
}

// unsetMark stands for a cell type's length in text where unset removed
// the cell's value: no cell type is that long.
const unsetMark = 0xff

// set records v as the cached value of the cell at row, col, over any
// value set before.
func (c *cachedCells) set(row, col int, v cachedValue) {
	start := len(c.text)
	c.text = append(c.text, byte(len(v.t)))
	c.text = append(c.text, v.t...)
	c.text = append(c.text, v.v...)
	c.add(dropKey(row, col), start)
}

// unset removes the value set before for the cell at row, col, if any.
func (c *cachedCells) unset(row, col int) {
	if len(c.cells) == 0 {
		return // nothing to remove: the common case, kept free
	}
	start := len(c.text)
	c.text = append(c.text, unsetMark)
	c.add(dropKey(row, col), start)
}

func (c *cachedCells) add(key uint64, start int) {
	if len(c.text) > math.MaxUint32 {
		// 4 GiB of one sheet's values: past any workbook the archive
		// guard lets in; guard reports the panic as the call's error.
		panic("excel: a sheet's recomputed values pass 4 GiB")
	}
	c.cells = append(c.cells, cachedCell{key: key, start: uint32(start), end: uint32(len(c.text))})
	c.settled = false
}

// settle sorts the cells into sheet order and keeps, of a cell recorded
// more than once, the last record, and of an unset cell none.
func (c *cachedCells) settle() {
	if c == nil || c.settled {
		return
	}
	// Stable: of one cell's records, the last stays last.
	slices.SortStableFunc(c.cells, func(a, b cachedCell) int { return cmp.Compare(a.key, b.key) })
	out := c.cells[:0]
	for i, e := range c.cells {
		if i+1 < len(c.cells) && c.cells[i+1].key == e.key {
			continue // a later record of the cell wins
		}
		if c.text[e.start] != unsetMark {
			out = append(out, e)
		}
	}
	c.cells = slices.Clip(out)
	c.settled = true
}

// len is how many cells hold a value.
func (c *cachedCells) len() int {
	if c == nil {
		return 0
	}
	c.settle()
	return len(c.cells)
}

// value is cell e's cached value.
func (c *cachedCells) value(e cachedCell) cachedValue {
	enc := c.text[e.start:e.end]
	n := int(enc[0])
	return cachedValue{t: string(enc[1 : 1+n]), v: string(enc[1+n:])}
}

// each calls fn with every cell holding a value, in sheet order.
func (c *cachedCells) each(fn func(row, col int, v cachedValue)) {
	if c == nil {
		return
	}
	c.settle()
	for _, e := range c.cells {
		row, col := rowCol(e.key)
		fn(row, col, c.value(e))
	}
}

// holds reports whether the cell of dropKey k holds a value.
func (c *cachedCells) holds(k uint64) bool {
	_, ok := c.find(k)
	return ok
}

// get is the value of the cell at row, col, if it holds one.
func (c *cachedCells) get(row, col int) (cachedValue, bool) {
	i, ok := c.find(dropKey(row, col))
	if !ok {
		return cachedValue{}, false
	}
	return c.value(c.cells[i]), true
}

func (c *cachedCells) find(k uint64) (int, bool) {
	if c == nil {
		return 0, false
	}
	c.settle()
	return slices.BinarySearchFunc(c.cells, k, func(e cachedCell, k uint64) int { return cmp.Compare(e.key, k) })
}
