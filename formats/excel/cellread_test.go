package excel

import (
	"strconv"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/readers"
	"github.com/xuri/excelize/v2"
)

// cellKinds is a workbook whose Kinds sheet holds one cell of each kind a
// write reads (numbers under built-in and custom formats, dates, shared
// and inline strings, booleans, errors, formula text), in column A (and
// a few in column B), and the style indexes it made (general, num2, pct,
// date, isoDate, text, textSection, bold, hideZero). unreadable adds A20, a shared string whose index
// is no number, which openpyxl refuses (LibreOffice reads it: see
// TestUnreadableSharedIndexesReadAsLibreOffice).
func cellKinds(tb testing.TB, unreadable bool) ([]byte, map[string]int) {
	tb.Helper()
	f := excelize.NewFile()
	defer f.Close()
	must(tb, f.SetSheetName("Sheet1", "Kinds"))
	iso, sec, hide := "yyyy-mm-dd", `0;-0;0;"Ans: "@`, `0;-0;;@`
	specs := map[string]*excelize.Style{
		"general": {NumFmt: 0, Font: &excelize.Font{Italic: true}},
		"num2":    {NumFmt: 2}, "pct": {NumFmt: 10}, "date": {NumFmt: 14},
		"isoDate": {CustomNumFmt: &iso}, "text": {NumFmt: 49},
		"textSection": {CustomNumFmt: &sec}, "bold": {Font: &excelize.Font{Bold: true}},
		"hideZero": {CustomNumFmt: &hide},
	}
	styles := map[string]int{}
	for name, st := range specs {
		idx, err := f.NewStyle(st)
		must(tb, err)
		styles[name] = idx
	}
	buf, err := f.WriteToBuffer()
	must(tb, err)
	parts := unzip(tb, buf.Bytes())
	s := func(name string) string { return strconv.Itoa(styles[name]) }
	rows := []string{
		`<c r="A1"><v>1234.5</v></c><c r="B1" s="` + s("hideZero") + `"><v>0</v></c>`,
		`<c r="A2" s="` + s("num2") + `"><v>1234.5</v></c>`,
		`<c r="A3" s="` + s("pct") + `"><v>0.25</v></c>`,
		`<c r="A4" s="` + s("date") + `"><v>45000</v></c>`,
		`<c r="A5" s="` + s("isoDate") + `"><v>45000.5</v></c>`,
		`<c r="A6" t="s"><v>0</v></c>`,
		`<c r="A7" s="` + s("textSection") + `" t="s"><v>0</v></c>`,
		`<c r="A8" t="inlineStr"><is><t>In_x0041_line</t></is></c>`,
		`<c r="A9" t="b"><v>1</v></c>`,
		`<c r="A10" t="e"><v>#N/A</v></c>`,
		`<c r="A11" t="str"><f>"a"&amp;"b"</f><v>ab</v></c>`,
		`<c r="A12"><v>12345678901234567</v></c>`,
		`<c r="A13" s="` + s("general") + `"><v>123456789012</v></c>`,
		`<c r="A14" s="` + s("date") + `"/><c r="B14" s="` + s("textSection") + `"/>`,
		`<c r="A15" s="` + s("textSection") + `" t="inlineStr"><is><t>inline</t></is></c>`,
		`<c r="A16" t="d"><v>2024-03-31T00:00:00Z</v></c><c r="B16" s="` + s("date") + `" t="d"><v>2024-03-31T00:00:00</v></c>`,
		`<c r="A17" s="` + s("text") + `" t="s"><v>1</v></c>`,
		`<c r="A18" s="` + s("bold") + `"><v>7</v></c>`,
		`<c r="A19" s="` + s("num2") + `" t="n"><v>-3</v></c>`,
	}
	if unreadable {
		rows = append(rows, `<c r="A20" t="s"><v>x</v></c>`) // openpyxl cannot read it
	}
	var sheet strings.Builder
	sheet.WriteString(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`)
	for i, c := range rows {
		sheet.WriteString(`<row r="` + strconv.Itoa(i+1) + `">` + c + `</row>`)
	}
	sheet.WriteString(`</sheetData></worksheet>`)
	doc := rezip(tb, parts, "xl/worksheets/sheet1.xml", []byte(sheet.String()))
	sst := `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="2" uniqueCount="2"><si><t>Shared text</t></si><si><t>007</t></si></sst>`
	doc = withSSTPart(tb, doc, "xl/sharedStrings.xml", sst,
		`<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>`,
		`<Relationship Id="rIdSST" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>`)
	return doc, styles
}

// withSSTPart adds a part to doc with its content type and workbook
// relationship, unless doc has it.
func withSSTPart(tb testing.TB, doc []byte, name, content, override, rel string) []byte {
	tb.Helper()
	parts := unzip(tb, doc)
	for i := range parts {
		switch parts[i].name {
		case "[Content_Types].xml":
			if !strings.Contains(string(parts[i].data), name) {
				parts[i].data = []byte(strings.Replace(string(parts[i].data), "</Types>", override+"</Types>", 1))
			}
		case "xl/_rels/workbook.xml.rels":
			if !strings.Contains(string(parts[i].data), "sharedStrings") {
				parts[i].data = []byte(strings.Replace(string(parts[i].data), "</Relationships>", rel+"</Relationships>", 1))
			}
		}
	}
	for _, p := range parts {
		if p.name == name {
			return rezip(tb, parts, name, []byte(content))
		}
	}
	return rezip(tb, append(parts, part{name, nil}), name, []byte(content))
}

// TestCellReadShowsWhatOpenpyxlReads reads every kind of cell as the
// write reads it (the scan, no model of the sheet) and holds it to
// openpyxl's reading of the same workbook: the shown text to openpyxl's
// value under the cell's number format (readerShows), the stored text to
// its value, and whether the cell is a boolean, or holds a number that a
// value written over it is typed by, to openpyxl's data type.
func TestCellReadShowsWhatOpenpyxlReads(t *testing.T) {
	doc, _ := cellKinds(t, false)
	wb, err := open(doc)
	must(t, err)
	w := newWriter(wb)
	book := readers.XLSXValues(t, doc)[0]
	tests := []struct {
		ref, kind string
		inline    bool   // an inline string: openpyxl leaves its _xHHHH_ escapes (see unescapeInline)
		shown     string // set where formfill's text is not the reader's, on purpose (the kind says why)
	}{
		{"A1", "number, no style", false, ""}, {"A2", "number, 0.00", false, ""}, {"A3", "number, percent", false, ""},
		{"A4", "date, built-in format", false, ""}, {"A5", "date and time, custom format", false, ""},
		{"A6", "shared string", false, ""}, {"A7", "shared string under a text section", false, ""},
		{"A8", "inline string with an escaped character", true, ""}, {"A9", "boolean", false, ""},
		{"A10", "error value", false, ""}, {"A11", "formula text, cached", false, ""}, {"A12", "number of 17 digits", false, ""},
		{"A13", "number of 12 digits under General: 15 significant digits, as unstyled", false, ""},
		{"A14", "empty cell under a date format", false, ""},
		{"A15", "inline string under a text section", true, ""}, {"A16", "ISO date cell under no format: its serial number", false, ""},
		{"A17", "shared string under Text", false, ""}, {"A18", "number under a style with no format", false, ""},
		{"A19", "typed number, 0.00", false, ""}, {"A21", "no cell", false, ""},
		{"B1", "zero under an empty zero section: nothing", false, ""}, {"B14", "empty cell under a text section: nothing", false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.kind, func(t *testing.T) {
			c, err := wb.parseRef("Kinds!" + tt.ref)
			must(t, err)
			r := w.cellAt("Kinds", c)
			shown, err := w.shownText(r)
			must(t, err)
			oc := book.Cell("Kinds", tt.ref)
			if tt.inline {
				oc.Value = unescapeInline(oc.Value)
			}
			want, err := readerShows(oc)
			must(t, err)
			if tt.shown != "" {
				want = tt.shown
			}
			if shown != want {
				t.Errorf("%s shows %q; openpyxl reads %+v, shown %q", tt.ref, shown, oc, want)
			}
			if !sameStored(r.rawText(), oc) || r.rawShown() != openpyxlStored(oc) {
				t.Errorf("%s stores %q (compared as %q); openpyxl reads %q (%q)", tt.ref, r.rawText(), r.rawShown(), oc.Value, openpyxlStored(oc))
			}
			if r.isBool() != (oc.Type == "b") || r.holdsNumber() != storesNumber(oc) {
				t.Errorf("%s: bool %v, number %v; openpyxl's type %q, format %q", tt.ref, r.isBool(), r.holdsNumber(), oc.Type, oc.Format)
			}
		})
	}
}

// TestISODateCellShowsItsDate: an ISO date cell (t="d") under a date
// format shows, as a write reads it, the format's date, as openpyxl's
// value under the format has it (its type, d, is a number's under a date
// format too: TestCellReadShowsWhatOpenpyxlReads cannot hold this cell's).
func TestISODateCellShowsItsDate(t *testing.T) {
	doc, _ := cellKinds(t, false)
	wb, err := open(doc)
	must(t, err)
	w := newWriter(wb)
	c, err := wb.parseRef("Kinds!B16")
	must(t, err)
	shown, err := w.shownText(w.cellAt("Kinds", c))
	must(t, err)
	oc := readers.XLSXValues(t, doc)[0].Cell("Kinds", "B16")
	want, err := readerShows(oc)
	must(t, err)
	if shown != want || want != "03-31-24" {
		t.Errorf("B16 shows %q; openpyxl reads %+v, shown %q, want 03-31-24", shown, oc, want)
	}
}

// TestWriteReportsWhatReadersShow writes answers over every kind of cell
// and holds each change's before and after texts to openpyxl's reading of
// the cell in the document before and after the write, shown under its
// number format (readerShows; the after text is the write's own edit,
// read before anything is saved), and the type openpyxl reads in the
// written cell. One Python process reads every written document.
func TestWriteReportsWhatReadersShow(t *testing.T) {
	doc, _ := cellKinds(t, false)
	tests := []struct {
		name   string
		answer formats.Answer
		typ    string // openpyxl's data type of the written cell
	}{
		{"number over a number", answer("Kinds!A1", "99.5"), "n"},
		{"number into a 0.00 cell", answer("Kinds!A2", "12"), "n"},
		{"formatted number into a percent cell", answer("Kinds!A3", "0.5"), "n"},
		{"date into a date cell", answer("Kinds!A4", "2024-03-31"), "d"},
		{"text appended to shared text", formats.Answer{PairID: "Kinds!A6", AnswerText: "more", Mode: formats.Append}, "s"},
		{"text into a text-section cell", answer("Kinds!A7", "Yes"), "s"},
		{"boolean into a boolean cell", answer("Kinds!A9", "FALSE"), "b"},
		{"placeholder replaced in an inline string", formats.Answer{PairID: "Kinds!A8", AnswerText: "X", Mode: formats.ReplaceText, Find: "A"}, "s"},
		{"ISO date into an empty General cell", answer("Kinds!C2", "2025-01-02"), "d"},
		{"date and time into an empty General cell", answer("Kinds!C3", "2025-01-02 10:30"), "d"},
		{"number into an empty date cell", answer("Kinds!A14", "2024-12-25"), "d"},
		{"text over a number under no format", answer("Kinds!A18", "seven"), "s"},
		{"cell cleared", formats.Answer{PairID: "Kinds!A2", Mode: formats.Delete}, ""},
	}
	docs := [][]byte{doc}
	results := make([]*formats.WriteResult, len(tests))
	for i, tt := range tests {
		results[i] = write(t, doc, tt.answer)
		docs = append(docs, results[i].Document)
	}
	books := readers.XLSXValues(t, docs...)
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := results[i]
			if len(res.Changes) != 1 {
				t.Fatalf("changes %+v", res.Changes)
			}
			ch := res.Changes[0]
			_, ref, _ := strings.Cut(tt.answer.PairID, "!")
			before, after := books[0].Cell("Kinds", ref), books[i+1].Cell("Kinds", ref)
			if tt.answer.Mode != formats.ReplaceText { // else openpyxl leaves the inline string's escapes
				wantBefore, err := readerShows(before)
				must(t, err)
				if ch.Before != wantBefore {
					t.Errorf("before %q; openpyxl reads %+v, shown %q", ch.Before, before, wantBefore)
				}
			}
			wantAfter, err := readerShows(after)
			must(t, err)
			if ch.After != wantAfter {
				t.Errorf("after %q; openpyxl reads %+v, shown %q", ch.After, after, wantAfter)
			}
			if after.Type != tt.typ {
				t.Errorf("openpyxl reads type %q in %s, want %q", after.Type, ref, tt.typ)
			}
		})
	}
}

// TestFillVerifiesItsOwnEdits fills answers that a second answer to the
// same cell changes, and a date that takes a new cell format: the fill's
// verify reads the write's edits, not the document as it came.
func TestFillVerifiesItsOwnEdits(t *testing.T) {
	doc, _ := cellKinds(t, false)
	answers := []formats.Answer{
		answer("Kinds!C2", "2025-01-02"),
		answer("Kinds!A6", "first"),
		{PairID: "Kinds!A6", AnswerText: "second", Mode: formats.Append},
		answer("Kinds!A2", "12"),
	}
	_, rep, err := New().Fill(doc, answers, formats.WriteOptions{})
	must(t, err)
	got := map[string]string{}
	for _, r := range rep.ContentResults {
		got[r.PairID] = string(r.Status) + " " + r.Actual
	}
	want := map[string]string{"Kinds!C2": "matched 01-02-25", "Kinds!A2": "matched 12.00"}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("%s: %q, want %q", id, got[id], w)
		}
	}
	if !strings.HasSuffix(got["Kinds!A6"], "first second") {
		t.Errorf("Kinds!A6 reads %q, want the appended text", got["Kinds!A6"])
	}
}

// TestDateFormatStaysWithALaterAnswer writes two dates into one empty
// General cell: the second keeps the date format the first added, so
// readers see a date, not its serial number.
func TestDateFormatStaysWithALaterAnswer(t *testing.T) {
	doc, _ := cellKinds(t, false)
	tests := []struct {
		name    string
		answers []formats.Answer
		want    string // C2 in the written document, as openpyxl's value and format show it
		typ     string // openpyxl's data type of C2
	}{
		{"one date", []formats.Answer{answer("Kinds!C2", "2025-01-02")}, "01-02-25", "d"},
		{"a second date", []formats.Answer{answer("Kinds!C2", "2025-01-02"), answer("Kinds!C2", "2025-01-03")}, "01-03-25", "d"},
		{"text after a date", []formats.Answer{answer("Kinds!C2", "2025-01-02"), answer("Kinds!C2", "soon")}, "soon", "s"},
	}
	results := make([]*formats.WriteResult, len(tests))
	docs := make([][]byte, len(tests))
	for i, tt := range tests {
		results[i] = write(t, doc, tt.answers...)
		docs[i] = results[i].Document
	}
	books := readers.XLSXValues(t, docs...)
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c2 := books[i].Cell("Kinds", "C2")
			got, err := readerShows(c2)
			must(t, err)
			last := results[i].Changes[len(results[i].Changes)-1]
			if got != tt.want || last.After != tt.want || c2.Type != tt.typ {
				t.Errorf("openpyxl reads %+v in C2, shown %q; the change says %q; want %q, type %q", c2, got, last.After, tt.want, tt.typ)
			}
		})
	}
}

// TestVerifyMatchesAZeroItsFormatHides: a zero under a format whose zero
// section is empty shows nothing, and verify finds the written 0 by the
// value the cell stores.
func TestVerifyMatchesAZeroItsFormatHides(t *testing.T) {
	doc, _ := cellKinds(t, false)
	rep, err := New().Verify(doc, []formats.ExpectedAnswer{{PairID: "a", XPath: "Kinds!B1", ExpectedText: "0"}})
	must(t, err)
	if r := rep.ContentResults[0]; r.Status != formats.ContentMatched || r.Actual != "" {
		t.Errorf("status %s, shown %q; want %s, shown nothing", r.Status, r.Actual, formats.ContentMatched)
	}
}
