package excel

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/readers"
	"github.com/xuri/excelize/v2"
)

func TestWriteRules(t *testing.T) {
	tests := []struct {
		name      string
		answer    formats.Answer
		cell      string // where the value must land
		want      string // the cell's text afterwards
		xmlHas    string // in the <c> element of the written cell
		xmlHasNot string
		warnHas   string
	}{
		{"list option normalised to its spelling", formats.Answer{PairID: "S1-R3-C3", AnswerText: " yes "}, "Assessment!C3", "Yes", `t="s"`, "<f>", ""},
		{"literal list", formats.Answer{PairID: "Assessment!C9", AnswerText: "NO"}, "Assessment!C9", "No", `t="s"`, "", ""},
		{"equals sign stays text", formats.Answer{PairID: "S1-R3-C4", AnswerText: "=HYPERLINK(\"http://x\")"}, "Assessment!D3", `=HYPERLINK("http://x")`, `t="s"`, "<f>", ""},
		{"plus sign stays text", formats.Answer{PairID: "S1-R4-C4", AnswerText: "+1 555 0100"}, "Assessment!D4", "+1 555 0100", `t="s"`, "<f>", ""},
		{"minus sign text stays text", formats.Answer{PairID: "S1-R5-C4", AnswerText: "-2+3"}, "Assessment!D5", "-2+3", `t="s"`, "<f>", ""},
		{"at sign stays text", formats.Answer{PairID: "S1-R6-C4", AnswerText: "@SUM(A1)"}, "Assessment!D6", "@SUM(A1)", `t="s"`, "<f>", ""},
		{"number in a number-formatted cell keeps the style", formats.Answer{PairID: "S1-R5-C3", AnswerText: "1234"}, "Assessment!C5", "1,234", "<v>1234</v>", `t="s"`, ""},
		{"grouped number in a number-formatted cell", formats.Answer{PairID: "S1-R5-C3", AnswerText: "1,234.5"}, "Assessment!C5", "1,235", "<v>1234.5</v>", `t="s"`, ""},
		{"grouped number in an empty general cell is stored as typed", formats.Answer{PairID: "'Contact Details'!B2", AnswerText: "1,234"}, "'Contact Details'!B2", "1,234", "<v>1234</v>", `t="s"`, ""},
		{"grouped number shown otherwise in a general cell stays text", formats.Answer{PairID: "'Contact Details'!B2", AnswerText: "1,234.5"}, "'Contact Details'!B2", "1,234.5", `t="s"`, "", ""},
		{"number into an empty general cell", formats.Answer{PairID: "'Contact Details'!B2", AnswerText: "42.5"}, "'Contact Details'!B2", "42.5", "<v>42.5</v>", `t="s"`, ""},
		{"leading zero stays text", formats.Answer{PairID: "'Contact Details'!B2", AnswerText: "007"}, "'Contact Details'!B2", "007", `t="s"`, "", ""},
		{"date into a date-formatted cell", formats.Answer{PairID: "S1-R6-C3", AnswerText: "2024-03-31"}, "Assessment!C6", "2024-03-31", "<v>45382</v>", `t="s"`, ""},
		{"non-date text into a date cell stays text", formats.Answer{PairID: "S1-R6-C3", AnswerText: "last spring"}, "Assessment!C6", "last spring", `t="s"`, "", ""},
		{"covered merge cell goes to the anchor", formats.Answer{PairID: "S1-R7-C4", AnswerText: "We page on-call"}, "Assessment!C7", "We page on-call", `t="s"`, "", "written to its anchor C7"},
		{"xpath used when pair_id is a label", formats.Answer{PairID: "q1", XPath: "'Contact Details'!B1", AnswerText: "Acme Ltd"}, "'Contact Details'!B1", "Acme Ltd", `t="s"`, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := write(t, fixture(t), tt.answer)
			if got := cellText(t, res.Document, tt.cell); got != tt.want {
				t.Errorf("%s = %q, want %q", tt.cell, got, tt.want)
			}
			wb, _ := open(fixture(t))
			c, _ := wb.parseRef(tt.cell)
			parts, _ := wb.parts()
			x := cellXML(t, zipEntry(t, res.Document, parts[wb.sheetName(c)]), c.name())
			if !strings.Contains(x, tt.xmlHas) || tt.xmlHasNot != "" && strings.Contains(x, tt.xmlHasNot) {
				t.Errorf("cell XML %s; want %q and not %q", x, tt.xmlHas, tt.xmlHasNot)
			}
			if tt.warnHas != "" && !strings.Contains(strings.Join(res.Warnings, "\n"), tt.warnHas) {
				t.Errorf("warnings %v lack %q", res.Warnings, tt.warnHas)
			}
			if len(res.Changes) != 1 || res.Changes[0].XPath != tt.cell {
				t.Errorf("changes = %+v, want one at %s", res.Changes, tt.cell)
			}
		})
	}
}

