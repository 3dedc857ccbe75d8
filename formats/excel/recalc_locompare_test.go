package excel

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/formfill/formfill/internal/readers"
)

// loDiff is how a formula cell's cached value in formfill's output stands
// to LibreOffice's recalculation of it.
type loDiff int

const (
	diffSame    loDiff = iota // the value LibreOffice computes
	diffDropped               // no cached value: reported, recalculated on open
	diffExcused               // LibreOffice's own difference, a named predicate says
	diffStale                 // the source's value, kept where LibreOffice computes another
	diffWrong                 // recomputed to another value than LibreOffice's
)

var diffNames = [...]string{"same", "dropped", "excused", "stale", "wrong"}

func (d loDiff) String() string { return diffNames[d] }

// classifyLoDiff classifies one formula cell: ours is formfill's cached
// value (cached false: none), lo LibreOffice's, source the value the
// workbook cached before the fill; excused says whether a predicate lays
// the difference on LibreOffice. "" and no value are the same to
// openpyxl, which reads an empty string as no value.
func classifyLoDiff(ours string, cached bool, lo, source string, excused func() bool) loDiff {
	switch {
	case !cached && lo != "":
		return diffDropped
	case sameCalcValue(lo, ours):
		return diffSame
	case excused():
		return diffExcused
	case ours == source || sameCalcValue(ours, source):
		return diffStale
	}
	return diffWrong
}

// loExcuse is a predicate laying a difference on LibreOffice, with the
// reason printed beside its count.
type loExcuse struct {
	reason  string
	excused func(sheet, ref, lo, ours string) bool
}

// loComparison is the comparison of every formula cell of one filled
// workbook with LibreOffice's recalculation.
type loComparison struct {
	counts  map[loDiff]int
	excuses []loExcuse
	excused map[string]int // cells excused, by reason
	byClass map[loDiff][]string
}

// compareWithLibreOffice has LibreOffice recalculate out, formfill's fill
// of doc by w, with the cells it computes otherwise than Excel pinned
// (pinsFor), and classifies every formula cell of out.
func compareWithLibreOffice(t *testing.T, doc []byte, w *writer, out []byte) *loComparison {
	t.Helper()
	formulas := readers.XLSXFormulas(t, out)
	ours, uncached := readers.XLSXCached(t, out)
	excel, _ := readers.XLSXCached(t, doc)
	parts, err := w.wb.sheetParts()
	must(t, err)
	pins := pinsFor(w, formulas, ours, excel, uncached)
	toLO, missed := pinned(t, out, parts, pins)
	if missed > 0 {
		t.Fatalf("%d cells to pin could not be rewritten: the comparison would quietly excuse them", missed)
	}
	recalced := readers.LibreOfficeRecalculated(t, toLO)
	keepForLook(t, out, recalced)
	lo, _ := readers.XLSXCached(t, recalced)
	cmp := &loComparison{counts: map[loDiff]int{}, excused: map[string]int{}, byClass: map[loDiff][]string{}, excuses: libreOfficeExcuses(t, doc, w, excel)}
	var stale, wrong [][2]string // classified once LibreOffice computed the unfilled workbook
	for _, sheet := range sortedKeys(formulas) {
		refs := sortedKeys(formulas[sheet])
		sort.SliceStable(refs, func(i, j int) bool { return refLess(refs[i], refs[j]) })
		for _, ref := range refs {
			o, l := ours[sheet][ref], lo[sheet][ref]
			d := classifyLoDiff(o, !uncached[sheet][ref], l, excel[sheet][ref], func() bool {
				return cmp.excuse(sheet, ref, l, o)
			})
			if why, ok := pins[sheet][ref]; ok && d == diffSame {
				d = diffExcused
				cmp.excused["pinned, as Excel computes it: "+why]++
			}
			switch d {
			case diffStale:
				stale = append(stale, [2]string{sheet, ref})
				continue
			case diffWrong:
				wrong = append(wrong, [2]string{sheet, ref})
				continue
			}
			cmp.add(d, sheet, ref, formulas[sheet][ref], o, l, excel[sheet][ref])
		}
	}
	var unfilled map[string]map[string]string
	if len(stale) > 0 {
		// The unfilled workbook only serves the stale cells' excuse, which
		// also asks LibreOffice's filled value to be its unfilled one: a
		// cell left unpinned there (a shared formula) can only excuse less.
		src, _ := pinned(t, doc, parts, pinsFor(w, formulas, excel, excel, nil))
		unfilled, _ = readers.XLSXCached(t, readers.LibreOfficeRecalculated(t, src))
	}
	for _, c := range stale {
		sheet, ref := c[0], c[1]
		d := diffStale
		if l0 := unfilled[sheet][ref]; l0 == lo[sheet][ref] && !sameCalcValue(l0, excel[sheet][ref]) {
			d = diffExcused
			cmp.excused["LibreOffice computes it otherwise than Excel cached it in the unfilled workbook too, and the fill does not change its value"]++
		}
		cmp.add(d, sheet, ref, formulas[sheet][ref], ours[sheet][ref], lo[sheet][ref], excel[sheet][ref])
	}
	var raw map[string]map[string]string
	if len(wrong) > 0 {
		// The unfilled workbook as it is, nothing pinned: what LibreOffice
		// itself computes before any answer.
		raw, _ = readers.XLSXCached(t, readers.LibreOfficeRecalculated(t, doc))
	}
	for _, c := range wrong {
		// LibreOffice is no oracle for a cell it computes otherwise than
		// Excel before any answer (HECVAT Full's approximate VLOOKUPs over
		// section titles the fill rewrites: their search path may change,
		// and no Excel value decides it).
		sheet, ref := c[0], c[1]
		d := diffWrong
		if l0 := raw[sheet][ref]; !sameCalcValue(l0, excel[sheet][ref]) {
			d = diffExcused
			cmp.excused["LibreOffice computes it otherwise than Excel cached it in the unfilled workbook already: it is no oracle for this cell"]++
		}
		cmp.add(d, sheet, ref, formulas[sheet][ref], ours[sheet][ref], lo[sheet][ref], excel[sheet][ref])
	}
	return cmp
}

