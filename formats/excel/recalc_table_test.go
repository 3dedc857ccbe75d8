package excel

import (
	"bytes"
	"encoding/csv"
	"regexp"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/readers"
	"github.com/xuri/excelize/v2"
)

// tableBook is a workbook whose table Scores ('Data Tab'!B2:F6, a header
// row, three data rows and a totals row) reads the answers of 'START
// HERE' (C3 and C5), and whose Report sheet reads the table through each
// form of structured reference: formulas maps Report's cells to their
// formulas, and table maps cells of 'Data Tab' to formulas replacing theirs.
func tableBook(tb testing.TB, formulas, table map[string]string) []byte {
	tb.Helper()
	f := excelize.NewFile()
	must(tb, f.SetSheetName("Sheet1", "START HERE"))
	for _, s := range []string{"Data Tab", "Report"} {
		_, err := f.NewSheet(s)
		must(tb, err)
	}
	for ref, v := range map[string]any{"B3": "Answer", "C3": "N", "B5": "Score", "C5": 1} {
		must(tb, f.SetCellValue("START HERE", ref, v))
	}
	rows := [][]any{
		{"Item", "Value", "Y, Y(C), N", "Rate #1 [x]", "Doubled"},
		{"a", nil, nil, 1, nil},
		{"b", nil, "N", 2, nil},
		{"c", nil, "Y", 3, nil},
		{"Total"},
	}
	for i, row := range rows {
		cell, _ := excelize.CoordinatesToCellName(2, i+2)
		must(tb, f.SetSheetRow("Data Tab", cell, &row))
	}
	for ref, fm := range map[string]string{
		"C3": "'START HERE'!$C$5",
		"D3": "'START HERE'!$C$3",
		"C4": "'START HERE'!$C$5-38",
		"C5": "'START HERE'!$C$5-37",
		"F3": "Scores[[#This Row],[Value]]*2",
		"F4": "Scores[[#This Row],[Value]]*2",
		"F5": "Scores[[#This Row],[Value]]*2",
		"C6": "SUBTOTAL(109,Scores[Value])",
		"F6": "SUBTOTAL(109,Scores[Doubled])",
	} {
		must(tb, f.SetCellFormula("Data Tab", ref, fm))
	}
	for ref, fm := range table {
		must(tb, f.SetCellFormula("Data Tab", ref, fm))
	}
	must(tb, f.AddTable("Data Tab", &excelize.Table{Range: "B2:F6", Name: "Scores"}))
	for ref, fm := range formulas {
		must(tb, f.SetCellFormula("Report", ref, fm))
	}
	must(tb, f.SetAppProps(&excelize.AppProperties{Application: "Microsoft Excel", AppVersion: "16.0300"}))
	buf, err := f.WriteToBuffer()
	must(tb, err)
	// excelize writes no totals row: the table's last row is made one.
	doc := buf.Bytes()
	const part = "xl/tables/table1.xml"
	xml := zipEntry(tb, doc, part)
	withTotals := bytes.Replace(xml, []byte(`<table `), []byte(`<table totalsRowCount="1" `), 1)
	if bytes.Equal(xml, withTotals) {
		tb.Fatalf("no <table> in %s: %s", part, xml)
	}
	return rezip(tb, unzip(tb, doc), part, withTotals)
}

// TestRecalcStructuredReferences fills the answers the table Scores
// reads and checks that every formula reading them through a structured
// reference is recomputed, as LibreOffice computes it.
func TestRecalcStructuredReferences(t *testing.T) {
	cases := []struct{ ref, formula, want string }{
		{"B3", "Scores[[#This Row],[Value]]", "40"},
		{"C3", `Scores[[#This Row],[Y, Y(C), N]]&"!"`, "Y!"},
		{"D3", "Scores[[#This Row],[Doubled]]+Scores[[#This Row],[Rate '#1 '[x']]]", "81"},
		{"B7", "SUM(Scores[Value])", "45"},
		{"B8", "SUM(scores[VALUE])", "45"},
		{"B9", `COUNTIF(Scores[#All],"Y")`, "2"},
		{"B10", "SUM(Scores[#Data])", "141"},
		{"B11", "SUM(Scores[#Totals])", "135"},
		{"B12", "SUM(Scores[[Value]:[Doubled]])", "141"},
		{"B13", "SUM(Scores[])", "141"},
		{"B14", "SUM(Scores[[#Headers],[#Data],[Value]])", "45"},
		{"B15", "SUM(Scores[[#Data],[#Totals],[Doubled]])", "180"},
		{"B16", `COUNTIF(Scores[[#All],[Y, Y(C), N]],"Y")`, "2"},
		{"B17", `COUNTIF(Scores[[#All]],"Y")`, "2"},
		{"B18", "SUM(Scores[[#Data]])", "141"},
		{"B19", "SUM(Scores[[#Totals]])", "135"},
		{"B20", `COUNTIF(Scores[#ALL],"Y")`, "2"},
	}
	// LibreOffice 7 reads a lone special item (Scores[#All], as Excel
	// writes it) as #NAME?, the bracketed one (Scores[[#All]]) as Excel
	// does: those cells are Excel's values, by hand.
	simpleSpecial := map[string]bool{"B9": true, "B10": true, "B11": true, "B20": true}
	formulas := map[string]string{}
	for _, c := range cases {
		formulas[c.ref] = c.formula
	}
	res, _ := fillTable(t, tableBook(t, formulas, nil))
	cached, _ := readers.XLSXCached(t, res.Document)
	for _, c := range cases {
		if got := cached["Report"][c.ref]; got != c.want {
			t.Errorf("Report!%s =%s caches %q, want %q", c.ref, c.formula, got, c.want)
		}
	}
	for ref, want := range map[string]string{"F3": "80", "F5": "6", "C6": "45", "F6": "90"} {
		if got := cached["Data Tab"][ref]; got != want {
			t.Errorf("'Data Tab'!%s caches %q, want %q", ref, got, want)
		}
	}
	sameAsLibreOfficeFromScratch(t, res.Document, cached, map[string][]string{
		"Report":   refsOf(cases, simpleSpecial),
		"Data Tab": {"C3", "C4", "C5", "D3", "F3", "F4", "F5", "C6", "F6"},
	})
}

