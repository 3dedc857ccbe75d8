package excel

import (
	"slices"
	"strconv"
	"strings"

	"github.com/xuri/efp"
)

// A formula calling INDIRECT or OFFSET names the cells it reads by a
// value, so the graph cannot tell from its text whether a write changes
// it (see untraced). resolveDynamic computes that value from the
// workbook as it stands (the written cells, the cached values
// elsewhere) and rewrites each call as the reference it gives:
// INDIRECT("Ans" & E18 & "TBL") becomes Lookups!$P$4:$Q$7 (OWASP SAMM's
// answer tables, defined names). The rewritten formula is traced like
// any other: the graph's readers find it through the range (see
// formulaGraph.dynamic), so it is a dependent exactly when that range
// holds a changed value, and it is computed from its rewritten text.
//
// The rewriting holds only while the values the calls' arguments read
// are the ones after the write: settleDynamic undoes it for a formula
// whose arguments read a changed cell (a written one, or a dependent's),
// which then is a dependent that cannot be computed, as before, and for
// one whose arguments read an untraced formula's value, which may be
// stale.

// dynamicRead is a range a rewritten call reads: node reads rect.
type dynamicRead struct {
	node int32
	rect sheetRect
}

// resolvedNode is a formula rewritten: its node as parsed from its own
// text, to put back, and the ranges its calls' arguments read.
type resolvedNode struct {
	node int
	was  formulaNode
	args []sheetRect
}

// dynamicSource is a calcSource whose formulas are the rewritten ones
// where resolveDynamic rewrote them.
type dynamicSource struct {
	calcSource
	texts map[cell]string
}

func (s *dynamicSource) formula(sheet, row, col int) string {
	if t, ok := s.texts[cell{sheet: sheet, row: row, col: col}]; ok {
		return t
	}
	return s.calcSource.formula(sheet, row, col)
}

// resolveDynamic rewrites the formulas of g whose only untraced reads are
// INDIRECT or OFFSET calls it can compute (see above), indexes the
// ranges they read, and returns them with the source giving their new
// texts.
func (w *writer) resolveDynamic(g *formulaGraph, src calcSource) (*dynamicSource, []resolvedNode) {
	dyn := &dynamicSource{calcSource: src, texts: map[cell]string{}}
	var resolved []resolvedNode
	var nc *nativeCalc
	names := src.names()
	for _, id := range g.untraced {
		i := int(id)
		n := g.nodes[i]
		if n.untraced != untracedDynamic || w.wb.stop.Check() != nil {
			continue
		}
		if nc == nil {
			// A calculation of no dependents: it reads the stored
			// values, and computes an uncached formula an argument reads
			// on a graph of its own.
			scratch := newFormulaGraph()
			scratch.src = src
			scratch.dropIndex()
			nc = newNativeCalc(newCalcBook(w.wb, src, scratch, nil, nil))
			defer nc.done()
		}
		text, args, reads, ok := rewriteDynamic(nc, n.at, w.wb.structuredA1(n.at, src.formula(n.at.sheet, n.at.row, n.at.col)))
		if !ok {
			continue
		}
		fresh, refs := w.wb.parseFormula(n.at, text, names, nil)
		if fresh.untraced != tracedFully || fresh.external {
			continue
		}
		was := *n
		fresh.refs = append(slices.Clip(g.intern(refs)), was.refs...) // the first is the rewritten text's, as pureRef reads it
		*n = *fresh
		g.addDynamic(i, reads)
		dyn.texts[n.at] = text
		resolved = append(resolved, resolvedNode{node: i, was: was, args: args})
	}
	return dyn, resolved
}

