package readers_test

import (
	"archive/zip"
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/formfill/formfill/internal/readers"
)

// staleExcelXLSX is tinyXLSX as Microsoft Excel would have saved it
// (docProps/app.xml names it) with a wrong cached value in its formula
// cell: B4 = B2*2 caches 99, not 84.
func staleExcelXLSX(t *testing.T) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(tinyXLSX(t)), int64(len(tinyXLSX(t))))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	put := func(name, data string) {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(w, data); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		s := strings.Replace(string(b), "<f>B2*2</f><v>84</v>", "<f>B2*2</f><v>99</v>", 1)
		if f.Name == "_rels/.rels" {
			s = strings.Replace(s, "</Relationships>", `<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/></Relationships>`, 1)
		}
		put(f.Name, s)
	}
	put("docProps/app.xml", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>Microsoft Excel</Application><AppVersion>16.0300</AppVersion></Properties>`)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestLibreOfficeRecalculatedComputesWhatExcelSaved shows the profile
// setting at work: LibreOffice keeps the stale value of a workbook Excel
// saved when it only resaves it, and computes it when it recalculates.
func TestLibreOfficeRecalculatedComputesWhatExcelSaved(t *testing.T) {
	doc := staleExcelXLSX(t)
	for _, tc := range []struct {
		name string
		out  []byte
		want string
	}{
		{"resaved", readers.LibreOfficeResave(t, doc, "xlsx"), "99"},
		{"recalculated", readers.LibreOfficeRecalculated(t, doc), "84"},
	} {
		cached, _ := readers.XLSXCached(t, tc.out)
		if got := cached["Questions"]["B4"]; got != tc.want {
			t.Errorf("%s: Questions!B4 caches %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestXLSXFormulasListsOnlyFormulaCells(t *testing.T) {
	got := readers.XLSXFormulas(t, tinyXLSX(t))
	if len(got["Questions"]) != 1 || got["Questions"]["B4"] != "=B2*2" || len(got["Lists"]) != 0 {
		t.Errorf("formulas = %v, want only Questions!B4 = \"=B2*2\"", got)
	}
}
