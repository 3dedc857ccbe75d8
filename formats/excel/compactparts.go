package excel

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/formfill/formfill/formats"
)

// linesPerPart is how many of a sheet's lines a part of a lazy map holds:
// a page of the default budget shows a few hundred lines, and a sheet may
// have thousands (FFIEC's largest shows 2,000), so a first page writes
// only the pieces of a sheet it reaches.
const linesPerPart = 128

// lazyCompact plans every sheet's part of the map as compact does and
// leaves writing its lines to the page that first needs them, a piece of
// linesPerPart lines at a time. The workbook and the sheets' models stay
// with the map until then.
func (wb *workbook) lazyCompact(maxLines int) (*formats.CompactStructure, error) {
	sheets := make([][]formats.CompactPart, len(wb.sheets))
	err := wb.eachSheet(func(i int, stop *formats.Stopper) error {
		m, lines, err := wb.planSheet(i, stop, maxLines)
		if err != nil {
			return err
		}
		sheets[i] = sheetParts(wb, &sheetWriter{m: m, lines: lines})
		return nil
	})
	if err != nil {
		return nil, err
	}
	var parts []formats.CompactPart
	for _, p := range sheets {
		parts = append(parts, p...)
	}
	return formats.LazyCompact(parts), nil
}

// sheetParts cuts a sheet's part of the map into parts of linesPerPart
// lines: the first begins with the sheet's heading and the last ends with
// its notes, as writeCompact writes them.
func sheetParts(wb *workbook, w *sheetWriter) []formats.CompactPart {
	n := len(w.lines.shown)
	count := max(1, (n+linesPerPart-1)/linesPerPart)
	parts := make([]formats.CompactPart, count)
	for j := range parts {
		from, to := j*linesPerPart, min(n, (j+1)*linesPerPart)
		parts[j] = formats.CompactPart{Elements: to - from, Described: true}
		if j == 0 {
			parts[j].Targets, parts[j].XPaths = w.targets()
		}
		parts[j].Build = func(ctx context.Context) (b *formats.CompactBuilder, err error) {
			// The call that opened the workbook has ended: this part's
			// work answers to the call that needs it. The lazy map builds
			// one part at a time.
			stop := formats.NewStopper(ctx, stepsPerCheck)
			defer guard(stop, &err)
			wb.stop, w.m.stop = stop, stop
			b = formats.NewCompactBuilder(512)
			b.Reserve(to - from) // an element and an ID a line
			if j == 0 {
				w.head(b)
			}
			w.write(b, from, to)
			if j == count-1 {
				w.tail(b)
			}
			return b, nil
		}
	}
	return parts
}

// planSheet loads sheet i (0-based), finds its targets and decides which
// of its cells its part of the map shows.
func (wb *workbook) planSheet(i int, stop *formats.Stopper, maxLines int) (*sheetModel, sheetLines, error) {
	m, err := wb.loadSheet(i + 1)
	if err != nil {
		return nil, sheetLines{}, sheetError(wb.sheets[i], err)
	}
	m.stop = stop
	l := m.findTargets()
	all := m.entries(l, maxLines)
	shown, notes := capEntries(all, maxLines)
	return m, sheetLines{layout: l, empty: all.total == 0, shown: shown, notes: notes}, nil
}

// sheetLines is what a sheet's part of the map shows: the cells left
// after the line cap, one element each, and notes on what the cap cut.
type sheetLines struct {
	layout *layout
	empty  bool // the sheet has no cell to show at all
	shown  []entry
	notes  []string
}

// showsCell reports whether the cell at row, col has a line.
func (l sheetLines) showsCell(row, col int) bool {
	_, found := slices.BinarySearchFunc(l.shown, [2]int{row, col}, func(en entry, p [2]int) int {
		if c := cmp.Compare(int(en.row), p[0]); c != 0 {
			return c
		}
		return cmp.Compare(int(en.col), p[1])
	})
	return found
}

// writeCompact appends the sheet's part of the compact map. Over the cap,
// cells that are neither targets nor questions nor headers go first, then
// the tail of the sheet; a note says what went.
// The sheet's heading goes with its first cell's page.
func (m *sheetModel) writeCompact(b *formats.CompactBuilder, lines sheetLines) {
	w := &sheetWriter{m: m, lines: lines}
	w.head(b)
	w.write(b, 0, len(lines.shown))
	w.tail(b)
}

// sheetWriter writes a sheet's part of the map: its head, its lines in
// one or more pieces, and its tail, in that order. A piece may be written
// again (after a stop): writing changes nothing in the writer but the
// descriptions of the targets, made once.
type sheetWriter struct {
	m         *sheetModel
	lines     sheetLines
	described map[[2]int]formats.Target
	ordered   []*target // the layout's targets in row-major order, sorted once
	sorted    bool
}

