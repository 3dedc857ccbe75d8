package excel

import (
	"errors"
	"reflect"
	"testing"
)

// The detach functions read excelize's structs by field name: a layout
// they do not know must make save fall back to excelize's own writing
// (errLayout), not lose rows.
func TestDetachRefusesAnUnknownLayout(t *testing.T) {
	type cell struct{ S, V string }
	type rowNoAttrs struct{ C []cell }
	type sheetData[R any] struct{ Row []R }
	type sheet[R any] struct{ SheetData sheetData[R] }
	type sst struct{ Items []string }
	for _, tc := range []struct {
		name string
		call func() (*detachedList, error)
	}{
		{"a worksheet without SheetData", func() (*detachedList, error) { return detachRows("s.xml", &struct{ Rows []int }{}) }},
		{"rows that are not structs", func() (*detachedList, error) { return detachRows("s.xml", &sheet[int]{}) }},
		{"rows without their attributes", func() (*detachedList, error) {
			return detachRows("s.xml", &sheet[rowNoAttrs]{SheetData: sheetData[rowNoAttrs]{Row: []rowNoAttrs{{}}}})
		}},
		{"a table without SI", func() (*detachedList, error) { return detachStrings(&sst{Items: []string{"a"}}) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := tc.call()
			if !errors.Is(err, errLayout) || d != nil {
				t.Fatalf("got %v, %v; want errLayout and nothing detached", d, err)
			}
		})
	}
}

func TestSpliceFindsWhereTheItemsGo(t *testing.T) {
	for _, tc := range []struct {
		name, out string
		at        func([]byte) (int, error)
		before    string // what comes before the items; "": an error
	}{
		{"empty sheetData", `<worksheet><dimension ref="A1"></dimension><sheetData></sheetData><mergeCells></mergeCells></worksheet>`, afterOpen("sheetData"),
			`<worksheet><dimension ref="A1"></dimension><sheetData>`},
		{"sheetData not empty", `<worksheet><sheetData><row></row></sheetData></worksheet>`, afterOpen("sheetData"), ""},
		{"items before the close of sst", `<sst count="2" uniqueCount="2"></sst>`, beforeClose("sst"), `<sst count="2" uniqueCount="2">`},
		{"no sst", `<other></other>`, beforeClose("sst"), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.at([]byte(tc.out))
			if tc.before == "" {
				if err == nil {
					t.Fatalf("found %d, want an error", got)
				}
				return
			}
			if err != nil || tc.out[:got] != tc.before {
				t.Fatalf("got %d, %v; want the items after %q", got, err, tc.before)
			}
		})
	}
}

// excelize's trim, as the trimmer applies it to rows of its own shape.
func TestTrimmerDropsWhatExcelizeDrops(t *testing.T) {
	type c struct {
		S    int
		V    string
		F    *string
		T    string
		Name string
	}
	type row struct {
		C                                 []c
		R                                 int
		Spans                             string
		S                                 int
		CustomFormat                      bool
		Ht                                *float64
		Hidden, CustomHeight              bool
		OutlineLevel                      uint8
		Collapsed, ThickTop, ThickBot, Ph bool
	}
	rows := []row{
		{R: 1, C: []c{{Name: "A1", V: "x"}, {Name: "B1"}}},       // B1 is padding
		{R: 2, C: []c{{Name: "A2"}}},                             // a padded row
		{R: 3, Hidden: true},                                     // kept for its attribute
		{R: 4, C: []c{{Name: "A4", S: 3}, {Name: "B4", T: "s"}}}, // all kept
		{R: 5}, // dropped
	}
	tr, err := newTrimmer(reflect.TypeOf(row{}))
	if err != nil {
		t.Fatal(err)
	}
	v := reflect.ValueOf(&rows).Elem()
	kept := tr.rows(v).Interface().([]row)
	var got []string
	for _, r := range kept {
		names := ""
		for _, cell := range r.C {
			names += cell.Name + " "
		}
		got = append(got, names)
	}
	want := []string{"A1 ", "", "A4 B4 "}
	if !reflect.DeepEqual(got, want) || kept[1].R != 3 {
		t.Fatalf("kept %q (rows %v), want %q", got, kept, want)
	}
}
