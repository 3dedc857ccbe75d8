package excel

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/readers"
	"github.com/formfill/formfill/internal/realdocs"
	"github.com/xuri/excelize/v2"
)

// recalcBook is a workbook whose second sheet copies and scores the
// answers of its first: a cross-sheet copy, a SUM over answers, a formula
// reading that SUM, a text formula, and a formula reading no answer.
func recalcBook(tb testing.TB, extra map[string]string) []byte {
	tb.Helper()
	f := excelize.NewFile()
	must(tb, f.SetSheetName("Sheet1", "START HERE"))
	_, err := f.NewSheet("Organization")
	must(tb, err)
	for ref, v := range map[string]any{"B3": "Vendor name", "B5": "Score 1", "B6": "Score 2", "C5": 1, "C6": 2} {
		must(tb, f.SetCellValue("START HERE", ref, v))
	}
	formulas := map[string]string{
		"C3": "'START HERE'!$C$3",
		"C4": "SUM('START HERE'!C5:C6)",
		"C5": "C4*2",
		"C6": `UPPER(C3)&"!"`,
		"C7": "1+1",
	}
	for ref, fm := range extra {
		formulas[ref] = fm
	}
	for ref, fm := range formulas {
		must(tb, f.SetCellFormula("Organization", ref, fm))
	}
	buf, err := f.WriteToBuffer()
	must(tb, err)
	return buf.Bytes()
}

func fillRecalc(tb testing.TB, doc []byte) (*formats.WriteResult, *formats.VerificationReport) {
	tb.Helper()
	res, rep, err := New().Fill(doc, []formats.Answer{
		{PairID: "'START HERE'!C3", AnswerText: "Acme Cloud Inc"},
		{PairID: "'START HERE'!C5", AnswerText: "40"},
	}, formats.WriteOptions{})
	if err != nil {
		tb.Fatalf("Fill: %v", err)
	}
	return res, rep
}

func TestRecalcStoresDependentValues(t *testing.T) {
	doc := recalcBook(t, nil)
	res, rep := fillRecalc(t, doc)
	sheet := zipEntry(t, res.Document, "xl/worksheets/sheet2.xml")
	for _, tc := range []struct{ ref, want string }{
		{"C3", `<c r="C3" t="str"><f>&#39;START HERE&#39;!$C$3</f><v>Acme Cloud Inc</v></c>`},
		{"C4", `<c r="C4"><f>SUM(&#39;START HERE&#39;!C5:C6)</f><v>42</v></c>`},
		{"C5", `<c r="C5"><f>C4*2</f><v>84</v></c>`},
		{"C6", `<c r="C6" t="str"><f>UPPER(C3)&amp;&#34;!&#34;</f><v>ACME CLOUD INC!</v></c>`},
		// Reads no answer: left as it was.
		{"C7", cellXML(t, zipEntry(t, doc, "xl/worksheets/sheet2.xml"), "C7")},
	} {
		if got := cellXML(t, sheet, tc.ref); got != tc.want {
			t.Errorf("%s = %s, want %s", tc.ref, got, tc.want)
		}
	}
	if book := string(zipEntry(t, res.Document, "xl/workbook.xml")); !strings.Contains(book, `fullCalcOnLoad="1"`) {
		t.Errorf("workbook.xml has no fullCalcOnLoad: %s", book)
	}
	if !rep.OK() {
		t.Errorf("the fill's verification failed: %+v", rep)
	}
	notes := strings.Join(rep.Warnings, "\n")
	if !strings.Contains(notes, `Organization!C3 now shows "Acme Cloud Inc"`) || !strings.Contains(notes, `Organization!C5 now shows "84"`) {
		t.Errorf("verification notes do not list the changed dependents:\n%s", notes)
	}
}

