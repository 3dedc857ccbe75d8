package excel

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/xuri/excelize/v2"
)

const tableNS = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"`

func TestReadTable(t *testing.T) {
	for _, tc := range []struct {
		name, xml string
		want      *tableDef
		err       string
	}{
		{"header row by default",
			`<table ` + tableNS + ` id="1" name="T1" displayName="Scores" ref="B2:C5" totalsRowShown="0"><tableColumns count="2"><tableColumn id="1" name="Item"/><tableColumn id="2" name="Y, Y(C), N"/></tableColumns></table>`,
			&tableDef{name: "Scores", ref: rect{2, 2, 5, 3}, headers: 1, cols: []string{"Item", "Y, Y(C), N"}}, ""},
		{"totals row, no header row, strict namespace",
			`<x:table xmlns:x="http://purl.oclc.org/ooxml/spreadsheetml/main" name="T" ref="A1:A3" headerRowCount="0" totalsRowCount="1"><x:tableColumns><x:tableColumn name="A"/></x:tableColumns></x:table>`,
			&tableDef{name: "T", ref: rect{1, 1, 3, 1}, totals: 1, cols: []string{"A"}}, ""},
		{"escaped column name",
			`<table ` + tableNS + ` displayName="T" ref="A1:A2"><tableColumns><tableColumn name="Line_x000a_break"/></tableColumns></table>`,
			&tableDef{name: "T", ref: rect{1, 1, 2, 1}, headers: 1, cols: []string{"Line\nbreak"}}, ""},
		{"no name", `<table ` + tableNS + ` ref="A1:A2"><tableColumns><tableColumn name="A"/></tableColumns></table>`, nil, "without a name"},
		{"bad range", `<table ` + tableNS + ` name="T" ref="A1:"><tableColumns><tableColumn name="A"/></tableColumns></table>`, nil, "not a range"},
		{"columns do not fill the range", `<table ` + tableNS + ` name="T" ref="A1:B2"><tableColumns><tableColumn name="A"/></tableColumns></table>`, nil, "1 columns named for a range 2 wide"},
		{"bad header count", `<table ` + tableNS + ` name="T" ref="A1:A2" headerRowCount="x"><tableColumns><tableColumn name="A"/></tableColumns></table>`, nil, "headerRowCount"},
		{"more header and totals rows than the range", `<table ` + tableNS + ` name="T" ref="A1:A1" totalsRowCount="1"><tableColumns><tableColumn name="A"/></tableColumns></table>`, nil, "header and totals rows"},
		{"no table", `<other/>`, nil, "no <table>"},
		{"malformed XML", `<table name="T" ref="A1:A2"><tableColumns>`, nil, "EOF"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := readTable([]byte(tc.xml), nil)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Errorf("readTable: %v, want an error with %q", err, tc.err)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tc.want) {
				t.Errorf("readTable = %+v, %v, want %+v", got, err, tc.want)
			}
		})
	}
}

func TestTableSetReadsEverySheetsTables(t *testing.T) {
	wb, err := New().open(tableBook(t, nil, nil), nil)
	must(t, err)
	set, err := wb.tableSet()
	must(t, err)
	want := &tableDef{name: "Scores", sheet: 2, ref: rect{2, 2, 6, 6}, headers: 1, totals: 1,
		cols: []string{"Item", "Value", "Y, Y(C), N", "Rate #1 [x]", "Doubled"}}
	if len(set) != 1 || !reflect.DeepEqual(set["SCORES"], want) {
		t.Errorf("tableSet = %+v, want Scores as %+v", set, want)
	}
}

// TestTableSetNamesTheMalformedPart shows a table part that does not
// make sense (malformed XML the open refuses) refused with its name, and
// the formula naming its table left as written.
func TestTableSetNamesTheMalformedPart(t *testing.T) {
	const part = "xl/tables/table1.xml"
	doc := tableBook(t, nil, nil)
	doc = rezip(t, unzip(t, doc), part, []byte(`<table `+tableNS+` name="Scores" ref="B2:F6"><tableColumns><tableColumn name="Item"/></tableColumns></table>`))
	wb, err := New().open(doc, nil)
	must(t, err)
	_, err = wb.tableSet()
	if !errors.Is(err, formats.ErrInvalidDocument) || !strings.Contains(err.Error(), part) {
		t.Errorf("tableSet: %v, want an invalid-document error naming %s", err, part)
	}
	if got := wb.structuredA1(cell{3, 4, 2}, "Scores[Value]"); got != "Scores[Value]" {
		t.Errorf("structuredA1 = %q, want the formula as written", got)
	}
}

// FuzzReadTable feeds readTable arbitrary parts: it returns a table whose
// columns fill its range, or an error, and does not panic.
func FuzzReadTable(f *testing.F) {
	f.Add([]byte(`<table ` + tableNS + ` name="T" displayName="T" ref="B2:C5" headerRowCount="1" totalsRowCount="1"><tableColumns><tableColumn name="A"/><tableColumn name="B_x000a_"/></tableColumns></table>`))
	f.Add([]byte(`<table name="T" ref="A1"><tableColumns><tableColumn name="A"/></tableColumns></table>`))
	f.Add([]byte(`<table><table name="x" ref="XFD1048576"/></table>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		tbl, err := readTable(data, nil)
		if err != nil {
			return
		}
		if len(tbl.cols) != tbl.ref.c2-tbl.ref.c1+1 || tbl.name == "" || tbl.headers+tbl.totals > tbl.ref.r2-tbl.ref.r1+1 {
			t.Errorf("readTable(%q) = %+v", data, tbl)
		}
		if _, err := excelize.ColumnNumberToName(tbl.ref.c2); err != nil {
			t.Errorf("readTable(%q): column %d has no name", data, tbl.ref.c2)
		}
	})
}
