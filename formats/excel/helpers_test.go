package excel

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/readers"
	"github.com/formfill/formfill/internal/realdocs"
	"github.com/xuri/excelize/v2"
)

// caiqPath is the largest real workbook of the shared forms.
var caiqPath = filepath.Join(realdocs.SharedForms(), "caiq_v3.0.1.xlsx")

func fixture(tb testing.TB) []byte {
	tb.Helper()
	return fixtures.ExcelVendorAssessment()
}

// caiq returns the CAIQ workbook, skipping when the shared forms are absent.
func caiq(tb testing.TB) []byte {
	tb.Helper()
	data, err := os.ReadFile(caiqPath)
	if err != nil {
		tb.Skipf("real-world workbook not available (%v): skipping", err)
	}
	return data
}

// zipEntry returns the inflated entry name of a zip, failing tb if absent.
func zipEntry(tb testing.TB, doc []byte, name string) []byte {
	tb.Helper()
	zr, err := zip.NewReader(bytes.NewReader(doc), int64(len(doc)))
	if err != nil {
		tb.Fatalf("output is not a zip: %v", err)
	}
	for _, f := range zr.File {
		if f.Name == name {
			rc, err := f.Open()
			if err != nil {
				tb.Fatal(err)
			}
			defer rc.Close()
			b, err := io.ReadAll(rc)
			if err != nil {
				tb.Fatal(err)
			}
			return b
		}
	}
	tb.Fatalf("zip has no entry %s", name)
	return nil
}

// part is one zip entry, inflated.
type part struct {
	name string
	data []byte
}

// unzip inflates every entry of doc, in archive order.
func unzip(tb testing.TB, doc []byte) []part {
	tb.Helper()
	zr, err := zip.NewReader(bytes.NewReader(doc), int64(len(doc)))
	if err != nil {
		tb.Fatalf("not a zip: %v", err)
	}
	parts := make([]part, 0, len(zr.File))
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			tb.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			tb.Fatal(err)
		}
		parts = append(parts, part{f.Name, b})
	}
	return parts
}

// rezip packs parts into a zip, with the entry called name holding content
// instead. Entries are stored, not deflated: fuzzing rezips every input.
func rezip(tb testing.TB, parts []part, name string, content []byte) []byte {
	tb.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, p := range parts {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: p.name, Method: zip.Store})
		if err != nil {
			tb.Fatal(err)
		}
		data := p.data
		if p.name == name {
			data = content
		}
		if _, err := w.Write(data); err != nil {
			tb.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// cellXML returns the <c r="ref" …>…</c> element of a worksheet's XML.
func cellXML(tb testing.TB, sheetXML []byte, ref string) string {
	tb.Helper()
	re := regexp.MustCompile(`<c r="` + ref + `"[^>]*?(/>|>.*?</c>)`)
	m := re.Find(sheetXML)
	if m == nil {
		tb.Fatalf("no cell %s in the worksheet XML", ref)
	}
	return string(m)
}

// write runs Write and fails tb on error.
func write(tb testing.TB, doc []byte, answers ...formats.Answer) *formats.WriteResult {
	tb.Helper()
	res, err := New().Write(doc, answers, formats.WriteOptions{})
	if err != nil {
		tb.Fatalf("Write: %v", err)
	}
	return res
}

// cellText is the text of the cell ref ("Sheet!B2" or a field ID) of doc
// as openpyxl reads it: its value under its number format (readerShows).
// The engine finds the cell; openpyxl, in a Python process of its own,
// reads it.
func cellText(tb testing.TB, doc []byte, ref string) string {
	tb.Helper()
	wb, err := open(doc)
	if err != nil {
		tb.Fatal(err)
	}
	c, err := wb.parseRef(ref)
	if err != nil {
		tb.Fatal(err)
	}
	v, err := readerShows(readers.XLSXValues(tb, doc)[0].Cell(wb.sheetName(c), c.name()))
	if err != nil {
		tb.Fatal(err)
	}
	return v
}

// workbooks returns the fixture and every real workbook found (the shared
// forms and the fetched questionnaires), by name.
func workbooks(tb testing.TB) map[string][]byte {
	tb.Helper()
	docs := map[string][]byte{"vendor assessment": fixture(tb)}
	paths, _ := filepath.Glob(filepath.Join(realdocs.SharedForms(), "*.xlsx"))
	more, _ := filepath.Glob(filepath.Join(realdocs.Dir(), "questionnaires", "*.xlsx"))
	if paths = append(paths, more...); len(paths) == 0 {
		tb.Log("no real workbooks found (go run ./internal/realdocs/fetchdocs): the fixture only")
	}
	for _, p := range paths {
		if data, err := os.ReadFile(p); err == nil {
			docs[filepath.Base(p)] = data
		}
	}
	return docs
}

// eachRealSheet calls do with the scan of every sheet of every real
// workbook (and the fixture).
func eachRealSheet(t *testing.T, do func(doc, sheet string, wb *workbook, sc *sheetScan)) {
	t.Helper()
	for name, doc := range workbooks(t) {
		wb, err := open(doc)
		must(t, err)
		for _, sheet := range wb.sheets {
			sc, err := wb.scanSheet(sheet)
			must(t, err)
			do(name, sheet, wb, sc)
		}
	}
}

// eachRealText calls do with every cell text of every real workbook,
// trimmed; empty cells are left out.
func eachRealText(t *testing.T, do func(doc, text string)) {
	t.Helper()
	eachRealSheet(t, func(name, sheet string, wb *workbook, sc *sheetScan) {
		rows, err := wb.rows(sheet, sc)
		must(t, err)
		for _, row := range rows {
			for _, v := range row {
				if v = strings.TrimSpace(v); v != "" {
					do(name, v)
				}
			}
		}
	})
}

// must stops the test on err, for building fixtures.
func must(tb testing.TB, err error) {
	tb.Helper()
	if err != nil {
		tb.Fatal(err)
	}
}

// excelizeOf is excelize's reading of doc. The cell texts of the Excel
// tests are held to openpyxl (readers.XLSXValues, readerShows); what
// excelize still reads for tests is rows' and the pipeline's comparisons
// (rows_test.go, pipeline_test.go, write_test.go) and the formula
// shifting of scanformula_test.go.
func excelizeOf(tb testing.TB, doc []byte) *excelize.File {
	tb.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(doc))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { f.Close() })
	return f
}

// answeredWriter opens doc and puts answers through a writer, as a write
// does before it recomputes and saves: what the recalculation and save
// tests and benchmarks start from.
func answeredWriter(tb testing.TB, doc []byte, answers []formats.Answer) *writer {
	tb.Helper()
	wb, err := New().open(doc, nil)
	if err != nil {
		tb.Fatal(err)
	}
	w := newWriter(wb)
	for i, a := range answers {
		if _, _, err := w.answer(i, a, nil, formats.WriteOptions{}); err != nil {
			tb.Fatal(err)
		}
	}
	return w
}
