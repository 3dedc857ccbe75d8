package word

import (
	"errors"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

// Whole-element writes used to drop what the element held; now they are
// refused, naming what would be lost, unless the answer says force.
func TestReplaceContentRefusesToLoseAnchors(t *testing.T) {
	p := func(inner string) string { return `<w:p>` + inner + `</w:p>` }
	r := func(text string) string { return `<w:r><w:t>` + text + `</w:t></w:r>` }
	cases := []struct {
		name, body, id, want string
	}{
		{"REF field and footnote", "", "P5", `replace_content would remove REF field "REF _Ref100 \h", footnote reference 1`},
		{"comment anchor", p(`<w:commentRangeStart w:id="7"/>` + r("Noted") + `<w:commentRangeEnd w:id="7"/><w:r><w:commentReference w:id="7"/></w:r>`), "P1", "comment 7"},
		{"drawing", p(r("Logo:") + `<w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:docPr id="1" name="Logo 1"/></wp:inline></w:drawing></w:r>`), "P1", `drawing "Logo 1"`},
		{"bookmark in a cell's second paragraph", `<w:tbl><w:tr><w:tc>` + p(r("One")) + p(`<w:bookmarkStart w:id="1" w:name="_Ref9"/>`+r("Two")+`<w:bookmarkEnd w:id="1"/>`) + `</w:tc></w:tr></w:tbl><w:p/>`, "T1-R1-C1", `bookmark "_Ref9"`},
		{"endnote reference", p(r("Text") + `<w:r><w:endnoteReference w:id="2"/></w:r>`), "P1", "endnote reference 2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := agreementDocx(t)
			if c.body != "" {
				doc = bodyDocx(t, c.body)
			}
			a := formats.Answer{PairID: c.id, Mode: formats.ReplaceContent, AnswerText: "New text"}
			_, err := New().Write(doc, []formats.Answer{a}, formats.WriteOptions{})
			if !errors.Is(err, formats.ErrInvalidArgument) || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), `"force": true`) {
				t.Fatalf("err = %v, want a refusal naming %q", err, c.want)
			}
			a.Force = true
			res, err := New().Write(doc, []formats.Answer{a}, formats.WriteOptions{})
			if err != nil {
				t.Fatalf("with force: %v", err)
			}
			if len(res.Warnings) == 0 || !strings.Contains(res.Warnings[0], c.want[strings.LastIndex(c.want, " ")+1:]) {
				t.Errorf("warnings %q do not name what was removed", res.Warnings)
			}
		})
	}
}

