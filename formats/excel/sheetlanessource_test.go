package excel

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/formfill/formfill/formats"
)

// listSourceBook is a workbook whose question sheets each offer a
// drop-down listing the cells of one Options sheet, which has a merged
// range: every question sheet's lane reads the Options sheet's cells and
// merges.
func listSourceBook(t *testing.T, questionSheets int) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	must(t, f.SetSheetName("Sheet1", "Options"))
	for i, v := range []string{"Yes", "", "No", "N/A"} {
		must(t, f.SetCellValue("Options", fmt.Sprintf("A%d", i+1), v))
	}
	must(t, f.MergeCell("Options", "A1", "A2"))
	for i := range questionSheets {
		name := fmt.Sprintf("Q%d", i+1)
		_, err := f.NewSheet(name)
		must(t, err)
		must(t, f.SetSheetRow(name, "A1", &[]string{"Question", "Answer"}))
		must(t, f.SetSheetRow(name, "A2", &[]string{"Do you encrypt data at rest?", ""}))
		dv := excelize.NewDataValidation(true)
		dv.SetSqref("B2:B20")
		dv.SetSqrefDropList("Options!$A$1:$A$4")
		must(t, f.AddDataValidation(name, dv))
	}
	buf, err := f.WriteToBuffer()
	must(t, err)
	return buf.Bytes()
}

// TestSheetLanesReadOneListSourceTogether reads a workbook whose sheets,
// each in a lane of its own, all list the options of one merged sheet:
// the lanes read that sheet's scan at once (under -race in CI, where a
// merge index filled in on first use was a data race and could panic),
// and the view is the one lane's.
func TestSheetLanesReadOneListSourceTogether(t *testing.T) {
	doc := listSourceBook(t, 6)
	e := formats.WithContext(t.Context(), New())
	oneLane(t)
	want, err := e.ReadDocument(doc)
	must(t, err)
	smallLanes(t)
	for range 5 {
		got, err := e.ReadDocument(doc)
		must(t, err)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("the view in lanes differs from the view in one lane")
		}
	}
}
