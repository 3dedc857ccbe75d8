package excel

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/readers"
	"github.com/formfill/formfill/internal/realdocs"
	"github.com/xuri/excelize/v2"
)

// rawEntries maps each entry of a zip to its header fields that matter and
// its stored (compressed) bytes, as they lie in the file.
func rawEntries(tb testing.TB, doc []byte) map[string]string {
	tb.Helper()
	zr, err := zip.NewReader(bytes.NewReader(doc), int64(len(doc)))
	if err != nil {
		tb.Fatal(err)
	}
	out := map[string]string{}
	for _, f := range zr.File {
		r, err := f.OpenRaw()
		if err != nil {
			tb.Fatal(err)
		}
		raw, err := io.ReadAll(r)
		if err != nil {
			tb.Fatal(err)
		}
		out[f.Name] = string(raw) + "|" + f.Modified.String() + "|" + string(rune(f.Method))
	}
	return out
}

// TestPatchedWriteKeepsUntouchedBytes writes answers into existing cells
// and checks that every entry but the written sheets, the shared strings
// and workbook.xml (fullCalcOnLoad) is copied raw, compressed bytes and
// all, and that the written sheets differ from the original only in the
// written cells' elements.
func TestPatchedWriteKeepsUntouchedBytes(t *testing.T) {
	docs := map[string]struct {
		doc     []byte
		answers []formats.Answer
	}{
		"vendor assessment": {fixture(t), []formats.Answer{
			{PairID: "S1-R3-C3", AnswerText: "Yes"}, {PairID: "S1-R5-C3", AnswerText: "12"},
			{PairID: "'Contact Details'!B1", AnswerText: "Acme <Ltd> & co"}}},
	}
	if doc, err := readHECVAT(); err == nil {
		docs["HECVAT 4.14"] = struct {
			doc     []byte
			answers []formats.Answer
		}{doc, []formats.Answer{{PairID: "'START HERE'!C3", AnswerText: "Acme Cloud Inc"}}}
	}
	for name, c := range docs {
		t.Run(name, func(t *testing.T) {
			res := write(t, c.doc, c.answers...)
			wb := mustOpen(t, c.doc)
			parts, err := wb.parts()
			must(t, err)
			written := map[string][]string{} // part → written cells
			for _, ch := range res.Changes {
				cl, err := wb.parseRef(ch.XPath)
				must(t, err)
				p := parts[wb.sheetName(cl)]
				written[p] = append(written[p], cl.name())
			}
			recomputed := map[string]bool{}
			for sheet := range wb.recalcedSheets(t, c.doc, c.answers) {
				recomputed[parts[sheet]] = true
			}
			before, after := rawEntries(t, c.doc), rawEntries(t, res.Document)
			for entry, raw := range before {
				changed := written[entry] != nil || recomputed[entry] || entry == "xl/sharedStrings.xml" || entry == "xl/workbook.xml"
				if !changed && after[entry] != raw {
					t.Errorf("%s was not copied raw", entry)
				}
			}
			for entry, cells := range written {
				if recomputed[entry] {
					continue // cached values change too: see TestPatchSheet
				}
				orig, out := string(zipEntry(t, c.doc, entry)), string(zipEntry(t, res.Document, entry))
				for _, ref := range cells {
					mark := ""
					if was := findCell([]byte(orig), ref); was != "" {
						mark = "<CELL " + ref + ">" // a cell that was there; else it is added
						orig = strings.Replace(orig, was, mark, 1)
					}
					out = strings.Replace(out, cellXML(t, []byte(out), ref), mark, 1)
				}
				// A cell added outside the used range widens the dimension.
				dim := regexp.MustCompile(`<dimension [^>]*>`)
				orig, out = dim.ReplaceAllString(orig, "<DIMENSION>"), dim.ReplaceAllString(out, "<DIMENSION>")
				if orig != out {
					t.Errorf("%s differs outside its written cells %v", entry, cells)
				}
			}
			readsBack(t, res.Document, wb, c.answers)
		})
	}
}

// findCell is the <c r="ref"> element of a worksheet's XML, "" when it has
// none.
func findCell(sheetXML []byte, ref string) string {
	return string(regexp.MustCompile(`<c r="` + ref + `"[^>]*?(/>|>.*?</c>)`).Find(sheetXML))
}

// readHECVAT is HECVAT 4.14 when the real documents are fetched.
func readHECVAT() ([]byte, error) {
	return os.ReadFile(filepath.Join(realdocs.Dir(), "questionnaires", "hecvat-4.14-educause.xlsx"))
}

// readsBack checks that openpyxl and LibreOffice read each answer's text
// in its cell of doc.
func readsBack(t *testing.T, doc []byte, wb *workbook, answers []formats.Answer) {
	t.Helper()
	py := readers.XLSXCells(t, doc)
	lo := readers.LibreOfficeSheets(t, doc)
	for _, a := range answers {
		cl, err := wb.parseRef(a.PairID)
		must(t, err)
		sheet, ref := wb.sheetName(cl), cl.name()
		rows, err := csv.NewReader(strings.NewReader(lo[sheet])).ReadAll()
		must(t, err)
		got := ""
		if cl.row <= len(rows) && cl.col <= len(rows[cl.row-1]) {
			got = rows[cl.row-1][cl.col-1]
		}
		if py[sheet][ref] != a.AnswerText || got != a.AnswerText {
			t.Errorf("%s: openpyxl reads %q, LibreOffice %q, want %q", a.PairID, py[sheet][ref], got, a.AnswerText)
		}
	}
}

