package excel

import (
	"fmt"
	"testing"

	"github.com/xuri/excelize/v2"
)

// A list validation's source is read a sheet at a time, not a cell at a
// time: a write lets go of the sheets it does not write (releaseSheet),
// and reading a list on one of them cell by cell scanned its whole part
// once per cell. Reading a 300-cell list then cost about what reading
// one cell of the same sheet does, 300 times over; it must cost about the
// same, and give the same options.
func TestListOptionsReadTheirSheetOnce(t *testing.T) {
	const listCells = 300
	doc := book(t, [][]string{{"Pick one", ""}, {"Pick another", ""}}, func(f *excelize.File) {
		_, err := f.NewSheet("Lists")
		must(t, err)
		for r := 1; r <= listCells; r++ {
			must(t, f.SetCellStr("Lists", fmt.Sprintf("A%d", r), fmt.Sprintf("option %d", r)))
		}
		for _, c := range []struct{ sqref, source string }{{"B1", "Lists!$A$1:$A$300"}, {"B2", "Lists!$A$1:$A$1"}} {
			dv := excelize.NewDataValidation(true)
			dv.SetSqref(c.sqref)
			dv.Type, dv.Formula1 = "list", c.source
			must(t, f.AddDataValidation("Q", dv))
		}
	})
	wb, err := New().open(doc, nil)
	must(t, err)
	rules, err := wb.rules("Q", nil)
	must(t, err)
	if len(rules) != 2 || len(rules[0].options) != listCells || rules[0].options[listCells-1] != "option 300" || len(rules[1].options) != 1 {
		t.Fatalf("rules %+v: want the 300 options of Lists!A1:A300 and the one of A1", rules)
	}
	newWriter(wb).releaseSheet(2) // Lists, as a write that does not write it lets go of it
	allocs := map[string]float64{}
	for _, c := range []struct{ name, source string }{{"300 cells", "Lists!$A$1:$A$300"}, {"1 cell", "Lists!$A$1:$A$1"}} {
		var opts []string
		allocs[c.name] = testing.AllocsPerRun(3, func() { opts = wb.listOptions("Q", c.source, 0) })
		if want := map[string]int{"300 cells": listCells, "1 cell": 1}[c.name]; len(opts) != want {
			t.Errorf("%s: %d options after the release; want %d", c.name, len(opts), want)
		}
	}
	if allocs["300 cells"] > 2*allocs["1 cell"]+listCells {
		t.Errorf("reading 300 list cells allocated %.0f times, one cell %.0f: the sheet is read again for each cell", allocs["300 cells"], allocs["1 cell"])
	}
}
