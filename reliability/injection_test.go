package reliability

import (
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/readers"
)

// Answers that try to break out of their text node or cell.
const (
	xmlBreakout  = `</w:t></w:r><w:r><w:t>x`
	xmlPara      = `</w:t></w:r></w:p><w:p><w:r><w:t>injected paragraph`
	formulaLink  = `=HYPERLINK("http://evil.example/x","click me")`
	formulaDDE   = `=cmd|' /C calc'!A0`
	pdfBreakout  = `) /JS (app.alert(1)) >> /AA << /O << /S /JavaScript /JS (app.alert(2)`
	controlChars = "a\x00b\x0bc\x1bd"
)

// TestAnswerTextCannotInjectXMLIntoDocx writes markup-shaped answers into a
// docx cell and reads the result back with python-docx: the answer must be
// literal text of one cell, with no new run or paragraph of its making.
func TestAnswerTextCannotInjectXMLIntoDocx(t *testing.T) {
	e, err := formats.Lookup(formats.Word)
	if err != nil {
		t.Fatal(err)
	}
	for _, answer := range []string{xmlBreakout, xmlPara, controlChars} {
		t.Run(answer, func(t *testing.T) {
			res, err := e.Write(fixtures.TwoColumn(), []formats.Answer{{PairID: "T1-R2-C2", AnswerText: answer}}, formats.WriteOptions{})
			if err != nil {
				if formats.IsInputError(err) {
					t.Logf("refused with a typed error (acceptable): %v", err)
					return
				}
				t.Fatalf("untyped error: %v", err)
			}
			tables := readers.DocxTables(t, res.Document)
			if len(tables) == 0 || len(tables[0]) < 2 || len(tables[0][1]) < 2 {
				t.Fatalf("python-docx sees no table cell T1-R2-C2: %v", tables)
			}
			cell := tables[0][1][1]
			want := answer
			if answer == controlChars {
				// XML 1.0 cannot carry these; the engine may drop them but
				// must keep the printable text in order.
				want = "abcd"
				cell = strings.Map(func(r rune) rune {
					if r < 0x20 {
						return -1
					}
					return r
				}, cell)
			}
			if cell != want {
				t.Errorf("cell reads %q, want the literal answer %q", cell, want)
			}
			text := readers.DocxText(t, res.Document)
			if answer != controlChars && strings.Count(text, "injected paragraph") > 0 && !strings.Contains(text, xmlPara) {
				t.Errorf("the answer made a paragraph of its own: %q", text)
			}
		})
	}
}

// TestAnswerTextCannotInjectFormulaIntoXlsx writes formula-shaped answers
// into the first answer cell of the Excel fixture and reads the workbook
// back with openpyxl: the cell must be a string ("s"), not a formula ("f").
func TestAnswerTextCannotInjectFormulaIntoXlsx(t *testing.T) {
	e, err := formats.Lookup(formats.Excel)
	if err != nil {
		t.Fatal(err)
	}
	doc := fixtures.ExcelVendorAssessment()
	fields, err := e.ListFields(doc)
	if err != nil {
		t.Fatal(err)
	}
	var target formats.FormField
	for _, f := range fields {
		if len(f.Options) == 0 && !f.ReadOnly && !strings.Contains(strings.ToLower(f.FieldType), "date") &&
			!strings.Contains(strings.ToLower(f.FieldType), "number") {
			target = f
			break
		}
	}
	if target.FieldID == "" {
		t.Fatalf("no free-text field in %+v", fields)
	}
	t.Logf("target %s (%s)", target.FieldID, target.FieldType)
	for _, answer := range []string{formulaLink, formulaDDE, "+1+2", "@SUM(A1)"} {
		t.Run(answer, func(t *testing.T) {
			res, err := e.Write(doc, []formats.Answer{{PairID: target.FieldID, AnswerText: answer}}, formats.WriteOptions{})
			if err != nil {
				t.Fatalf("write %q into %s: %v", answer, target.FieldID, err)
			}
			cells, types := readers.XLSXCells(t, res.Document), readers.XLSXTypes(t, res.Document)
			found := false
			for sheet, cs := range cells {
				for ref, v := range cs {
					if v != answer {
						continue
					}
					found = true
					if ty := types[sheet][ref]; ty != "s" {
						t.Errorf("%s!%s holds %q as type %q, want a string (s)", sheet, ref, v, ty)
					}
				}
				for ref, ty := range types[sheet] {
					if ty == "f" && strings.Contains(cs[ref], "HYPERLINK") || strings.Contains(cs[ref], "cmd|") && ty == "f" {
						t.Errorf("%s!%s became a formula: %q", sheet, ref, cs[ref])
					}
				}
			}
			if !found {
				t.Errorf("openpyxl finds no cell holding %q literally", answer)
			}
		})
	}
}

// TestAnswerTextCannotInjectIntoPDF writes a string that would close a PDF
// string and add a JavaScript action into a text field, and reads the
// field back with PyMuPDF: the value must be the literal answer.
func TestAnswerTextCannotInjectIntoPDF(t *testing.T) {
	e, err := formats.Lookup(formats.PDF)
	if err != nil {
		t.Fatal(err)
	}
	doc := fixtures.PDFForm()
	fields, err := e.ListFields(doc)
	if err != nil {
		t.Fatal(err)
	}
	var target formats.FormField
	for _, f := range fields {
		if strings.Contains(strings.ToLower(f.FieldType), "text") && !f.ReadOnly {
			target = f
			break
		}
	}
	if target.FieldID == "" {
		t.Fatalf("no text field in %+v", fields)
	}
	res, err := e.Write(doc, []formats.Answer{{PairID: target.FieldID, AnswerText: pdfBreakout}}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	values := readers.PDFFields(t, res.Document)
	found := false
	for _, v := range values {
		if v == pdfBreakout {
			found = true
		}
	}
	if !found {
		t.Errorf("no field reads back the literal answer %q: %v", pdfBreakout, values)
	}
	if strings.Contains(string(res.Document[len(doc):]), "/JavaScript") {
		t.Errorf("the appended update carries a /JavaScript action")
	}
}