func TestWriteKeepsStyleOfWrittenCell(t *testing.T) {
	doc := fixture(t)
	res := write(t, doc, formats.Answer{PairID: "S1-R5-C3", AnswerText: "7"}, formats.Answer{PairID: "S1-R6-C3", AnswerText: "2023-01-15"})
	l := readers.XLSXLayouts(t, doc, res.Document) // openpyxl: styles by what they say
	for _, ref := range []string{"C5", "C6"} {
		b, a := l[0].Styles["Assessment"][ref], l[1].Styles["Assessment"][ref]
		if a != b || a == "" {
			t.Errorf("%s style after:\n%.300s\nbefore:\n%.300s", ref, a, b)
		}
	}
}

func TestWriteErrors(t *testing.T) {
	tests := []struct {
		name   string
		answer formats.Answer
		kind   error
		errHas []string
	}{
		{"option not in the list", formats.Answer{PairID: "S1-R3-C3", AnswerText: "Maybe"}, formats.ErrInvalidArgument, []string{"S1-R3-C3", `"Maybe" is not an option`, "Yes | No | N/A"}},
		{"unknown sheet", formats.Answer{PairID: "Nowhere!A1", AnswerText: "x"}, formats.ErrInvalidArgument, []string{"Nowhere!A1", `no sheet "Nowhere"`, `"Assessment"`}},
		{"bad reference", formats.Answer{PairID: "q7", XPath: "Assessment!C", AnswerText: "x"}, formats.ErrInvalidArgument, []string{"q7", "not a cell reference"}},
		{"no usable target", formats.Answer{PairID: "question 7", AnswerText: "x"}, formats.ErrInvalidArgument, []string{"question 7", "expected an element ID"}},
		{"formula cell refused", formats.Answer{PairID: "S1-R11-C3", AnswerText: "3"}, formats.ErrInvalidArgument, []string{"S1-R11-C3", "holds the formula =COUNTIF"}},
		{"placeholder missing", formats.Answer{PairID: "S1-R3-C2", AnswerText: "x", Mode: formats.ReplacePlaceholder}, formats.ErrInvalidArgument, []string{"S1-R3-C2", "no placeholder"}},
		{"bad mode", formats.Answer{PairID: "S1-R3-C4", AnswerText: "x", Mode: "overwrite"}, formats.ErrInvalidArgument, []string{"S1-R3-C4", "mode"}},
		{"too long for a cell", formats.Answer{PairID: "S1-R3-C4", AnswerText: strings.Repeat("a", maxCellChars+1)}, formats.ErrInvalidArgument, []string{"S1-R3-C4", "at most 32767"}},
		{"no content", formats.Answer{PairID: "S1-R3-C4"}, formats.ErrInvalidArgument, []string{"S1-R3-C4", "no content"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New().Write(fixture(t), []formats.Answer{tt.answer}, formats.WriteOptions{})
			if !errors.Is(err, tt.kind) {
				t.Fatalf("error = %v, want kind %v", err, tt.kind)
			}
			for _, s := range tt.errHas {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("error %q lacks %q", err, s)
				}
			}
		})
	}
}

func TestWriteModes(t *testing.T) {
	base := write(t, fixture(t), formats.Answer{PairID: "S1-R3-C4", AnswerText: "See policy [link]"}).Document
	tests := []struct {
		name string
		mode formats.Mode
		text string
		want string
	}{
		{"replace content", formats.ReplaceContent, "Encrypted with AES-256", "Encrypted with AES-256"},
		{"default mode replaces", "", "New text", "New text"},
		{"append", formats.Append, "(v2)", "See policy [link] (v2)"},
		{"replace placeholder", formats.ReplacePlaceholder, "https://example.com/p", "See policy https://example.com/p"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := write(t, base, formats.Answer{PairID: "S1-R3-C4", AnswerText: tt.text, Mode: tt.mode})
			if got := cellText(t, res.Document, "S1-R3-C4"); got != tt.want {
				t.Errorf("cell = %q, want %q", got, tt.want)
			}
			if res.Changes[0].Before != "See policy [link]" {
				t.Errorf("before = %q", res.Changes[0].Before)
			}
		})
	}
}

