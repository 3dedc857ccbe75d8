package word

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/formfill/formfill/formats"
)

// Every target's question is a phrase a person reads: never empty, never
// punctuation, never the placeholder text of a control or a template tag.
// The finder's rules say where a question is; when the text they found
// is no question (a neighbouring cell's "Choose an item.", a field's own
// "{{ r.likelihood }}", nothing at all), settleQuestions looks again, in
// the order a person would: the label written before the blank, the row's
// question and the column's header, the field's name, the prompt's own
// words, the text above.

// maxOwnLabel bounds a label read before the blank in the target's own
// text: a label, not the sentence the blank sits in.
const maxOwnLabel = 120

// stockPrompts are the placeholder texts Word and templates show in an
// empty control: what the control shows, not what it asks.
var stockPrompts = []string{"click or tap here to enter text", "click here to enter text", "click or tap to enter a date",
	"click here to enter a date", "choose an item", "choose an option", "select an option", "select an item",
	"enter text here", "type here", "insert text here"}

// isStockPrompt reports a control's stock placeholder text, or a short
// prompt trailing off ("Select...", "Enter value…").
func isStockPrompt(s string) bool {
	t := strings.TrimSpace(s)
	l := strings.ToLower(strings.Trim(t, " .…:"))
	for _, p := range stockPrompts {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	if (strings.HasSuffix(t, "...") || strings.HasSuffix(t, "…")) && len(strings.Fields(l)) <= 3 {
		for _, w := range []string{"select", "choose", "enter", "click", "type", "pick"} {
			if strings.HasPrefix(l, w) {
				return true
			}
		}
	}
	return false
}

// readable reports a question a person can read: it has words or
// numbers, and no blank or template tag of its own.
func readable(q string) bool {
	if !strings.ContainsFunc(q, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) || isStockPrompt(q) {
		return false
	}
	for _, delim := range markerDelimiters {
		if strings.Contains(q, delim) {
			return false // a template tag, whole or cut short
		}
	}
	return !hasBlank(q, true)
}

// markerDelimiters are the halves of template tags; a question holding
// one quotes a tag.
var markerDelimiters = []string{"{{", "}}", "{%", "%}", "[[", "]]", "«", "»", "<<", ">>"}

// settleQuestions gives each target whose question is not readable one
// found again, and makes it a signature or a text target by what the new
// question names.
func (f *finder) settleQuestions() {
	for _, t := range f.list {
		if readable(t.question) && !ownFieldName(t) {
			continue
		}
		if q := f.questionAgain(t.n); q != nil {
			t.qid, t.question = q.id, q.text
			signature := signatureWord.MatchString(q.text)
			switch {
			case t.kind == formats.TargetSignature && !signature:
				t.kind = formats.TargetText
			case t.kind == formats.TargetText && signature:
				t.kind = formats.TargetSignature
			}
			if t.field.FieldType == string(formats.TargetSignature) || t.field.FieldType == string(formats.TargetText) {
				t.field.FieldType = string(t.kind)
			}
		}
	}
}

// ownFieldName reports a target asking nothing but a numbered name Word
// made up for its form field ("Text22", "Check3", "Dropdown5"; "Texte1"
// in French): the last resort of a field with no label, help or status
// text, and the same in every cell of a copied grid. A label the page
// shows — a column header, a row label — says more whenever there is one;
// the name stays in the target's hint. A name someone chose ("Company",
// "Additional comments") stays the question.
func ownFieldName(t *answerTarget) bool {
	return t.qid == t.n.id && t.question == t.field.Name && madeUpName.MatchString(t.field.Name)
}

// madeUpName matches a numbered default name: one word, then digits.
var madeUpName = regexp.MustCompile(`^\pL+\d+$`)

// questionAgain finds a readable question for the target on n, nil when
// nothing around it reads as one.
func (f *finder) questionAgain(n *node) *question {
	text := f.d.textOf(n.el)
	label, colon := labelBefore(text)
	if colon && readable(label) {
		return &question{id: n.id, text: label}
	}
	if cell := f.cellOf(n); cell != nil {
		if q := f.cellQuestionAgain(cell); q != nil {
			return q
		}
	}
	if q := nameOfField(text); q != "" {
		return &question{id: n.id, text: q}
	}
	if readable(label) {
		return &question{id: n.id, text: label}
	}
	for e := prevBlock(n.el); e != nil; e = prevBlock(e) {
		if !isW(e, "p") {
			break
		}
		t := cleanLabel(oneLineHead(f.d.textOf(e), 200))
		if readable(t) && !structuralOnly(t) {
			pn := f.d.ix.node(e)
			if pn == nil {
				break
			}
			return &question{id: pn.id, text: t}
		}
	}
	return nil
}

// cellOf is the table cell a target is or lies in, nil outside tables.
func (f *finder) cellOf(n *node) *node {
	if n.kind == kindCell {
		return n
	}
	if i := strings.LastIndex(n.id, "-P"); i > 0 {
		if c, ok := f.d.ix.ids()[n.id[:i]]; ok && c.kind == kindCell {
			return c
		}
	}
	return nil
}

// cellQuestionAgain reads a cell's question from its table: the row's
// question (left of it, not a blank itself) with the column's header, the
// header alone, or the question row above.
func (f *finder) cellQuestionAgain(cell *node) *question {
	ti := f.table(cell)
	if ti == nil {
		return nil
	}
	ci := ti.find(cell)
	if ci == nil {
		return nil
	}
	r, _ := ti.position(ci)
	var header string
	h := ti.headerOver(ci)
	if h != nil && r > ti.header {
		if t := cleanLabel(h.text); readable(t) {
			header = t
		}
	}
	if l := ti.rowLabel(r, ci); l != nil {
		text := cleanLabel(oneLineHead(l.text, 200))
		if header != "" && header != text {
			text += " / " + header
		}
		return &question{id: l.n.id, text: text}
	}
	if header != "" {
		return &question{id: h.n.id, text: header}
	}
	if q := ti.questionAbove(r, ci); q != nil && readable(q.text) {
		return q
	}
	if l := ti.columnLabelAbove(r, ci); l != nil {
		return &question{id: l.n.id, text: cleanLabel(l.text)}
	}
	if l := ti.captionRight(r, ci, len(checkboxesIn(cell.el)) > 0); l != nil {
		return &question{id: l.n.id, text: cleanLabel(oneLineHead(l.text, 200))}
	}
	return nil
}

// captionRight is the first readable cell right of ci in row r: the
// caption of a check box drawn in the cell before it. A box's caption may
// hold blanks of its own ("Non-Compliant: … Target Date: ____", "Other
// (specify): ____"); box says ci holds a check box, and such a caption
// is then taken too. Otherwise a cell with blanks is another answer
// place, not a caption.
func (ti *tableInfo) captionRight(r int, ci *cellInfo, box bool) *cellInfo {
	for _, c := range ti.rows[r] {
		if c.col <= ci.col || c.blanks && !box {
			continue
		}
		if t := cleanLabel(oneLine(c.text)); readable(t) {
			return c
		}
	}
	return nil
}

// columnLabelAbove is the nearest cell above ci, over its column, with a
// short readable text: a header row inside the table ("Name of service
// provider:") over rows of empty answer cells.
func (ti *tableInfo) columnLabelAbove(r int, ci *cellInfo) *cellInfo {
	for rr := r - 1; rr >= 0; rr-- {
		for _, c := range ti.rows[rr] {
			if c.col > ci.col || ci.col >= c.col+c.span {
				continue
			}
			t := cleanLabel(oneLine(c.text))
			switch {
			case c.blanks || t == "":
			case utf8.RuneCountInString(t) <= maxOwnLabel && readable(t):
				return c
			default:
				return nil // a question or prose above: not a column's name
			}
		}
	}
	return nil
}

// rowLabel is the readable text left of ci in row r that best labels it
// (labelsBetter), not a blank, a number or an answer column's content;
// else the text the template wrote in an answer column (filledLabel).
func (ti *tableInfo) rowLabel(r int, ci *cellInfo) *cellInfo {
	best := ti.bestLeft(r, ci, func(c *cellInfo, t string) bool {
		return !c.blanks && !ti.answerColumn(r, c) && readable(cleanLabel(oneLine(t)))
	})
	if best == nil {
		return ti.filledLabel(r, ci)
	}
	return best
}

// labelBefore is the text before the first blank or template field of
// text, cleaned, and whether it ended with a colon ("Name: ____"). Text
// too long for a label gives "".
func labelBefore(text string) (string, bool) {
	cut := len(text)
	ms := scanMarkers(text)
	for _, m := range ms {
		if !m.structural {
			cut = m.start
			break
		}
	}
	for _, loc := range blankScan.spans(text[:cut]) {
		if !insideMarker(ms, loc[0]) {
			cut = loc[0]
			break
		}
	}
	before := strings.TrimSpace(markerText(text[:cut]))
	if before == "" || utf8.RuneCountInString(before) > maxOwnLabel {
		return "", false
	}
	colon := strings.HasSuffix(before, ":") || strings.HasSuffix(before, "：")
	return cleanLabel(oneLine(before)), colon
}

// insideMarker reports byte i inside one of the tags ms.
func insideMarker(ms []templateMarker, i int) bool {
	for _, m := range ms {
		if m.start <= i && i < m.end {
			return true
		}
	}
	return false
}

// nameOfField is a question made from the first fill-in field of text
// ({{ company_name }} → "company name") or from a prompt's own words
// ("[Insert Product Name]" → "Product Name"); "" when neither reads.
func nameOfField(text string) string {
	for _, m := range scanMarkers(text) {
		if m.structural {
			continue
		}
		if q := promptWords(markerQuestion(m.expr)); readable(q) {
			return q
		}
	}
	if loc := blankScan.first(text); loc != nil {
		inner := strings.Trim(text[loc[0]:loc[1]], "[]<>{}_ ")
		if q := promptWords(inner); readable(q) {
			return q
		}
	}
	return ""
}

// promptWords drops the instruction verb from a prompt ("Insert Product
// Name" → "Product Name").
func promptWords(s string) string {
	s = strings.TrimSpace(s)
	if loc := promptWord.FindStringIndex(s); loc != nil && loc[1] < len(s) {
		switch w := strings.ToLower(strings.TrimSpace(s[loc[0]:loc[1]])); w {
		case "insert", "enter", "type", "add", "provide", "describe", "specify", "select", "choose", "list":
			s = strings.TrimSpace(s[loc[1]:])
		}
	}
	return cleanLabel(s)
}