// refsOf is the cells of cases but those of except.
func refsOf(cases []struct{ ref, formula, want string }, except map[string]bool) []string {
	var out []string
	for _, c := range cases {
		if !except[c.ref] {
			out = append(out, c.ref)
		}
	}
	return out
}

// cachedValueXML is a formula's cached value in a worksheet part.
var cachedValueXML = regexp.MustCompile(`(</f>|<f[^>]*/>)<v>[^<]*</v>`)

// sameAsLibreOfficeFromScratch checks that LibreOffice computes each cell
// of cells (by sheet) of doc as formfill cached it. The cached values of
// doc's formulas are removed first: LibreOffice keeps some it was given
// (a stale total read through a table stayed so), and computes what has
// none.
func sameAsLibreOfficeFromScratch(t *testing.T, doc []byte, cached map[string]map[string]string, cells map[string][]string) {
	t.Helper()
	parts := unzip(t, doc)
	for _, p := range parts {
		if strings.HasPrefix(p.name, "xl/worksheets/sheet") {
			doc = rezip(t, unzip(t, doc), p.name, cachedValueXML.ReplaceAll(zipEntry(t, doc, p.name), []byte("$1")))
		}
	}
	sheets := recomputedByLibreOffice(t, doc)
	for sheet, refs := range cells {
		rows, err := csv.NewReader(strings.NewReader(sheets[sheet])).ReadAll()
		if err != nil {
			t.Fatalf("LibreOffice's CSV of %s: %v", sheet, err)
		}
		for _, ref := range refs {
			col, row, err := excelize.CellNameToCoordinates(ref)
			must(t, err)
			got := ""
			if row <= len(rows) && col <= len(rows[row-1]) {
				got = rows[row-1][col-1]
			}
			if want := cached[sheet][ref]; got != want {
				t.Errorf("LibreOffice computes %s!%s = %q, formfill cached %q", sheet, ref, got, want)
			}
		}
	}
}

// fillTable answers 'START HERE'!C3 and C5, which tableBook's table reads,
// and fails t on a warning: every dependent is to be computed.
func fillTable(t *testing.T, doc []byte) (*formats.WriteResult, *formats.VerificationReport) {
	t.Helper()
	res, rep, err := New().Fill(doc, []formats.Answer{
		{PairID: "'START HERE'!C3", AnswerText: "Y"},
		{PairID: "'START HERE'!C5", AnswerText: "40"},
	}, formats.WriteOptions{})
	if err != nil {
		t.Fatalf("Fill: %v", err)
	}
	if len(res.Warnings) > 0 {
		t.Errorf("the fill warns: %s", strings.Join(res.Warnings, "\n"))
	}
	return res, rep
}

// TestRecalcStructuredThisRowShortForm computes the short this-row forms
// ([@Col], Tbl[@Col], [@[Col]], [Col] inside the table) that Excel shows
// but writes as Tbl[[#This Row],[Col]]: another application may write
// them. LibreOffice 7 reads them as Err:507, so the values are Excel's,
// by hand.
func TestRecalcStructuredThisRowShortForm(t *testing.T) {
	for _, tc := range []struct{ name, formula, want string }{
		{"at column", "[@Value]*2", "6"},
		{"table at column", "Scores[@Value]*2", "6"},
		{"at bracketed column", "[@[Rate '#1 '[x']]]+[@Value]", "6"},
		{"column of the table holding the formula", "SUM([Value])", "45"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, _ := fillTable(t, tableBook(t, nil, map[string]string{"F5": tc.formula}))
			cached, _ := readers.XLSXCached(t, res.Document)
			if got := cached["Data Tab"]["F5"]; got != tc.want {
				t.Errorf("'Data Tab'!F5 =%s caches %q, want %q", tc.formula, got, tc.want)
			}
		})
	}
}
