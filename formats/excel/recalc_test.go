package excel

import (
	"encoding/csv"
	"fmt"
	"regexp"
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
	// LibreOffice trusts the cached values of a workbook Excel saved (and
	// recomputes any other's) unless it asks for a recalculation.
	must(tb, f.SetAppProps(&excelize.AppProperties{Application: "Microsoft Excel", AppVersion: "16.0300"}))
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
		// An R1C1 reference, which resolveDynamic does not compute (it
		// computes INDIRECT("A1"): see recalcdynamic_test.go).
		{"indirect", "D1", `INDIRECT("R1C1",FALSE)&'START HERE'!C3`, "calls INDIRECT"},
		{"cycle", "D1", "D2+'START HERE'!C5", "circular reference"},
		// IFERROR catches errors, not a cell that reads itself.
		{"cycle through IFERROR", "D1", "IFERROR(D2+'START HERE'!C5,0)", "circular reference"},
		{"unsupported function", "D1", "NOSUCHFUNC('START HERE'!C5)", "could not compute"},
		// Its own reason, not the loop's: the loop cannot be computed
		// because of it.
		{"cycle through an approximate lookup", "D1", "VLOOKUP('START HERE'!C5,D2:E3,2,TRUE)", "approximate match"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			extra := map[string]string{tc.ref: tc.formula}
			if strings.HasPrefix(tc.name, "cycle") {
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
			// Verify lists it too: the report is what a reviewer reads.
			if notes := strings.Join(rep.Warnings, "\n"); !strings.Contains(notes, "Organization!D1") || !strings.Contains(notes, tc.want) {
				t.Errorf("the verification's warnings do not name Organization!D1 (%s):\n%s", tc.want, notes)
			}
		})
	}
}

// A formula reading a range that holds a formula reading it back is on a
// cycle of ranges only: read cell by cell, as Excel does, nothing reads
// itself (HECVAT 4.14's evaluation sheets and its scoring sheet). Here
// D1's lookup reads E1:F2, and F2 reads D1, but the lookup finds row 1
// and reads nothing of row 2: both are computed, none reported. It failed
// when every formula on such a cycle was dropped as circular.
func TestRecalcComputesARangeCycleCellByCell(t *testing.T) {
	res, rep := fillRecalc(t, recalcBook(t, map[string]string{
		"D1": `IFERROR(VLOOKUP('START HERE'!C3,E1:F2,2,0),"")&'START HERE'!C3`,
		// Formulas reading the answers, so that they are recomputed
		// too: excelize cached "" in every formula it wrote.
		"E1": `'START HERE'!C3`, "F1": `"found "&LEFT('START HERE'!C5,0)`, "F2": "D1",
	}))
	sheet := zipEntry(t, res.Document, "xl/worksheets/sheet2.xml")
	for _, ref := range []string{"D1", "F2"} {
		if got := cellXML(t, sheet, ref); !strings.Contains(got, "<v>found Acme Cloud Inc</v>") {
			t.Errorf("%s = %s, want the value found Acme Cloud Inc", ref, got)
		}
	}
	if warns := strings.Join(res.Warnings, "\n"); strings.Contains(warns, "circular") {
		t.Errorf("a range-level cycle was reported as circular:\n%s", warns)
	}
	if !rep.OK() {
		t.Errorf("the fill's verification failed: %+v", rep.Summary)
	}
}

// Thousands of formulas a write cannot compute (one HECVAT answer reaches
// that many) are named up to maxDropNotes, then counted by reason in one
// warning: every cached value is still removed.
func TestRecalcCountsTheUncomputableItDoesNotName(t *testing.T) {
	extra := map[string]string{}
	for i := 1; i <= 30; i++ {
		extra["E"+itoa(i)] = "NOW()+'START HERE'!C5"
		if i <= 5 {
			extra["F"+itoa(i)] = "[1]Other!A1+'START HERE'!C5"
		}
	}
	res, _ := fillRecalc(t, recalcBook(t, extra))
	named, summaries := 0, []string{}
	for _, w := range res.Warnings {
		switch {
		case strings.Contains(w, "reads a written cell but"):
			named++
		case strings.Contains(w, "more formulas read a written cell but could not be computed"):
			summaries = append(summaries, w)
		}
	}
	if named != maxDropNotes {
		t.Errorf("%d warnings name a formula, want %d:\n%s", named, maxDropNotes, strings.Join(res.Warnings, "\n"))
	}
	if len(summaries) != 1 || !strings.HasPrefix(summaries[0], fmt.Sprintf("%d more formulas", 35-maxDropNotes)) ||
		!strings.Contains(summaries[0], "calls NOW") {
		t.Errorf("summary = %q, want one counting the other %d by reason", summaries, 35-maxDropNotes)
	}
	sheet := zipEntry(t, res.Document, "xl/worksheets/sheet2.xml")
	for ref := range extra {
		if got := cellXML(t, sheet, ref); strings.Contains(got, "<v>") {
			t.Errorf("%s kept a cached value: %s", ref, got)
		}
	}
}

func itoa(n int) string { name, _ := excelize.CoordinatesToCellName(1, n); return name[1:] }

func TestRecalcCachedValuesReadBack(t *testing.T) {
	res, rep := fillRecalc(t, recalcBook(t, map[string]string{"D1": "[1]Other!A1+'START HERE'!C5"}))
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
	sameAsLibreOffice(t, res.Document, rep.Warnings, cached)
}

