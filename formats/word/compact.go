package word

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// maxSnippet bounds the raw XML shown for a complex element.
const maxSnippet = 240

// ExtractCompact implements extract_structure_compact.
func (e *Engine) ExtractCompact(data []byte) (*formats.CompactStructure, error) {
	d, err := openRecyclable(data, e.stopper(), unreadByMap...)
	if err != nil {
		return nil, err
	}
	// The map holds strings only, none of the tree.
	defer d.recycle()
	return formats.InPhase(d.stop, formats.PhaseExtract, d.compact)
}

// unreadByMap are the elements the map never reads inside: cell and table
// borders and margins, which are most of a questionnaire's elements (four
// sides, four attributes each, for every cell). ExtractCompact leaves them
// unbuilt; a complex element's snippet, which shows them, builds its
// element first.
var unreadByMap = []string{"w:tcBorders", "w:tcMar", "w:tblBorders", "w:tblCellMar"}

// compact lists the indexed nodes with the answer targets' lines; it steps
// the call's stop once per node.
func (d *document) compact() (*formats.CompactStructure, error) {
	defer d.cacheTexts()()
	targets, err := d.answerTargets()
	if err != nil {
		return nil, err
	}
	byID := make(map[string]*answerTarget, len(targets))
	inCell := map[string][]*answerTarget{} // cell ID → its paragraphs' targets
	found := make([]formats.Target, 0, len(targets))
	for _, t := range targets {
		byID[t.n.id] = t
		found = append(found, t.target())
		if i := strings.LastIndex(t.n.id, "-P"); i > 0 {
			if cell, ok := d.ix.ids()[t.n.id[:i]]; ok && cell.kind == kindCell {
				inCell[cell.id] = append(inCell[cell.id], t)
			}
		}
	}
	// One buffer for all lines: building each line as a string of its own
	// was a third of the extraction's allocations.
	b := formats.NewCompactBuilder(96 * len(d.ix.nodes))
	b.Reserve(len(d.ix.nodes))
	for _, n := range d.ix.nodes {
		if err := d.stop.Step(); err != nil {
			return nil, err
		}
		from := len(b.Text)
		var complexTypes []string
		var text string
		b.Text, complexTypes, text = appendLine(b.Text, n, byID[n.id], d.textOf)
		if len(b.Text) > from {
			b.Begin(n.id, text, from)
		} else {
			b.Hold() // rows and empty paragraphs go with the next line
		}
		b.XPath(n.id, n.path())
		b.Text = appendParagraphLines(b, inCell[n.id])
		if len(complexTypes) > 0 {
			if err := d.lazy.Build(n.el); err != nil {
				return nil, err
			}
		}
		for _, ct := range complexTypes {
			b.Complex(fmt.Sprintf("%s COMPLEX(%s): %s", n.id, ct, snippet(n.el)))
		}
	}
	b.Structure().Targets = found
	return b.Finish(), nil
}

// appendLine appends n's compact line to buf and returns the complex
// structures in it and its full text; empty top-level paragraphs that are
// not targets, and rows, get none (rows are implied by their cells). A
// target's line says what it accepts and the question it answers.
func appendLine(buf []byte, n *node, t *answerTarget, textOf func(*etree.Element) string) ([]byte, []string, string) {
	switch n.kind {
	case kindRow:
		return buf, nil, ""
	case kindTable:
		rows := tableRows(n.el)
		cols := 0
		for _, r := range rows {
			cols = max(cols, len(rowCells(r)))
		}
		line := fmt.Sprintf("table %d rows × %d columns", len(rows), cols)
		return fmt.Appendf(buf, "%s: %s\n", n.id, line), nil, line
	}
	text := shownText(n.el, ownTextWith(n.el, textOf))
	empty := strings.TrimSpace(text) == ""
	if empty && n.kind == kindPara && t == nil && !hasFormControl(n.el) {
		return buf, nil, ""
	}
	var hintBuf [8]string
	hints := hintBuf[:0]
	if empty {
		hints = append(hints, "empty")
	}
	hints = formatHints(hints, n)
	if t != nil {
		hints = append(hints, t.hints()...)
	}
	complexTypes := complexity(n)
	buf = append(buf, n.id...)
	buf = append(buf, ": "...)
	buf = formats.AppendQuoted(buf, oneLineHead(text, 200))
	for i, h := range hints {
		if i == 0 {
			buf = append(buf, " ["...)
		} else {
			buf = append(buf, ", "...)
		}
		buf = append(buf, h...)
	}
	if len(hints) > 0 {
		buf = append(buf, ']')
	}
	for _, ct := range complexTypes {
		buf = append(buf, " COMPLEX("...)
		buf = append(buf, ct...)
		buf = append(buf, ')')
	}
	if t != nil {
		buf = t.appendArrow(buf)
	}
	return append(buf, '\n'), complexTypes, text
}

// maxQuestionQuote is how much of its question a target's line quotes.
const maxQuestionQuote = 60

