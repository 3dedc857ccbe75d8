package excel

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
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

// compact makes the workbook's compact map: each sheet's part of it is
// made on its own, in lanes for a large workbook (see eachSheet), and the
// parts are put together in the sheets' order.
func (wb *workbook) compact(maxLines int) (*formats.CompactStructure, error) {
	parts := make([]*formats.CompactBuilder, len(wb.sheets))
	err := wb.eachSheet(func(i int, stop *formats.Stopper) error {
		m, lines, err := wb.planSheet(i, stop, maxLines)
		if err != nil {
			return err
		}
		parts[i] = formats.NewCompactBuilder(512) // a workbook may have thousands of sheets
		// An element and an ID a line: grown line by line, a large
		// sheet's ID map rehashed and its lists copied at each doubling.
		parts[i].Reserve(len(lines.shown))
		m.writeCompact(parts[i], lines)
		return nil
	})
	if err != nil {
		return nil, err
	}
	b := formats.NewCompactBuilder(0)
	b.AppendAll(parts...)
	return b.Finish(), nil
}

// sheetError reports a sheet that could not be read as an invalid
// document; a stopped call stays a stop.
func sheetError(sheet string, err error) error {
	if errors.Is(err, formats.ErrStopped) {
		return err
	}
	return formats.Wrap(formats.ErrInvalidDocument, sheet, err, "worksheet %q could not be read", sheet)
}

// entry is one cell the compact map may show.
type entry struct {
	row, col int
	key      bool // a target, a question, a header or question-column cell
}

// entries lists the non-empty cells and the targets of the sheet in
// row-major order.
func (m *sheetModel) entries(l *layout) []entry {
	// Room for every text: grown by doubling instead, the list was a
	// tenth of what a HECVAT 4.14 extract allocated.
	n := 0
	for _, row := range m.rows {
		for _, v := range row {
			if v != "" {
				n++
			}
		}
	}
	out := make([]entry, 0, n)
	// The rows holding targets: an empty cell elsewhere needs no look-up
	// in the targets map.
	targetRows := make([]bool, len(m.rows)+1)
	for p := range l.targets {
		if p[0] >= 1 && p[0] <= len(m.rows) {
			targetRows[p[0]] = true
		}
	}
	for r, row := range m.rows {
		m.step()
		for c, v := range row {
			p := [2]int{r + 1, c + 1}
			if strings.TrimSpace(v) == "" && !m.isFormula(r+1, c+1) && (!targetRows[r+1] || l.targets[p] == nil) {
				continue
			}
			key := l.targets[p] != nil || l.sources[p] || l.qCols[c+1] || l.bandRows[r+1]
			out = append(out, entry{row: r + 1, col: c + 1, key: key})
		}
	}
	inRows := len(out)
	for p, t := range l.targets {
		if p[0] > len(m.rows) || p[1] > len(m.rows[p[0]-1]) {
			out = append(out, entry{row: t.row, col: t.col, key: true})
		}
	}
	for p := range m.formulas {
		if p[0] > len(m.rows) || p[1] > len(m.rows[p[0]-1]) {
			out = append(out, entry{row: p[0], col: p[1]})
		}
	}
	if len(out) > inRows { // the rows' cells came in row-major order: only cells past them need the sort
		sort.Slice(out, func(i, j int) bool { return rowColLess(out[i].row, out[i].col, out[j].row, out[j].col) })
	}
	return out
}

// capEntries applies the line cap and says what it cut.
func capEntries(all []entry, maxLines int) ([]entry, []string) {
	if len(all) <= maxLines {
		return all, nil
	}
	var notes []string
	// Filtered in place: all is not read again (planSheet keeps only its
	// length), and a copy cost HECVAT 4.14's extract half a MB.
	key := all[:0]
	for _, en := range all {
		if en.key {
			key = append(key, en)
		}
	}
	if dropped := len(all) - len(key); dropped > 0 {
		notes = append(notes, fmt.Sprintf("(… %d other cells not shown: more than %d lines; only answer targets, questions and headers are listed — extract_structure has every value)", dropped, maxLines))
	}
	if len(key) > maxLines {
		cut := key[maxLines:]
		notes = append(notes, fmt.Sprintf("(… cut at %d lines: %d more cells from row %d to row %d not shown — address them by ID or Sheet!A1, or use extract_structure)", maxLines, len(cut), cut[0].row, cut[len(cut)-1].row))
		key = key[:maxLines]
	}
	return key, notes
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
	var held [8]string // more attributes than a cell has: they stay on the stack
	attrs := held[:0]
	if strings.TrimSpace(text) == "" {
		attrs = append(attrs, "empty")
	}
	h := ""
	if d != nil {
		h = hint(*d)
	}
	if s := m.style(c.row, c.col); s != nil {
		if s.bold {
			attrs = append(attrs, "bold")
		}
		if k := numberKind(s); k != "" && d == nil {
			attrs = append(attrs, k) // a target's hint says what it takes instead
		}
	}
	if mr := m.mergeAt(c.row, c.col); mr != nil {
		attrs = append(attrs, "merged: "+mr.ref)
	}
	if r := m.ruleAt(c.row, c.col); r != nil && r.typ == "list" && !strings.HasPrefix(h, "list:") {
		attrs = append(attrs, "list: "+optionText(r.options))
	}
	if h != "" && !slices.Contains(attrs, h) {
		attrs = append(attrs, h)
	}
	if m.isFormula(c.row, c.col) {
		attrs = append(attrs, "formula")
	}
	if m.hiddenRows[c.row] {
		attrs = append(attrs, "hidden row")
	}
	if t != nil && t.header != "" {
		attrs = append(attrs, "column: "+clip(t.header, maxQuestionText))
	}
	dst = append(append(dst, id...), ": "...)
	dst = formats.AppendQuoted(dst, clip(text, maxCellText))
	for i, a := range attrs {
		if i == 0 {
			dst = append(dst, " ["...)
		} else {
			dst = append(dst, ", "...)
		}
		dst = append(dst, a...)
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

// complex lists the cell's complex features for complex_elements; id is
// the cell's ID.
func (m *sheetModel) complex(c cell, id string) []string {
	var out []string
	if mr := m.mergeAt(c.row, c.col); mr != nil && mr.r1 == c.row && mr.c1 == c.col {
		out = append(out, "COMPLEX(merged) "+id+" "+mr.ref)
	}
	if m.isFormula(c.row, c.col) {
		f := m.wb.formula(m.name, c.name(), m.scan)
		out = append(out, "COMPLEX(formula) "+id+" ="+f)
	}
	return out
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
