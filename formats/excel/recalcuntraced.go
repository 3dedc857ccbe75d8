package excel

import (
	"fmt"
	"strings"
)

// untraced is how a formula reads cells that none of its references
// names, so that the graph cannot tell whether it reads a written cell.
// An INDIRECT or OFFSET call whose reference can be computed is not one
// after resolveDynamic: the formula is rewritten with the range it reads.
// One that reads a written cell through a reference it does name is a
// dependent like any other, and, as recalc cannot compute it, loses its
// cached value (see uncomputable). The others may or may not read one:
// noteUntraced reports them. Removing their values too would leave no
// stale one, but they include formulas a workbook computes its lists
// from (OWASP SAMM's answer lists are INDIRECTs that read no answer), and
// a written workbook whose lists show nothing until a recalculation loses
// its targets. The larger kind wins in a formula with several, for the
// reason given.
type untraced uint8

const (
	tracedFully     untraced = iota
	untraced3D               // a 3D reference (Sheet1:Sheet3!A1): the cells it reads are known (spanRects), but formfill does not compute it
	untracedRef              // a reference or name formfill cannot resolve: a 3D range over sheets it cannot find, a name defined by a formula
	untracedTable            // a structured reference structuredA1 cannot resolve (an unknown table or column, a form it does not read)
	untracedDynamic          // INDIRECT or OFFSET: the cells read are computed, from values resolveDynamic could not use (recalcdynamic.go)
)

// noteUntraced reports, in one warning, the untraced formulas of g that
// are not among deps (every dependent of the written cells, computed or
// not): they may read a written cell, and their cached values, kept, may
// be stale until Excel or LibreOffice recalculates the workbook on open
// (the write sets fullCalcOnLoad).
func (w *writer) noteUntraced(g *formulaGraph, deps []int, res *recalcResult) {
	if len(g.untraced) == 0 {
		return
	}
	in := make(nodeFlags, len(g.nodes))
	for _, i := range deps {
		in[i] = true
	}
	n, some := 0, []string(nil)
	for _, i := range g.untraced {
		if in.has(int(i)) || g.nodes[i].untraced <= untraced3D { // a dependent, rewritten (resolveDynamic), or reading known cells none written
			continue
		}
		if n++; len(some) < 3 {
			some = append(some, w.wb.xpath(g.nodes[i].at))
		}
	}
	if n == 0 {
		return
	}
	res.warnings = append(res.warnings, fmt.Sprintf("%d formulas read cells formfill cannot trace (INDIRECT, OFFSET, or a reference, name or table it cannot resolve: %s, …): they, and formulas reading them, may depend on the written cells; their cached values were kept and may be stale until Excel or LibreOffice recalculates the workbook on open", n, strings.Join(some, ", ")))
}

// dynamicRef are the functions whose result names the cells read.
var dynamicRef = map[string]bool{"INDIRECT": true, "OFFSET": true}

// reason is why a formula of kind u cannot be computed. A dynamic one
// calls a volatile function, which uncomputable names first.
func (u untraced) reason() string {
	switch u {
	case untraced3D:
		return "it reads a 3D reference (Sheet1:Sheet3!A1), which formfill does not compute"
	case untracedRef:
		return "it reads a reference or name formfill cannot resolve (a 3D range, or a name defined by a formula)"
	case untracedTable:
		return "it reads a table by a structured reference (Table[Column]) formfill cannot resolve to cells"
	}
	return "the cells it reads cannot be traced"
}

// externalRef reports whether a reference token holding "[" reads another
// workbook ([1]Sheet!A1, '[Book.xlsx]Sheet 1'!A1, [1]!Name, a path
// before the bracket: 'C:\x\[ext.xlsx]S'!A1): a "!" follows the first
// closing bracket with no bracket or comma between them. Anything else
// with a bracket is a structured reference to a table of this workbook
// (Tbl[Col], Tbl[[#This Row],[A!]]), which no "!" follows so.
func externalRef(tok string) bool {
	open := strings.IndexByte(tok, '[')
	if open < 0 {
		return false
	}
	end := strings.IndexByte(tok[open:], ']')
	if end < 0 {
		return false
	}
	rest := tok[open+end+1:]
	bang := strings.IndexByte(rest, '!')
	return bang >= 0 && !strings.ContainsAny(rest[:bang], "[],")
}

// spanRects resolves a 3D reference token (Q:Other!B2, 'Sheet 1:Sheet
// 3'!A1:B2) to the range it reads on each sheet from the first named to
// the last, in workbook order, as Excel reads it: the graph then knows
// whether it reads a written cell, and a formula that does loses its
// cached value (see untraced3D) where noteUntraced would only have
// warned that it might. ok is false for anything else, and for a span
// over a sheet the workbook lacks.
func (wb *workbook) spanRects(tok string) (rects []sheetRect, ok bool) {
	name, ref, ok := splitSheetRef(tok)
	if !ok {
		return nil, false
	}
	first, last, ok := strings.Cut(name, ":")
	if !ok {
		return nil, false
	}
	i, err := wb.sheetIndex(first)
	if err != nil {
		return nil, false
	}
	j, err := wb.sheetIndex(last)
	if err != nil {
		return nil, false
	}
	one, ok := wb.refRect(i, ref, nil)
	if !ok || one.sheet != i {
		return nil, false
	}
	for sheet := min(i, j); sheet <= max(i, j); sheet++ {
		rects = append(rects, sheetRect{sheet, one.rect})
	}
	return rects, true
}
