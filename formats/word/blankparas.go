package word

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/beevik/etree"
)

// Answer room below a question. Questionnaires laid out in paragraphs put
// each question in a paragraph of its own and leave the paragraphs under
// it for the answer: blank or whitespace-only paragraphs, often drawn as
// lines (a bottom border, a row of underscores, a tab with a leader). The
// first of them is the question's answer target; the others are the same
// answer's room. A question is a paragraph that asks (a colon or question
// mark at its end, an instruction to write, a short label) or a numbered
// item that is not a sentence ("1.1  Legal Entity Name"). Blank lines
// under anything else (a title, a sentence of a letter) are spacing.

// maxQuestionLead bounds a numbered question: a question, not a clause.
const maxQuestionLead = 250

// aboutTheForm marks instructions about filling the document itself
// ("Please complete all sections of this questionnaire."), which ask for
// nothing under them.
var aboutTheForm = regexp.MustCompile(`(?i)\b(this|the) (questionnaire|form|document|template|survey|checklist|assessment)\b|\ball (questions|sections|fields|parts)\b|\b(return|submit|send|e-?mail) (the|this|it|your|all|completed)\b`)

// leadKind says how a paragraph asks for the answer room under it.
type leadKind int

const (
	leadNone     leadKind = iota
	leadAsks              // ends with "?" or ":", or starts with an instruction
	leadNumbered          // a numbered item that is not a sentence
	leadLabel             // a short "Label:" line
)

// answerBelow makes the first paragraph of the answer room under n its
// target, when n is a question and the room is one.
func (f *finder) answerBelow(n *node, text string) {
	if next := nextBlock(n.el); next == nil || !isW(next, "p") || !mayBeBlank(next) {
		return // the cheap test first: most paragraphs run on into text
	}
	lead := questionLead(n.el, text)
	if lead == leadNone {
		return
	}
	room, count, drawn := f.d.answerRoom(n.el)
	if room == nil || count < minAnswerLines && !drawn {
		return
	}
	if lead != leadNumbered && f.d.leadsIn(n.el, room) {
		return
	}
	an := f.d.ix.node(room)
	if an == nil || f.isExcluded(room) {
		return
	}
	f.add(an, &question{id: n.id, text: cleanLabel(oneLineHead(text, 200))})
}

// mayBeBlank reports a paragraph whose first text is only white space or
// underscores (or that has none): it may be an answer line.
func mayBeBlank(p *etree.Element) bool {
	blank := true
	descend(p, func(e *etree.Element) bool {
		if !blank {
			return false
		}
		if isW(e, "t") {
			blank = strings.Trim(e.Text(), " \t\u00a0_") == ""
			return false
		}
		return true
	})
	return blank
}

// questionLead tells whether p, with text, asks for an answer under it.
func questionLead(p *etree.Element, text string) leadKind {
	t := strings.TrimSpace(text)
	if t == "" || headingLevel(p) > 0 || isTitleStyle(p) {
		return leadNone
	}
	switch {
	case isLabelLine(t):
		return leadLabel
	case asksBelow(t) && !leadIn.MatchString(t) && !aboutTheForm.MatchString(t):
		return leadAsks
	case utf8.RuneCountInString(t) <= maxQuestionLead && !endsSentence(t) && (isListItem(p) || numberedText(t)):
		return leadNumbered
	}
	return leadNone
}

// isTitleStyle reports a paragraph styled as a title, subtitle or table
// of contents line: never a question.
func isTitleStyle(p *etree.Element) bool {
	st := strings.ToLower(val(pathW(p, "pPr", "pStyle")))
	return strings.Contains(st, "title") || strings.HasPrefix(st, "toc") || strings.Contains(st, "heading")
}

// endsSentence reports text ending like a statement ("… is attached.",
// "…; and"), not like a question's name.
func endsSentence(t string) bool {
	r, _ := utf8.DecodeLastRuneInString(strings.TrimRight(t, " ”\"')"))
	return r == '.' || r == ';' || r == ','
}

