package word

import (
	"fmt"
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// ReadDocument implements read_document: one row per paragraph and table
// cell, with the compact map's IDs, each with its list label, run-in
// header, style ID and text. Empty paragraphs without a label are left
// out, as the compact map leaves them out; empty cells stay (they are
// where answers go).
func (e *Engine) ReadDocument(data []byte) ([]formats.ViewNode, error) {
	d, err := open(data, nil, e.stopper())
	if err != nil {
		return nil, err
	}
	return formats.InPhase(d.stop, formats.PhaseExtract, d.view)
}

// viewBuilder holds what the rows of a view need.
type viewBuilder struct {
	x      *props
	labels map[*etree.Element]paraNumber
	styles *styleNamer
	cs     charStyles // what findRunIn judges runs by, as edits do
}

func (d *document) view() ([]formats.ViewNode, error) {
	ss, err := d.readStyles()
	if err != nil {
		return nil, err
	}
	n, err := d.readNumbering(ss)
	if err != nil {
		return nil, err
	}
	vb := &viewBuilder{x: &props{ss: ss, n: n}, labels: d.listLabels(n), styles: newStyleNamer(ss), cs: d.charStyles()}
	rows := make([]formats.ViewNode, 0, len(d.ix.nodes))
	var separated *etree.Element // a paragraph ended by a style separator, shown run into the next
	var held *formats.ViewNode   // its row, until the next paragraph takes it in
	for _, nd := range d.ix.nodes {
		if err := d.stop.Check(); err != nil {
			return nil, err
		}
		after, heading := separated, held
		separated, held = nil, nil
		switch nd.kind {
		case kindPara:
			row, ok := vb.paragraphRow(nd.id, nd.el)
			if ok && after != nil && nextParagraph(after) == nd.el && vb.runInto(&row, after, heading) {
				heading = nil // one row, as Word shows one paragraph
			}
			rows = appendRow(rows, heading)
			if ok && pathW(nd.el, "pPr", "rPr", "specVanish") != nil {
				separated, held = nd.el, &row
				continue
			}
			if ok {
				rows = append(rows, row)
			}
		case kindCell:
			rows = append(appendRow(rows, heading), vb.cellRow(nd))
		case kindTable:
			rows = append(appendRow(rows, heading), tableRow(nd))
		default:
			rows = appendRow(rows, heading)
		}
	}
	rows = appendRow(rows, held)
	vb.styles.name(rows)
	return rows, nil
}

// appendRow appends row to rows when there is one.
func appendRow(rows []formats.ViewNode, row *formats.ViewNode) []formats.ViewNode {
	if row == nil {
		return rows
	}
	return append(rows, *row)
}

// runInto makes the text of heading, a paragraph whose mark is a style
// separator (w:specVanish: Word hides the mark and shows the next
// paragraph on the same line), the header of row, the next paragraph's
// row: Word's way of writing a run-in header ("2.1 Organization. The
// Company is…") as a heading of its own for the table of contents. The
// separator's punctuation, which starts row's text, goes. The row takes
// the heading's list label ("2.1"), which Word shows at the start of the
// line, unless it has one of its own; headingRow, the heading's own row,
// is then shown no more. It reports whether row took the heading in.
func (vb *viewBuilder) runInto(row *formats.ViewNode, heading *etree.Element, headingRow *formats.ViewNode) bool {
	if row.Header != "" {
		return false
	}
	var h strings.Builder
	var look *runLook
	paraStyle := vb.x.ss.ParaStyle(childW(heading, "pPr"))
	for _, r := range paragraphRuns(heading) {
		if t := runText(r); t != "" {
			h.WriteString(t)
			if look == nil {
				l := vb.x.runEmphasis(r, paraStyle)
				look = &l
			}
		}
	}
	header, _ := cutPunct(strings.TrimSpace(h.String()))
	if header == "" {
		return false
	}
	if headingRow != nil && headingRow.ListLabel != "" && row.ListLabel != "" {
		return false // both numbered: two labels to show, two rows
	}
	row.Header = header
	row.HeaderFormatting = &formats.HeaderFormatting{Bold: look.bold, Italic: look.italic, Underline: look.underline}
	row.Text = strings.TrimSpace(strings.TrimLeft(row.Text, headerPunct))
	if headingRow != nil && row.ListLabel == "" {
		row.ListLabel, row.Numbering = headingRow.ListLabel, headingRow.Numbering
	}
	return true
}

// nextParagraph is the paragraph after p among its siblings, or nil.
func nextParagraph(p *etree.Element) *etree.Element {
	parent := p.Parent()
	if parent == nil {
		return nil
	}
	seen := false
	for _, el := range parent.ChildElements() {
		switch {
		case el == p:
			seen = true
		case seen && isW(el, "p"):
			return el
		case seen && (isW(el, "tbl") || isW(el, "sdt")):
			return nil
		}
	}
	return nil
}

// paragraphRow is a paragraph's row; ok is false for an empty paragraph
// without a label.
func (vb *viewBuilder) paragraphRow(id string, p *etree.Element) (formats.ViewNode, bool) {
	pPr := childW(p, "pPr")
	paraStyle := vb.x.ss.ParaStyle(pPr)
	var parts []viewPiece
	var pieces []piece
	var text strings.Builder
	for _, r := range paragraphRuns(p) {
		if t := runText(r); t != "" {
			parts = append(parts, viewPiece{text: t, runLook: vb.x.runEmphasis(r, paraStyle)})
			pieces = append(pieces, piece{r: r, start: text.Len(), end: text.Len() + len(t)})
			text.WriteString(t)
		}
	}
	row := formats.ViewNode{ID: id, Text: strings.TrimSpace(text.String())}
	np, numbered := vb.labels[p]
	if row.Text == "" && (!numbered || np.label == "") {
		return row, false
	}
	body := parts
	if h, ok := findRunIn(text.String(), pieces, vb.cs); ok {
		body = vb.showHeader(&row, text.String(), h, parts, pieces)
	}
	var npp *paraNumber
	if numbered {
		npp = &np
		row.ListLabel = np.label
		row.Numbering = &formats.ViewNumbering{NumID: np.NumID, Ilvl: np.Ilvl}
	}
	row.StyleFingerprint = vb.fingerprint(pPr, paraStyle, npp, body, row.Text)
	return row, true
}

// showHeader puts run-in header h, found in text, in row: its name (after
// the typed clause number it follows, if any), the formatting a reader
// sees on its first run, and the text after its mark. It returns the
// parts after the header, the body the style fingerprint reads.
func (vb *viewBuilder) showHeader(row *formats.ViewNode, text string, h runInHeader, parts []viewPiece, pieces []piece) []viewPiece {
	lead := len(text) - len(strings.TrimLeft(text, " \t"))
	row.Header = text[lead:h.Start] + h.Name
	row.Text = strings.TrimSpace(text[h.End:])
	var f *runLook
	body := []viewPiece(nil)
	for i, pc := range pieces {
		if strings.TrimSpace(parts[i].text) == "" {
			continue
		}
		if f == nil && pc.end > h.Start {
			f = &parts[i].runLook
		}
		if pc.end > h.End {
			body = parts[i:]
			break
		}
	}
	row.HeaderFormatting = &formats.HeaderFormatting{Bold: f.bold, Italic: f.italic, Underline: f.underline}
	return body
}

// cellRow is a table cell's row: its paragraphs' text on lines of their
// own (tables nested in it have rows of their own), the first paragraph's
// label in list_label and later paragraphs' labels in front of their
// text.
func (vb *viewBuilder) cellRow(nd *node) formats.ViewNode {
	row := formats.ViewNode{ID: nd.id}
	var lines []string
	first := true
	for _, p := range wrappedChildren(nd.el, "p") {
		pr, ok := vb.paragraphRow(nd.id, p)
		if first {
			fp := pr.StyleFingerprint
			if fp == "" {
				fp = vb.fingerprint(childW(p, "pPr"), vb.x.ss.ParaStyle(childW(p, "pPr")), nil, nil, "")
			}
			row.StyleFingerprint = "cell|" + fp
			row.ListLabel, row.Numbering = pr.ListLabel, pr.Numbering
		}
		if !ok {
			first = false
			continue
		}
		line := pr.Text
		if pr.Header != "" {
			line = pr.Header + ". " + line
		}
		if !first && pr.ListLabel != "" {
			line = pr.ListLabel + " " + line
		}
		lines = append(lines, line)
		first = false
	}
	row.Text = strings.Join(lines, "\n")
	return row
}

// tableRow announces a table, as the compact map does.
func tableRow(nd *node) formats.ViewNode {
	rows := tableRows(nd.el)
	cols := 0
	for _, r := range rows {
		cols = max(cols, len(rowCells(r)))
	}
	return formats.ViewNode{ID: nd.id, Style: "table", StyleFingerprint: "table",
		Text: fmt.Sprintf("table %d rows × %d columns", len(rows), cols)}
}
