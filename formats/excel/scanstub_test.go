package excel

import (
	"html"
	"reflect"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/xuri/excelize/v2"
)

func TestStubKeepsWhatValidationsAndFormulasNeed(t *testing.T) {
	const ns = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"`
	for _, tc := range []struct {
		name, sheet string
		valid, form string // the stubs; "" for none
	}{
		{"formula cells in their rows and merges for formulas, validations and extensions for validations; other rows dropped",
			`<worksheet ` + ns + `><dimension ref="A1:B3"/><sheetData><row r="1"><c r="A1"><v>1</v></c></row>` +
				`<row r="2" ht="20"><c r="A2"><f>A1+1</f><v>2</v></c><c r="B2" t="s"><v>0</v></c></row><row r="3"/></sheetData>` +
				`<mergeCells count="1"><mergeCell ref="A2:B2"/></mergeCells><dataValidations count="1"><dataValidation type="list" sqref="B1"><formula1>"a,b"</formula1></dataValidation></dataValidations>` +
				`<pageMargins left="0.7"/><extLst><ext uri="x"><y/></ext></extLst></worksheet>`,
			`<worksheet ` + ns + `><sheetData></sheetData><dataValidations count="1"><dataValidation type="list" sqref="B1"><formula1>"a,b"</formula1></dataValidation></dataValidations>` +
				`<extLst><ext uri="x"><y/></ext></extLst></worksheet>`,
			`<worksheet ` + ns + `><sheetData><row r="2" ht="20"><c r="A2"><f>A1+1</f><v>2</v></c></row></sheetData>` +
				`<mergeCells count="1"><mergeCell ref="A2:B2"/></mergeCells></worksheet>`},
		{"a shared formula's rows, self-closing f included",
			`<worksheet ` + ns + `><sheetData><row r="1"><c r="A1"><f t="shared" ref="A1:A2" si="0">B1</f></c></row><row r="2"><c r="A2"><f t="shared" si="0"/></c></row></sheetData></worksheet>`,
			`<worksheet ` + ns + `><sheetData></sheetData></worksheet>`,
			`<worksheet ` + ns + `><sheetData><row r="1"><c r="A1"><f t="shared" ref="A1:A2" si="0">B1</f></c></row><row r="2"><c r="A2"><f t="shared" si="0"/></c></row></sheetData></worksheet>`},
		{"a prefixed root is closed with its prefix",
			`<x:worksheet xmlns:x="http://purl.oclc.org/ooxml/spreadsheetml/main"><x:sheetData/></x:worksheet>`,
			`<x:worksheet xmlns:x="http://purl.oclc.org/ooxml/spreadsheetml/main"><sheetData></sheetData></x:worksheet>`,
			`<x:worksheet xmlns:x="http://purl.oclc.org/ooxml/spreadsheetml/main"><sheetData></sheetData></x:worksheet>`},
		{"a plain formula outside merged ranges is the scan's to give",
			`<worksheet ` + ns + `><sheetData><row r="1"><c r="A1"><f>B1*2</f><v>4</v></c><c r="B1"><f t="shared" ref="B1:B2" si="0">C1</f></c></row></sheetData></worksheet>`,
			`<worksheet ` + ns + `><sheetData></sheetData></worksheet>`,
			`<worksheet ` + ns + `><sheetData><row r="1"><c r="B1"><f t="shared" ref="B1:B2" si="0">C1</f></c></row></sheetData></worksheet>`},
		{"an irregular sheet: excelize reads the whole sheet for formulas",
			`<worksheet ` + ns + `><sheetData><row><c><f>B1*2</f></c></row></sheetData></worksheet>`,
			`<worksheet ` + ns + `><sheetData></sheetData></worksheet>`, ""},
		{"an empty root: no stub", `<worksheet/>`, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSheetScan()
			rec, done := s.recorder([]byte(tc.sheet))
			if err := checkXML([]byte(tc.sheet), "sheet.xml", rec, nil); err != nil {
				t.Fatal(err)
			}
			done()
			if v := string(s.validationStub.data); v != tc.valid {
				t.Errorf("validations stub\n%s\nwant\n%s", v, tc.valid)
			}
			if f := string(s.formulaStub.data); f != tc.form {
				t.Errorf("formulas stub\n%s\nwant\n%s", f, tc.form)
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
		wb, err := openStop(doc, nil, false)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		stubs := 0
		for _, sheet := range wb.sheets {
			sc, err := wb.scanSheet(sheet)
			if err != nil || sc.validationStub.open() == nil || sc.formulaStub.open() == nil {
				continue
			}
			stubs++
			fromStub, err1 := wb.dataValidations(sheet, sc)
			whole, err2 := wb.dataValidations(sheet, nil)
			if err1 != nil || err2 != nil || !reflect.DeepEqual(fromStub, whole) {
				t.Errorf("%s, %s: validations from the stub %d (%v), from the sheet %d (%v)", name, sheet, len(fromStub), err1, len(whole), err2)
			}
			if ex, err := wb.f.GetDataValidations(sheet); err != nil || !sameRules(fromStub, ex) {
				t.Errorf("%s, %s: validations %+v, excelize reads %d (%v)", name, sheet, fromStub, len(ex), err)
			}
			for _, ref := range formulaAndMergedCells(sc) {
				if got, want := wb.formula(sheet, ref, sc), wholeFormula(wb.f, sheet, ref); got != want {
					t.Errorf("%s, %s!%s: formula %q from the stub, %q from the sheet", name, sheet, ref, got, want)
				}
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

func wholeFormula(f *excelize.File, sheet, ref string) string {
	s, _ := f.GetCellFormula(sheet, ref)
	return s
}

// formulaAndMergedCells are the references of the scan's formula cells and
// of up to 50 cells of each merged range.
func formulaAndMergedCells(sc *sheetScan) []string {
	var refs []string
	for rc := range sc.formulas {
		if ref, err := excelize.CoordinatesToCellName(rc[1], rc[0]); err == nil {
			refs = append(refs, ref)
		}
	}
	for _, m := range sc.merges {
		r, ok := parseRect(m)
		if !ok {
			continue
		}
		n := 0
		for row := r.r1; row <= r.r2 && n < 50; row++ {
			for col := r.c1; col <= r.c2 && n < 50; col++ {
				if ref, err := excelize.CoordinatesToCellName(col, row); err == nil {
					refs = append(refs, ref)
					n++
				}
			}
		}
	}
	return refs
}

// FuzzStub scans mutated worksheets: whenever the guard accepts a sheet,
// both its stubs must be well-formed XML too. excelize then reads them as
// the engine's calls do, under guard: it panics on some sheets (an empty
// <mergeCell>), from a stub as from the whole sheet, and guard turns that
// into an invalid-document error.
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
		for _, st := range []*stub{&s.validationStub, &s.formulaStub} {
			if st.data == nil {
				continue
			}
			if err := checkXML(st.data, "stub.xml", recording{}, nil); err != nil {
				t.Fatalf("the sheet is well-formed, its stub is not (%v):\n%s", err, st.data)
			}
			if err := readStub(st); err != nil && !formats.IsInputError(err) {
				t.Fatalf("reading the stub: %v, want none or an input error", err)
			}
		}
	})
}

// readStub asks excelize what the engine asks of a stub, under the
// engine's guard, and reports only a panic guard caught: excelize's own
// errors reach the engine's caller as they would from the whole sheet.
func readStub(st *stub) (err error) {
	defer guard(nil, &err)
	if f := st.open(); f != nil {
		_, _ = f.GetDataValidations(stubSheet)
		_, _ = f.GetCellFormula(stubSheet, "A1")
	}
	return nil
}