// order is the sheet's targets in row-major order, as layout.sorted
// gives them: head, the descriptions and tail each walk them.
func (w *sheetWriter) order() []*target {
	if !w.sorted {
		w.ordered, w.sorted = w.lines.layout.sorted(), true
	}
	return w.ordered
}

// descriptions describes the sheet's targets, by cell.
func (w *sheetWriter) descriptions() map[[2]int]formats.Target {
	if w.described == nil {
		order := w.order()
		described := make(map[[2]int]formats.Target, len(order))
		for _, t := range order {
			described[[2]int{t.row, t.col}] = w.m.describe(t)
		}
		w.described = described
	}
	return w.described
}

// appendTargets appends the sheet's targets, described, to dst in the
// order head adds them to the map.
func (w *sheetWriter) appendTargets(dst []formats.Target) []formats.Target {
	described := w.descriptions()
	for _, t := range w.order() {
		dst = append(dst, described[[2]int{t.row, t.col}])
	}
	return dst
}

// targets are the sheet's targets as head adds them to the map, and
// their id_to_xpath entries, which its lines and tail write.
func (w *sheetWriter) targets() ([]formats.Target, map[string]string) {
	xpaths := make(map[string]string, len(w.lines.layout.targets))
	for _, t := range w.order() {
		c := cell{sheet: w.m.index, row: t.row, col: t.col}
		xpaths[c.ID()] = w.m.wb.xpath(c)
	}
	return w.appendTargets(make([]formats.Target, 0, len(w.order()))), xpaths
}

// head writes the sheet's heading, which belongs to its first line, and
// adds every target of the sheet to the map's targets.
func (w *sheetWriter) head(b *formats.CompactBuilder) {
	m := w.m
	b.Hold()
	b.Text = fmt.Appendf(b.Text, "=== Sheet %d: %q ===", m.index, m.name)
	if m.hidden {
		b.Text = append(b.Text, " (hidden sheet)"...)
	}
	b.Text = append(b.Text, '\n')
	for _, g := range w.lines.layout.grids {
		b.Text = append(b.Text, m.gridNote(g)+"\n"...)
	}
	if n := w.lines.layout.hiddenTargets(m); n > 0 {
		b.Text = fmt.Appendf(b.Text, "(%d answer targets are in hidden rows (a filter or rows hidden by hand): they are listed and marked \"hidden row\"; an answer there shows once the rows are shown)\n", n)
	}
	if w.lines.empty {
		b.Text = append(b.Text, "(empty)\n"...)
	}
	cs := b.Structure()
	cs.Targets = w.appendTargets(cs.Targets)
}

// write writes the shown cells [from, to), one element each.
func (w *sheetWriter) write(b *formats.CompactBuilder, from, to int) {
	m, l, described := w.m, w.lines.layout, w.descriptions()
	// Each cell's XPath, wb.xpath's Sheet!C5, from the sheet's part made once.
	sheetRef := quoteSheet(m.wb.sheets[m.index-1]) + "!"
	var names []byte
	for _, en := range w.lines.shown[from:to] {
		m.step()
		c := cell{sheet: m.index, row: int(en.row), col: int(en.col)}
		p := [2]int{c.row, c.col}
		var d *formats.Target
		if t, ok := described[p]; ok {
			d = &t
		}
		// The ID and the XPath in one string: one allocation a line.
		names = appendID(names[:0], c)
		k := len(names)
		names = appendA1(append(names, sheetRef...), c.row, c.col)
		both := string(names)
		id, xpath := both[:k], both[k:]
		start, text := len(b.Text), m.text(c.row, c.col)
		b.Text = append(m.appendLine(b.Text, id, text, c, l.targets[p], d), '\n')
		b.Begin(id, text, start)
		b.XPath(id, xpath)
		m.addComplex(b, c, id)
	}
}

// tail writes what follows the sheet's last line and belongs to it: the
// IDs of the targets the line cap left out, the cap's notes and the
// sheet's option lists.
func (w *sheetWriter) tail(b *formats.CompactBuilder) {
	m := w.m
	// A target the line cap left out still resolves by its ID. The shown
	// cells are in row-major order (entries): looked up there, not copied
	// into a set of every line.
	for _, t := range w.order() {
		if !w.lines.showsCell(t.row, t.col) {
			b.XPath(w.descriptions()[[2]int{t.row, t.col}].ID, m.wb.xpath(cell{sheet: m.index, row: t.row, col: t.col}))
		}
	}
	for _, n := range w.lines.notes {
		b.Text = append(b.Text, n+"\n"...)
	}
	for _, r := range m.rules {
		if r.typ == "list" {
			b.Complex(fmt.Sprintf("COMPLEX(list) S%d %s: %s", m.index, r.sqref, optionText(r.options)))
		}
	}
}