func TestWriteSkipAndDryRun(t *testing.T) {
	doc := fixture(t)
	answers := []formats.Answer{{PairID: "S1-R3-C3", AnswerText: "Yes"}, {PairID: "S1-R4-C3", AnswerText: formats.Skip}}
	res, err := New().Write(doc, answers, formats.WriteOptions{DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Document != nil || !res.DryRun || len(res.Changes) != 1 || res.Changes[0].After != "Yes" {
		t.Errorf("dry run = %+v; want no document and one change to Yes", res)
	}
	if len(res.Skipped) != 1 || res.Skipped[0] != "S1-R4-C3" {
		t.Errorf("skipped = %v, want [S1-R4-C3]", res.Skipped)
	}
}

// TestWriteLeavesOtherPartsByteIdentical checks that a write replaces the
// written sheet and the shared strings only.
func TestWriteLeavesOtherPartsByteIdentical(t *testing.T) {
	doc := fixture(t)
	res := write(t, doc, formats.Answer{PairID: "S1-R3-C4", AnswerText: "Encrypted"})
	for _, part := range []string{"xl/styles.xml", "xl/worksheets/sheet2.xml", "xl/worksheets/sheet3.xml", "[Content_Types].xml"} {
		if a, b := zipEntry(t, doc, part), zipEntry(t, res.Document, part); string(a) != string(b) {
			t.Errorf("%s changed", part)
		}
	}
	// The workbook changes by its request to be recalculated on open only.
	if a, b := setFullCalcOnLoad(zipEntry(t, doc, "xl/workbook.xml")), zipEntry(t, res.Document, "xl/workbook.xml"); string(a) != string(b) {
		t.Errorf("xl/workbook.xml changed beyond fullCalcOnLoad:\n%s", b)
	}
	sheet := zipEntry(t, res.Document, "xl/worksheets/sheet1.xml")
	for _, want := range []string{`<f>COUNTIF(C3:C9,&#34;Yes&#34;)</f>`, `max="2" min="2" width="48"`, `<mergeCell ref="C7:D7">`, `<dataValidation`} {
		if !strings.Contains(string(sheet), want) {
			t.Errorf("written sheet lost %s", want)
		}
	}
}

func TestBuildInsertion(t *testing.T) {
	r, err := New().BuildInsertion(formats.BuildInsertionRequest{AnswerText: "Yes", AnswerType: formats.PlainText})
	if err != nil || !r.Valid || r.InsertionXML != "Yes" {
		t.Errorf("plain = %+v, %v; want valid Yes", r, err)
	}
	_, err = New().BuildInsertion(formats.BuildInsertionRequest{AnswerText: "<b>x</b>", AnswerType: formats.Structured})
	if !errors.Is(err, formats.ErrInvalidArgument) || !strings.Contains(err.Error(), "plain values") {
		t.Errorf("structured error = %v, want invalid argument about plain values", err)
	}
}

// TestWriteIntoWorkbookWithoutSharedStrings covers a workbook whose cells
// are all numbers: the first text answer adds the shared-strings part,
// its content type and its relationship. excelize only builds the
// workbook (as a writer, not an oracle); openpyxl reads the result.
func TestWriteIntoWorkbookWithoutSharedStrings(t *testing.T) {
	f := excelize.NewFile()
	for r := 1; r <= 3; r++ {
		if err := f.SetCellInt("Sheet1", fmt.Sprintf("A%d", r), int64(r)); err != nil {
			t.Fatal(err)
		}
	}
	buf, err := f.WriteToBuffer()
	if err != nil {
		t.Fatal(err)
	}
	doc := buf.Bytes()
	if bytes.Contains(zipEntry(t, doc, "[Content_Types].xml"), []byte("sharedStrings")) {
		t.Skip("excelize wrote a shared-strings part anyway; nothing to cover")
	}
	res := write(t, doc, formats.Answer{PairID: "Sheet1!B1", AnswerText: "first text"})
	if got := cellText(t, res.Document, "Sheet1!B1"); got != "first text" {
		t.Fatalf("B1 = %q", got)
	}
	if !bytes.Contains(zipEntry(t, res.Document, "[Content_Types].xml"), []byte("sharedStrings")) {
		t.Error("content types lack the new shared-strings part")
	}
	if got := readers.XLSXCells(t, res.Document)["Sheet1"]["B1"]; got != "first text" {
		t.Errorf("openpyxl B1 = %q", got)
	}
}

func TestWriteWarnsAboutHiddenTargets(t *testing.T) {
	tests := []struct{ name, ref, warn string }{
		{"hidden row", "S1-R8-C3", "row 8 of sheet \"Assessment\" is hidden"},
		{"hidden sheet", "Lists!B1", "sheet \"Lists\" is hidden"},
		{"visible cell past the data", "Assessment!C40", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := write(t, fixture(t), formats.Answer{PairID: tt.ref, AnswerText: "x"})
			got := strings.Join(res.Warnings, "\n")
			if tt.warn == "" && got != "" || !strings.Contains(got, tt.warn) {
				t.Errorf("warnings %q, want %q", got, tt.warn)
			}
		})
	}
}

func TestWriteEditModes(t *testing.T) {
	base := write(t, fixture(t), formats.Answer{PairID: "S1-R3-C4", AnswerText: "See [policy] and [annex] of [2024]"}).Document
	tests := []struct {
		name   string
		answer formats.Answer
		want   string
	}{
		{"replace_text first", formats.Answer{Mode: formats.ReplaceText, Find: "[", AnswerText: "("}, "See (policy] and [annex] of [2024]"},
		{"replace_text second", formats.Answer{Mode: formats.ReplaceText, Find: "[", Occurrence: 2, AnswerText: "("}, "See [policy] and (annex] of [2024]"},
		{"replace_text all", formats.Answer{Mode: formats.ReplaceText, Find: "]", Occurrence: formats.AllOccurrences, AnswerText: ")"}, "See [policy) and [annex) of [2024)"},
		{"delete a span", formats.Answer{Mode: formats.Delete, Find: " and [annex]"}, "See [policy] of [2024]"},
		{"delete clears the cell", formats.Answer{Mode: formats.Delete}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.answer.PairID = "S1-R3-C4"
			res := write(t, base, tt.answer)
			if got := cellText(t, res.Document, "S1-R3-C4"); got != tt.want {
				t.Errorf("cell = %q, want %q", got, tt.want)
			}
			if res.Changes[0].Mode != tt.answer.Mode {
				t.Errorf("change mode = %q", res.Changes[0].Mode)
			}
		})
	}
	cleared := write(t, base, formats.Answer{PairID: "S1-R3-C4", Mode: formats.Delete}).Document
	wb, _ := open(fixture(t))
	c, _ := wb.parseRef("S1-R3-C4")
	parts, _ := wb.parts()
	if sheet := string(zipEntry(t, cleared, parts[wb.sheetName(c)])); strings.Contains(sheet, `r="D3"`) {
		if x := cellXML(t, []byte(sheet), c.name()); strings.Contains(x, "<v>") || strings.Contains(x, "<is>") {
			t.Errorf("a cleared cell should hold no value, not even an empty string: %s", x)
		}
	}
	for _, bad := range []struct {
		answer formats.Answer
		want   string
	}{
		{formats.Answer{Mode: formats.ReplaceText, Find: "absent", AnswerText: "x"}, `find "absent" is not in the cell's text; the cell holds "See [policy] and [annex] of [2024]"`},
		{formats.Answer{Mode: formats.ReplaceText, Find: "[", Occurrence: 4, AnswerText: "x"}, "occurs 3 time(s) in the cell; there is no occurrence 4"},
		{formats.Answer{Mode: formats.InsertAfter, AnswerText: "x"}, "an Excel cell has none"},
	} {
		bad.answer.PairID = "S1-R3-C4"
		_, err := New().Write(base, []formats.Answer{bad.answer}, formats.WriteOptions{})
		if !errors.Is(err, formats.ErrInvalidArgument) || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%+v: err = %v, want %q", bad.answer, err, bad.want)
		}
	}
}
