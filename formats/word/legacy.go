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
		return true, "", unendedFieldError(t.id, f)
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

// unendedFieldError refuses a field whose result does not end in its own
// paragraph even once split runs and paragraphs are joined: its end sits in
// another cell (or past a table), so its result spans a cell boundary.
// Writing the answer there would either cut the field in two or erase
// whatever the other cell shows as part of the result; the message names
// the field, where it ends and what to do.
func unendedFieldError(id string, f legacyField) error {
	where := "past the end of its paragraph, outside it"
	if tc := ancestorW(f.begin, nil, "tc"); tc != nil {
		where = "in another cell (its result runs over the cell boundary)"
		if end := fieldEndAfter(f.begin); end != nil && ancestorW(end, nil, "tc") == tc {
			where = "further down its cell, past a nested table"
		}
	}
	return formats.Errorf(formats.ErrInvalidArgument, id,
		"form field %q does not end in its paragraph: its end is %s, so writing the answer would cut through the field; "+
			"expected a field whose begin and end sit in one paragraph: fix the field in Word (retype it in its cell) or answer the text around it with replace_text", f.name(), where)
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
