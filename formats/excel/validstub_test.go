package excel

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/formfill/formfill/internal/readers"
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

// TestValidationStubReadsAsTheWholeSheet reads every sheet's validations
// from the sheet's stub (validstub.go) and from the whole part, on the
// fixture and on every real workbook found: they must be the same, and the
// rules of <dataValidations> must be those openpyxl reads (it drops the
// x14 extension's, which only the first comparison holds). One Python
// process reads every workbook.
func TestValidationStubReadsAsTheWholeSheet(t *testing.T) {
	books := workbooks(t)
	var names []string
	var docs [][]byte
	for name, doc := range books {
		names, docs = append(names, name), append(docs, doc)
	}
	read := readers.XLSXValidationsOf(t, docs...)
	for i, name := range names {
		doc, want := docs[i], read[i]
		t.Run(name, func(t *testing.T) {
			wb, err := openStop(doc, nil)
			must(t, err)
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
					t.Errorf("%s: validations from the stub %d (%v), from the sheet %d (%v)", sheet, len(fromStub), err1, len(whole), err2)
				}
				if got, exp := mainRules(fromStub), openpyxlRules(want[sheet]); !slices.Equal(got, exp) {
					t.Errorf("%s: validations %q; openpyxl reads %q", sheet, got, exp)
				}
			}
			if stubs == 0 {
				t.Error("no sheet has a stub")
			}
		})
	}
}

// mainRules are vs's rules of <dataValidations> (not of the x14
// extension), each as one comparable line.
func mainRules(vs []validation) []string {
	var out []string
	for _, v := range vs {
		if !v.x14 {
			out = append(out, ruleLine(v.sqref, v.typ, v.operator, v.formula1, v.formula2, promptText(v)))
		}
	}
	return out
}

// openpyxlRules are openpyxl's rules as mainRules gives formfill's: a
// literal list's doubled quotes undone, as formfill reads it (literal).
func openpyxlRules(vs []readers.Validation) []string {
	var out []string
	for _, v := range vs {
		out = append(out, ruleLine(v.Sqref, v.Type, v.Operator, literal(v.Formula1), literal(v.Formula2),
			promptText(validation{prompt: v.Prompt, promptTitle: v.PromptTitle})))
	}
	return out
}

// ruleLine is one rule as a line: its ranges in a fixed order (openpyxl
// keeps them as a set), type, operator, formulas and prompt.
func ruleLine(sqref, typ, operator, formula1, formula2, prompt string) string {
	return strings.Join([]string{ranges(sqref), typ, operator, formula1, formula2, prompt}, " | ")
}

// FuzzValidationStub scans mutated worksheets: whenever the guard accepts a sheet,
// its validations stub must be well-formed XML too, and the validations
// reader must read it without a panic.
func FuzzValidationStub(f *testing.F) {
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