// rewriteDynamic is text with each INDIRECT and OFFSET call as the range
// it reads, the ranges the calls' arguments read, and those ranges; ok
// is false when a call cannot be computed.
func rewriteDynamic(nc *nativeCalc, at cell, text string) (out string, args, reads []sheetRect, ok bool) {
	if strings.Contains(text, "{") {
		return "", nil, nil, false // efp renders an array constant as ARRAY(ARRAYROW(…)), which no reader takes
	}
	toks := efpTokens(text)
	kept := make([]efp.Token, 0, len(toks))
	var inserted []indexSlice
	for k := 0; k < len(toks); k++ {
		if !dynamicCall(toks[k]) {
			kept = append(kept, toks[k])
			continue
		}
		end := callEnd(toks, k)
		if end >= len(toks) {
			return "", nil, nil, false
		}
		call := make([]efp.Token, 0, end-k+1)
		for _, t := range toks[k : end+1] {
			if t.TType != efp.TokenTypeWhitespace {
				call = append(call, t)
			}
			if t.TType == efp.TokenTypeOperand && t.TSubType == efp.TokenSubTypeRange {
				r, ok := nc.wb.refRect(at.sheet, t.TValue, nc.names)
				if !ok {
					return "", nil, nil, false
				}
				args = append(args, r)
			}
		}
		e := &refEval{nc: nc, at: at, toks: call}
		r, ok := e.callRef(0, len(call)-1)
		if !ok {
			return "", nil, nil, false
		}
		reads = append(reads, r)
		kept = append(kept, efp.Token{TValue: refText(nc.wb, r), TType: efp.TokenTypeOperand, TSubType: efp.TokenSubTypeRange})
		if n := len(kept); n >= 2 && isFunc(kept[n-2], "INDEX") {
			inserted = append(inserted, indexSlice{at: n - 2, r: r})
		}
		k = end
	}
	kept = sliceIndexes(nc.wb, kept, inserted)
	out, ok = renderFaithfully(kept)
	return out, args, reads, ok
}

// indexSlice is an INDEX call, at its start token, whose range a
// rewritten call gave: r.
type indexSlice struct {
	at int
	r  sheetRect
}

// isFunc reports whether t starts a call of name.
func isFunc(t efp.Token, name string) bool {
	return t.TType == efp.TokenTypeFunction && t.TSubType == efp.TokenSubTypeStart && strings.EqualFold(t.TValue, name)
}

// sliceIndexes rewrites each INDEX(range, 0, n) and INDEX(range, n, 0)
// of the calls at, with constant n within the range, as the column or row
// it names: the native calculation computes a lookup over it (SAMM's
// MATCH(F18, INDEX(INDIRECT(…), 0, 1), 0)), where excelize, given the
// call, looks up every defined name for each reference (800 MB a fill).
// The last ones come first, so that the earlier indexes hold.
func sliceIndexes(wb *workbook, toks []efp.Token, at []indexSlice) []efp.Token {
	for k := len(at) - 1; k >= 0; k-- {
		i, r := at[k].at, at[k].r
		if i+6 >= len(toks) || toks[i+2].TType != efp.TokenTypeArgument || toks[i+4].TType != efp.TokenTypeArgument ||
			toks[i+6].TType != efp.TokenTypeFunction || toks[i+6].TSubType != efp.TokenSubTypeStop ||
			toks[i+3].TSubType != efp.TokenSubTypeNumber || toks[i+5].TSubType != efp.TokenSubTypeNumber {
			continue
		}
		row, err1 := strconv.Atoi(toks[i+3].TValue)
		col, err2 := strconv.Atoi(toks[i+5].TValue)
		switch {
		case err1 != nil || err2 != nil:
			continue
		case row == 0 && col >= 1 && col <= r.c2-r.c1+1:
			r.c1 += col - 1
			r.c2 = r.c1
		case col == 0 && row >= 1 && row <= r.r2-r.r1+1:
			r.r1 += row - 1
			r.r2 = r.r1
		default:
			continue
		}
		slice := efp.Token{TValue: refText(wb, r), TType: efp.TokenTypeOperand, TSubType: efp.TokenSubTypeRange}
		toks = append(toks[:i], append([]efp.Token{slice}, toks[i+7:]...)...)
	}
	return toks
}

// renderFaithfully is the formula of toks, and whether it reads back as
// toks: efp renders a malformed text, an unclosed string say, as one
// that reads otherwise, and formfill would compute that.
func renderFaithfully(toks []efp.Token) (string, bool) {
	p := efp.ExcelParser()
	p.Tokens.Items = make([]efp.Token, len(toks))
	for k, t := range toks {
		if t.TType == efp.TokenTypeOperand && t.TSubType == efp.TokenSubTypeText {
			t.TValue = strings.ReplaceAll(t.TValue, `"`, `""`) // efp holds "a""b" as a"b, and renders it so
		}
		p.Tokens.Items[k] = t
	}
	out := render(&p)
	back := efpTokens(out)
	if len(back) != len(toks) {
		return "", false
	}
	for k := range back {
		if back[k] != toks[k] {
			return "", false
		}
	}
	return out, true
}

