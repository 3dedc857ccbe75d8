package excel

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formfill/formfill/internal/realdocs"
)

// TestNativeMatchesExcelize recomputes every formula of every real
// workbook from scratch (all of them stale, as if every cell were
// written) and compares each value the native calculation gives with
// excelize's on the same calculation workbook: a native result must be
// the one excelize gives.
func TestNativeMatchesExcelize(t *testing.T) {
	total := 0
	eachRealWorkbook(t, []string{filepath.Join(realdocs.Dir(), "questionnaires"), filepath.Join(realdocs.Dir(), "versions"), realdocs.SharedForms()},
		func(t *testing.T, path string, wb *workbook) {
			compared, native, formulas := compareNative(t, wb)
			total += compared
			t.Logf("%d formulas, %d computed natively, %d of them compared with excelize", formulas, native, compared)
			if strings.Contains(path, "hecvat-4.14") && native < 5000 {
				t.Errorf("only %d of HECVAT 4.14's formulas computed natively, want its answer formulas (5,122)", native)
			}
			if compared < native*9/10 {
				t.Errorf("only %d of %d native results compared", compared, native)
			}
		})
	t.Logf("%d native results compared with excelize's", total)
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

// compareNative computes wb's formulas natively and with excelize, and
// reports each difference.
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
	book := newCalcBook(wb, src, g, all, cyclic)
	must(t, book.open())
	nat, bad := newNativeCalc(book), 0
	for _, i := range ordered {
		n := g.nodes[i]
		if uncomputable(n, cyclic.has(i)) != "" {
			continue
		}
		raw, ok := nat.calc(i, n)
		if !ok {
			continue
		}
		native++
		why := book.need(i)
		if strings.Contains(why, "more than") {
			// The book's caps were reached: a new one computes the rest.
			book = newCalcBook(wb, src, g, all, cyclic)
			must(t, book.open())
			why = book.need(i)
		}
		if why != "" {
			continue
		}
		want, err := book.calc(i)
		if err != nil {
			want = err.Error()
		}
		compared++
		if raw != want && !(nat.is(i, nodeEmptied) && raw == "0" && want == "") {
			if bad++; bad <= 10 {
				t.Errorf("%s: =%s: native %q, excelize %q", wb.xpath(n.at), g.text(n), raw, want)
			}
		}
	}
	return compared, native, len(g.nodes)
}