// numberedText reports text that starts with a typed question number
// ("1.1  Legal Entity", "Q3. Hosting", "a) Scope").
func numberedText(t string) bool {
	first, rest, ok := strings.Cut(t, " ")
	if !ok {
		first, rest, ok = strings.Cut(t, "\t")
	}
	if !ok || !strings.ContainsFunc(rest, unicode.IsLetter) {
		return false
	}
	first = strings.TrimSpace(first)
	return isNumberLabel(first) && strings.ContainsFunc(first, func(r rune) bool { return unicode.IsDigit(r) || r == '.' || r == ')' })
}

// answerRoom returns the first of the blank paragraphs right after p, how
// many there are, and whether any is drawn as a line to write on.
func (d *document) answerRoom(p *etree.Element) (first *etree.Element, count int, drawn bool) {
	for e := nextBlock(p); e != nil && isW(e, "p"); e = nextBlock(e) {
		line := d.isBlankLine(e) || d.leaderLine(e)
		if !line && !d.isEmptyPara(e) {
			break
		}
		if first == nil {
			first = e
		}
		count++
		drawn = drawn || line || ruled(e)
	}
	return first, count, drawn
}

// ruled reports a paragraph drawn with a border line (the answer line of
// a form made in Word: an empty paragraph with a bottom border).
func ruled(p *etree.Element) bool {
	b := pathW(p, "pPr", "pBdr")
	if b == nil {
		return false
	}
	for _, side := range []string{"bottom", "top", "between"} {
		if e := childW(b, side); e != nil && val(e) != "nil" && val(e) != "none" {
			return true
		}
	}
	return false
}

// leaderLine reports a paragraph that is only tabs drawn as a line: a tab
// stop with a leader, or underlined tabs and spaces.
func (d *document) leaderLine(p *etree.Element) bool {
	tabs := findW(p, "tab")
	if len(tabs) == 0 || strings.TrimSpace(d.textOf(p)) != "" {
		return false
	}
	for _, t := range findW(pathW(p, "pPr", "tabs"), "tab") {
		if l, _ := attr(t, "w", "leader"); l != "" && l != "none" {
			return true
		}
	}
	for _, r := range findW(p, "r") {
		if u := pathW(r, "rPr", "u"); u != nil && val(u) != "none" && childW(r, "tab") != nil {
			return true
		}
	}
	return false
}

// leadsIn reports a line that introduces the list after its blank lines
// rather than asking: "7. With respect to defenses to this action:" over
// "a. The proposed Answer is attached."
func (d *document) leadsIn(p, room *etree.Element) bool {
	e := room
	for e != nil && isW(e, "p") && (d.isEmptyPara(e) || d.isBlankLine(e) || d.leaderLine(e)) {
		e = nextBlock(e)
	}
	return e != nil && isW(e, "p") && isListItem(e) && !isListItem(p)
}

// nextContent is the first block after p that is not an empty paragraph.
func (d *document) nextContent(p *etree.Element) *etree.Element {
	e := nextBlock(p)
	for e != nil && isW(e, "p") && d.isEmptyPara(e) {
		e = nextBlock(e)
	}
	return e
}

// lineUnderField reports a row of underscores drawn under a paragraph
// that is a lone template field or prompt ({{ tenant.signature }} over
// "________"): the field's line, not a second answer place.
func (d *document) lineUnderField(p *etree.Element, text string) bool {
	if t := strings.TrimSpace(text); t == "" || strings.Trim(t, "_ \t.") != "" {
		return false // not a line of underscores (isBlankLine, text read)
	}
	for e := prevBlock(p); e != nil && isW(e, "p"); e = prevBlock(e) {
		t := strings.TrimSpace(d.textOf(e))
		if t == "" || structuralOnly(t) {
			continue
		}
		return strings.TrimSpace(markerText(t)) == "" && hasFillInMarker(t) || isPromptOnly(t, false) && !d.isBlankLine(e)
	}
	return false
}

// hasRoomBelow reports answer room under p: two blank paragraphs or more,
// or one drawn as a line. A "Label:" line with room under it is answered
// there, not after its colon.
func (d *document) hasRoomBelow(p *etree.Element) bool {
	room, count, drawn := d.answerRoom(p)
	return room != nil && (count >= minAnswerLines || drawn)
}
