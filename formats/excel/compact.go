package excel

import (
	"errors"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/formfill/formfill/formats"
)

// maxCellText is how many characters of a cell the compact map quotes.
const maxCellText = 200

// ExtractCompact implements extract_structure_compact.
func (e *Engine) ExtractCompact(doc []byte) (cs *formats.CompactStructure, err error) {
	stop := e.stopper()
	defer guard(stop, &err)
	wb, err := e.open(doc, stop)
	if err != nil {
		return nil, err
	}
	return wb.compact(e.maxLines)
}

// ExtractCompactFull implements formats.FullCompactor: the compact map
// with no line cap, every cell shown, which harvest reads (a filled
// sheet's questions are not key cells once its blanks are filled).
func (e *Engine) ExtractCompactFull(doc []byte) (cs *formats.CompactStructure, err error) {
	stop := e.stopper()
	defer guard(stop, &err)
	wb, err := e.open(doc, stop)
	if err != nil {
		return nil, err
	}
	return wb.compact(math.MaxInt)
}

// ExtractCompactLazy implements formats.LazyCompactor: the map of
// ExtractCompact, each sheet's lines written when a page first needs
// them. Opening the workbook, finding every sheet's targets and counting
// its lines are done here, so that a malformed sheet fails this call as
// it fails ExtractCompact.
func (e *Engine) ExtractCompactLazy(doc []byte) (cs *formats.CompactStructure, err error) {
	stop := e.stopper()
	defer guard(stop, &err)
	wb, err := e.open(doc, stop)
	if err != nil {
		return nil, err
	}
	return wb.lazyCompact(e.maxLines)
}

// compact makes the workbook's compact map: each sheet is planned (its
// targets found, its lines chosen) on its own, in lanes for a large
// workbook (see eachSheet), and the sheets' lines are then written in
// order into one map. Written in the lanes into a part each, the parts
// were copied into the map again, their ID maps and element lists with
// them: a fifth of what FFIEC CAT's first page allocated.
func (wb *workbook) compact(maxLines int) (*formats.CompactStructure, error) {
	type planned struct {
		m     *sheetModel
		lines sheetLines
	}
	plans := make([]planned, len(wb.sheets))
	err := wb.eachSheet(func(i int, stop *formats.Stopper) error {
		m, lines, err := wb.planSheet(i, stop, maxLines)
		if err != nil {
			return err
		}
		plans[i] = planned{m, lines}
		return nil
	})
	if err != nil {
		return nil, err
	}
	room, elems, targets := 0, 0, 0
	for _, p := range plans {
		room += textRoom(p.m, p.lines)
		elems += len(p.lines.shown)
		targets += len(p.lines.layout.targets)
	}
	b := formats.NewCompactBuilder(room)
	// An element and an ID a line, and every target: grown line by line,
	// a large map's ID map was rehashed and its lists copied at each
	// doubling.
	b.Reserve(elems)
	if targets > 0 {
		b.Structure().Targets = make([]formats.Target, 0, targets) // none stays nil, as appending none leaves it
	}
	for _, p := range plans {
		p.m.stop = wb.stop // the lanes have ended: the call's own goroutine writes
		p.m.writeCompact(b, p.lines)
	}
	return b.Finish(), nil
}

// textRoom is about how long a sheet's part of the map is, a little more
// mostly: its lines' texts and what a line adds to its text. Grown from
// a small buffer by doubling instead, HECVAT 4.14's parts allocated three
// times their length.
func textRoom(m *sheetModel, lines sheetLines) int {
	const head, perLine, perTarget = 512, 32, 64 // a workbook may have thousands of sheets: a small head
	n := head + perTarget*len(lines.layout.targets)
	for _, en := range lines.shown {
		n += perLine + min(len(m.text(int(en.row), int(en.col))), 4*maxCellText)
	}
	return n
}

// sheetError reports a sheet that could not be read as an invalid
// document; a stopped call stays a stop.
func sheetError(sheet string, err error) error {
	if errors.Is(err, formats.ErrStopped) {
		return err
	}
	return formats.Wrap(formats.ErrInvalidDocument, sheet, err, "worksheet %q could not be read", sheet)
}

// maxQuestionText is how many characters of its question a target's line
// quotes.
const maxQuestionText = 60