// What replace_content has always kept (the bookmarks and comment ranges
// of a paragraph) it still keeps, without asking for force.
func TestReplaceContentKeepsParagraphBookmarks(t *testing.T) {
	res, err := New().Write(agreementDocx(t), []formats.Answer{{PairID: "P8", Mode: formats.ReplaceContent, AnswerText: "Optional Clause. Now required."}}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	d := reopen(t, res.Document)
	if got := runView(d, nodeEl(t, d, "P8")); got != "{u}Optional Clause|. Now required." {
		t.Errorf("runs = %q: the paragraph's run-in header should keep its underline", got)
	}
	if !strings.Contains(documentXMLOf(t, res.Document), `w:name="_Ref100"`) {
		t.Error("bookmark lost")
	}
}

// Fill checks the written document against its source: a deletion forced
// through a bookmark leaves the REF pointing at it dangling, which is a
// structural issue; what force removed is a warning.
func TestFillReportsDanglingReferences(t *testing.T) {
	res, rep, err := New().Fill(agreementDocx(t), []formats.Answer{{PairID: "P8", Mode: formats.Delete, Force: true}}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.StructuralIssues) != 1 || !strings.Contains(rep.StructuralIssues[0], `REF field "REF _Ref100 \h" points at bookmark "_Ref100"`) {
		t.Errorf("structural issues = %q", rep.StructuralIssues)
	}
	if !strings.Contains(strings.Join(res.Warnings, "\n"), `force: delete removed bookmark "_Ref100"`) {
		t.Errorf("warnings = %q", res.Warnings)
	}
	if rep.Summary.Matched != 1 || rep.OK() {
		t.Errorf("summary = %+v", rep.Summary)
	}
}

// verify against the source reports every field, note reference and
// bookmark the written document lost, whoever wrote it.
func TestVerifyAgainstSourceReportsLosses(t *testing.T) {
	src := agreementDocx(t)
	lossy := strings.Replace(agreementDocument(agreementBody),
		`<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteReference w:id="1"/></w:r>`, "", 1)
	lossy = strings.Replace(lossy, `<w:bookmarkStart w:id="100" w:name="_Ref100"/>`, "", 1)
	out := packDocx(t, map[string]string{"[Content_Types].xml": agreementTypes, "word/document.xml": lossy})
	rep, err := formats.VerifyAgainst(New(), src, out, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(rep.StructuralIssues, "\n")
	for _, want := range []string{
		`lost against the source document: bookmark "_Ref100"`,
		"lost against the source document: footnote reference 1",
		`REF field "REF _Ref100 \h" points at bookmark "_Ref100"`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("issues lack %q:\n%s", want, got)
		}
	}
	if rep.Summary.StructuralIssues != 3 {
		t.Errorf("summary counts %d issues, want 3", rep.Summary.StructuralIssues)
	}
	same, err := formats.VerifyAgainst(New(), src, src, nil)
	if err != nil || len(same.StructuralIssues) != 0 {
		t.Errorf("the source against itself: %v %v", same.StructuralIssues, err)
	}
}

// The original write modes render inline tags when the answer has one, and
// style explicit definitions like the document; plain answers are written
// as before, whatever they hold.
func TestOriginalModesRenderTags(t *testing.T) {
	runEditCases(t, []editCase{
		{name: "replace_content of a definition keeps the term bold",
			answers: []formats.Answer{{PairID: "P3", Mode: formats.ReplaceContent, AnswerText: "“Affiliate” means any Person under common control."}},
			id:      "P3", runs: "“|{b}Affiliate|” means any Person under common control."},
		{name: "definition tag in replace_content",
			answers: []formats.Answer{{PairID: "P10", Mode: formats.ReplaceContent, AnswerText: "<definition>Closing Cash</definition> means cash."}},
			id:      "P10", runs: "“|{b}Closing Cash|” means cash."},
		{name: "bold tag in append",
			answers: []formats.Answer{{PairID: "P10", Mode: formats.Append, AnswerText: "<b>Signed.</b>"}},
			id:      "P10", runs: "End of agreement.| |{b}Signed."},
		{name: "literal angle brackets without tags",
			answers: []formats.Answer{{PairID: "P10", Mode: formats.ReplaceContent, AnswerText: "a <c> & d"}},
			id:      "P10", text: "a <c> & d"},
	})
	_, err := New().Write(agreementDocx(t), []formats.Answer{{PairID: "P10", Mode: formats.ReplaceContent, AnswerText: "<b>x</b> <RunInHeaders>"}}, formats.WriteOptions{})
	if err == nil || !strings.Contains(err.Error(), "<RunInHeaders> in answer_text is not an inline tag") {
		t.Errorf("err = %v", err)
	}
}

// verify_output given the answer as written, tags and all, checks the
// text the tags render to.
func TestVerifyReadsTaggedExpectations(t *testing.T) {
	answer := "<definition>Closing Cash</definition> means <b>all</b> cash."
	res, err := New().Write(agreementDocx(t), []formats.Answer{{PairID: "P10", Mode: formats.ReplaceContent, AnswerText: answer}}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := New().Verify(res.Document, []formats.ExpectedAnswer{{PairID: "P10", ExpectedText: answer}, {PairID: "P10", ExpectedText: "<b>no</b> cash"}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.ContentResults[0].Status != formats.ContentMatched || rep.ContentResults[1].Status != formats.ContentMismatched {
		t.Errorf("results = %+v", rep.ContentResults)
	}
}
