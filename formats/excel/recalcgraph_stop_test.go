package excel

import (
	"context"
	"fmt"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/ctxtest"
)

// TestGraphReadersAbandonTheCallAtItsStop runs the search for the
// dependents of 3,000 written cells and their ordering, each asking for
// the readers of thousands of cells, with the graph's stop ended: they
// abandon the call (errAbandoned, which guard makes the stop's error)
// rather than run to their end, and with a live context they look at it.
func TestGraphReadersAbandonTheCallAtItsStop(t *testing.T) {
	const rows = 3000
	wb, err := open(doublingBook(t, rows, "SUM(Table!C1:C3000)"))
	must(t, err)
	g, ok := newWriter(wb).graph(newScanSource(newWriter(wb)))
	if !ok {
		t.Fatal("no graph")
	}
	written := map[cell]string{}
	for r := 1; r <= rows; r++ {
		written[cell{sheet: 2, row: r, col: 2}] = "Table!B"
	}
	deps := g.dependents(written)
	if len(deps) < rows {
		t.Fatalf("%d dependents, want more than %d", len(deps), rows)
	}
	for _, tc := range []struct {
		name string
		run  func()
	}{
		{"the dependents", func() { g.dependents(written) }},
		{"their order", func() { orderDeps(g, deps) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			live := ctxtest.NewCountdown(1 << 30)
			g.stop, g.steps = formats.NewStopper(live, 1), 0
			tc.run()
			if live.Asked() == 0 {
				t.Fatal("the graph's readers never looked at the stop")
			}
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			g.stop, g.steps = formats.NewStopper(ctx, 1), 0
			defer func() {
				if r := recover(); r != errAbandoned {
					t.Errorf("recovered %v, want errAbandoned", r)
				}
			}()
			tc.run()
		})
	}
}

// doublingBook is a workbook whose Table sheet holds rows numbers (10,
// 20, …) and formulas doubling them (=B1*2, uncached), and whose
// Scores!A1 holds formula; Table!D1 sums the doubles, Table!E1 too, less
// one.
func doublingBook(tb testing.TB, rows int, formula string) []byte {
	tb.Helper()
	f := scoringSheets(tb)
	for r := 1; r <= rows; r++ {
		must(tb, f.SetCellValue("Table", fmt.Sprintf("B%d", r), r*10))
		must(tb, f.SetCellFormula("Table", fmt.Sprintf("C%d", r), fmt.Sprintf("B%d*2", r)))
	}
	must(tb, f.SetCellFormula("Table", "D1", fmt.Sprintf("SUM(C1:C%d)", rows)))
	must(tb, f.SetCellFormula("Table", "E1", fmt.Sprintf("SUM(C1:C%d)-1", rows)))
	must(tb, f.SetCellFormula("Scores", "A1", formula))
	buf, err := f.WriteToBuffer()
	must(tb, err)
	return buf.Bytes()
}