// recalcedSheets are the sheets whose formulas a write of answers
// recomputes.
func (wb *workbook) recalcedSheets(t *testing.T, doc []byte, answers []formats.Answer) map[string]bool {
	t.Helper()
	w := answeredWriter(t, doc, answers)
	out := map[string]bool{}
	rc := w.recalc()
	for sheet := range rc.values {
		out[sheet] = true
	}
	for sheet := range rc.dropped {
		out[sheet] = true
	}
	return out
}

// TestPatchedWriteAddsSharedStrings checks that a string written twice is
// one new item, and that a workbook without a table gets one, with its
// relationship and content type, which openpyxl and LibreOffice read.
func TestPatchedWriteAddsSharedStrings(t *testing.T) {
	res := write(t, fixture(t), formats.Answer{PairID: "'Contact Details'!B1", AnswerText: "Acme"}, formats.Answer{PairID: "'Contact Details'!B2", AnswerText: "Acme"})
	if sst := string(zipEntry(t, res.Document, "xl/sharedStrings.xml")); strings.Count(sst, "<t>Acme</t>") != 1 {
		t.Errorf("the string written twice is not one item: %s", sst)
	}
	f := excelize.NewFile()
	must(t, f.SetCellInt("Sheet1", "A1", 7))
	buf, err := f.WriteToBuffer()
	must(t, err)
	doc := buf.Bytes()
	for _, p := range unzip(t, doc) {
		if strings.Contains(p.name, "sharedStrings") {
			t.Fatalf("the new workbook has %s already", p.name)
		}
	}
	answers := []formats.Answer{{PairID: "Sheet1!B2", AnswerText: "hello  "}, {PairID: "Sheet1!A1", AnswerText: "8"}}
	res = write(t, doc, answers...)
	if !strings.Contains(string(zipEntry(t, res.Document, "[Content_Types].xml")), `PartName="/xl/sharedStrings.xml"`) ||
		!strings.Contains(string(zipEntry(t, res.Document, "xl/_rels/workbook.xml.rels")), `Target="sharedStrings.xml"`) {
		t.Error("the new table has no content type or relationship")
	}
	readsBack(t, res.Document, mustOpen(t, doc), answers)
}

// TestPatchedWriteTypesValues writes what Excel would make of a typed
// value: an ISO date into an empty General cell becomes a date under a
// new cell format (the cell's own, shared, stays as it was), TRUE into a
// boolean cell stays a boolean; openpyxl and LibreOffice read them so.
func TestPatchedWriteTypesValues(t *testing.T) {
	f := excelize.NewFile()
	must(t, f.SetCellBool("Sheet1", "A1", false))
	must(t, f.SetCellStr("Sheet1", "A2", "label"))
	buf, err := f.WriteToBuffer()
	must(t, err)
	doc := buf.Bytes()
	res := write(t, doc, formats.Answer{PairID: "Sheet1!B2", AnswerText: "2024-03-31"}, formats.Answer{PairID: "Sheet1!C2", AnswerText: "2024-04-01"},
		formats.Answer{PairID: "Sheet1!A1", AnswerText: "true"}, formats.Answer{PairID: "Sheet1!A2", AnswerText: "2024-03-31"})
	types, cells := readers.XLSXTypes(t, res.Document)["Sheet1"], readers.XLSXCells(t, res.Document)["Sheet1"]
	for ref, want := range map[string][2]string{"B2": {"d", "2024-03-31"}, "C2": {"d", "2024-04-01"}, "A1": {"b", "TRUE"}, "A2": {"s", "2024-03-31"}} {
		if types[ref] != want[0] || !strings.HasPrefix(cells[ref], want[1]) {
			t.Errorf("openpyxl reads %s as %s %q, want %s %q", ref, types[ref], cells[ref], want[0], want[1])
		}
	}
	styles := string(zipEntry(t, res.Document, "xl/styles.xml"))
	if strings.Count(styles, `numFmtId="14"`) != 1 || !strings.Contains(styles, `<cellXfs count="2">`) {
		t.Errorf("want one new cell format with the date format for both dates:\n%s", styles)
	}
	lo := readers.LibreOfficeSheets(t, res.Document)["Sheet1"]
	if !strings.Contains(lo, "TRUE") || strings.Contains(lo, "45382") {
		t.Errorf("LibreOffice reads %q: want the boolean and the date shown as a date", lo)
	}
}

// TestPatchedWriteTranscodesOtherEncodings writes into a sheet declaring
// ISO-8859-1: it is written back as UTF-8, and openpyxl and LibreOffice
// read the answer.
func TestPatchedWriteTranscodesOtherEncodings(t *testing.T) {
	const part = "xl/worksheets/sheet2.xml"
	orig := string(zipEntry(t, fixture(t), part))
	latin1 := strings.Replace(orig, `encoding="UTF-8"`, `encoding="ISO-8859-1"`, 1)
	for name, data := range map[string][]byte{"ISO-8859-1": []byte(latin1)} {
		t.Run(name, func(t *testing.T) {
			doc := rezip(t, unzip(t, fixture(t)), part, data)
			answers := []formats.Answer{{PairID: "'Contact Details'!B1", AnswerText: "Acme é"}}
			res := write(t, doc, answers...)
			if out := zipEntry(t, res.Document, part); !bytes.HasPrefix(out, []byte(`<?xml version="1.0" encoding="UTF-8"?>`)) {
				t.Errorf("the sheet is not written as UTF-8: %q", out[:min(len(out), 60)])
			}
			readsBack(t, res.Document, mustOpen(t, doc), answers)
		})
	}
}
