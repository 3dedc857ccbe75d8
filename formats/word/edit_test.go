package word

import (
	"errors"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

// editCase is one write on the agreement fixture and what must follow.
type editCase struct {
	name    string
	answers []formats.Answer
	id      string // element to inspect afterwards
	text    string // its text afterwards ("" = not checked)
	runs    string // its runView afterwards ("" = not checked)
	xml     []string
}

func runEditCases(t *testing.T, cases []editCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := New().Write(agreementDocx(t), c.answers, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			d := reopen(t, res.Document)
			el := nodeEl(t, d, c.id)
			if c.text != "" && textOf(el) != c.text {
				t.Errorf("text = %q\nwant   %q", textOf(el), c.text)
			}
			if c.runs != "" && runView(d, el) != c.runs {
				t.Errorf("runs = %q\nwant   %q", runView(d, el), c.runs)
			}
			x := documentXMLOf(t, res.Document)
			for _, want := range c.xml {
				if !strings.Contains(x, want) {
					t.Errorf("document.xml lacks %s", want)
				}
			}
			if strings.Contains(x, "<w:r></w:r>") || strings.Contains(x, "<w:r/>") || strings.Contains(x, "<w:t></w:t>") {
				t.Error("empty run or text stub left")
			}
		})
	}
}

func TestReplaceTextKeepsFormattingAround(t *testing.T) {
	rt := func(id, find, answer string) formats.Answer {
		return formats.Answer{PairID: id, Mode: formats.ReplaceText, Find: find, AnswerText: answer}
	}
	runEditCases(t, []editCase{
		{name: "brackets dropped around an underlined header keep its underline",
			answers: []formats.Answer{rt("P2", "[Initial Closing.]", "Initial Closing.")},
			id:      "P2", runs: "{u}Initial Closing|. The closing shall take place at the [applicable] Closing of Series [___] Preferred."},
		{name: "blank in a bold run takes bold",
			answers: []formats.Answer{rt("P1", "[___]", "A")},
			id:      "P1", runs: "{b}SERIES A PREFERRED STOCK PURCHASE AGREEMENT"},
		{name: "second occurrence only",
			answers: []formats.Answer{{PairID: "P2", Mode: formats.ReplaceText, Find: "Closing", Occurrence: 2, AnswerText: "Closing Date"}},
			id:      "P2", text: "[Initial Closing.] The closing shall take place at the [applicable] Closing Date of Series [___] Preferred."},
		{name: "every occurrence",
			answers: []formats.Answer{{PairID: "P2", Mode: formats.ReplaceText, Find: "[", Occurrence: formats.AllOccurrences, AnswerText: "⟦"}},
			id:      "P2", text: "⟦Initial Closing.] The closing shall take place at the ⟦applicable] Closing of Series ⟦___] Preferred."},
		{name: "curly quotes in the document match straight ones in find",
			answers: []formats.Answer{rt("P3", `"Affiliate" means any Person`, `"Affiliate" means any natural person`)},
			id:      "P3", runs: "“|{b}Affiliate|” means any natural person that controls the Company."},
		{name: "word next to a REF field changes, the field stays",
			answers: []formats.Answer{rt("P5", "set forth in Optional Clause", "set out in Optional Clause")},
			id:      "P5", runs: "As set out in |⟨begin⟩|⟨separate⟩|{u}Optional Clause|⟨end⟩| of the agreement|⟨fn1⟩|, the Company shall pay."},
		{name: "word next to a footnote reference changes, the reference stays",
			answers: []formats.Answer{rt("P5", "agreement, the Company", "agreement, the Purchaser")},
			id:      "P5", runs: "As set forth in |⟨begin⟩|⟨separate⟩|{u}Optional Clause|⟨end⟩| of the agreement|⟨fn1⟩|, the Purchaser shall pay."},
		{name: "text inside a hyperlink stays linked",
			answers: []formats.Answer{rt("P6", "the website", "our site")},
			id:      "P6", text: "See our site for details.",
			xml: []string{`<w:hyperlink r:id="rId4"><w:r><w:rPr><w:u w:val="single"/></w:rPr><w:t xml:space="preserve">our site</w:t></w:r></w:hyperlink>`}},
		{name: "text inside a content control stays in it",
			answers: []formats.Answer{rt("P7", "California", "Delaware")},
			id:      "P7", text: "Governing law: Delaware.",
			xml: []string{`<w:sdtContent><w:r><w:t xml:space="preserve">Delaware</w:t></w:r></w:sdtContent>`}},
		{name: "tagged definition gets the document's quotes and bold",
			answers: []formats.Answer{rt("P4", "“Board” means the board", "<definition>Board</definition> means the <i>supervisory</i> board")},
			id:      "P4", runs: "“|{b}Board|” means the |{i}supervisory| board of directors of the Company."},
		{name: "header tag follows the nearest run-in header: underlined, period plain",
			answers: []formats.Answer{rt("P8", "Optional Clause.", "<header>Additional Closings</header>")},
			id:      "P8", runs: "{u}Additional Closings|.| This clause is optional and may be removed."},
		{name: "entities stand for characters in tagged text",
			answers: []formats.Answer{rt("P10", "End", "<b>The &lt;end&gt;</b>")},
			id:      "P10", runs: "{b}The <end>| of agreement."},
		{name: "cell text",
			answers: []formats.Answer{rt("T1-R2-C1", "Signer", "Jane Doe")},
			id:      "T1-R2-C1", text: "Jane Doe"},
	})
}

