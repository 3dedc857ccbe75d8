package word

import (
	"regexp"
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// Answer targets: the elements a person filling the document writes in,
// each with the question it answers and what it accepts. The compact map
// marks them and list_form_fields lists them: one set, computed once per
// parse. Targets never nest: a cell holding blanks in several paragraphs
// gives each paragraph a target (T1-R2-C1-P2) instead of the cell, and a
// content control that is a form field is a target instead of its
// paragraphs.

var (
	// issuerSection heads a part of the form its respondent does not fill.
	// As a formats.Pattern it runs only on text holding one of the words
	// every branch needs.
	issuerSection = formats.MustPattern(`(?i)\b(to be (completed|filled( in| out)?) by (the )?(agency|office|program office|reviewer|approver|authori[sz]ing|administrator|staff|department|issuer|registrar)|for (office|official|internal|administrative) use( only)?|office use only)\b`)
	// historyCaption names a document's own revision record, kept by its
	// authors, not answered.
	historyCaption = regexp.MustCompile(`(?i)\b(revision|version|change|amendment|document|template)\s+(history|log|record|control)\b|\bdocument changes\b`)
)

// maxIssuerHeading bounds the text read as a heading of an issuer's
// section: a heading, not a paragraph that mentions one.
const maxIssuerHeading = 200

// answerTarget is one answer target.
type answerTarget struct {
	n        *node
	qid      string // the element holding the question, "" when none
	question string
	kind     formats.TargetKind
	options  []string
	format   string
	maxChars int
	mode     formats.Mode // the mode a plain answer needs; "" for the default
	hint     string       // what the document says of the blank (a form field's name and help text)
	field    formats.FormField
}

// target returns the formats.Target of t.
func (t *answerTarget) target() formats.Target {
	return formats.Target{ID: t.n.id, QuestionID: t.qid, Question: t.question, Kind: t.kind, Options: t.options,
		Format: t.format, MaxChars: t.maxChars, Mode: t.mode, Hint: t.hint}
}

// finder collects a document's targets in document order.
type finder struct {
	d        *document
	list     []*answerTarget
	byID     map[string]*answerTarget
	excluded map[*etree.Element]bool // subtrees nobody filling the form answers
	inside   map[*etree.Element]bool // content controls taken whole
	tables   map[*etree.Element]*tableInfo
	// templateRows remembers which rows are a template's loop row
	// (templateRow), by row node.
	templateRows map[*node]bool
}

// answerTargets returns the document's targets, finding them once. It
// stops with an error wrapping formats.ErrStopped when the call's context
// ends part-way.
func (d *document) answerTargets() ([]*answerTarget, error) {
	if d.found == nil {
		defer d.cacheTexts()()
		f := &finder{d: d, byID: map[string]*answerTarget{}, excluded: map[*etree.Element]bool{},
			inside: map[*etree.Element]bool{}, tables: map[*etree.Element]*tableInfo{},
			templateRows: map[*node]bool{}}
		if err := f.exclude(); err != nil {
			return nil, err
		}
		for _, n := range d.ix.nodes {
			if err := d.stop.Step(); err != nil {
				return nil, err
			}
			f.visit(n)
		}
		f.settleQuestions()
		d.found = f.list
	}
	return d.found, nil
}

// visit finds the targets of one indexed element.
func (f *finder) visit(n *node) {
	if f.isExcluded(n.el) {
		return
	}
	switch n.kind {
	case kindSDT:
		if isFieldControl(n.el) {
			f.add(n, f.d.question(n, nil))
			f.inside[n.el] = true
		}
	case kindPara:
		f.paragraph(n)
	case kindCell:
		f.cell(n)
	}
}

// add records a target on n answering the question held by q (nil when
// none was found).
func (f *finder) add(n *node, q *question) {
	if f.byID[n.id] != nil {
		return
	}
	t := &answerTarget{n: n}
	if q != nil {
		t.qid, t.question = q.id, q.text
	}
	f.describe(t)
	f.byID[n.id] = t
	f.list = append(f.list, t)
}

// isExcluded reports an element inside an excluded subtree or inside a
// content control already taken whole.
func (f *finder) isExcluded(el *etree.Element) bool {
	for e := el; e != nil; e = e.Parent() {
		if f.excluded[e] || e != el && f.inside[e] {
			return true
		}
	}
	return false
}

// exclude marks what is not for the respondent: revision-history tables,
// example rows, tables of contents, and sections headed "to be completed by the agency"
// (to the next heading as high, or to the end).
func (f *finder) exclude() error {
	var issuer *etree.Element
	level := 0
	for _, n := range f.d.ix.nodes {
		if err := f.d.stop.Step(); err != nil {
			return err
		}
		switch n.kind {
		case kindTable:
			if f.isHistoryTable(n) {
				f.excluded[n.el] = true
			}
		case kindRow:
			if isExampleRow(n.el, f.d.textOf) {
				f.excluded[n.el] = true
			}
		case kindSDT:
			if val(pathW(n.el, "sdtPr", "docPartObj", "docPartGallery")) == "Table of Contents" {
				f.excluded[n.el] = true
			}
		case kindPara:
			lv := headingLevel(n.el)
			if issuer != nil && lv > 0 && lv <= level {
				issuer = nil
			}
			if text := f.d.textOf(n.el); issuer == nil && len(text) <= maxIssuerHeading && issuerSection.MatchString(text) {
				issuer, level = n.el, lv
				if level == 0 {
					level = 99 // not a heading: to the end of the document
				}
			}
			if strings.HasPrefix(val(pathW(n.el, "pPr", "pStyle")), "TOC") {
				f.excluded[n.el] = true
			}
		}
		if issuer != nil && n.el != issuer && n.row == nil {
			f.excluded[n.el] = true
		}
	}
	return nil
}

// headingLevel is a paragraph's outline level from its Heading style (1…9),
// 0 when it is not a heading.
func headingLevel(p *etree.Element) int {
	st := strings.ToLower(val(pathW(p, "pPr", "pStyle")))
	if !strings.HasPrefix(st, "heading") || len(st) < 8 {
		return 0
	}
	if c := st[len(st)-1]; c >= '1' && c <= '9' {
		return int(c - '0')
	}
	return 0
}

// isHistoryTable reports a revision-history table: its first row or the
// paragraphs just before it name a revision record.
func (f *finder) isHistoryTable(n *node) bool {
	rows := tableRows(n.el)
	if len(rows) > 0 && namesHistory(f.d.textOf(rows[0])) {
		return true
	}
	seen := 0
	for e := prevBlock(n.el); e != nil && seen < 2; e = prevBlock(e) {
		if !isW(e, "p") {
			return false
		}
		text := strings.TrimSpace(f.d.textOf(e))
		if text == "" {
			continue
		}
		seen++
		if len(text) < introRunes && namesHistory(text) {
			return true
		}
	}
	return false
}

// namesHistory reports a short text naming a revision record. The words
// it needs are looked for first: the expression is slow on every table.
func namesHistory(text string) bool {
	if len(text) > maxIssuerHeading {
		return false
	}
	l := strings.ToLower(text)
	if !strings.Contains(l, "histor") && !strings.Contains(l, "log") && !strings.Contains(l, "record") && !strings.Contains(l, "control") && !strings.Contains(l, "changes") {
		return false
	}
	return historyCaption.MatchString(text)
}

// isFieldControl reports a block-level content control that is a form
// field (a check box, a list, a date, a short text) rather than a
// container wrapping a part of the document (a cover page, a table of
// contents, a whole section).
func isFieldControl(sdt *etree.Element) bool {
	pr := childW(sdt, "sdtPr")
	sc := childW(sdt, "sdtContent")
	if pr == nil || sc == nil || childW(pr, "docPartObj") != nil || childW(pr, "picture") != nil {
		return false
	}
	if len(findW(sc, "tbl")) > 0 || len(findW(sc, "sdt")) > 0 {
		return false
	}
	return len(childrenW(sc, "p")) <= 3
}

// prevBlock and nextBlock step over the non-block siblings (bookmarks,
// proofing marks) to the previous or next paragraph, table or control.
func prevBlock(el *etree.Element) *etree.Element { return stepBlock(el, -1) }

func nextBlock(el *etree.Element) *etree.Element { return stepBlock(el, 1) }

func stepBlock(el *etree.Element, dir int) *etree.Element {
	p := el.Parent()
	if p == nil {
		return nil
	}
	for i := el.Index() + dir; i >= 0 && i < len(p.Child); i += dir {
		if e, ok := p.Child[i].(*etree.Element); ok && (isW(e, "p") || isW(e, "tbl") || isW(e, "sdt")) {
			return e
		}
	}
	return nil
}
