package word

import (
	"strconv"
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// Paragraphs inside a cell have IDs of their own, "<cell ID>-P<n>" (the
// n-th paragraph of the cell, looking through cell-level wrappers), so a
// signature block that asks for a name, a title and a date in one cell
// gives each blank an ID that no other blank shares.

// cellParagraph resolves a cell-paragraph ID such as T4-R3-C1-P2, or
// reports false. Resolved IDs are remembered.
func (ix *index) cellParagraph(id string) (*node, bool) {
	i := strings.LastIndex(id, "-P")
	if i < 0 {
		return nil, false
	}
	want, err := strconv.Atoi(id[i+2:])
	if err != nil || want < 1 || strconv.Itoa(want) != id[i+2:] {
		return nil, false
	}
	cell, ok := ix.ids()[id[:i]]
	if !ok || cell.kind != kindCell {
		return nil, false
	}
	var found *node
	n := 0
	// Only the wanted paragraph's XPath is made: making one for each
	// paragraph of the cell showed on the questionnaires, whose answers
	// are cell paragraphs.
	eachWrappedStep(cell.el, cell.path(), "p", func(p *etree.Element, base string, k int) {
		if n++; n == want {
			found = &node{id: id, base: base, step: k, kind: kindPara, el: p}
		}
	})
	if found == nil {
		return nil, false
	}
	ix.ids()[id] = found
	return found, true
}

// appendParagraphLines appends, under a cell's line, a line for each of
// its paragraphs that is an answer target of its own (T1-R2-C1-P3), and
// maps those IDs to their XPaths: what list_form_fields names, the
// compact map shows.
func appendParagraphLines(b *formats.CompactBuilder, targets []*answerTarget) []byte {
	buf := b.Text
	for _, t := range targets {
		b.XPath(t.n.id, t.n.path())
		text := textOf(t.n.el)
		b.Alias(t.n.id, text)
		buf = append(buf, "  "...)
		buf = append(buf, t.n.id...)
		buf = append(buf, ": "...)
		buf = formats.AppendQuoted(buf, oneLineHead(text, 200))
		if h := t.hints(); len(h) > 0 {
			buf = append(buf, " ["...)
			buf = append(buf, strings.Join(h, ", ")...)
			buf = append(buf, ']')
		}
		buf = t.appendArrow(buf)
		buf = append(buf, '\n')
	}
	return buf
}
