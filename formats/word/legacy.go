package word

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// legacyField is a Word 97–2003 form field: the runs from w:fldChar begin
// (holding w:ffData) to w:fldChar end, all in one paragraph.
type legacyField struct {
	ff       *etree.Element // w:ffData
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

// name is the field's bookmark name.
func (f legacyField) name() string { return val(childW(f.ff, "name")) }

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
		if typ, _ := attr(e, "w", "fldCharType"); typ != "begin" || childW(e, "ffData") == nil {
			return false
		}
		out = append(out, scanField(e.Parent(), childW(e, "ffData")))
		return false
	})
	return out
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

// fillLegacyText writes a text answer into the one FORMTEXT or
// FORMDROPDOWN field of the target: into the field's result, which keeps
// the field, its bookmark and the result's formatting. It reports whether
// the target was such a field target, and the text the field now shows
// (the answer in the field's format).
func fillLegacyText(t target, text string, c *content) (bool, string, error) {
	fields := textFields(t.el)
	if len(fields) == 0 {
		return false, "", nil
	}
	for _, f := range fields {
		if f.end == nil && (splitFieldRuns(f.begin.Parent()) || joinFieldParagraphs(f)) {
			fields = textFields(t.el) // its parts were packed in shared runs, or its result ran over paragraphs
			break
		}
	}
	if len(fields) > 1 {
		return fillLegacyFields(t, fields, text, c)
	}
	f := fields[0]
	if f.end == nil {
		return true, "", formats.Errorf(formats.ErrInvalidArgument, t.id, "form field %q does not end in its paragraph; writing it would cut through the field", f.name())
	}
	if f.kind() == "dropdown" {
		pick, err := setLegacyDropdown(t.id, f, text)
		if err != nil {
			return true, "", err
		}
		setResult(f, []*etree.Element{textRun(keptRPr(resultRPr(f)), pick)})
		return true, pick, nil
	}
	if c == nil {
		fitted, err := f.info().fitText(text)
		if err != nil {
			return true, "", formats.Wrap(formats.ErrInvalidArgument, t.id, err, "the answer does not fit the form field")
		}
		text = fitted
	}
	setResult(f, answerRunsRPr(text, c, keptRPr(resultRPr(f))))
	return true, text, nil
}

// fieldNames lists fields by name for a message.
func fieldNames(fields []legacyField) string {
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = fmt.Sprintf("%q", f.name())
	}
	return strings.Join(names, ", ")
}

// resultRPr is the formatting an answer in the field takes: that of its
// first result run, else of the run that begins the field.
func resultRPr(f legacyField) *etree.Element {
	if old := f.resultRuns(); len(old) > 0 {
		if rPr := childW(old[0], "rPr"); rPr != nil {
			return rPr
		}
	}
	return childW(f.begin, "rPr")
}

// keptRPr is a copy of a result run's properties for the answer: all of
// them (the field's result keeps its look), less a placeholder style.
func keptRPr(rPr *etree.Element) *etree.Element {
	if rPr == nil {
		return nil
	}
	out := rPr.Copy()
	for _, st := range childrenW(out, "rStyle") {
		if strings.Contains(strings.ToLower(val(st)), "placeholder") {
			out.RemoveChild(st)
		}
	}
	return out
}

// setResult replaces the field's result with runs, adding the separate
// part when the field has none.
func setResult(f legacyField, runs []*etree.Element) {
	p := f.end.Parent()
	if f.separate == nil {
		sep := etree.NewElement("w:r")
		if rPr := childW(f.begin, "rPr"); rPr != nil {
			sep.AddChild(rPr.Copy())
		}
		sep.CreateElement("w:fldChar").CreateAttr("w:fldCharType", "separate")
		p.InsertChildAt(f.end.Index(), sep)
	}
	for _, e := range f.resultNodes() {
		p.RemoveChild(e)
	}
	at := f.end.Index()
	for i, r := range runs {
		p.InsertChildAt(at+i, r)
	}
}

// answerRunsRPr is the answer as runs with properties rPr.
func answerRunsRPr(text string, c *content, rPr *etree.Element) []*etree.Element {
	if c != nil {
		return c.inline(rPr)
	}
	return []*etree.Element{textRun(rPr, text)}
}

// setLegacyDropdown selects the entry matching text.
func setLegacyDropdown(id string, f legacyField, text string) (string, error) {
	opts := f.options()
	pick, ok := matchOption(opts, text)
	if !ok {
		return "", formats.Errorf(formats.ErrInvalidArgument, id, "%q is not an entry of drop-down %q; expected one of %s", text, f.name(), strings.Join(opts, " | "))
	}
	dd := childW(f.ff, "ddList")
	for _, r := range childrenW(dd, "result") {
		dd.RemoveChild(r)
	}
	for i, o := range opts {
		if o == pick {
			res := etree.NewElement("w:result")
			res.CreateAttr("w:val", strconv.Itoa(i))
			dd.InsertChildAt(0, res)
			break
		}
	}
	return pick, nil
}
