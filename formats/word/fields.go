package word

import (
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// ListFields implements list_form_fields: the answer targets the compact
// map marks, in document order, with their questions and what they take.
func (e *Engine) ListFields(data []byte) ([]formats.FormField, error) {
	d, err := open(data, nil, e.stopper())
	if err != nil {
		return nil, err
	}
	return formats.InPhase(d.stop, formats.PhaseExtract, d.fields)
}

// fields lists the answer targets, one entry each: the same set the
// compact map marks.
func (d *document) fields() ([]formats.FormField, error) {
	targets, err := d.answerTargets()
	if err != nil {
		return nil, err
	}
	out := make([]formats.FormField, 0, len(targets))
	for _, t := range targets {
		out = append(out, t.field)
	}
	return out, nil
}

// controlField describes one content control found in node n.
func (d *document) controlField(n *node, sdt *etree.Element) (formats.FormField, bool) {
	pr := childW(sdt, "sdtPr")
	if pr == nil {
		return formats.FormField{}, false
	}
	f := formats.FormField{FieldID: n.id, Name: val(childW(pr, "alias")), XPath: xpathOf(d.body, sdt), FieldType: "text"}
	if f.Name == "" {
		f.Name = val(childW(pr, "tag"))
	}
	sc := childW(sdt, "sdtContent")
	switch {
	case sdtCheckbox(sdt) != nil:
		f.FieldType = "checkbox"
		f.CurrentValue = "unchecked"
		if (checkbox{sdt: sdt}).checked() {
			f.CurrentValue = "checked"
		}
	case childW(pr, "dropDownList") != nil || childW(pr, "comboBox") != nil:
		f.FieldType = "dropdown"
		f.Options = controlOptions(sdt)
	case childW(pr, "date") != nil:
		f.FieldType = "date"
	case childW(pr, "picture") != nil:
		return formats.FormField{}, false
	}
	if f.FieldType != "checkbox" && sc != nil && childW(pr, "showingPlcHdr") == nil {
		f.CurrentValue = strings.TrimSpace(textOf(sc))
	}
	f.Label = d.label(n, sdt)
	if f.Label == "" || n.kind == kindSDT && f.Name != "" {
		f.Label = f.Name
	}
	return f, true
}

// label finds what a field is asking: the text before it in its paragraph
// (outside cells, else the paragraph's own text less its blanks; with no
// field given, n's own label), else the cell to the left (in a row's first
// cell, the cell's own text less its blanks), else the text of the
// element before n.
func (d *document) label(n *node, at *etree.Element) string {
	own := ""
	if at == nil && n.kind != kindCell {
		own = d.ownLabel(n)
	}
	return d.labelWith(n, at, own)
}

// labelWith is label given n's ownLabel, which it reads only when at is
// nil and n is not a cell.
func (d *document) labelWith(n *node, at *etree.Element, own string) string {
	if at != nil {
		if p := ancestorW(at, nil, "p"); p != nil {
			var b strings.Builder
			for _, c := range p.ChildElements() {
				if c == at || isAncestor(c, at) {
					break
				}
				b.WriteString(textOf(c))
			}
			if l := cleanLabel(b.String()); l != "" {
				return l
			}
			if l := cleanLabel(placeholderScan.strip(d.textOf(p))); l != "" && n.kind != kindCell {
				return l
			}
		}
	} else if n.kind != kindCell && own != "" {
		return own
	}
	if n.kind == kindCell && n.col > 0 {
		return cleanLabel(cellLine(n.row.cells[n.col-1].el))
	}
	if n.kind == kindCell {
		return cleanLabel(placeholderScan.strip(ownTextWith(n.el, d.textOf)))
	}
	if prev := n.el.PrevSibling(); prev != nil {
		return cleanLabel(shorten(d.textOf(prev), 80))
	}
	return ""
}

func isAncestor(a, el *etree.Element) bool {
	for e := el.Parent(); e != nil; e = e.Parent() {
		if e == a {
			return true
		}
	}
	return false
}

// cleanLabel trims a label to its words, without the trailing colon.
func cleanLabel(s string) string {
	s = oneLine(glyphFree(s))
	return strings.TrimSpace(strings.TrimRight(s, ":：-–— "))
}

// glyphFree is text without ballot boxes, to tell checkbox lines from
// other blanks.
func glyphFree(text string) string {
	if strings.IndexByte(text, 0xE2) < 0 { // the first byte of every glyph removed
		return text
	}
	return glyphRemover.Replace(text)
}

var glyphRemover = strings.NewReplacer("☐", "", "☒", "", "☑", "", "□", "", "■", "")