func TestRecalcHECVATVendorName(t *testing.T) {
	// A fetched document, not a reader: absent in CI without fetchdocs, so it skips.
	doc := realdocs.Read(t, "questionnaires", "hecvat-4.14-educause.xlsx")
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
	sameAsLibreOffice(t, res.Document, rep.Warnings, cached)
}

// shownNote matches a verification note on a recomputed cell.
var shownNote = regexp.MustCompile(`^(.+)!([A-Z]+[0-9]+) now shows `)

// sameAsLibreOffice checks that LibreOffice, recalculating doc on open,
// computes every cell a note says changed as formfill cached it.
func sameAsLibreOffice(t *testing.T, doc []byte, notes []string, cached map[string]map[string]string) {
	t.Helper()
	sheets := recomputedByLibreOffice(t, doc)
	checked := 0
	for _, n := range notes {
		m := shownNote.FindStringSubmatch(n)
		if m == nil {
			continue
		}
		sheet, _, _ := splitSheetRef(m[1] + "!A1")
		col, row, err := excelize.CellNameToCoordinates(m[2])
		must(t, err)
		rows, err := csv.NewReader(strings.NewReader(sheets[sheet])).ReadAll()
		if err != nil {
			t.Fatalf("LibreOffice's CSV of %s: %v", sheet, err)
		}
		got := ""
		if row <= len(rows) && col <= len(rows[row-1]) {
			got = rows[row-1][col-1]
		}
		if want := cached[sheet][m[2]]; got != want {
			t.Errorf("LibreOffice computes %s!%s = %q, formfill cached %q", sheet, m[2], got, want)
		}
		checked++
	}
	if checked == 0 {
		t.Errorf("no recomputed cell to compare among the notes %q", notes)
	}
}

// recomputedByLibreOffice is LibreOffice's CSV of each sheet of doc with
// every formula computed by LibreOffice itself. LibreOffice 7.4 shows the
// cached values of a workbook Excel saved, fullCalcOnLoad or not (its
// default for Excel 2007+ files is never to recalculate); it recomputes
// the workbooks of other applications, so the copy it reads names another.
func recomputedByLibreOffice(t *testing.T, doc []byte) map[string]string {
	t.Helper()
	app := regexp.MustCompile(`<Application>[^<]*</Application>`).ReplaceAll(zipEntry(t, doc, "docProps/app.xml"), []byte("<Application>formfill test</Application>"))
	return readers.LibreOfficeSheets(t, rezip(t, unzip(t, doc), "docProps/app.xml", app))
}

// TestRecalcLibreOfficeComparisonRecomputes shows that the LibreOffice
// comparisons test something: a wrong cached value is not what
// recomputedByLibreOffice reads.
func TestRecalcLibreOfficeComparisonRecomputes(t *testing.T) {
	res, _ := fillRecalc(t, recalcBook(t, nil))
	const part = "xl/worksheets/sheet2.xml"
	stale := patchCells(t, zipEntry(t, res.Document, part), map[string]cachedValue{"C3": {v: "stale", t: "str"}})
	doc := rezip(t, unzip(t, res.Document), part, stale)
	for _, tc := range []struct {
		name string
		csv  string
		want string
	}{
		{"recomputed", recomputedByLibreOffice(t, doc)["Organization"], "Acme Cloud Inc"},
		{"as saved by Excel", readers.LibreOfficeSheets(t, doc)["Organization"], "stale"},
	} {
		rows, err := csv.NewReader(strings.NewReader(tc.csv)).ReadAll()
		must(t, err)
		if len(rows) < 3 || len(rows[2]) < 3 || rows[2][2] != tc.want {
			t.Errorf("%s: LibreOffice shows Organization!C3 as %v, want %q", tc.name, rows, tc.want)
		}
	}
}

// TestRecalcResultKeepsTheLastOfDropAndSet holds the result's two stores
// (computed values and dropped cells) to one map's semantics: the last
// word on a cell wins, and a cell dropped twice is one edit.
func TestRecalcResultKeepsTheLastOfDropAndSet(t *testing.T) {
	val := cachedValue{v: "7"}
	for _, tc := range []struct {
		name  string
		steps string // d: drop B2, s: set B2
		want  string // "drop", "value" or ""
	}{
		{"a drop", "d", "drop"},
		{"a set", "s", "value"},
		{"a set after a drop", "ds", "value"},
		{"a drop after a set", "sd", "drop"},
		{"drop, set, drop", "dsd", "drop"},
		{"two drops", "dd", "drop"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rc := &recalcResult{values: map[string]*cachedCells{}, dropped: map[string][]uint64{}}
			for _, s := range tc.steps {
				if s == 'd' {
					rc.drop("S", 2, 2)
				} else {
					rc.set("S", 2, 2, val)
				}
			}
			drops, values := 0, 0
			keys, valued := rc.dropsOf("S")
			for _, k := range keys {
				if r, c := rowCol(k); r == 2 && c == 2 && !valued(k) {
					drops++
				}
			}
			if v, ok := rc.values["S"].get(2, 2); ok && v == val {
				values++
			}
			got := map[[2]int]string{{1, 0}: "drop", {0, 1}: "value"}[[2]int{drops, values}]
			if got != tc.want || drops+values != 1 {
				t.Errorf("%d drops and %d values of B2, want one %s", drops, values, tc.want)
			}
		})
	}
}
