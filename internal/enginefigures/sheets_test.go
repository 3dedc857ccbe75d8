package enginefigures

import (
	"maps"
	"slices"
	"testing"

	"github.com/formfill/formfill/formats"
)

const (
	testWorkbook = `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">
<sheets><sheet name="START HERE" sheetId="4" r:id="rId2"/><sheet name="Bob's" sheetId="1" r:id="rId1"/><sheet name="Data" sheetId="2" r:id="rId3"/></sheets></workbook>`
	testWorkbookRels = `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Target="worksheets/sheet2.xml"/><Relationship Id="rId3" Target="/xl/worksheets/data.xml"/></Relationships>`
)

func testSheets(t *testing.T) Sheets {
	t.Helper()
	s, err := ExcelSheets(zipOf(t, map[string]string{workbookPart: testWorkbook, workbookRels: testWorkbookRels}))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestExcelSheetsInWorkbookOrder(t *testing.T) {
	s := testSheets(t)
	wantNames := []string{"START HERE", "Bob's", "Data"}
	wantParts := []string{"xl/worksheets/sheet2.xml", "xl/worksheets/sheet1.xml", "xl/worksheets/data.xml"}
	if !slices.Equal(s.Names, wantNames) || !slices.Equal(s.Parts, wantParts) {
		t.Errorf("got %v %v, want %v %v", s.Names, s.Parts, wantNames, wantParts)
	}
	if _, err := ExcelSheets(zipOf(t, map[string]string{"word/document.xml": "<w/>"})); err == nil {
		t.Error("a package without a workbook: no error")
	}
}

func TestSheetsPartOf(t *testing.T) {
	s := testSheets(t)
	one := Sheets{Names: []string{"Only"}, Parts: []string{"xl/worksheets/sheet1.xml"}}
	tests := []struct {
		name   string
		sheets Sheets
		id     string
		want   string
		wantOK bool
	}{
		{"element ID numbers sheets in workbook order", s, "S1-R5-C3", "xl/worksheets/sheet2.xml", true},
		{"lower-case element ID", s, "s3-r1-c1", "xl/worksheets/data.xml", true},
		{"element ID past the last sheet", s, "S4-R1-C1", "", false},
		{"quoted name with a doubled quote", s, "'Bob''s'!C5", "xl/worksheets/sheet1.xml", true},
		{"quoted name with a space", s, "'START HERE'!$C$3", "xl/worksheets/sheet2.xml", true},
		{"plain name, any case", s, "data!A1", "xl/worksheets/data.xml", true},
		{"unknown sheet", s, "Nope!A1", "", false},
		{"bare cell in a one-sheet workbook", one, "C5", "xl/worksheets/sheet1.xml", true},
		{"bare cell with several sheets", s, "C5", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := tt.sheets.PartOf(tt.id)
			if got != tt.want || ok != tt.wantOK {
				t.Errorf("PartOf(%q) = %q, %v; want %q, %v", tt.id, got, ok, tt.want, tt.wantOK)
			}
		})
	}
}

func TestSheetsPartsOfAnswers(t *testing.T) {
	s := testSheets(t)
	got := s.PartsOf([]formats.Answer{{PairID: "S1-R1-C1"}, {PairID: "S1-R2-C1"}, {PairID: "Data!B2"}, {PairID: "Nope!A1"}})
	want := map[string]bool{"xl/worksheets/sheet2.xml": true, "xl/worksheets/data.xml": true}
	if !maps.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if !s.IsSheet("xl/worksheets/data.xml") || s.IsSheet("xl/sharedStrings.xml") {
		t.Error("IsSheet: wrong")
	}
}