// appendLine appends one cell's line to dst: S1-R5-C3: "text" [bold,
// merged: C5:D6], and for a target what it accepts and the question it
// answers: ← answer to S1-R5-C2 "Legal entity name". id is the cell's ID
// and text its text, which the caller needs too. It writes into the map's
// buffer: a string a line, joined and concatenated, cost a map of HECVAT
// 4.14 about a twelfth of its CPU.
func (m *sheetModel) appendLine(dst []byte, id, text string, c cell, t *target, d *formats.Target) []byte {
	var held [8]lineAttr // more attributes than a cell has: they stay on the stack
	attrs := held[:0]
	if strings.TrimSpace(text) == "" {
		attrs = append(attrs, lineAttr{text: "empty"})
	}
	h := ""
	if d != nil {
		h = hint(*d)
	}
	if s := m.style(c.row, c.col); s != nil {
		if s.bold {
			attrs = append(attrs, lineAttr{text: "bold"})
		}
		if k := numberKind(s); k != "" && d == nil {
			attrs = append(attrs, lineAttr{text: k}) // a target's hint says what it takes instead
		}
	}
	if mr := m.mergeAt(c.row, c.col); mr != nil {
		attrs = append(attrs, lineAttr{label: "merged: ", text: mr.ref})
	}
	if r := m.ruleAt(c.row, c.col); r != nil && r.typ == "list" && !strings.HasPrefix(h, "list:") {
		attrs = append(attrs, lineAttr{label: "list: ", options: r.options, list: true})
	}
	if h != "" && !slices.ContainsFunc(attrs, func(a lineAttr) bool { return a.is(h) }) {
		attrs = append(attrs, lineAttr{text: h})
	}
	if m.isFormula(c.row, c.col) {
		attrs = append(attrs, lineAttr{text: "formula"})
	}
	if m.hiddenRows[c.row] {
		attrs = append(attrs, lineAttr{text: "hidden row"})
	}
	if t != nil && t.header != "" {
		attrs = append(attrs, lineAttr{label: "column: ", text: clip(t.header, maxQuestionText)})
	}
	if a, ok := m.linkAttr(c, text); ok {
		attrs = append(attrs, a)
	}
	dst = append(append(dst, id...), ": "...)
	dst = formats.AppendQuoted(dst, clip(text, maxCellText))
	for i, a := range attrs {
		if i == 0 {
			dst = append(dst, " ["...)
		} else {
			dst = append(dst, ", "...)
		}
		dst = a.append(dst)
	}
	if len(attrs) > 0 {
		dst = append(dst, ']')
	}
	switch {
	case d != nil && d.QuestionID != "" && t != nil && t.option != "":
		dst = append(append(append(dst, " ← answer to "...), d.QuestionID...), ' ')
		dst = append(formats.AppendQuoted(dst, clip(t.label, maxQuestionText)), ", option "...)
		dst = formats.AppendQuoted(dst, t.option)
	case d != nil && d.QuestionID != "":
		dst = append(append(append(dst, " ← answer to "...), d.QuestionID...), ' ')
		dst = formats.AppendQuoted(dst, clip(d.Question, maxQuestionText))
	case d != nil:
		dst = append(dst, " ← answer target"...)
	}
	return dst
}

// addComplex adds the cell's complex features to complex_elements; id is
// the cell's ID.
func (m *sheetModel) addComplex(b *formats.CompactBuilder, c cell, id string) {
	if mr := m.mergeAt(c.row, c.col); mr != nil && mr.r1 == c.row && mr.c1 == c.col {
		b.Complex("COMPLEX(merged) " + id + " " + mr.ref)
	}
	if m.isFormula(c.row, c.col) {
		b.Complex("COMPLEX(formula) " + id + " =" + m.wb.formulaAt(m.name, c.row, c.col, m.scan))
	}
}

// lineAttr is one of a line's attributes, label then text, or label then
// a list's options as optionText writes them: written into the line, not
// concatenated first (a string an attribute, HECVAT 4.14's list targets
// each cost two).
type lineAttr struct {
	label, text string
	options     []string
	list        bool
}

// append appends the attribute to dst.
func (a lineAttr) append(dst []byte) []byte {
	dst = append(dst, a.label...)
	if !a.list {
		return append(dst, a.text...)
	}
	if a.options == nil {
		return append(dst, optionText(nil)...)
	}
	for i, o := range a.options {
		if i > 0 {
			dst = append(dst, '|')
		}
		dst = append(dst, o...)
	}
	return dst
}

// is reports whether the attribute reads s. A list's never does where it
// is asked (a hint that is one is not added beside it).
func (a lineAttr) is(s string) bool {
	return !a.list && len(s) == len(a.label)+len(a.text) && strings.HasPrefix(s, a.label) && s[len(a.label):] == a.text
}

func optionText(opts []string) string {
	if opts == nil {
		return "(source not resolvable)"
	}
	return strings.Join(opts, "|")
}

// clip shortens s to n runes, marking the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s // a map clips every cell's text: most are short
	}
	// Walk n runes and cut there: a long text is not turned into runes
	// whole. Invalid UTF-8, which []rune turns into U+FFFD, takes the
	// conversion as before.
	i := 0
	for k := 0; k < n; k++ {
		if i >= len(s) {
			return s
		}
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return clipRunes(s, n)
		}
		i += size
	}
	if i >= len(s) {
		return s
	}
	return s[:i] + "…"
}

// clipRunes is clip by conversion to runes, for text that is not UTF-8.
func clipRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}