func TestRecalcReportsWhatItCannotCompute(t *testing.T) {
	for _, tc := range []struct {
		name, ref, formula, want string
	}{
		{"external reference", "D1", "[1]Other!A1+'START HERE'!C5", "reads another workbook"},
		{"volatile function", "D1", "NOW()+'START HERE'!C5", "calls NOW"},
		{"indirect", "D1", `INDIRECT("A1")&'START HERE'!C3`, "calls INDIRECT"},
		{"cycle", "D1", "D2+'START HERE'!C5", "circular reference"},
		{"unsupported function", "D1", "NOSUCHFUNC('START HERE'!C5)", "could not compute"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			extra := map[string]string{tc.ref: tc.formula}
			if tc.name == "cycle" {
				extra["D2"] = "D1"
			}
			res, rep := fillRecalc(t, recalcBook(t, extra))
			warns := strings.Join(res.Warnings, "\n")
			if !strings.Contains(warns, "Organization!D1") || !strings.Contains(warns, tc.want) {
				t.Errorf("warnings do not name Organization!D1 (%s):\n%s", tc.want, warns)
			}
			if got := cellXML(t, zipEntry(t, res.Document, "xl/worksheets/sheet2.xml"), "D1"); strings.Contains(got, "<v>") {
				t.Errorf("D1 kept a cached value: %s", got)
			}
			if !rep.OK() {
				t.Errorf("an uncomputable dependent failed the verification: %+v", rep.Summary)
			}
		})
	}
}

func TestRecalcCapsTheDependents(t *testing.T) {
	extra := map[string]string{}
	for r := 1; r <= maxRecalc+5; r++ {
		extra["F"+itoa(r)] = "'START HERE'!$C$5+1"
	}
	res, _ := fillRecalc(t, recalcBook(t, extra))
	if !strings.Contains(strings.Join(res.Warnings, "\n"), "more than 2000 formulas depend") {
		t.Errorf("no warning past the cap: %v", res.Warnings)
	}
}

func itoa(n int) string { name, _ := excelize.CoordinatesToCellName(1, n); return name[1:] }

func TestRecalcCachedValuesReadBack(t *testing.T) {
	res, _ := fillRecalc(t, recalcBook(t, map[string]string{"D1": "[1]Other!A1+'START HERE'!C5"}))
	cached, uncached := readers.XLSXCached(t, res.Document)
	org := cached["Organization"]
	for ref, want := range map[string]string{"C3": "Acme Cloud Inc", "C4": "42", "C5": "84", "C6": "ACME CLOUD INC!"} {
		if org[ref] != want {
			t.Errorf("openpyxl data_only reads Organization!%s = %q, want %q", ref, org[ref], want)
		}
	}
	if !uncached["Organization"]["D1"] {
		t.Errorf("the external formula kept a cached value: %q", org["D1"])
	}
	lo := readers.LibreOfficeSheets(t, res.Document)["Organization"]
	rows := strings.Split(strings.TrimSpace(lo), "\n")
	if len(rows) < 6 {
		t.Fatalf("LibreOffice's Organization sheet has %d rows:\n%s", len(rows), lo)
	}
	for i, ref := range []string{"C3", "C4", "C5", "C6"} {
		fields := strings.Split(rows[2+i], ",")
		if len(fields) < 3 || strings.Trim(fields[2], `"`) != org[ref] {
			t.Errorf("LibreOffice computes Organization!%s = %q, formfill cached %q", ref, rows[2+i], org[ref])
		}
	}
}

func TestRecalcHECVATVendorName(t *testing.T) {
	path := filepath.Join(realdocs.Dir(), "questionnaires", "hecvat-4.14-educause.xlsx")
	doc, err := os.ReadFile(path)
	if err != nil {
		if os.Getenv(readers.RequireEnv) != "" {
			t.Fatalf("HECVAT 4.14: %v", err)
		}
		t.Skipf("HECVAT 4.14 not fetched (%v): see internal/realdocs", err)
	}
	res, rep, err := New().Fill(doc, []formats.Answer{{PairID: "'START HERE'!C3", AnswerText: "Acme Cloud Inc"}}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() {
		t.Errorf("verification failed: %+v", rep.Summary)
	}
	if !strings.Contains(strings.Join(rep.Warnings, "\n"), `Organization!C3 now shows "Acme Cloud Inc"`) {
		t.Errorf("verification does not note Organization!C3:\n%s", strings.Join(rep.Warnings, "\n"))
	}
	cached, _ := readers.XLSXCached(t, res.Document)
	for _, sheet := range []string{"Organization", "Product", "Privacy"} {
		if got := cached[sheet]["C3"]; got != "Acme Cloud Inc" {
			t.Errorf("openpyxl data_only reads %s!C3 = %q, want the vendor name", sheet, got)
		}
	}
}
