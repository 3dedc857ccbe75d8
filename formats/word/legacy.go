package word

import (
	"strings"

	"github.com/beevik/etree"
)

// legacyField is a Word 97–2003 form field: the runs from w:fldChar begin
// (holding w:ffData) to w:fldChar end, all in one paragraph.
type legacyField struct {
	ff       *etree.Element // w:ffData; nil for a FORMTEXT written without it
	begin    *etree.Element // the run with fldChar begin
	separate *etree.Element // the run with fldChar separate, or nil
	end      *etree.Element // the run with fldChar end, or nil when the field spills out of the paragraph
}

// kind is "text", "checkbox" or "dropdown".
func (f legacyField) kind() string {
	switch {
	case childW(f.ff, "checkBox") != nil:
		return "checkbox"
	case childW(f.ff, "ddList") != nil:
		return "dropdown"
	}
	return "text"
}

// name is the field's bookmark name; a FORMTEXT written without settings
// has none and is named by its instruction.
func (f legacyField) name() string {
	if f.ff == nil {
		return "FORMTEXT"
	}
	return val(childW(f.ff, "name"))
}

// resultRuns are the runs between separate and end, and the runs of
// wrappers there (smart tags, custom XML, tracked insertions, links),
// which show the result too.
func (f legacyField) resultRuns() []*etree.Element {
	var out []*etree.Element
	for _, e := range f.resultNodes() {
		if isW(e, "r") {
			out = append(out, e)
			continue
		}
		descend(e, func(d *etree.Element) bool {
			if isW(d, "r") {
				out = append(out, d)
				return false
			}
			return true
		})
	}
	return out
}

// resultNodes are the elements between separate and end that hold the
// result: runs and their wrappers, not bookmarks or proofing marks.
func (f legacyField) resultNodes() []*etree.Element {
	if f.separate == nil || f.end == nil || f.separate.Parent() != f.end.Parent() {
		return nil
	}
	p := f.end.Parent()
	var out []*etree.Element
	for i := f.separate.Index() + 1; i < f.end.Index(); i++ {
		if e, ok := p.Child[i].(*etree.Element); ok && resultHolder[e.Tag] && e.Space == "w" {
			out = append(out, e)
		}
	}
	return out
}

// resultHolder names the elements that can hold a field's result text.
var resultHolder = map[string]bool{"r": true, "smartTag": true, "customXml": true, "ins": true, "hyperlink": true, "sdt": true}

// value is the field's current text, checkbox state or selected entry.
func (f legacyField) value() string {
	switch f.kind() {
	case "checkbox":
		if (checkbox{ff: f.ff}).checked() {
			return "checked"
		}
		return "unchecked"
	case "dropdown":
		if info := f.info(); info.selected >= 0 {
			return info.entries[info.selected]
		}
		return ""
	}
	return f.displayed()
}

// options lists a drop-down's entries.
func (f legacyField) options() []string {
	var out []string
	for _, e := range childrenW(childW(f.ff, "ddList"), "listEntry") {
		out = append(out, val(e))
	}
	return out
}

// legacyFields lists the form fields inside el, outside nested tables.
func legacyFields(el *etree.Element) []legacyField {
	var out []legacyField
	descend(el, func(e *etree.Element) bool {
		if e != el && isW(e, "tbl") {
			return false
		}
		if !isW(e, "fldChar") {
			return true
		}
		if typ, _ := attr(e, "w", "fldCharType"); typ != "begin" {
			return false
		}
		ff := childW(e, "ffData")
		if ff == nil && !bareFormText(e.Parent()) {
			return false
		}
		out = append(out, scanField(e.Parent(), ff))
		return false
	})
	return out
}

// bareFormText reports a field begun in run begin, without w:ffData, whose
// instruction is FORMTEXT: some producers (converters, older tools) write
// a text form field without its settings. Word still shows and fills it as
// a text field with no limits, so it is filled the same way, in its result.
func bareFormText(begin *etree.Element) bool {
	p := begin.Parent()
	if p == nil || !isW(begin, "r") {
		return false
	}
	var instr strings.Builder
	for i := begin.Index() + 1; i < len(p.Child) && instr.Len() < 64; i++ {
		r, ok := p.Child[i].(*etree.Element)
		if !ok || !isW(r, "r") {
			continue
		}
		if childW(r, "fldChar") != nil {
			break // separate, end or a nested field: the instruction is over
		}
		for _, it := range childrenW(r, "instrText") {
			instr.WriteString(it.Text())
		}
	}
	return isFormText(instr.String())
}

// scanField finds the separate and end runs after a begin run, counting
// nested fields.
func scanField(begin, ff *etree.Element) legacyField {
	f := legacyField{ff: ff, begin: begin}
	p := begin.Parent()
	if p == nil {
		return f
	}
	depth := 0
	for i := begin.Index(); i < len(p.Child); i++ {
		r, ok := p.Child[i].(*etree.Element)
		if !ok || !isW(r, "r") {
			continue
		}
		fc := childW(r, "fldChar")
		if fc == nil {
			continue
		}
		switch typ, _ := attr(fc, "w", "fldCharType"); typ {
		case "begin":
			depth++
		case "separate":
			if depth == 1 {
				f.separate = r
			}
		case "end":
			depth--
			if depth == 0 {
				f.end = r
				return f
			}
		}
	}
	return f
}

// info reads the field's settings.
func (f legacyField) info() formFieldInfo { return readFormField(f.ff) }

// shownText is text, el's own text, less the results of its text fields
// that only hold Word's placeholder: a producer that writes the
// instruction "FORMTEXT" as the result shows a blank, not that word, and
// the map line says so (the field's name is among its hints).
func shownText(el *etree.Element, text string) string {
	if !hasASCIIFold(text, "FORMTEXT") {
		return text
	}
	for _, f := range legacyFields(el) {
		if f.kind() != "text" {
			continue
		}
		var raw strings.Builder
		for _, r := range f.resultRuns() {
			raw.WriteString(textOf(r))
		}
		if strings.TrimSpace(raw.String()) != "" && isPlaceholderResult(raw.String()) {
			text = strings.Replace(text, raw.String(), "", 1)
		}
	}
	return text
}

// displayed is the text the field shows: its result runs, "" when Word's
// empty placeholder is all it holds.
func (f legacyField) displayed() string {
	var b strings.Builder
	for _, r := range f.resultRuns() {
		b.WriteString(textOf(r))
	}
	if f.kind() == "text" && isPlaceholderResult(b.String()) {
		return ""
	}
	return strings.TrimSpace(b.String())
}

// fieldEndAfter finds, in document order, the run ending the field begun in
// run begin, or nil.
func fieldEndAfter(begin *etree.Element) *etree.Element {
	root := begin
	for root.Parent() != nil {
		root = root.Parent()
	}
	depth, started := 0, false
	var end *etree.Element
	descend(root, func(e *etree.Element) bool {
		if end != nil {
			return false
		}
		if e == begin {
			started = true
		}
		if !started || !isW(e, "r") {
			return true
		}
		if depth = stepDepth(e, depth); depth <= 0 {
			end = e
		}
		return false
	})
	return end
}
