package excel

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/formfill/formfill/formats"
)

// Text that looks like an ST_Xstring escape, or holds a character XML
// cannot, is written escaped: read back, by formfill and by openpyxl (as
// Excel decodes it), it is the answer itself, not "A literal" or a
// U+FFFD. And a fill verifies the document it saved, so a text the save
// changed would be reported mismatched, as `formfill verify` reports it.
func TestTextThatLooksEscapedReadsBackAsWritten(t *testing.T) {
	for _, tc := range []struct {
		name, answer string
		openpyxl     bool // openpyxl decodes it as Excel does (it leaves _x005F_ and control characters' escapes half-decoded)
	}{
		{"a literal escape", "_x0041_ literal", true},
		{"an escaped underscore", "_x005F_", false},
		{"overlapping escapes", "_x005F_x0041_", false},
		{"control characters", "a\x01b\x07c\x1fd\ttab", false},
		{"an escape at the end, spaces kept", " ends _x0020_", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := book(t, [][]string{{"Question", "Answer"}, {"Name", ""}}, nil)
			answers := []formats.Answer{{PairID: "Q!B2", AnswerText: tc.answer}}
			res, rep, err := New().Fill(doc, answers, formats.WriteOptions{})
			must(t, err)
			if !rep.OK() {
				t.Errorf("fill's verify: %+v", rep.ContentResults)
			}
			again, err := New().Verify(res.Document, formats.ExpectedFromAnswers(answers))
			must(t, err)
			if !again.OK() {
				t.Errorf("verify of the saved file: %+v", again.ContentResults)
			}
			if got := cellText(t, res.Document, "Q!B2"); tc.openpyxl && got != tc.answer {
				t.Errorf("openpyxl reads %q, want %q", got, tc.answer)
			}
		})
	}
}

// encodeXstring is decoded back to its input, whatever the text.
func FuzzXstringRoundTrips(f *testing.F) {
	for _, s := range []string{"plain", "_x0041_", "_x005F_x0041_", "a\x01b", "__x0041__x0042_", "_x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return // invalid UTF-8 is written as U+FFFD: no answer holds it (the JSON decoder replaced it)
		}
		if got := decodeXstring(encodeXstring(s)); got != s {
			t.Errorf("%q encoded is %q, decoded %q", s, encodeXstring(s), got)
		}
	})
}

// Formulas read a written text that looks escaped as the text itself, as
// Excel does, and a text result is cached escaped: the calculation was
// handed "_x0041_" raw, which excelize read back as "A" (LEN 1, the
// comparison false), and a result's <v> was written raw, so Excel would
// show "A!" and a control character was lost.
func TestFormulasReadTextThatLooksEscapedAsWritten(t *testing.T) {
	doc := book(t, [][]string{
		{"Question", "Answer", "Length", "Joined", "Same", "Kept"},
		{"Name", "", "=LEN(B2)", `=B2&"!"`, `=IF(B2="_x0041_","lit","dec")`, `=SUBSTITUTE(B3,"x","y")`},
		{"Code", ""},
	}, nil)
	res, err := New().Write(doc, []formats.Answer{{PairID: "Q!B2", AnswerText: "_x0041_"}, {PairID: "Q!B3", AnswerText: "a\x01x"}}, formats.WriteOptions{})
	must(t, err)
	sheet := zipEntry(t, res.Document, "xl/worksheets/sheet1.xml")
	for ref, want := range map[string]string{
		"C2": "<v>7</v>",
		"D2": "<v>_x005F_x0041_!</v>",
		"E2": "<v>lit</v>",
		"F2": "<v>a_x0001_y</v>",
	} {
		if got := cellXML(t, sheet, ref); !strings.Contains(got, want) {
			t.Errorf("%s = %s, want %s", ref, got, want)
		}
	}
}
