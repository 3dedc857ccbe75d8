package excel

import (
	"fmt"
	"reflect"
)

// trimmer drops, from a worksheet's detached rows, what excelize drops when
// it writes them (its trimRow and trimCell): a cell with no style, value,
// formula or type, unless every cell of its row has one; then a row left
// with no cells and no attribute other than its number. excelize adds such
// cells and rows itself when a write reaches past the sheet's last row or
// column, so without this the output would differ from its own.
type trimmer struct {
	cells     []int   // the row's C field
	cellValue [][]int // the fields of a cell that make it kept (S, V, F, T)
	rowAttrs  [][]int // the fields of a row that make it kept
}

// newTrimmer reads excelize's row type (xlsxRow) for the fields the trim
// looks at, by name, once.
func newTrimmer(row reflect.Type) (*trimmer, error) {
	if row.Kind() != reflect.Struct {
		return nil, fmt.Errorf("%w: a row is a %s", errLayout, row.Kind())
	}
	c, ok := row.FieldByName("C")
	if !ok || c.Type.Kind() != reflect.Slice || c.Type.Elem().Kind() != reflect.Struct {
		return nil, fmt.Errorf("%w: a row has no C cells", errLayout)
	}
	t := &trimmer{cells: c.Index}
	var err error
	if t.cellValue, err = fieldIndexes(c.Type.Elem(), "S", "V", "F", "T"); err != nil {
		return nil, err
	}
	t.rowAttrs, err = fieldIndexes(row, "Spans", "S", "CustomFormat", "Ht", "Hidden", "CustomHeight",
		"OutlineLevel", "Collapsed", "ThickTop", "ThickBot", "Ph")
	return t, err
}

func fieldIndexes(t reflect.Type, names ...string) ([][]int, error) {
	out := make([][]int, len(names))
	for i, n := range names {
		f, ok := t.FieldByName(n)
		if !ok {
			return nil, fmt.Errorf("%w: %s has no field %s", errLayout, t.Name(), n)
		}
		out[i] = f.Index
	}
	return out, nil
}

// anySet reports whether any of the fields of v is not its zero value.
func anySet(v reflect.Value, fields [][]int) bool {
	for _, f := range fields {
		if !v.FieldByIndex(f).IsZero() {
			return true
		}
	}
	return false
}

// rows trims rows in place, as excelize does, and returns the rows kept.
func (t *trimmer) rows(rows reflect.Value) reflect.Value {
	n := 0
	for i := range rows.Len() {
		row := rows.Index(i)
		cells := row.FieldByIndex(t.cells)
		t.trimCells(cells)
		if cells.Len() != 0 || anySet(row, t.rowAttrs) {
			if n != i {
				rows.Index(n).Set(row)
			}
			n++
		}
	}
	for i := n; i < rows.Len(); i++ {
		rows.Index(i).SetZero()
	}
	return rows.Slice(0, n)
}

// trimCells keeps a row's cells that hold something, unless all of them do
// (then compacting them keeps them all, in place).
func (t *trimmer) trimCells(cells reflect.Value) {
	k := 0
	for i := range cells.Len() {
		if c := cells.Index(i); anySet(c, t.cellValue) {
			if k != i {
				cells.Index(k).Set(c)
			}
			k++
		}
	}
	if k != cells.Len() {
		cells.Set(cells.Slice(0, k))
	}
}
