package excel

import (
	"math"
	"testing"

	"github.com/formfill/formfill/internal/realdocs"
)

// onePass is a calcSource that gives no formula in parts: the graph reads
// it in one pass, parsing each sheet's formulas before the next's scan.
type onePass struct{ calcSource }

// TestGraphTwoPassesMatchOnePass builds the formula graph of workbooks
// with shared formulas, chains and cycles in two passes (scanSource) and
// in one, and checks that the two hold the same nodes reading the same
// references, in the same order.
func TestGraphTwoPassesMatchOnePass(t *testing.T) {
	books := []struct {
		name string
		doc  func(t *testing.T) []byte
	}{
		{"the calculation fixture", func(t *testing.T) []byte { return calcFixture(t) }},
		{"HECVAT 4.14", func(t *testing.T) []byte {
			return realdocs.Read(t, "questionnaires", "hecvat-4.14-educause.xlsx")
		}},
	}
	for _, tc := range books {
		t.Run(tc.name, func(t *testing.T) {
			doc := tc.doc(t)
			graphOf := func(parted bool) *formulaGraph {
				wb, err := open(doc)
				must(t, err)
				w := newWriter(wb)
				var src calcSource = newScanSource(w)
				if _, ok := src.(partedSource); !ok {
					t.Fatal("scanSource gives no formula in parts")
				}
				if !parted {
					src = onePass{src}
				}
				g, ok := w.graph(src)
				if !ok {
					t.Fatal("no graph")
				}
				return g
			}
			two, one := graphOf(true), graphOf(false)
			if len(two.nodes) == 0 || len(two.nodes) != len(one.nodes) {
				t.Fatalf("two passes read %d formulas, one pass %d", len(two.nodes), len(one.nodes))
			}
			for i := range one.nodes {
				a, b := two.nodes[i], one.nodes[i]
				if a.at != b.at || a.volatile != b.volatile || a.approx != b.approx || a.external != b.external ||
					a.pureRef != b.pureRef || a.lookup != b.lookup || a.joins != b.joins || len(a.refs) != len(b.refs) {
					t.Fatalf("node %d: two passes %+v, one pass %+v", i, *a, *b)
				}
				for k := range a.refs {
					if two.ref(a, k) != one.ref(b, k) {
						t.Fatalf("node %d reference %d: two passes %v, one pass %v", i, k, two.ref(a, k), one.ref(b, k))
					}
				}
			}
		})
	}
}

// TestFormulaTextShifts checks that a shared formula's member kept in
// parts reads as its master's text shifted, and that a shift too large
// to keep is made at once, to the same text.
func TestFormulaTextShifts(t *testing.T) {
	for _, tc := range []struct {
		name        string
		dCol, dRow  int
		wantShifted bool // kept in parts, not made now
	}{
		{"a member below its master", 0, 3, true},
		{"a member right of its master", 2, 0, true},
		{"the master itself", 0, 0, true},
		{"a shift past 32 bits", math.MaxInt32 + 1, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const master = "SUM(A1:B2)+$C$1"
			f := shifted(master, tc.dCol, tc.dRow)
			if f.shifted != tc.wantShifted {
				t.Fatalf("kept in parts: %v, want %v", f.shifted, tc.wantShifted)
			}
			if got, want := f.String(), shiftFormula(master, tc.dCol, tc.dRow); got != want {
				t.Errorf("reads %q, want %q", got, want)
			}
		})
	}
	if got := (formulaText{text: "A1"}).String(); got != "A1" {
		t.Errorf("an unshifted text reads %q", got)
	}
}