// refText is r as a reference token, its sheet's name unquoted as efp
// holds it (render quotes it).
func refText(wb *workbook, r sheetRect) string {
	var b strings.Builder
	b.WriteString(wb.sheets[r.sheet-1])
	b.WriteByte('!')
	writeCellA1(&b, r.r1, r.c1)
	if r.r1 != r.r2 || r.c1 != r.c2 {
		b.WriteByte(':')
		writeCellA1(&b, r.r2, r.c2)
	}
	return b.String()
}

// addDynamic indexes the ranges node i reads through its rewritten calls,
// for readers.
func (g *formulaGraph) addDynamic(i int, reads []sheetRect) {
	if g.dynamic == nil {
		g.dynamic = map[int][]dynamicRead{}
	}
	for _, r := range reads {
		g.dynamic[r.sheet] = append(g.dynamic[r.sheet], dynamicRead{node: int32(i), rect: r})
	}
}

// undo puts back the node of r as parsed from its own text, untraced
// again, and lets go of the ranges its rewritten calls read.
func (dyn *dynamicSource) undo(g *formulaGraph, r resolvedNode) {
	*g.nodes[r.node] = r.was
	delete(dyn.texts, r.was.at)
	for sheet, l := range g.dynamic {
		g.dynamic[sheet] = slices.DeleteFunc(l, func(d dynamicRead) bool { return int(d.node) == r.node })
	}
}

// maxSettleRounds bounds settleUntraced's rounds: each undoes at least
// one rewriting, and a chain of INDIRECTs each reading the next is
// short; past it the rest are undone.
const maxSettleRounds = 32

// settleUntraced undoes, to a fixed point, the rewriting of each formula
// whose calls' arguments read a formula still untraced: that value may be
// stale, and so may the reference built from it. It returns the
// rewritings kept.
func (dyn *dynamicSource) settleUntraced(g *formulaGraph, resolved []resolvedNode) []resolvedNode {
	for round := 0; len(resolved) > 0; round++ {
		var untracedCells []cell
		for _, i := range g.untraced {
			if g.nodes[i].untraced != tracedFully {
				untracedCells = append(untracedCells, g.nodes[i].at)
			}
		}
		kept := resolved[:0:0]
		for _, r := range resolved {
			if round < maxSettleRounds && !readsAny(r.args, untracedCells) {
				kept = append(kept, r)
				continue
			}
			dyn.undo(g, r)
		}
		if len(kept) == len(resolved) {
			break
		}
		resolved = kept
	}
	return resolved
}

// settleChanged undoes the rewriting of each formula whose calls'
// arguments read a changed cell, a written one or one of deps: the
// reference it reads after the write is not the one computed before it.
// Such a formula reads that cell by a reference of its text, so it is
// among deps: one formfill cannot compute, as before the rewriting.
func (dyn *dynamicSource) settleChanged(g *formulaGraph, resolved []resolvedNode, written map[cell]string, deps []int) {
	if len(resolved) == 0 {
		return
	}
	changed := make(closureMap, len(written)+len(deps))
	bySheet := map[int][]cell{}
	note := func(c cell) {
		changed.set(c, 0)
		bySheet[c.sheet] = append(bySheet[c.sheet], c)
	}
	for c := range written {
		note(c)
	}
	for _, i := range deps {
		note(g.nodes[i].at)
	}
	for _, r := range resolved {
		for _, a := range r.args {
			if holdsChanged(a, changed, bySheet[a.sheet]) {
				dyn.undo(g, r)
				break
			}
		}
	}
}

// holdsChanged reports whether r holds a cell of changed, whose cells on
// r's sheet are onSheet: a small range is probed cell by cell, a large
// one against the sheet's changed cells.
func holdsChanged(r sheetRect, changed closureMap, onSheet []cell) bool {
	if area := (r.r2 - r.r1 + 1) * (r.c2 - r.c1 + 1); area > len(onSheet) {
		return readsAny([]sheetRect{r}, onSheet)
	}
	for row := r.r1; row <= r.r2; row++ {
		for col := r.c1; col <= r.c2; col++ {
			if _, ok := changed.get(cell{sheet: r.sheet, row: row, col: col}); ok {
				return true
			}
		}
	}
	return false
}

// readsAny reports whether one of rects holds one of cells.
func readsAny(rects []sheetRect, cells []cell) bool {
	for _, r := range rects {
		for _, c := range cells {
			if c.sheet == r.sheet && r.contains(c.row, c.col) {
				return true
			}
		}
	}
	return false
}
