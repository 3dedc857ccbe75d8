package word

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// maxSnippet bounds the raw XML shown for a complex element.
const maxSnippet = 240

// ExtractCompact implements extract_structure_compact.
func (*Engine) ExtractCompact(data []byte) (*formats.CompactStructure, error) {
	d, err := open(data)
	if err != nil {
		return nil, err
	}
	return d.compact(), nil
}

func (d *document) compact() *formats.CompactStructure {
	out := &formats.CompactStructure{IDToXPath: make(map[string]string, len(d.ix.nodes)), ComplexElements: []string{}}
	var b strings.Builder
	for _, n := range d.ix.nodes {
		out.IDToXPath[n.id] = n.xpath
		line, complexTypes := describe(n)
		if line == "" {
			continue
		}
		b.WriteString(line)
		b.WriteByte('\n')
		for _, ct := range complexTypes {
			out.ComplexElements = append(out.ComplexElements, fmt.Sprintf("%s COMPLEX(%s): %s", n.id, ct, snippet(n.el)))
		}
	}
	out.CompactText = b.String()
	return out
}

// describe renders one compact line; empty top-level paragraphs and rows
// get none (rows are implied by their cells).
func describe(n *node) (string, []string) {
	switch n.kind {
	case kindRow:
		return "", nil
	case kindTable:
		rows := tableRows(n.el)
		cols := 0
		for _, r := range rows {
			cols = max(cols, len(rowCells(r)))
		}
		return fmt.Sprintf("%s: table %d rows × %d columns", n.id, len(rows), cols), nil
	}
	text := ownText(n.el)
	hints := formatHints(n)
	empty := strings.TrimSpace(text) == ""
	if empty && n.kind == kindPara && !hasFormControl(n.el) {
		return "", nil
	}
	if empty {
		hints = append([]string{"empty"}, hints...)
	}
	complexTypes := complexity(n)
	var b strings.Builder
	b.WriteString(n.id)
	b.WriteString(": ")
	b.WriteString(strconv.Quote(shorten(strings.Join(strings.Fields(text), " "), 200)))
	if len(hints) > 0 {
		b.WriteString(" [" + strings.Join(hints, ", ") + "]")
	}
	for _, ct := range complexTypes {
		b.WriteString(" COMPLEX(" + ct + ")")
	}
	if isAnswerTarget(n, text) {
		b.WriteString(" ← answer target")
	}
	return b.String(), complexTypes
}

// ownText is an element's text without the tables nested in it (their
// cells have lines of their own).
func ownText(el *etree.Element) string {
	if !isW(el, "tc") {
		return textOf(el)
	}
	var parts []string
	for _, c := range el.ChildElements() {
		if !isW(c, "tbl") {
			parts = append(parts, textOf(c))
		}
	}
	return strings.Join(parts, "\n")
}

// isAnswerTarget: empty cells, blanks, controls and form fields.
func isAnswerTarget(n *node, text string) bool {
	if n.kind == kindCell && strings.TrimSpace(text) == "" && len(findW(n.el, "tbl")) == 0 {
		return !mergedContinuation(n.el)
	}
	return hasPlaceholder(text) || hasFormControl(n.el)
}

// hasFormControl reports whether el holds a content control or a legacy
// form field (outside nested tables), in one walk.
func hasFormControl(el *etree.Element) bool {
	found := false
	descend(el, func(e *etree.Element) bool {
		if found || e != el && isW(e, "tbl") {
			return false
		}
		if isW(e, "sdt") && (sdtCheckbox(e) != nil || childW(e, "sdtContent") != nil && len(findW(e, "tc")) == 0) || isW(e, "ffData") {
			found = true
		}
		return !found
	})
	return found
}

// formatHints lists what an agent should know of the element's look.
func formatHints(n *node) []string {
	var hints []string
	var bold, italic bool
	size := ""
	for _, r := range findW(n.el, "r") {
		rpr := childW(r, "rPr")
		if rpr == nil || strings.TrimSpace(textOf(r)) == "" {
			continue
		}
		bold = bold || onOff(childW(rpr, "b"))
		italic = italic || onOff(childW(rpr, "i"))
		if sz := childW(rpr, "sz"); sz != nil && size == "" {
			if hp, err := strconv.Atoi(val(sz)); err == nil && hp > 0 {
				size = strconv.FormatFloat(float64(hp)/2, 'f', -1, 64) + "pt"
			}
		}
	}
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

func firstPara(el *etree.Element) *etree.Element {
	if isW(el, "p") {
		return el
	}
	if ps := findW(el, "p"); len(ps) > 0 {
		return ps[0]
	}
	return nil
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
	seen := map[string]bool{}
	note := func(s string) {
		if !seen[s] {
			seen[s] = true
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

// snippet is the element's raw XML, cut short.
func snippet(el *etree.Element) string {
	s := elementXML(el)
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
