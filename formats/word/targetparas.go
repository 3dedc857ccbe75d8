package word

import (
	"strings"
	"unicode/utf8"

	"github.com/beevik/etree"
)

// Paragraph targets outside tables: paragraphs holding blanks (fields,
// controls, check boxes, placeholders), "Label:" paragraphs answered after
// their colon, and the empty lines under a question asking for a longer
// answer.

// minAnswerLines is how many empty paragraphs under a question make room
// for an answer (one is spacing).
const minAnswerLines = 2

// question is where a target's question is: the element's ID and its text.
type question struct{ id, text string }

// paragraph finds the targets of a paragraph outside tables.
func (f *finder) paragraph(n *node) {
	p := n.el
	text := f.d.textOf(p)
	if structuralOnly(text) || f.d.lineUnderField(p, text) {
		return // a template's skeleton; a field's drawn line
	}
	switch {
	case hasBlanksIn(p, text, false):
		f.add(n, f.d.question(n, nil))
	case isLabelLine(text) && !f.d.hasRoomBelow(p):
		next := f.d.nextContent(p)
		if !introduces(next) && !(next != nil && isW(next, "p") && f.d.isBlankLine(next)) {
			f.add(n, &question{id: n.id, text: cleanLabel(text)})
		}
	default:
		f.answerBelow(n, text) // blankparas.go
	}
}

// hasBlanks reports a paragraph or cell with a blank of its own: a form
// field, a content control, a check box or a placeholder. Angle-bracket
// prompts count in table cells only: in running text they are the
// drafter's template variables ("the <system name> received …").
func (d *document) hasBlanks(el *etree.Element, inCell bool) bool {
	return hasBlanksIn(el, d.textOf(el), inCell)
}

// hasBlanksIn is hasBlanks for el whose text is already read.
func hasBlanksIn(el *etree.Element, text string, inCell bool) bool {
	if hasBlank(text, inCell) {
		return true
	}
	c := countBlanks(el)
	return c.controls+c.fields+c.boxes > 0
}

// isBlankLine reports a paragraph that is only a blank to write on
// ("__________").
func (d *document) isBlankLine(p *etree.Element) bool {
	t := strings.TrimSpace(d.textOf(p))
	return t != "" && strings.Trim(t, "_ \t.") == ""
}

// asksBelow reports a question whose answer goes under it: it ends with a
// colon or a question mark, or starts like an instruction to write.
func asksBelow(text string) bool {
	t := strings.TrimSpace(text)
	if utf8.RuneCountInString(t) < 12 {
		return false
	}
	return strings.HasSuffix(t, ":") || strings.HasSuffix(t, "?") || promptStartWord.MatchString(t)
}

// question finds what the blank in n (at, when given; else n's one field
// or control) asks: the control's own name for a block-level control, the
// text before the blank in its paragraph, else the label beside or above.
func (d *document) question(n *node, at *etree.Element) *question {
	if at == nil {
		at = soleField(n.el)
	}
	if n.kind == kindSDT {
		if name := controlName(n.el); name != "" {
			return &question{id: n.id, text: name}
		}
	}
	// n's own text as a label: label's first choice when at is nil, and
	// what labelID looks for; worked out once for both.
	own := d.ownLabel(n)
	if at == nil && n.kind != kindCell && own != "" {
		return &question{id: n.id, text: own}
	}
	if l := d.labelWith(n, at, own); l != "" {
		return &question{id: d.labelID(n, l, own), text: l}
	}
	return nil
}

// soleField is the one control, form field or check box of el, nil when it
// has none or several.
func soleField(el *etree.Element) *etree.Element {
	ctls, fields, boxes := textControls(el), legacyFields(el), checkboxesIn(el)
	switch {
	case len(ctls)+len(fields)+len(boxes) != 1:
		return nil
	case len(ctls) == 1:
		return ctls[0]
	case len(fields) == 1:
		return fields[0].begin
	case boxes[0].sdt != nil:
		return boxes[0].sdt
	}
	return nil // a legacy box is among fields
}

// ownLabel is n's own text as a label: without its placeholders, cleaned.
func (d *document) ownLabel(n *node) string {
	return cleanLabel(placeholderScan.strip(d.textOf(n.el)))
}

// labelID names the element holding a label found by label: the element
// itself when the label is its own text (own, n's ownLabel), else the cell
// to the left or the previous block.
func (d *document) labelID(n *node, label, own string) string {
	if strings.Contains(own, label) {
		return n.id
	}
	if n.kind == kindCell && n.col > 0 {
		return n.row.cells[n.col-1].id
	}
	if prev := prevBlock(n.el); prev != nil {
		if pn := d.ix.node(prev); pn != nil {
			return pn.id
		}
	}
	return n.id
}
