package excel

import (
	"sort"

	"github.com/formfill/formfill/formats"
)

// A recalculation gives thousands of cells new cached values, most of them
// none (13,300 of 13,500 on a 600-answer HECVAT 4.14 fill: the dependents
// past maxRecalc), kept in 8 bytes a cell (see recalcResult). As edits they
// are 96 bytes each; the save makes a part's edits as it patches the part,
// so that the largest sheet is patched beside its own edits alone, not
// beside every sheet's (1 MB of them on that fill).

// editParts lists the worksheet parts the edits and the recalculation's
// cached values change, and reports whether any edit writes a string. A
// sheet whose part the workbook does not name, or the package lacks, is
// an error: its edits could not be saved.
func (wb *workbook) editParts(edits map[string]map[[2]int]cellEdit, rc *recalcResult) (map[string]bool, bool, error) {
	parts, err := wb.parts()
	if err != nil {
		return nil, false, err
	}
	out, strs := map[string]bool{}, false
	add := func(sheet string) error {
		p := parts[sheet]
		if p == "" || wb.arch.File(p) == nil {
			return formats.Errorf(formats.ErrUnsupported, sheet, "the workbook does not name the part of sheet %q where formfill looks for it", sheet)
		}
		out[p] = true
		return nil
	}
	for _, sheet := range sortedKeys(edits) {
		for _, e := range edits[sheet] {
			if err := add(sheet); err != nil {
				return nil, false, err
			}
			strs = strs || e.kind == editString
		}
	}
	if rc == nil {
		return out, strs, nil
	}
	for _, sheet := range sortedKeys(rc.values) {
		if hasCachedEdit(rc.values[sheet], edits[sheet]) {
			if err := add(sheet); err != nil {
				return nil, false, err
			}
		}
	}
	for _, sheet := range sortedKeys(rc.dropped) {
		if hasDroppedEdit(rc, sheet, edits[sheet]) {
			if err := add(sheet); err != nil {
				return nil, false, err
			}
		}
	}
	return out, strs, nil
}

// hasCachedEdit reports whether appendCached would append an edit: a
// sheet whose every value gives way to a written one is not patched for
// them.
func hasCachedEdit(values *cachedCells, written map[[2]int]cellEdit) bool {
	if values == nil {
		return false
	}
	values.settle()
	for _, e := range values.cells {
		row, col := rowCol(e.key)
		if _, ok := written[[2]int{row, col}]; !ok {
			return true
		}
	}
	return false
}

// hasDroppedEdit reports whether appendDropped would append an edit.
func hasDroppedEdit(rc *recalcResult, sheet string, written map[[2]int]cellEdit) bool {
	keys, valued := rc.dropsOf(sheet)
	for _, k := range keys {
		row, col := rowCol(k)
		if _, ok := written[[2]int{row, col}]; !ok && !valued(k) {
			return true
		}
	}
	return false
}

// partEdits are the edits of part, sorted in sheet order: the written
// values of its sheets, and the cached values the recalculation gives or
// removes, a formula's under a written value of the same cell giving way.
func (wb *workbook) partEdits(part string, edits map[string]map[[2]int]cellEdit, rc *recalcResult) []cellEdit {
	parts, err := wb.parts()
	if err != nil {
		return nil // editParts met the error first
	}
	var cached map[string]*cachedCells
	var dropped map[string][]uint64
	if rc != nil {
		cached, dropped = rc.values, rc.dropped
	}
	// The list is made to its size once: appending thousands of cached
	// values would copy them a dozen times over.
	size := 0
	for sheet, p := range parts {
		if p == part {
			size += len(edits[sheet]) + cached[sheet].len() + len(dropped[sheet])
		}
	}
	out := make([]cellEdit, 0, size)
	for _, sheet := range sortedKeys(edits) {
		if parts[sheet] == part {
			for _, e := range edits[sheet] {
				out = append(out, e)
			}
		}
	}
	for _, sheet := range sortedKeys(cached) {
		if parts[sheet] == part {
			out = appendCached(out, cached[sheet], edits[sheet])
		}
	}
	for _, sheet := range sortedKeys(dropped) {
		if parts[sheet] == part {
			out = appendDropped(out, rc, sheet, edits[sheet])
		}
	}
	// Sorted here, in place, so that patchSheetFull need not sort a copy;
	// a cell is edited once, so the order is the sheet's.
	sort.Slice(out, func(i, j int) bool { return out[i].before(&out[j]) })
	return out
}

// appendCached appends the computed cached values of a sheet whose
// written cells are written.
func appendCached(out []cellEdit, values *cachedCells, written map[[2]int]cellEdit) []cellEdit {
	values.each(func(row, col int, v cachedValue) {
		if _, ok := written[[2]int{row, col}]; !ok {
			out = append(out, cellEdit{row: row, col: col, kind: editCached, cached: v, style: noStyle})
		}
	})
	return out
}

// appendDropped appends the removed cached values of sheet, but for its
// written cells and the cells given a value after their drop.
func appendDropped(out []cellEdit, rc *recalcResult, sheet string, written map[[2]int]cellEdit) []cellEdit {
	keys, valued := rc.dropsOf(sheet)
	for _, k := range keys {
		row, col := rowCol(k)
		if _, ok := written[[2]int{row, col}]; ok || valued(k) {
			continue
		}
		out = append(out, cellEdit{row: row, col: col, kind: editCached, cached: cachedValue{drop: true}, style: noStyle})
	}
	return out
}
