package excel

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/readers"
	"github.com/formfill/formfill/internal/realdocs"
	"github.com/xuri/excelize/v2"
)

// calcFixture is a workbook with the formulas a recalculation meets: a
// cross-sheet copy, SUM, IF, VLOOKUP, CONCATENATE, a defined name, a
// shared formula whose cells read another sheet, and three it cannot
// compute (an external reference, a volatile function, a cycle). Inputs!B1,
// B3, B4 and B6 are the cells the test writes (B3 and B4 empty: put
// stores a number written over a General cell's number as text).
func calcFixture(tb testing.TB) []byte {
	tb.Helper()
	f := excelize.NewFile()
	must(tb, f.SetSheetName("Sheet1", "Inputs"))
	for _, s := range []string{"Calc", "Lookup"} {
		_, err := f.NewSheet(s)
		must(tb, err)
	}
	for ref, v := range map[string]any{"A1": "Vendor", "B1": "", "A2": "Rate", "B2": 0.25, "A3": "Score", "B5": 3, "A6": "Code", "B6": "K1"} {
		must(tb, f.SetCellValue("Inputs", ref, v))
	}
	for ref, v := range map[string]any{"A1": "K1", "B1": "first", "A2": "K2", "B2": "second", "A3": "K3", "B3": "third"} {
		must(tb, f.SetCellValue("Lookup", ref, v))
	}
	must(tb, f.SetDefinedName(&excelize.DefinedName{Name: "Rate", RefersTo: "Inputs!$B$2"}))
	for ref, fm := range map[string]string{
		"A1": "Inputs!B1",
		"A2": "SUM(Inputs!B3:B5)",
		"A3": `IF(A2>10,"high","low")`,
		"A4": "VLOOKUP(Inputs!B6,Lookup!$A$1:$B$3,2,FALSE)",
		"A5": `CONCATENATE("Vendor: ",Inputs!B1)`,
		"A6": "A2*Rate",
		"C1": "[1]Ext!A1+Inputs!B3",
		"C2": "NOW()*0+Inputs!B3",
		"C3": "C4+Inputs!B3",
		"C4": "C3",
	} {
		must(tb, f.SetCellFormula("Calc", ref, fm))
	}
	shared, ref := excelize.STCellFormulaTypeShared, "B1:B3"
	must(tb, f.SetCellFormula("Calc", "B1", "Inputs!B3*2", excelize.FormulaOpts{Type: &shared, Ref: &ref}))
	must(tb, f.SetAppProps(&excelize.AppProperties{Application: "Microsoft Excel", AppVersion: "16.0300"}))
	buf, err := f.WriteToBuffer()
	must(tb, err)
	return buf.Bytes()
}

func TestRecalcFixtureEqualsLibreOffice(t *testing.T) {
	doc := calcFixture(t)
	answers := []formats.Answer{
		{PairID: "Inputs!B1", AnswerText: "Acme Cloud Inc"},
		{PairID: "Inputs!B3", AnswerText: "7"},
		{PairID: "Inputs!B4", AnswerText: "5"},
		{PairID: "Inputs!B6", AnswerText: "K2"},
	}
	res, w, _, err := New().write(doc, answers, formats.WriteOptions{}, false)
	if err != nil {
		t.Fatal(err)
	}
	cached, uncached := readers.XLSXCached(t, res.Document)
	calc := cached["Calc"]
	for ref, want := range map[string]string{
		"A1": "Acme Cloud Inc", "A2": "15", "A3": "high", "A4": "second", "A5": "Vendor: Acme Cloud Inc", "A6": "3.75",
		// The shared formula's cells, each shifted: B3 reads no answer.
		"B1": "14", "B2": "10",
	} {
		if calc[ref] != want {
			t.Errorf("Calc!%s caches %q, want %q", ref, calc[ref], want)
		}
	}
	if !uncached["Calc"]["B3"] {
		t.Errorf("Calc!B3 reads no answer but was given the value %q", calc["B3"])
	}
	warns := strings.Join(res.Warnings, "\n")
	for ref, why := range map[string]string{"C1": "another workbook", "C2": "calls NOW", "C3": "circular", "C4": "circular"} {
		if !uncached["Calc"][ref] {
			t.Errorf("Calc!%s kept a cached value %q", ref, calc[ref])
		}
		if !strings.Contains(warns, "Calc!"+ref+": ") || !strings.Contains(warns, why) {
			t.Errorf("no warning names Calc!%s (%s):\n%s", ref, why, warns)
		}
	}
	sameAsLibreOfficeXLSX(t, res.Document, w.wb.recalced)
}

