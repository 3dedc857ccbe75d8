package excel

import (
	"fmt"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/enginetest"
	"github.com/xuri/excelize/v2"
)

// scoringSheets is a new workbook of three sheets: Inputs, Table and
// Scores.
func scoringSheets(tb testing.TB) *excelize.File {
	tb.Helper()
	f := excelize.NewFile()
	must(tb, f.SetSheetName("Sheet1", "Inputs"))
	for _, s := range []string{"Table", "Scores"} {
		_, err := f.NewSheet(s)
		must(tb, err)
	}
	return f
}

// lookupBook is a workbook whose Scores sheet holds n formulas, each
// looking the written cell Inputs!B1 up in a table of rows rows, over a
// range of span rows: a write there leaves recalc most of the call's work.
// Each rounds its lookup, which leaves it to excelize: the native
// calculation does not compute ROUND.
func lookupBook(tb testing.TB, n, rows, span int) []byte {
	tb.Helper()
	f := scoringSheets(tb)
	must(tb, f.SetCellValue("Inputs", "A1", "Code"))
	sw, err := f.NewStreamWriter("Table")
	must(tb, err)
	for r := 1; r <= rows; r++ {
		must(tb, sw.SetRow(fmt.Sprintf("A%d", r), []any{fmt.Sprintf("K%d", r), r * 10}))
	}
	must(tb, sw.Flush())
	for r := 1; r <= n; r++ {
		must(tb, f.SetCellFormula("Scores", fmt.Sprintf("A%d", r), fmt.Sprintf("ROUND(VLOOKUP(Inputs!$B$1,Table!$A$1:$B$%d,2,FALSE),0)+%d", span, r)))
	}
	buf, err := f.WriteToBuffer()
	must(tb, err)
	return buf.Bytes()
}

// TestStoppedRecalcStopsUsingTheCPU stops a write whose work is mostly
// the recalculation of its dependents (each a lookup over two thirds of
// maxFormulaWork cells) at several points: the call must
// stop within enginetest's CPU bound (see StoppedWorkStops), whatever
// formula excelize is computing.
func TestStoppedRecalcStopsUsingTheCPU(t *testing.T) {
	enginetest.StoppedWorkStops(t, New(), func(tb testing.TB) []enginetest.StopCase {
		doc := lookupBook(tb, 200, maxFormulaWork/3, maxFormulaWork/3)
		answers := []formats.Answer{{PairID: "Inputs!B1", AnswerText: "K19999"}}
		return []enginetest.StopCase{
			{Name: "write with recalc", Points: []float64{0.4, 0.6, 0.8}, MaxAfter: writeStopCPU,
				Call: func(e formats.Engine) error { _, err := e.Write(doc, answers, formats.WriteOptions{}); return err }},
		}
	})
}

// TestRecalcBoundsTheWorkOfOneFormula writes a cell that lookups over a
// range past maxFormulaWork read (excelize reads every cell of the range,
// empty or not): they are reported, not computed.
func TestRecalcBoundsTheWorkOfOneFormula(t *testing.T) {
	span := maxFormulaWork/2 + 1 // two columns
	res, err := New().Write(lookupBook(t, 3, 100, span), []formats.Answer{{PairID: "Inputs!B1", AnswerText: "K7"}}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	warns := strings.Join(res.Warnings, "\n")
	for _, ref := range []string{"Scores!A1", "Scores!A2", "Scores!A3"} {
		if !strings.Contains(warns, ref+": ") || !strings.Contains(warns, fmt.Sprintf("more than %d cells", maxFormulaWork)) {
			t.Errorf("no warning that %s reads too many cells:\n%s", ref, warns)
		}
	}
}

func TestRecalcComputesLookupsWithinTheBound(t *testing.T) {
	res, err := New().Write(lookupBook(t, 3, 100, 100), []formats.Answer{{PairID: "Inputs!B1", AnswerText: "K7"}}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sheet := zipEntry(t, res.Document, "xl/worksheets/sheet3.xml")
	for ref, want := range map[string]string{"A1": "71", "A2": "72", "A3": "73"} {
		if got := cellXML(t, sheet, ref); !strings.Contains(got, "<v>"+want+"</v>") {
			t.Errorf("Scores!%s = %s, want the value %s", ref, got, want)
		}
	}
}
