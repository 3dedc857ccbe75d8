package excel

import (
	"html"
	"reflect"
	"testing"

	"github.com/xuri/excelize/v2"
)

func TestValidationStubKeepsValidationsAndExtensions(t *testing.T) {
	const ns = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"`
	for _, tc := range []struct {
		name, sheet string
		valid       string // the validations stub, "" for none
	}{
		{"validations and extensions kept; rows, merges and the rest dropped",
			`<worksheet ` + ns + `><dimension ref="A1:B3"/><sheetData><row r="1"><c r="A1"><v>1</v></c></row>` +
				`<row r="2" ht="20"><c r="A2"><f>A1+1</f><v>2</v></c><c r="B2" t="s"><v>0</v></c></row><row r="3"/></sheetData>` +
				`<mergeCells count="1"><mergeCell ref="A2:B2"/></mergeCells><dataValidations count="1"><dataValidation type="list" sqref="B1"><formula1>"a,b"</formula1></dataValidation></dataValidations>` +
				`<pageMargins left="0.7"/><extLst><ext uri="x"><y/></ext></extLst></worksheet>`,
			`<worksheet ` + ns + `><sheetData></sheetData><dataValidations count="1"><dataValidation type="list" sqref="B1"><formula1>"a,b"</formula1></dataValidation></dataValidations>` +
				`<extLst><ext uri="x"><y/></ext></extLst></worksheet>`},
		{"a prefixed root is closed with its prefix",
			`<x:worksheet xmlns:x="http://purl.oclc.org/ooxml/spreadsheetml/main"><x:sheetData/></x:worksheet>`,
			`<x:worksheet xmlns:x="http://purl.oclc.org/ooxml/spreadsheetml/main"><sheetData></sheetData></x:worksheet>`},
		{"an irregular sheet keeps its stub",
			`<worksheet ` + ns + `><sheetData><row><c><f>B1*2</f></c></row></sheetData></worksheet>`,
			`<worksheet ` + ns + `><sheetData></sheetData></worksheet>`},
		{"an empty root: no stub", `<worksheet/>`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSheetScan()
			rec, done := s.recorder([]byte(tc.sheet))
			if err := checkXML([]byte(tc.sheet), "sheet.xml", rec, nil); err != nil {
				t.Fatal(err)
			}
			done()
			if v := string(s.validationStub); v != tc.valid {
				t.Errorf("validations stub\n%s\nwant\n%s", v, tc.valid)
			}
		})
	}
}

// TestStubAnswersAsTheWholeSheet reads every sheet's validations and every
// formula cell's formula (and the cells of merged ranges) both from the
// sheet's stub and from excelize's reading of the whole sheet, on the
// fixtures and on every real workbook found: they must be the same.
func TestStubAnswersAsTheWholeSheet(t *testing.T) {
	for name, doc := range workbooks(t) {
		wb, err := openStop(doc, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		ref := excelizeOf(t, doc)
		stubs := 0
		for _, sheet := range wb.sheets {
			sc, err := wb.scanSheet(sheet)
			if err != nil || sc.validationStub == nil {
				continue
			}
			stubs++
			fromStub, err1 := wb.dataValidations(sheet, sc)
			whole, err2 := wb.dataValidations(sheet, nil)
			if err1 != nil || err2 != nil || !reflect.DeepEqual(fromStub, whole) {
				t.Errorf("%s, %s: validations from the stub %d (%v), from the sheet %d (%v)", name, sheet, len(fromStub), err1, len(whole), err2)
			}
			if ex, err := ref.GetDataValidations(sheet); err != nil || !sameRules(fromStub, ex) {
				t.Errorf("%s, %s: validations %+v, excelize reads %d (%v)", name, sheet, fromStub, len(ex), err)
			}
		}
		if stubs == 0 {
			t.Errorf("%s: no sheet has a stub", name)
		}
	}
}

// sameRules reports whether vs are the rules excelize reads, its
// formulas' entities decoded (excelize keeps a formula's inner XML).
func sameRules(vs []validation, ex []*excelize.DataValidation) bool {
	if len(vs) != len(ex) {
		return false
	}
	for i, v := range vs {
		e := ex[i]
		if v.sqref != e.Sqref || v.typ != e.Type || v.operator != e.Operator ||
			v.formula1 != html.UnescapeString(e.Formula1) || v.formula2 != html.UnescapeString(e.Formula2) ||
			promptText(v) != promptText(validation{prompt: e.Prompt, promptTitle: e.PromptTitle}) {
			return false
		}
	}
	return true
}

// FuzzStub scans mutated worksheets: whenever the guard accepts a sheet,
// its validations stub must be well-formed XML too, and the validations
// reader must read it without a panic.
func FuzzStub(f *testing.F) {
	const ns = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"`
	f.Add([]byte(`<worksheet ` + ns + `><sheetData><row r="1"><c r="A1"><f>B1</f></c><c r="B1"/></row></sheetData>` +
		`<mergeCells><mergeCell ref="A1:B1"/></mergeCells><dataValidations count="1"><dataValidation type="list" sqref="A1"><formula1>"a,b"</formula1></dataValidation></dataValidations></worksheet>`))
	f.Add([]byte(`<x:worksheet xmlns:x="http://purl.oclc.org/ooxml/spreadsheetml/main"><x:sheetData><x:row><x:c><x:f>1</x:f></x:c></x:row></x:sheetData></x:worksheet>`))
	for _, p := range unzip(f, fixture(f)) {
		if isWorksheetPart(p.name) {
			f.Add(p.data)
		}
	}
	f.Fuzz(func(t *testing.T, sheet []byte) {
		s := newSheetScan()
		rec, done := s.recorder(sheet)
		if checkXML(sheet, "sheet.xml", rec, nil) != nil {
			return
		}
		done()
		if st := s.validationStub; st != nil {
			if err := checkXML(st, "stub.xml", recording{}, nil); err != nil {
				t.Fatalf("the sheet is well-formed, its stub is not (%v):\n%s", err, st)
			}
			_, _ = readValidations(st) // must not panic
		}
	})
}
