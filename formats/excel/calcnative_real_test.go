package excel

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formfill/formfill/internal/realdocs"
)

// TestNativeMatchesCachedValues recomputes every formula of every real
// workbook from scratch (all of them stale, as if every cell were
// written) and compares each value the native calculation gives with the
// value the workbook caches for it, which the application that saved it
// computed: a native result must be Excel's.
func TestNativeMatchesCachedValues(t *testing.T) {
	total := 0
	eachRealWorkbook(t, []string{filepath.Join(realdocs.Dir(), "questionnaires"), filepath.Join(realdocs.Dir(), "versions"), realdocs.SharedForms()},
		func(t *testing.T, path string, wb *workbook) {
			compared, native, formulas := compareNative(t, wb)
			total += compared
			t.Logf("%d formulas, %d computed natively, %d of them compared with a cached value", formulas, native, compared)
			if strings.Contains(path, "hecvat-4.14") && native < 5000 {
				t.Errorf("only %d of HECVAT 4.14's formulas computed natively, want its answer formulas (5,122)", native)
			}
		})
	t.Logf("%d native results compared with cached values", total)
}

// eachRealWorkbook runs fn in a subtest named for each real workbook of
// dirs, opened; it skips the test when dirs hold none, and a workbook
// that does not open.
func eachRealWorkbook(t *testing.T, dirs []string, fn func(t *testing.T, path string, wb *workbook)) {
	t.Helper()
	var paths []string
	for _, dir := range dirs {
		m, _ := filepath.Glob(filepath.Join(dir, "*.xlsx"))
		paths = append(paths, m...)
	}
	if len(paths) == 0 {
		t.Skip("no real workbooks: set " + realdocs.EnvRealDocs + " to the folder holding questionnaires/ and versions/")
	}
	for _, p := range paths {
		t.Run(filepath.Base(p), func(t *testing.T) {
			doc, err := os.ReadFile(p)
			must(t, err)
			wb, err := open(doc)
			if err != nil {
				t.Skipf("open: %v", err)
			}
			fn(t, p, wb)
		})
	}
}

// compareNative computes wb's formulas natively and reports each value
// that differs from the one wb caches.
func compareNative(t *testing.T, wb *workbook) (compared, native, formulas int) {
	src := newScanSource(newWriter(wb))
	g, ok := newWriter(wb).graph(src)
	if !ok {
		t.Skip("too many formulas")
	}
	all := make([]int, len(g.nodes))
	for i := range all {
		all[i] = i
	}
	ordered, cyclic := g.order(all)
	nat, bad := newNativeCalc(newCalcBook(wb, src, g, all, cyclic)), 0
	for _, i := range ordered {
		n := g.nodes[i]
		if uncomputable(n, false) != "" || !nat.calcOnce(i, n) {
			continue
		}
		native++
		v, _ := nat.stored(i)
		before := src.value(n.at.sheet, n.at.row, n.at.col)
		if before.kind == calcEmpty {
			continue // no cached value
		}
		compared++
		if want := shownBefore(before); !sameCalcValue(want, shown(v)) {
			if bad++; bad <= 10 {
				t.Errorf("%s: =%s: native %q, cached %q", wb.xpath(n.at), g.text(n), shown(v), want)
			}
		}
	}
	if bad > 10 {
		t.Errorf("%d values differ in all", bad)
	}
	return compared, native, len(g.nodes)
}