func TestReplaceTextRefusals(t *testing.T) {
	cases := []struct {
		name   string
		answer formats.Answer
		want   []string // fragments of the error
	}{
		{"find absent lists the element's text", formats.Answer{PairID: "P4", Mode: formats.ReplaceText, Find: "Director", AnswerText: "x"},
			[]string{`find "Director" is not in the element's text`, "means the board of directors"}},
		{"occurrence past the last", formats.Answer{PairID: "P2", Mode: formats.ReplaceText, Find: "[", Occurrence: 4, AnswerText: "x"},
			[]string{"occurs 3 time(s)", "no occurrence 4"}},
		{"styled text across a REF field", formats.Answer{PairID: "P5", Mode: formats.ReplaceText, Find: "in Optional Clause of", AnswerText: "<b>in Optional Clause</b> of"},
			[]string{`REF field "REF _Ref100 \h"`}},
		{"change inside a REF result", formats.Answer{PairID: "P5", Mode: formats.ReplaceText, Find: "Optional Clause of", AnswerText: "Optional Clauses of"},
			[]string{"the result of REF field", "which Word computes"}},
		{"styled text across a footnote reference", formats.Answer{PairID: "P5", Mode: formats.ReplaceText, Find: "agreement, the", AnswerText: "<i>agreement</i>, the"},
			[]string{"footnote reference 1"}},
		{"span leaving a hyperlink", formats.Answer{PairID: "P6", Mode: formats.ReplaceText, Find: "See the website", AnswerText: "<b>See</b> the web"},
			[]string{"a hyperlink"}},
		{"span leaving a content control", formats.Answer{PairID: "P7", Mode: formats.ReplaceText, Find: "law: California", AnswerText: "law: <b>Delaware</b>"},
			[]string{`content control "Law"`}},
		{"unknown tag", formats.Answer{PairID: "P10", Mode: formats.ReplaceText, Find: "End", AnswerText: "<font>End</font>"},
			[]string{"<font> in answer_text is not an inline tag"}},
		{"unclosed tag", formats.Answer{PairID: "P10", Mode: formats.ReplaceText, Find: "End", AnswerText: "<b>End"},
			[]string{"<b> in answer_text is never closed"}},
		{"mismatched closing tag", formats.Answer{PairID: "P10", Mode: formats.ReplaceText, Find: "End", AnswerText: "<b>End</i>"},
			[]string{"</i> in answer_text closes no open tag (the open tag is <b>)"}},
		{"find across two paragraphs", formats.Answer{PairID: "T1-R1", Mode: formats.ReplaceText, Find: "Name Title", AnswerText: "x"},
			[]string{"spans more than one paragraph"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := New().Write(agreementDocx(t), []formats.Answer{c.answer}, formats.WriteOptions{})
			if !errors.Is(err, formats.ErrInvalidArgument) {
				t.Fatalf("err = %v, want an invalid-argument error", err)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
}

// TestFindCountsOccurrencesAsTheMapShowsThem is the NVCA case: one
// paragraph holds "Series [___]" three times, twice with a non-breaking
// space. The map shows all three alike, so occurrence and "all" count all
// three, in reading order.
func TestFindCountsOccurrencesAsTheMapShowsThem(t *testing.T) {
	doc := bodyDocx(t, `<w:p><w:r><w:t xml:space="preserve">of Series`+"\u00a0"+`[___] and Series [___] and “Series`+"\u00a0"+`[___]”</w:t></w:r></w:p>`)
	cases := []struct {
		name string
		occ  formats.Occurrence
		want string
	}{
		{"first as read, though typed with a non-breaking space", 1, "of Series\u00a0A and Series [___] and “Series\u00a0[___]”"},
		{"second as read", 2, "of Series\u00a0[___] and Series A and “Series\u00a0[___]”"},
		{"third as read", 3, "of Series\u00a0[___] and Series [___] and “Series\u00a0A”"},
		{"all of them", formats.AllOccurrences, "of Series\u00a0A and Series A and “Series\u00a0A”"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := New().Write(doc, []formats.Answer{{PairID: "P1", Mode: formats.ReplaceText, Find: "Series [___]", Occurrence: c.occ, AnswerText: "Series A"}}, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if got := textOf(nodeEl(t, reopen(t, res.Document), "P1")); got != c.want {
				t.Errorf("text = %q\nwant   %q", got, c.want)
			}
		})
	}
	// Exact spans still win when every occurrence is exact: a find with
	// its own trailing space replaces that space too ("a " in "a b a c").
	res, err := New().Write(bodyDocx(t, `<w:p><w:r><w:t>a b a c</w:t></w:r></w:p>`), []formats.Answer{{PairID: "P1", Mode: formats.ReplaceText, Find: "a ", Occurrence: formats.AllOccurrences, AnswerText: "x"}}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := textOf(nodeEl(t, reopen(t, res.Document), "P1")); got != "xb xc" {
		t.Errorf("exact find with a trailing space: text = %q, want %q", got, "xb xc")
	}
}
