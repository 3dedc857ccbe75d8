package word

import (
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

// ruledBlank is an empty paragraph drawn as an answer line (a bottom
// border), as paragraph-layout questionnaires draw their answer room.
const ruledBlank = `<w:p><w:pPr><w:pBdr><w:bottom w:val="single" w:sz="4" w:space="1" w:color="auto"/></w:pBdr></w:pPr><w:r><w:t xml:space="preserve"> </w:t></w:r></w:p>`

// leaderBlank is a paragraph of one tab drawn with a dotted leader.
const leaderBlank = `<w:p><w:pPr><w:tabs><w:tab w:val="right" w:leader="dot" w:pos="9000"/></w:tabs></w:pPr><w:r><w:tab/></w:r></w:p>`

// bold is a bold paragraph, as a paragraph-layout question is set.
func bold(text string) string {
	return `<w:p><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">` + text + `</w:t></w:r></w:p>`
}

// listItem is a paragraph of list 1 at level ilvl.
func listItem(ilvl, text string) string {
	return `<w:p><w:pPr><w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="` + ilvl + `"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>` + text + `</w:t></w:r></w:p>`
}

func TestBlankParagraphsUnderAQuestionAreItsAnswer(t *testing.T) {
	tests := []struct {
		name, body, want string
		question         map[string]string
	}{
		{"numbered questions over ruled blank lines, hints between",
			p("Supplier Onboarding Assessment") + ruledBlank +
				bold("1.1  Legal Entity Name and Registration") + ruledBlank + p("Include company number") +
				bold("1.2  Registered Office Address") + ruledBlank + ruledBlank +
				bold("1.3  Years in Operation") + ruledBlank,
			"P10 P4 P7",
			map[string]string{"P4": "1.1 Legal Entity Name and Registration", "P10": "1.3 Years in Operation"}},
		{"a question over two whitespace-only paragraphs",
			p("What is your primary business activity?") + p(" ") + p("\t") + p("Next section"),
			"P2", map[string]string{"P2": "What is your primary business activity?"}},
		{"a question over a tab-leader line",
			p("Describe your backup procedure:") + leaderBlank + p("Thank you."),
			"P2", nil},
		{"spacing under a letter's lines is no answer room",
			p("{Insert Date}") + p("") + p("The agency has completed its review of the package.") + p("") + p("") + p("Sincerely"),
			"P1", nil},
		{"a label over room to sign is answered below it",
			p("SIGNED:") + p("") + p("") + p("Authorizing Official"),
			"P2", map[string]string{"P2": "SIGNED"}},
		{"a lead-in over a list is no question",
			p("7. With respect to defenses to this action:") + p("") + listItem("1", "The proposed Answer is attached.") + p("") + listItem("1", "Defenses are set forth."),
			"", nil},
		{"a lead-in naming what follows is no question",
			p("In support of this Motion the Intervenor states the following:") + p("") + p("") + p("1. Plaintiff brought the action."),
			"", nil},
		{"a numbered sentence over spacing is no question",
			p("1. Plaintiff brought the instant summary process action against the named Defendant only.") + p("") + p("") + p("2. Next."),
			"", nil},
		{"instructions about the form are no question",
			p("Please complete all sections of this questionnaire and return it by email.") + p("") + p("") + p("Please describe your backup procedure.") + p("") + p(""),
			"P5", map[string]string{"P5": "Please describe your backup procedure."}},
		{"a heading over blank lines is no question",
			`<w:p><w:pPr><w:pStyle w:val="Heading2"/></w:pPr><w:r><w:t>1. Company Background</w:t></w:r></w:p>` + ruledBlank + ruledBlank,
			"", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, cs := targetsOf(t, tt.body)
			if ids(got) != tt.want {
				t.Fatalf("targets %q, want %q\n%s", ids(got), tt.want, cs.CompactText)
			}
			for id, q := range tt.question {
				if got[id].Question != q {
					t.Errorf("%s asks %q, want %q", id, got[id].Question, q)
				}
			}
		})
	}
}

// TestEveryParagraphHasAnID: an empty paragraph the map leaves out is
// still an element ids returns and a write fills.
func TestEveryParagraphHasAnID(t *testing.T) {
	doc := bodyDocx(t, p("Heading")+p("")+p("Body"))
	cs, err := New().ExtractCompact(doc)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(cs.CompactText, "P2:") {
		t.Fatalf("the map shows the empty paragraph, which is no target:\n%s", cs.CompactText)
	}
	sel, err := cs.Select([]string{"P2"})
	if err != nil {
		t.Fatalf("ids P2: %v", err)
	}
	if !strings.HasPrefix(sel.CompactText, `P2: ""`) || sel.IDToXPath["P2"] == "" {
		t.Errorf("ids P2 gives %q with xpath %q, want the empty paragraph and its xpath", sel.CompactText, sel.IDToXPath["P2"])
	}
	if _, err := cs.Select([]string{"P9"}); err == nil {
		t.Error("ids P9 (no such paragraph) is accepted")
	}
	res, err := New().Write(doc, []formats.Answer{{PairID: "P2", AnswerText: "written in the empty paragraph"}}, formats.WriteOptions{})
	if err != nil {
		t.Fatalf("write to P2: %v", err)
	}
	if x := documentXMLOf(t, res.Document); !strings.Contains(x, "written in the empty paragraph") {
		t.Error("the answer to P2 is not in the document")
	}
}
