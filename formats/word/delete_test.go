package word

import (
	"errors"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

func TestDeleteText(t *testing.T) {
	del := func(id, find string) formats.Answer {
		return formats.Answer{PairID: id, Mode: formats.Delete, Find: find}
	}
	runEditCases(t, []editCase{
		{name: "optional words inside a paragraph",
			answers: []formats.Answer{del("P2", "[applicable] ")},
			id:      "P2", runs: "[|{u}Initial Closing|.] The closing shall take place at the Closing of Series [___] Preferred."},
		{name: "every bracket",
			answers: []formats.Answer{{PairID: "P2", Mode: formats.Delete, Find: "[", Occurrence: formats.AllOccurrences},
				{PairID: "P2", Mode: formats.Delete, Find: "]", Occurrence: formats.AllOccurrences}},
			id: "P2", runs: "{u}Initial Closing|. The closing shall take place at the applicable Closing of Series ___ Preferred."},
		{name: "text of a cell",
			answers: []formats.Answer{del("T1-R2-C2", "Officer")},
			id:      "T1-R2-C2", text: ""},
	})
}

func TestDeleteWholeElements(t *testing.T) {
	cases := []struct {
		name    string
		answers []formats.Answer
		gone    string // text that must be gone
		paras   int    // top-level paragraphs left (the fixture has 10)
		rows    int    // rows of T1 left (2)
	}{
		{"numbered definition", []formats.Answer{{PairID: "P4", Mode: formats.Delete}}, "“Board” means", 9, 2},
		{"paragraph emptied by a delete of its text goes too",
			[]formats.Answer{{PairID: "P9", Mode: formats.Delete, Find: "Mutual: We each keep the other's information confidential."}}, "Mutual", 9, 2},
		{"table row", []formats.Answer{{PairID: "T1-R2", Mode: formats.Delete}}, "Signer", 10, 1},
		{"two paragraphs named as given", []formats.Answer{{PairID: "P3", Mode: formats.Delete}, {PairID: "P4", Mode: formats.Delete}}, "Affiliate", 8, 2},
		{"cell cleared, not removed", []formats.Answer{{PairID: "T1-R2-C2", Mode: formats.Delete}}, "Officer", 10, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := New().Write(agreementDocx(t), c.answers, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			d := reopen(t, res.Document)
			if text := textOf(d.body); strings.Contains(text, c.gone) {
				t.Errorf("%q still in the document", c.gone)
			}
			paras := 0
			for _, n := range d.ix.nodes {
				if n.kind == kindPara && isW(n.el.Parent(), "body") {
					paras++
				}
			}
			if paras != c.paras {
				t.Errorf("%d top-level paragraphs, want %d", paras, c.paras)
			}
			if rows := len(tableRows(nodeEl(t, d, "T1"))); rows != c.rows {
				t.Errorf("T1 has %d rows, want %d", rows, c.rows)
			}
			if issues, _ := d.structuralIssues(); len(issues) > 0 {
				t.Errorf("structural issues: %v", issues)
			}
			if ch := res.Changes[0]; ch.Mode != formats.Delete || ch.Before == "" {
				t.Errorf("change = %+v", ch)
			}
		})
	}
}

func TestDeleteRefusals(t *testing.T) {
	cases := []struct {
		name    string
		answers []formats.Answer
		want    string
	}{
		{"paragraph holding a bookmark a REF points at", []formats.Answer{{PairID: "P8", Mode: formats.Delete}}, `delete would remove bookmark "_Ref100"`},
		{"paragraph holding a field and a footnote", []formats.Answer{{PairID: "P5", Mode: formats.Delete}}, `REF field "REF _Ref100 \h", footnote reference 1`},
		{"span holding a footnote reference", []formats.Answer{{PairID: "P5", Mode: formats.Delete, Find: "agreement, the"}}, "crosses footnote reference 1"},
		{"last paragraph after a table", []formats.Answer{{PairID: "P10", Mode: formats.Delete}}, "must end with a paragraph"},
		{"last row of a table", []formats.Answer{{PairID: "T1-R1", Mode: formats.Delete}, {PairID: "T1-R2", Mode: formats.Delete}}, "only row"},
		{"a run", []formats.Answer{{XPath: "/w:body/w:p[2]/w:r[2]", Mode: formats.Delete}}, "give find"},
		{"answer text with delete", []formats.Answer{{PairID: "P4", Mode: formats.Delete, AnswerText: "x"}}, "takes no answer_text"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := New().Write(agreementDocx(t), c.answers, formats.WriteOptions{})
			if !errors.Is(err, formats.ErrInvalidArgument) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want one saying %q", err, c.want)
			}
		})
	}
}

func TestDeleteSectionBreakParagraphRefused(t *testing.T) {
	doc := bodyDocx(t, `<w:p><w:pPr><w:sectPr/></w:pPr><w:r><w:t>Section one ends here.</w:t></w:r></w:p><w:p><w:r><w:t>Two</w:t></w:r></w:p>`)
	_, err := New().Write(doc, []formats.Answer{{PairID: "P1", Mode: formats.Delete}}, formats.WriteOptions{})
	if err == nil || !strings.Contains(err.Error(), "ends a section") {
		t.Fatalf("err = %v", err)
	}
}

func TestDeleteRowStartingVerticalMergeRefused(t *testing.T) {
	cell := func(pr, text string) string {
		return `<w:tc><w:tcPr>` + pr + `</w:tcPr><w:p><w:r><w:t>` + text + `</w:t></w:r></w:p></w:tc>`
	}
	doc := bodyDocx(t, `<w:tbl><w:tr>`+cell(`<w:vMerge w:val="restart"/>`, "A")+cell("", "B")+`</w:tr>`+
		`<w:tr>`+cell(`<w:vMerge/>`, "")+cell("", "C")+`</w:tr></w:tbl><w:p/>`)
	_, err := New().Write(doc, []formats.Answer{{PairID: "T1-R1", Mode: formats.Delete}}, formats.WriteOptions{})
	if err == nil || !strings.Contains(err.Error(), "vertically merged cell (grid column 1)") {
		t.Fatalf("err = %v", err)
	}
	if _, err := New().Write(doc, []formats.Answer{{PairID: "T1-R2", Mode: formats.Delete}}, formats.WriteOptions{}); err != nil {
		t.Fatalf("deleting the continuation row: %v", err)
	}
}
