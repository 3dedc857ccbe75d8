package word

import (
	"regexp"
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// Example rows: a table row the publisher filled in to show how the form is
// answered ("Example: Data centers | 3 | Boston", "<Use Case Example -
// Please Delete>") is not answered itself, even when it holds boxes. A row
// still holding prompts to fill ("<Fill In>") is the row to fill, whatever
// its note says.

var (
	// exampleLead starts a row that gives an example ("Example: Data
	// centers"); a question explaining itself "For example: …" does not.
	exampleLead = formats.MustPattern(`(?i)^\s*(example\s*[:.\-–]|e\.g\.)`)
	// exampleNote is a bracketed note marking an example.
	exampleNote = formats.MustPattern(`(?i)[<\[][^<>\[\]\n]{0,40}\bexamples?\b[^<>\[\]\n]{0,40}[>\]]`)
	// fillPrompt is a bracketed prompt to fill in.
	fillPrompt = regexp.MustCompile(`[<\[][^<>\[\]\n]{1,80}[>\]]`)
)

// isExampleRow reports a table row that shows an example answer, reading
// the text of its cells with textOf.
func isExampleRow(tr *etree.Element, textOf func(*etree.Element) string) bool {
	marked, first := false, true
	for _, tc := range wrappedChildren(tr, "tc") {
		text := textOf(tc)
		if first && strings.TrimSpace(text) != "" {
			marked, first = exampleLead.MatchString(text), false
		}
		marked = marked || exampleNote.MatchString(text)
	}
	if !marked {
		return false
	}
	rest := exampleNote.ReplaceAllString(textOf(tr), "")
	for _, m := range fillPrompt.FindAllString(rest, -1) {
		if inner := strings.TrimSpace(m[1 : len(m)-1]); inner != "" && isPromptBracket(inner) {
			return false
		}
	}
	return true
}
