package word

import (
	"strconv"
	"strings"
	"unicode/utf8"

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

// resultRuns are the runs between separate and end.
func (f legacyField) resultRuns() []*etree.Element {
	if f.separate == nil || f.end == nil {
		return nil
	}
	p := f.begin.Parent()
	var out []*etree.Element
	for i := f.separate.Index() + 1; i < f.end.Index(); i++ {
		if r, ok := p.Child[i].(*etree.Element); ok && isW(r, "r") {
			out = append(out, r)
		}
	}
	return out
}

// value is the field's current text, checkbox state or selected entry.
func (f legacyField) value() string {
	switch f.kind() {
	case "checkbox":
		if (checkbox{ff: f.ff}).checked() {
			return "checked"
		}
		return "unchecked"
	case "dropdown":
		opts := f.options()
		i, _ := strconv.Atoi(val(pathW(f.ff, "ddList", "result")))
		if i >= 0 && i < len(opts) {
			return opts[i]
		}
		return ""
	}
	var b strings.Builder
	for _, r := range f.resultRuns() {
		b.WriteString(textOf(r))
	}
	return strings.TrimSpace(b.String())
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

// fillLegacyText writes a text answer into the one FORMTEXT or
// FORMDROPDOWN field of the target. It reports whether the target was such
// a field target.
func fillLegacyText(t target, text string, c *content) (bool, error) {
	var fields []legacyField
	for _, f := range legacyFields(t.el) {
		if f.kind() != "checkbox" {
			fields = append(fields, f)
		}
	}
	if len(fields) == 0 {
		return false, nil
	}
	if len(fields) > 1 {
		return true, formats.Errorf(formats.ErrInvalidArgument, t.id,
			"the target holds %d form fields; address one paragraph or cell per field", len(fields))
	}
	f := fields[0]
	if f.end == nil {
		return true, formats.Errorf(formats.ErrInvalidArgument, t.id, "form field %q does not end in its paragraph; writing it would cut through the field", f.name())
	}
	if f.kind() == "dropdown" {
		return true, setLegacyDropdown(t.id, f, text)
	}
	if ml := val(pathW(f.ff, "textInput", "maxLength")); ml != "" && c == nil {
		if n, err := strconv.Atoi(ml); err == nil && n > 0 && utf8.RuneCountInString(text) > n {
			return true, formats.Errorf(formats.ErrInvalidArgument, t.id, "form field %q holds at most %d characters; the answer has %d", f.name(), n, utf8.RuneCountInString(text))
		}
	}
	old := f.resultRuns()
	var rPr *etree.Element
	if len(old) > 0 {
		rPr = childW(old[0], "rPr")
	}
	if f.separate == nil {
		sep := etree.NewElement("w:r")
		sep.CreateElement("w:fldChar").CreateAttr("w:fldCharType", "separate")
		f.end.Parent().InsertChildAt(f.end.Index(), sep)
	}
	runs := answerRunsRPr(text, c, inheritRPr(rPr))
	for _, r := range old {
		r.Parent().RemoveChild(r)
	}
	at := f.end.Index()
	for i, r := range runs {
		f.end.Parent().InsertChildAt(at+i, r)
	}
	return true, nil
}

// answerRunsRPr is the answer as runs with properties rPr.
func answerRunsRPr(text string, c *content, rPr *etree.Element) []*etree.Element {
	if c != nil {
		return c.inline(rPr)
	}
	return []*etree.Element{textRun(rPr, text)}
}

// setLegacyDropdown selects the entry matching text.
func setLegacyDropdown(id string, f legacyField, text string) error {
	opts := f.options()
	pick, ok := matchOption(opts, text)
	if !ok {
		return formats.Errorf(formats.ErrInvalidArgument, id, "%q is not an entry of drop-down %q; expected one of %s", text, f.name(), strings.Join(opts, " | "))
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
		}
	}
	return nil
}