// add counts a cell of class d and keeps its example.
func (c *loComparison) add(d loDiff, sheet, ref, formula, ours, lo, source string) {
	c.counts[d]++
	if d != diffSame {
		c.byClass[d] = append(c.byClass[d], fmt.Sprintf("%s %s!%s %s: formfill %q, LibreOffice %q, source %q",
			d, sheet, ref, clip(formula, 160), ours, lo, source))
	}
}

// excuse reports whether one of the excuses accepts the difference, and
// counts it under the first that does.
func (c *loComparison) excuse(sheet, ref, lo, ours string) bool {
	for _, e := range c.excuses {
		if e.excused(sheet, ref, lo, ours) {
			c.excused[e.reason]++
			return true
		}
	}
	return false
}

// summary is the counts by class, and by excuse.
func (c *loComparison) summary() string {
	var parts []string
	for d := diffSame; d <= diffWrong; d++ {
		parts = append(parts, fmt.Sprintf("%s %d", d, c.counts[d]))
	}
	s := strings.Join(parts, ", ")
	for _, why := range sortedKeys(c.excused) {
		s += fmt.Sprintf("; %d excused: %s", c.excused[why], why)
	}
	return s
}

// examples are the first n cells of each class but same.
func (c *loComparison) examples(n int) []string {
	var out []string
	for d := diffDropped; d <= diffWrong; d++ {
		ex := c.byClass[d]
		out = append(out, ex[:min(n, len(ex))]...)
	}
	return out
}

// refLess orders cell references by row, then column.
func refLess(a, b string) bool {
	ca, ra, _, err1 := cellRef(a)
	cb, rb, _, err2 := cellRef(b)
	if err1 != nil || err2 != nil {
		return a < b
	}
	if ra != rb {
		return ra < rb
	}
	return ca < cb
}

// keepEnv names a folder where compareWithLibreOffice keeps, for a person
// to look into a difference, formfill's output (<test>.xlsx) and
// LibreOffice's recalculation of it (<test>.lo.xlsx).
const keepEnv = "FORMFILL_LOCOMPARE_KEEP"

// keepForLook writes out and recalced under $FORMFILL_LOCOMPARE_KEEP, if set.
func keepForLook(t *testing.T, out, recalced []byte) {
	dir := os.Getenv(keepEnv)
	if dir == "" {
		return
	}
	base := filepath.Join(dir, strings.ReplaceAll(t.Name(), "/", "_"))
	must(t, os.WriteFile(base+".xlsx", out, 0o600))
	must(t, os.WriteFile(base+".lo.xlsx", recalced, 0o600))
}