// sameAsLibreOfficeXLSX checks that LibreOffice, recomputing doc and
// saving it as xlsx, caches what formfill cached in every cell its
// recalculation computed (rc).
func sameAsLibreOfficeXLSX(t *testing.T, doc []byte, rc *recalcResult) {
	t.Helper()
	sameAsLibreOfficeExcept(t, doc, rc, nil)
}

// sameAsLibreOfficeExcept is sameAsLibreOfficeXLSX but for the cells
// where excused accepts LibreOffice's value lo and formfill's ours.
func sameAsLibreOfficeExcept(t *testing.T, doc []byte, rc *recalcResult, excused func(sheet, ref, lo, ours string) bool) {
	t.Helper()
	app := regexp.MustCompile(`<Application>[^<]*</Application>`).ReplaceAll(zipEntry(t, doc, "docProps/app.xml"), []byte("<Application>formfill test</Application>"))
	lo, _ := readers.XLSXCached(t, readers.LibreOfficeResave(t, rezip(t, unzip(t, doc), "docProps/app.xml", app), "xlsx"))
	checked := 0
	for _, sheet := range sortedKeys(rc.values) {
		for ref, v := range rc.values[sheet].byRef() {
			if v.drop {
				continue
			}
			want := shown(v)
			if got := lo[sheet][ref]; !sameCalcValue(got, want) && (excused == nil || !excused(sheet, ref, got, want)) {
				t.Errorf("LibreOffice computes %s!%s = %q, formfill cached %q", sheet, ref, got, want)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Errorf("formfill computed no cell to compare")
	}
	t.Logf("%d recomputed cells equal LibreOffice's", checked)
}

// excelBooleanJoins excuses the cells where LibreOffice reads a boolean
// cell as a number: FALSE&"" is "0" there, "FALSE" in Excel, whose cached
// values in doc say so (HECVAT 4.14's (backend scoring)!M15 reads
// 'Institution Evaluation'!K69, FALSE). A cell is excused where Excel
// cached, in doc, the value formfill caches; count counts them.
func excelBooleanJoins(t *testing.T, doc []byte) (excused func(sheet, ref, lo, ours string) bool, count *int) {
	excel, _ := readers.XLSXCached(t, doc)
	count = new(int)
	return func(sheet, ref, lo, ours string) bool {
		boolean := lo == "0" && ours == "FALSE" || lo == "1" && ours == "TRUE"
		if boolean && excel[sheet][ref] == ours {
			*count++
			return true
		}
		return false
	}, count
}

// sameCalcValue compares two computed values as text, numbers to 1e-9.
// a is LibreOffice's as openpyxl reads it, which turns a number in a
// date-formatted cell into a date and time: that is compared as the
// serial number formfill caches.
func sameCalcValue(a, b string) bool {
	if a == b {
		return true
	}
	x, err1 := strconv.ParseFloat(a, 64)
	if err1 != nil {
		x, err1 = openpyxlSerial(a)
	}
	y, err2 := strconv.ParseFloat(b, 64)
	return err1 == nil && err2 == nil && math.Abs(x-y) <= 1e-9*math.Max(1, math.Abs(y))
}

// openpyxlSerial is the 1900-system serial number of a date and time as
// openpyxl prints it. Serials before 1 March 1900 are one less than
// excelSerial gives, because Excel keeps Lotus's 29 February 1900.
func openpyxlSerial(s string) (float64, error) {
	if t, err := time.Parse("15:04:05", s); err == nil {
		// openpyxl reads a serial below 1 in a date or time format as
		// a time of day alone (0 as 00:00:00).
		return float64(t.Hour()*3600+t.Minute()*60+t.Second()) / 86400, nil
	}
	t, err := time.Parse("2006-01-02 15:04:05", s)
	if err != nil {
		return 0, err
	}
	n := excelSerial(t, false)
	if t.Before(time.Date(1900, 3, 1, 0, 0, 0, 0, time.UTC)) {
		n--
	}
	return n, nil
}

// TestRecalcRealWorkbooksEqualLibreOffice fills, in every real workbook,
// a few cells that formulas read, and compares every value formfill
// recomputed with LibreOffice's.
func TestRecalcRealWorkbooksEqualLibreOffice(t *testing.T) {
	dir := filepath.Join(realdocs.Dir(), "questionnaires")
	names, _ := filepath.Glob(filepath.Join(dir, "*.xlsx"))
	if len(names) == 0 {
		t.Skipf("no real workbooks under %s", dir)
	}
	sort.Strings(names)
	for _, path := range names {
		t.Run(filepath.Base(path), func(t *testing.T) {
			doc, err := os.ReadFile(path)
			must(t, err)
			answers := answersReadByFormulas(t, doc, 3)
			if len(answers) == 0 {
				t.Skip("no field that a formula reads")
			}
			res, w, _, err := New().write(doc, answers, formats.WriteOptions{}, false)
			if err != nil {
				t.Fatal(err)
			}
			if !computedSome(w.wb.recalced) {
				t.Skipf("formfill computed no formula the answers change: %q", res.Warnings)
			}
			joins, count := excelBooleanJoins(t, doc)
			excel, _ := readers.XLSXCached(t, doc)
			xlookups, xcount := lookupsLibreOfficeLacks(t, w, excel)
			approx, acount := approxLookupsLibreOfficeSearchesOtherwise(t, w, excel)
			sameAsLibreOfficeExcept(t, res.Document, w.wb.recalced, func(sheet, ref, lo, ours string) bool {
				return joins(sheet, ref, lo, ours) || xlookups(sheet, ref, lo, ours) || approx(sheet, ref, lo, ours)
			})
			if *acount > 0 {
				t.Logf("%d cells calling or reading an approximate lookup over unsorted data, which LibreOffice searches otherwise, equal Excel's cached values", *acount)
			}
			if *count > 0 {
				t.Logf("%d cells joining a boolean read as Excel does, not as LibreOffice does", *count)
			}
			if *xcount > 0 {
				t.Logf("%d cells calling or reading XLOOKUP, which this LibreOffice lacks, equal Excel's cached values", *xcount)
			}
		})
	}
}

// computedSome reports whether a recalculation stored any value.
func computedSome(rc *recalcResult) bool {
	for _, m := range rc.values {
		for _, v := range m.byRef() {
			if !v.drop {
				return true
			}
		}
	}
	return false
}

// answersReadByFormulas are up to n answers to doc's fields whose cells a
// formula reads: a list's first option, a number where a formula reads
// the cell as one, else text.
func answersReadByFormulas(t *testing.T, doc []byte, n int) []formats.Answer {
	fields, err := New().ListFields(doc)
	must(t, err)
	wb, err := open(doc)
	must(t, err)
	w := newWriter(wb)
	g, ok := w.graph(newScanSource(w))
	if !ok {
		return nil
	}
	var answers []formats.Answer
	for _, f := range fields {
		if len(answers) == n {
			break
		}
		c, err := wb.parseRef(f.FieldID)
		if f.ReadOnly || err != nil {
			continue
		}
		read := false
		g.readers(c, func(int) { read = true })
		if !read {
			continue
		}
		text := "Acme " + strconv.Itoa(len(answers))
		switch {
		case len(f.Options) > 0:
			text = f.Options[0]
		case w.checkNumeric(f.FieldID, wb.sheetName(c), c, text) != nil:
			text = strconv.Itoa(len(answers) + 2) // a formula reads the cell as a number
		}
		answers = append(answers, formats.Answer{PairID: f.FieldID, AnswerText: text})
	}
	return answers
}

func TestRecalcWarnsOfTextReadAsANumberOnAnotherSheet(t *testing.T) {
	for _, tc := range []struct {
		name, answer string
		warned       bool
	}{
		{"text in a summed cell", "seven", true},
		{"a number", "7", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := New().Write(calcFixture(t), []formats.Answer{{PairID: "Inputs!B3", AnswerText: tc.answer}}, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			warns := strings.Join(res.Warnings, "\n")
			got := strings.Contains(warns, "reads it as a number") && strings.Contains(warns, "=SUM(Inputs!B3:B5) in Calc!A2")
			if got != tc.warned {
				t.Errorf("warned of the formula reading Inputs!B3 as a number: %v, want %v:\n%s", got, tc.warned, warns)
			}
		})
	}
}

// TestSameCalcValueReadsOpenpyxlDates holds the comparison's date rule to
// Excel's serials on both sides of the fictitious 29 February 1900.
func TestSameCalcValueReadsOpenpyxlDates(t *testing.T) {
	for _, c := range []struct {
		lo, cached string
		same       bool
	}{
		{"1900-06-30 00:00:00", "182", true},
		{"1900-01-01 00:00:00", "1", true},
		{"1900-03-01 00:00:00", "61", true},
		{"2024-01-01 12:00:00", "45292.5", true},
		{"1900-06-30 00:00:00", "181", false},
		{"Acme", "182", false},
	} {
		if got := sameCalcValue(c.lo, c.cached); got != c.same {
			t.Errorf("sameCalcValue(%q, %q) = %v, want %v", c.lo, c.cached, got, c.same)
		}
	}
}
