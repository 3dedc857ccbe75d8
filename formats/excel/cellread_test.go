package excel

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/readers"
	"github.com/xuri/excelize/v2"
)

// cellKinds is a workbook whose Kinds sheet holds one cell of each kind a
// write reads (numbers under built-in and custom formats, dates, shared
// and inline strings, booleans, errors, formula text), in column A, and
// the style indexes it made (general, num2, pct, date, isoDate, text,
// textSection, bold). unreadable adds A20, a shared string whose index
// is no number, which openpyxl refuses.
func cellKinds(tb testing.TB, unreadable bool) ([]byte, map[string]int) {
	tb.Helper()
	f := excelize.NewFile()
	defer f.Close()
	must(tb, f.SetSheetName("Sheet1", "Kinds"))
	iso, sec := "yyyy-mm-dd", `0;-0;0;"Ans: "@`
	specs := map[string]*excelize.Style{
		"general": {NumFmt: 0, Font: &excelize.Font{Italic: true}},
		"num2":    {NumFmt: 2}, "pct": {NumFmt: 10}, "date": {NumFmt: 14},
		"isoDate": {CustomNumFmt: &iso}, "text": {NumFmt: 49},
		"textSection": {CustomNumFmt: &sec}, "bold": {Font: &excelize.Font{Bold: true}},
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
		`<c r="A1"><v>1234.5</v></c>`,
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
		`<c r="A14" s="` + s("date") + `"/>`,
		`<c r="A15" s="` + s("textSection") + `" t="inlineStr"><is><t>inline</t></is></c>`,
		`<c r="A16" t="d"><v>2024-03-31T00:00:00Z</v></c>`,
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

// TestCellReadGivesExcelizeTexts reads every kind of cell as the write
// reads it (the scan, no excelize model) and as excelize's GetCellValue
// and GetCellType read it, which the write used before: the shown text,
// the stored text, and the type a value written over it depends on.
func TestCellReadGivesExcelizeTexts(t *testing.T) {
	doc, _ := cellKinds(t, true)
	wb, err := open(doc)
	must(t, err)
	f, err := excelize.OpenReader(bytes.NewReader(doc))
	must(t, err)
	defer f.Close()
	w := newWriter(wb)
	tests := []struct{ ref, kind string }{
		{"A1", "number, no style"}, {"A2", "number, 0.00"}, {"A3", "number, percent"},
		{"A4", "date, built-in format"}, {"A5", "date and time, custom format"},
		{"A6", "shared string"}, {"A7", "shared string under a text section"},
		{"A8", "inline string with an escaped character"}, {"A9", "boolean"},
		{"A10", "error value"}, {"A11", "formula text"}, {"A12", "number of 17 digits"},
		{"A13", "number of 12 digits under General"}, {"A14", "empty cell under a date format"},
		{"A15", "inline string under a text section"}, {"A16", "ISO date cell"},
		{"A17", "shared string under Text"}, {"A18", "number under a style with no format"},
		{"A19", "typed number, 0.00"}, {"A20", "shared string index that is no number"},
		{"A21", "no cell"},
	}
	for _, tt := range tests {
		t.Run(tt.kind, func(t *testing.T) {
			c, err := wb.parseRef("Kinds!" + tt.ref)
			must(t, err)
			r := w.cellAt("Kinds", c)
			shown, err := w.shownText(r)
			must(t, err)
			// Raw first: excelize's formatting rewrites a number's or an
			// ISO date's stored value in its model (see rawShown).
			wantRaw, err := f.GetCellValue("Kinds", tt.ref, excelize.Options{RawCellValue: true})
			must(t, err)
			wantShown, err := f.GetCellValue("Kinds", tt.ref)
			must(t, err)
			rawShown, err := f.GetCellValue("Kinds", tt.ref, excelize.Options{RawCellValue: true})
			must(t, err)
			if r.rawShown() != rawShown {
				t.Errorf("%s: stored once shown %q; excelize %q", tt.ref, r.rawShown(), rawShown)
			}
			typ, err := f.GetCellType("Kinds", tt.ref)
			must(t, err)
			if shown != wantShown || r.rawText() != wantRaw {
				t.Errorf("%s: shown %q, stored %q; excelize %q, %q", tt.ref, shown, r.rawText(), wantShown, wantRaw)
			}
			if r.isBool() != (typ == excelize.CellTypeBool) || r.holdsNumber() != (typ == excelize.CellTypeUnset || typ == excelize.CellTypeNumber) {
				t.Errorf("%s: bool %v, number %v; excelize's type %v", tt.ref, r.isBool(), r.holdsNumber(), typ)
			}
		})
	}
}

// TestWriteReportsWhatReadersShow writes answers over every kind of cell
// and checks each change's before and after texts against excelize's
// GetCellValue of the document before and after the write (the after text
// is the write's own edit, read before anything is saved), and the type
// openpyxl reads in the written cell.
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
		{"cell cleared", formats.Answer{PairID: "Kinds!A2", Mode: formats.Delete}, "n"},
	}
	before, err := excelize.OpenReader(bytes.NewReader(doc))
	must(t, err)
	defer before.Close()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := write(t, doc, tt.answer)
			if len(res.Changes) != 1 {
				t.Fatalf("changes %+v", res.Changes)
			}
			ch := res.Changes[0]
			_, ref, _ := strings.Cut(tt.answer.PairID, "!")
			after, err := excelize.OpenReader(bytes.NewReader(res.Document))
			must(t, err)
			defer after.Close()
			wantBefore, _ := before.GetCellValue("Kinds", ref)
			wantAfter, _ := after.GetCellValue("Kinds", ref)
			if ch.Before != wantBefore || ch.After != wantAfter {
				t.Errorf("before %q, after %q; excelize reads %q, %q", ch.Before, ch.After, wantBefore, wantAfter)
			}
			if tt.answer.Mode == formats.Delete {
				return
			}
			if got := readers.XLSXTypes(t, res.Document)["Kinds"][ref]; got != tt.typ {
				t.Errorf("openpyxl reads type %q in %s, want %q", got, ref, tt.typ)
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

// sameChangesAsExcelize writes answers into doc and holds each change's
// texts to excelize's reading of the same cell, GetCellValue, in the
// document as it came (the first change of a cell's Before) and as
// written (the last one's After): the write reads and reports its cells
// from formfill's own readers alone, and an independent reader of the
// same cells must find the same texts.
func sameChangesAsExcelize(tb testing.TB, doc []byte, answers []formats.Answer) {
	tb.Helper()
	res, err := New().Write(doc, answers, formats.WriteOptions{})
	if err != nil {
		tb.Skipf("Write refuses the answers: %v", err)
	}
	if len(res.Changes) == 0 {
		tb.Fatal("no change: the case tests nothing")
	}
	wb, err := open(doc)
	must(tb, err)
	before, after := excelizeOf(tb, doc), excelizeOf(tb, res.Document)
	first, last := map[string]int{}, map[string]int{}
	for i, ch := range res.Changes {
		if _, ok := first[ch.XPath]; !ok {
			first[ch.XPath] = i
		}
		last[ch.XPath] = i
	}
	for i, ch := range res.Changes {
		c, err := wb.resolve(formats.Answer{XPath: ch.XPath})
		must(tb, err)
		sheet, ref := wb.sheetName(c), c.name()
		if first[ch.XPath] == i {
			if want, _ := before.GetCellValue(sheet, ref); ch.Before != want {
				tb.Errorf("%s was %q; excelize reads %q", ch.XPath, ch.Before, want)
			}
		}
		if last[ch.XPath] == i {
			if want, _ := after.GetCellValue(sheet, ref); ch.After != want {
				tb.Errorf("%s now reads %q; excelize reads %q", ch.XPath, ch.After, want)
			}
		}
	}
}

// firstAnswers are answers to up to n of doc's free fields: a list's
// first option, a number, a date or text, in turn.
func firstAnswers(tb testing.TB, doc []byte, n int) []formats.Answer {
	tb.Helper()
	fields, err := New().ListFields(doc)
	must(tb, err)
	var answers []formats.Answer
	texts := []string{"Acme Cloud", "42", "2024-03-31", "TRUE", "0.5"}
	for _, f := range fields {
		if len(answers) == n {
			break
		}
		if f.ReadOnly {
			continue
		}
		text := texts[len(answers)%len(texts)]
		if len(f.Options) > 0 {
			text = f.Options[0]
		}
		answers = append(answers, formats.Answer{PairID: f.FieldID, AnswerText: text})
	}
	return answers
}

// TestWriteNeedsNoExcelizeModel writes answers into workbooks, which no
// call opens in excelize, and holds the changes it reports to excelize's
// reading of the documents before and after (see sameChangesAsExcelize).
func TestWriteNeedsNoExcelizeModel(t *testing.T) {
	kinds, _ := cellKinds(t, false)
	tests := []struct {
		name    string
		doc     []byte
		answers []formats.Answer
	}{
		{"every kind of cell", kinds, []formats.Answer{
			answer("Kinds!A1", "99.5"), answer("Kinds!A3", "0.5"), answer("Kinds!A4", "2024-03-31"),
			{PairID: "Kinds!A6", AnswerText: "more", Mode: formats.Append}, answer("Kinds!A9", "FALSE"),
			answer("Kinds!C2", "2025-01-02"), answer("Kinds!C2", "2025-01-03"), answer("Kinds!A18", "seven"),
		}},
		{"the questionnaire fixture", fixture(t), firstAnswers(t, fixture(t), 20)},
		{"CAIQ v4", caiq(t), firstAnswers(t, caiq(t), 200)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { sameChangesAsExcelize(t, tt.doc, tt.answers) })
	}
}

// TestRealWritesNeedNoExcelizeModel writes 300 answers into every real
// workbook and holds the changes to excelize's reading of the documents.
func TestRealWritesNeedNoExcelizeModel(t *testing.T) {
	for name, doc := range workbooks(t) {
		t.Run(name, func(t *testing.T) { sameChangesAsExcelize(t, doc, firstAnswers(t, doc, 300)) })
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
		want    string // excelize's text of C2 in the written document
	}{
		{"one date", []formats.Answer{answer("Kinds!C2", "2025-01-02")}, "01-02-25"},
		{"a second date", []formats.Answer{answer("Kinds!C2", "2025-01-02"), answer("Kinds!C2", "2025-01-03")}, "01-03-25"},
		{"text after a date", []formats.Answer{answer("Kinds!C2", "2025-01-02"), answer("Kinds!C2", "soon")}, "soon"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := write(t, doc, tt.answers...)
			f, err := excelize.OpenReader(bytes.NewReader(res.Document))
			must(t, err)
			defer f.Close()
			got, _ := f.GetCellValue("Kinds", "C2")
			last := res.Changes[len(res.Changes)-1]
			if got != tt.want || last.After != tt.want {
				t.Errorf("C2 reads %q, the change says %q; want %q", got, last.After, tt.want)
			}
		})
	}
}
