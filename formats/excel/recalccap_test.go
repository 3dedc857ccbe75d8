package excel

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/xuri/excelize/v2"
)

func TestCapInOrder(t *testing.T) {
	many := func(n int) []int {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	cyclicFrom := func(n, from int) nodeFlags {
		f := make(nodeFlags, n)
		for i := from; i < n; i++ {
			f[i] = true
		}
		return f
	}
	for _, tc := range []struct {
		name             string
		ordered          []int
		cyclic           nodeFlags
		wantKept, wantBy int
	}{
		{"within the cap: all kept", many(10), nil, 10, 0},
		{"past the cap: the first in order kept", many(maxDependents + 5), nil, maxDependents, 5},
		{"a cut among cyclic ones drops them all", many(maxDependents + 5), cyclicFrom(maxDependents+5, maxDependents-3), maxDependents - 3, 8},
		{"cyclic ones past the cap are dropped, the rest kept", many(maxDependents + 5), cyclicFrom(maxDependents+5, maxDependents+1), maxDependents, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			kept, beyond := capInOrder(tc.ordered, tc.cyclic)
			if len(kept) != tc.wantKept || len(beyond) != tc.wantBy {
				t.Fatalf("kept %d, beyond %d; want %d, %d", len(kept), len(beyond), tc.wantKept, tc.wantBy)
			}
			if !slices.Equal(append(slices.Clone(kept), beyond...), tc.ordered) {
				t.Error("kept and beyond are not the order cut in two")
			}
		})
	}
}

// TestRecalcPastTheCapReadsNoStaleValue writes a cell that a chain of
// formulas longer than maxDependents reads, and a formula found first
// (it reads the written cell too) that reads the chain's end: computed
// in the order found, it read the end's stale value; cut in calculation
// order, it comes after the end and loses its value with it.
func TestRecalcPastTheCapReadsNoStaleValue(t *testing.T) {
	f := excelize.NewFile()
	must(t, f.SetSheetName("Sheet1", "Data"))
	_, err := f.NewSheet("Calc")
	must(t, err)
	must(t, f.SetCellValue("Data", "A2", "Staff"))
	chain := maxDependents + 5
	must(t, f.SetCellFormula("Calc", "A1", "Data!B2+1"))
	for r := 2; r <= chain; r++ {
		must(t, f.SetCellFormula("Calc", fmt.Sprintf("A%d", r), fmt.Sprintf("A%d+1", r-1)))
	}
	must(t, f.SetCellFormula("Calc", "B1", fmt.Sprintf("Data!B2+A%d", chain)))
	buf, err := f.WriteToBuffer()
	must(t, err)
	res, err := New().Write(buf.Bytes(), []formats.Answer{{PairID: "Data!B2", AnswerText: "5"}}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sheet := zipEntry(t, res.Document, "xl/worksheets/sheet2.xml")
	if got := cellXML(t, sheet, "B1"); strings.Contains(got, "<v>") {
		t.Errorf("B1, which reads the chain's end past the cap, kept a value: %s", got)
	}
	if got, want := cellXML(t, sheet, "A100"), "<v>105</v>"; !strings.Contains(got, want) {
		t.Errorf("A100 = %s, want %s", got, want)
	}
	if warns := strings.Join(res.Warnings, "\n"); !strings.Contains(warns, fmt.Sprintf("more than %d formulas depend on the written cells", maxDependents)) {
		t.Errorf("no warning of the cap:\n%s", warns)
	}
}