// appendArrow appends the target marker: ← answer to T1-R2-C1 "Company
// name"; ← answer to "Company name" when the label is the target's own
// text; ← answer target when the question is not known.
func (t *answerTarget) appendArrow(buf []byte) []byte {
	if t.question == "" {
		return append(buf, " ← answer target"...)
	}
	buf = append(buf, " ← answer to "...)
	if t.qid != t.n.id { // a question held elsewhere; else the target's own label
		buf = append(buf, t.qid...)
		buf = append(buf, ' ')
	}
	// Cut by ClipQuestion, which keeps the last part of a row's question
	// ("… / NO") that tells it from the row's other targets.
	q := oneLineHead(t.question, 4*maxQuestionQuote)
	return formats.AppendQuoted(buf, formats.ClipQuestion(q, maxQuestionQuote+1))
}

// ownText is an element's text without the tables nested in it (their
// cells have lines of their own).
func ownText(el *etree.Element) string { return ownTextWith(el, textOf) }

// ownTextWith is ownText reading the text of el's parts with textOf.
func ownTextWith(el *etree.Element, textOf func(*etree.Element) string) string {
	if !isW(el, "tc") {
		return textOf(el)
	}
	var b strings.Builder
	first := true
	for _, c := range el.Child {
		if e, ok := c.(*etree.Element); ok && !isW(e, "tbl") {
			if !first {
				b.WriteByte('\n')
			}
			first = false
			b.WriteString(textOf(e))
		}
	}
	return b.String()
}

// hasFormControl reports whether el holds a content control or a legacy
// form field (outside nested tables), in one walk.
func hasFormControl(el *etree.Element) bool {
	found := false
	descend(el, func(e *etree.Element) bool {
		if found || e != el && isW(e, "tbl") {
			return false
		}
		if isW(e, "sdt") && (sdtCheckbox(e) != nil || childW(e, "sdtContent") != nil && !hasW(e, "tc")) || isW(e, "ffData") {
			found = true
		}
		return !found
	})
	return found
}

// formatHints appends what an agent should know of the element's look.
func formatHints(hints []string, n *node) []string {
	var bold, italic bool
	size := ""
	descend(n.el, func(r *etree.Element) bool {
		if !isW(r, "r") {
			return true
		}
		rpr := childW(r, "rPr")
		if rpr == nil || !showsText(r) {
			return true
		}
		bold = bold || onOff(childW(rpr, "b"))
		italic = italic || onOff(childW(rpr, "i"))
		if sz := childW(rpr, "sz"); sz != nil && size == "" {
			if hp, err := strconv.Atoi(val(sz)); err == nil && hp > 0 {
				size = strconv.FormatFloat(float64(hp)/2, 'f', -1, 64) + "pt"
			}
		}
		return true
	})
	if st := val(pathW(firstPara(n.el), "pPr", "pStyle")); st != "" && st != "Normal" {
		hints = append(hints, st)
	}
	if bold {
		hints = append(hints, "bold")
	}
	if italic {
		hints = append(hints, "italic")
	}
	if shaded(n.el) {
		hints = append(hints, "shaded")
	}
	if size != "" {
		hints = append(hints, size)
	}
	return hints
}

func firstPara(el *etree.Element) *etree.Element { return firstW(el, "p") }

// showsText reports whether run r shows more than white space. Most runs
// say so in their first w:t; only the others pay for their full text.
func showsText(r *etree.Element) bool {
	if t := childW(r, "t"); t != nil && strings.TrimSpace(t.Text()) != "" {
		return true
	}
	return strings.TrimSpace(textOf(r)) != ""
}

// shaded reports a cell or paragraph fill other than none/white.
func shaded(el *etree.Element) bool {
	shd := pathW(el, "tcPr", "shd")
	if shd == nil {
		shd = pathW(firstPara(el), "pPr", "shd")
	}
	if shd == nil {
		return false
	}
	fill, _ := attr(shd, "w", "fill")
	switch strings.ToLower(fill) {
	case "", "auto", "ffffff":
		return false
	}
	return true
}

// complexity names the structures an agent must treat with care.
func complexity(n *node) []string {
	var out []string
	note := func(s string) {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	if n.kind == kindSDT || isW(n.el.Parent(), "sdtContent") {
		note("sdt")
	}
	descend(n.el, func(e *etree.Element) bool {
		if e != n.el && isW(e, "tbl") {
			note("nested_table")
			return false
		}
		switch {
		case isW(e, "sdt"):
			note("sdt")
		case isW(e, "fldChar"), isW(e, "fldSimple"):
			note("field")
		case isW(e, "gridSpan"):
			note("gridSpan")
		case isW(e, "vMerge"):
			note("vMerge")
		case isW(e, "txbxContent"):
			note("textbox")
		}
		return true
	})
	return out
}

// snippet is the element's raw XML, cut short. Only its start is written:
// a prefix of the whole that is longer than maxSnippet exactly when the
// whole is (a complex paragraph of a long agreement is kilobytes).
func snippet(el *etree.Element) string {
	s := elementXMLPrefix(el, maxSnippet)
	if len(s) <= maxSnippet {
		return s
	}
	cut := maxSnippet
	for cut > 0 && !utf8Start(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }

// mergedContinuation reports a cell continuing a vertical merge: it shows
// nothing of its own, so it is never an answer target.
func mergedContinuation(tc *etree.Element) bool {
	vm := pathW(tc, "tcPr", "vMerge")
	return vm != nil && val(vm) != "restart"
}
