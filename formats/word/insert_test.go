package word

import (
	"errors"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

func TestInsertParagraphs(t *testing.T) {
	ins := func(mode formats.Mode, id, text string) formats.Answer {
		return formats.Answer{PairID: id, Mode: mode, AnswerText: text}
	}
	runEditCases(t, []editCase{
		{name: "definition after a definition: numbered like it, term bold in plain quotes",
			answers: []formats.Answer{ins(formats.InsertAfter, "P3", `“Agreement Date” means the date of the Initial Closing.`)},
			id:      "P4", runs: "“|{b}Agreement Date|” means the date of the Initial Closing.",
			xml: []string{`<w:p><w:pPr><w:pStyle w:val="Definition"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t xml:space="preserve">“</w:t>`}},
		{name: "plain definition typed with straight quotes takes the document's curly ones",
			answers: []formats.Answer{ins(formats.InsertAfter, "P3", `"Agreement Date" shall mean the date, and "Closing" means the Initial Closing.`)},
			id:      "P4", runs: "“|{b}Agreement Date|” shall mean the date, and “|{b}Closing|” means the Initial Closing."},
		{name: "tagged definition takes the document's quotes",
			answers: []formats.Answer{ins(formats.InsertBefore, "P3", "<definition>Closing Cash</definition> means cash.")},
			id:      "P3", runs: "“|{b}Closing Cash|” means cash."},
		{name: "two paragraphs at a blank line, the anchor follows them",
			answers: []formats.Answer{ins(formats.InsertBefore, "P2", "First new.\n\nSecond\nnew.")},
			id:      "P3", text: "Second\nnew."},
		{name: "run-in header like its neighbour's: italic, colon",
			answers: []formats.Answer{ins(formats.InsertAfter, "P9", "<RunInHeader>One-way</RunInHeader> You keep our information confidential.")},
			id:      "P10", runs: "{i}One-way:| You keep our information confidential."},
		{name: "inside a cell after its last paragraph",
			answers: []formats.Answer{ins(formats.InsertAfter, "T1-R2-C2", "Chief Executive")},
			id:      "T1-R2-C2", text: "Officer\nChief Executive"},
		{name: "after a table, formatted like the paragraph after it",
			answers: []formats.Answer{ins(formats.InsertAfter, "T1", "Signed in two counterparts.")},
			id:      "P10", text: "Signed in two counterparts."},
		{name: "insertion_xml paragraphs get the anchor's properties",
			answers: []formats.Answer{{PairID: "P3", Mode: formats.InsertAfter, InsertionXML: `<w:p><w:r><w:t>Raw</w:t></w:r></w:p>`}},
			id:      "P4", text: "Raw", xml: []string{`<w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>Raw</w:t></w:r></w:p>`}},
	})
}

func TestInsertRefusals(t *testing.T) {
	cases := []struct {
		name   string
		answer formats.Answer
		want   string
	}{
		{"next to a row", formats.Answer{PairID: "T1-R1", Mode: formats.InsertAfter, AnswerText: "x"}, "address one of its cells"},
		{"only blank lines", formats.Answer{PairID: "P1", Mode: formats.InsertAfter, AnswerText: "\n\n \n"}, "holds no text to insert"},
		{"tag-like text", formats.Answer{PairID: "P1", Mode: formats.InsertAfter, AnswerText: "Reply to <name@example.com>"}, "<name@example.com> in answer_text is not an inline tag"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := New().Write(agreementDocx(t), []formats.Answer{c.answer}, formats.WriteOptions{})
			if !errors.Is(err, formats.ErrInvalidArgument) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want one saying %q", err, c.want)
			}
		})
	}
}

// A section break and a page break belong to the paragraph that has them:
// paragraphs inserted next to it do not copy them.
func TestInsertDoesNotCopySectionOrPageBreak(t *testing.T) {
	doc := bodyDocx(t, `<w:p><w:pPr><w:pageBreakBefore/><w:jc w:val="both"/><w:sectPr/></w:pPr><w:r><w:t>Anchor</w:t></w:r></w:p>`)
	res, err := New().Write(doc, []formats.Answer{{PairID: "P1", Mode: formats.InsertAfter, AnswerText: "New"}}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	x := documentXMLOf(t, res.Document)
	if n := strings.Count(x, "<w:sectPr/>"); n != 1 {
		t.Errorf("%d section breaks, want 1", n)
	}
	if n := strings.Count(x, "<w:pageBreakBefore/>"); n != 1 {
		t.Errorf("%d page breaks, want 1", n)
	}
	if !strings.Contains(x, `<w:p><w:pPr><w:jc w:val="both"/></w:pPr><w:r><w:t xml:space="preserve">New</w:t></w:r></w:p>`) {
		t.Errorf("new paragraph not formatted like the anchor:\n%s", x)
	}
}

// Edits of elements that lack what most have: a control without content,
// a paragraph without properties or text.
func TestEditsOfBareElements(t *testing.T) {
	doc := bodyDocx(t, `<w:sdt><w:sdtPr><w:alias w:val="Empty"/></w:sdtPr></w:sdt><w:p/><w:p><w:r><w:t>x</w:t></w:r></w:p>`)
	for _, a := range []formats.Answer{
		{PairID: "SDT1", Mode: formats.InsertAfter, AnswerText: "After the control."},
		{PairID: "P1", Mode: formats.InsertBefore, AnswerText: "Before an empty paragraph."},
		{PairID: "P2", Mode: formats.ReplaceText, Find: "x", AnswerText: "x and more"},
	} {
		res, err := New().Write(doc, []formats.Answer{a}, formats.WriteOptions{})
		if err != nil {
			t.Fatalf("%+v: %v", a, err)
		}
		if !strings.Contains(textOf(reopen(t, res.Document).body), strings.TrimPrefix(a.AnswerText, "x")) {
			t.Errorf("%+v: text not written", a)
		}
	}
}
