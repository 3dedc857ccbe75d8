package word

import (
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

func TestBracketsArePlaceholdersOnlyWhereAnAnswerGoes(t *testing.T) {
	tests := []struct {
		name, text string
		want       bool
	}{
		{"a unit inside instructions", "Give the database size as a number in the unit shown, e.g. [MB], rounded up.", false},
		{"a unit after a label", "Peak throughput [Mbps] as measured last quarter.", false},
		{"an example after such as", "List the platforms used, such as [Oracle] or [SQL Server], with versions.", false},
		{"a prompt alone", "[Insert Product Name and Version]", true},
		{"a long prompt alone after a label", "Accessibility Risk Level: [High, Medium, or Low – determined by severity of accessibility barriers, criticality of impacted functionality, and the number of users exposed to the risk]", true},
		{"a long instruction alone", "[List any dependencies such as vendor patches, budget availability, or external system upgrades that impact remediation timeline.]", true},
		{"a short prompt inside a sentence", "This plan works with the Remediation Plan for [insert product/system].", true},
		{"contact fields in a sentence", "Provide versions within 24 hours upon request via [email] or [phone number]", true},
		{"a long editorial bracket in prose", "The Company shall deliver [the financial statements of the Company for the fiscal year ended, audited by independent accountants of national standing] to each Purchaser.", false},
		{"a block marker", "[[BLOCK:intro]]", false},
		{"a drafter's optional note", "[Optional: CIO / Senior Executive Sign-off / Legal Counsel]", false},
		{"a citation", "Privacy Act of 1974 [5 USC 552a]", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := hasBlank(tt.text, false); got != tt.want {
				t.Errorf("hasBlank(%q) = %v, want %v", tt.text, got, tt.want)
			}
		})
	}
}

// TestUnitsInInstructionsAreNoTarget: a paragraph of instructions with a
// bracketed unit is no target; the answer line under the question is.
func TestUnitsInInstructionsAreNoTarget(t *testing.T) {
	body := p("Give each size as a number in the unit shown, e.g. [MB].") +
		p("Total database size [GB]:") + p("") + p("") + p("Next question")
	got, cs := targetsOf(t, body)
	if ids(got) != "P3" {
		t.Fatalf("targets %q, want P3 (the room under the size question)\n%s", ids(got), cs.CompactText)
	}
	if q := got["P3"].Question; q != "Total database size [GB]" {
		t.Errorf("P3 asks %q", q)
	}
}

// TestAnswerReplacesTheBlankNotTheNoteBeforeIt: the writer fills the
// first blank detection reads, past a drafter's bracketed note.
func TestAnswerReplacesTheBlankNotTheNoteBeforeIt(t *testing.T) {
	doc := bodyDocx(t, `<w:p><w:r><w:t>[Optional: Legal Counsel]</w:t></w:r><w:r><w:br/><w:t>Name: [Insert First and Last Name]</w:t></w:r></w:p>`)
	res, err := New().Write(doc, []formats.Answer{{PairID: "P1", AnswerText: "Dana Smith"}}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	x := documentXMLOf(t, res.Document)
	if !strings.Contains(x, "[Optional: Legal Counsel]") || strings.Contains(x, "[Insert First and Last Name]") || !strings.Contains(x, "Dana Smith") {
		t.Errorf("the answer did not replace the name prompt alone:\n%s", x)
	}
}
