package word

import (
	"strconv"
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// What a target accepts — a check box or several, a drop-down's entries, a
// date in a format, text of bounded length, a signature, any text — and the
// write mode a plain answer needs there.

// signatureWord names a signature. As a formats.Pattern it runs only on
// text holding one of its words: on a long agreement most questions hold
// neither.
var signatureWord = formats.MustPattern(`(?i)\bsignature\b|\bsigned\b`)

// describe fills in what t accepts and its list_form_fields entry.
func (f *finder) describe(t *answerTarget) {
	el := t.n.el
	t.kind = formats.TargetText
	t.field = formats.FormField{FieldID: t.n.id, Label: t.question, FieldType: string(formats.TargetText), XPath: t.n.path()}
	tb, typed := soleTypedBox(el)
	switch {
	case typed:
		t.kind = formats.TargetCheckbox
		t.field.CurrentValue = map[bool]string{true: "checked", false: "unchecked"}[tb.on]
		if l := tb.label(); l != "" && (t.question == "" || strings.Contains(t.question, tb.mark)) {
			t.qid, t.question, t.field.Label = t.n.id, l, l
		}
	case boxCount(el) > 0:
		t.kind = formats.TargetCheckbox
		seq := boxSequence(el)
		if len(seq.boxes) > 1 {
			t.options = seq.labels()
		} else if on, ok := checkboxState(el); ok {
			t.field.CurrentValue = map[bool]string{true: "checked", false: "unchecked"}[on]
		}
		for _, lf := range legacyFields(el) {
			t.field.Name = lf.name()
			break
		}
		if tf := textFields(el); len(tf) == 1 && len(seq.boxes) == 1 {
			t.hint = legacyHint(tf[0].info()) + "; text ticks the box and fills the field"
		}
		for _, cb := range checkboxesIn(el) {
			if cb.sdt != nil && t.field.Name == "" {
				t.field.Name = controlName(cb.sdt)
			}
		}
	case len(textFields(el)) == 1:
		// before a control: one wrapping a legacy field is filled in the field
		describeLegacy(t, textFields(el)[0])
		if t.question != "" && t.field.Label == "" {
			t.field.Label = t.question
		}
	case len(textControls(el)) == 1:
		f.describeControl(t, textControls(el)[0])
	default:
		t.options = f.hintsOf(t.n)
		t.mode = f.d.namedMode(el, t.options)
		t.field.CurrentValue = strings.TrimSpace(f.d.textOf(el))
		if len(textControls(el)) == 0 && len(textFields(el)) > 1 {
			// Legacy fields side by side ("From [field] to [field]") are
			// filled in order from one answer (fillLegacyFields).
			describeMultiField(t, textFields(el))
		}
		if text := f.d.textOf(el); t.options == nil && hasPlaceholder(text) {
			// list_form_fields has always typed these "placeholder",
			// showing the blank as the current value.
			t.field.FieldType, t.field.CurrentValue = "placeholder", placeholderScan.firstText(text)
		}
	}
	if t.kind == formats.TargetText && strings.Contains(strings.ToLower(t.question), "sign") && signatureWord.MatchString(t.question) {
		t.kind = formats.TargetSignature
	}
	if t.field.FieldType != "placeholder" || t.kind != formats.TargetText {
		t.field.FieldType = string(t.kind)
	}
	t.field.Options = t.options
	if t.field.Label == "" {
		t.field.Label = t.field.Name
	}
}

// describeControl reads a content control's type, entries and format.
func (f *finder) describeControl(t *answerTarget, sdt *etree.Element) {
	if cf, ok := f.d.controlField(t.n, sdt); ok {
		t.field.Name, t.field.CurrentValue = cf.Name, cf.CurrentValue
	}
	pr := childW(sdt, "sdtPr")
	switch {
	case childW(pr, "dropDownList") != nil || childW(pr, "comboBox") != nil:
		t.kind, t.options = formats.TargetDropdown, controlOptions(sdt)
		if len(t.options) == 0 {
			t.kind = formats.TargetText
		}
	case childW(pr, "date") != nil:
		t.kind, t.format = formats.TargetDate, val(pathW(sdt, "sdtPr", "date", "dateFormat"))
	}
}

// textFields lists the legacy fields of el that take text or an entry.
func textFields(el *etree.Element) []legacyField {
	var out []legacyField
	for _, lf := range legacyFields(el) {
		if lf.kind() != "checkbox" {
			out = append(out, lf)
		}
	}
	return out
}

// describeLegacy reads a legacy field's kind, entries, length and format,
// and shows its name, help and status text as a hint; a field in a cell
// with no label of its own asks what its help text says.
func describeLegacy(t *answerTarget, lf legacyField) {
	info := lf.info()
	t.field.Name, t.field.CurrentValue = info.name, lf.value()
	t.hint = legacyHint(info)
	if t.question == "" {
		if q := info.question(); q != "" {
			t.qid, t.question, t.field.Label = t.n.id, q, q
		}
	}
	if info.kind == "dropdown" {
		t.kind, t.options = formats.TargetDropdown, info.entries
		return
	}
	t.maxChars = info.maxLength
	switch info.textType {
	case "number":
		t.kind, t.format = formats.TargetNumber, info.format
	case "date":
		t.kind, t.format = formats.TargetDate, info.format
	}
}

// legacyHint is what the map says of a legacy field beside its kind: its
// name, help or status text and a case rule.
func legacyHint(info formFieldInfo) string {
	var parts []string
	if info.name != "" {
		parts = append(parts, "field "+strconv.Quote(info.name))
	}
	if h := info.hint(); h != "" {
		parts = append(parts, h)
	}
	if info.textType == "regular" && info.format != "" {
		parts = append(parts, strings.ToLower(info.format))
	}
	return strings.Join(parts, ": ")
}

// hintsOf returns the options a hint cell lists (cellHints, the rule the
// writer reads too), nil for other targets. Every indexed cell is in its
// table's grid.
func (f *finder) hintsOf(n *node) []string {
	if n.kind != kindCell {
		return nil
	}
	ti := f.table(n)
	if ti == nil {
		return nil
	}
	ci := ti.find(n)
	if ci == nil {
		return nil
	}
	hints, _ := cellHints(ci, func() (*tableInfo, *cellInfo, error) { // the map has read the table: no error
		return ti, ci, nil
	})
	return hints
}

// textTarget reports an element describe reads as text: neither a check
// box nor a single legacy field or content control, which the writer
// fills in their own way whatever the mode. Its cases are describe's, in
// describe's order.
func textTarget(el *etree.Element) bool {
	if _, typed := soleTypedBox(el); typed || boxCount(el) > 0 {
		return false
	}
	return len(textFields(el)) != 1 && len(textControls(el)) != 1
}

// namedMode is the mode the map names for a plain answer at a text target
// el ("write with …") whose hint cell lists hints (hintsOf), "" when the
// writer's default (defaultMode) is right. The writer takes it for an
// answer that names no mode (answerMode), so the two cannot disagree.
func (d *document) namedMode(el *etree.Element, hints []string) formats.Mode {
	fields := textFields(el)
	switch controls := len(textControls(el)); {
	case controls == 0 && len(fields) > 1:
		// Legacy fields side by side are filled in order from one answer
		// (fillLegacyFields); drop-downs take an entry each.
		if hints == nil || dropdownsOnly(fields) {
			return ""
		}
		return formats.ReplaceContent
	case controls > 1 || len(fields) > 1:
		// The writer fills one control or field per target; with several
		// ("from [date] to [date]") a plain answer goes after them.
		return formats.Append
	case hints != nil:
		// The answer is one of the options: it takes their place.
		return formats.ReplaceContent
	}
	return d.plainMode(el)
}

// dropdownsOnly reports legacy fields that are all drop-downs.
func dropdownsOnly(fields []legacyField) bool {
	for _, f := range fields {
		if f.kind() != "dropdown" {
			return false
		}
	}
	return true
}

// plainMode is the mode a plain answer needs at el when the writer's
// default would refuse it or leave a prompt standing: append beside a
// placeholder that crosses a field, replace_content over a prompt the
// writer does not read as a placeholder ("<m/d/yyyy>"). "" for the
// default.
func (d *document) plainMode(el *etree.Element) formats.Mode {
	text := d.textOf(el)
	switch d.defaultMode(el) {
	case formats.ReplacePlaceholder:
		if !placeholderFieldFree(el) {
			return formats.Append
		}
	case formats.Append:
		if isPromptOnly(text, true) && checkFieldsBalanced("", el) == nil && replaceKeepsAnchors(el) {
			return formats.ReplaceContent
		}
	}
	return ""
}

// placeholderFieldFree reports whether replacing el's first placeholder
// leaves every field whole, as the writer requires.
func placeholderFieldFree(el *etree.Element) bool {
	paras := findW(el, "p")
	for _, p := range paras {
		if p != el && ancestorW(p, el, "tbl") != nil {
			continue
		}
		segs, full := segments(p)
		loc := placeholderScan.first(full) // placeholderPattern's first match, without the automaton
		if loc == nil {
			continue
		}
		first, last := -1, -1
		for i, s := range segs {
			if s.end > loc[0] && s.start < loc[1] {
				if first < 0 {
					first = i
				}
				last = i
			}
		}
		return first >= 0 && checkRunsFieldFree("", p, segs[first].r, segs[last].r) == nil
	}
	return true
}

// boxSeq is the check boxes of an element in reading order, with the
// text between them.
type boxSeq struct {
	boxes []boxToken
	last  string // the text read since the last box
}

// pending remembers the text read since the last box.
func (s *boxSeq) pending(t string) { s.last = t }

// boxToken is one box: a real check box (cb set) or a glyph, with the text
// before and after it up to the neighbouring boxes.
type boxToken struct {
	cb            *checkbox
	before, after string
}

// labels names each box by its text: the text after each box ("☐ Yes
// ☐ No"), or before it when nothing follows the last box ("Yes ☐ No ☐").
func (s boxSeq) labels() []string {
	out := make([]string, len(s.boxes))
	before := len(s.boxes) > 0 && cleanLabel(s.boxes[len(s.boxes)-1].after) == ""
	for i, b := range s.boxes {
		if before {
			out[i] = cleanLabel(b.before)
		} else {
			out[i] = cleanLabel(b.after)
		}
	}
	return out
}

// boxSequence reads el's boxes and the text around them, outside nested
// tables.
func boxSequence(el *etree.Element) boxSeq {
	var s boxSeq
	var text strings.Builder
	flush := func() {
		t := text.String()
		text.Reset()
		if n := len(s.boxes); n > 0 {
			s.boxes[n-1].after = t
		}
		s.pending(t)
	}
	descend(el, func(e *etree.Element) bool {
		switch {
		case e != el && isW(e, "tbl"), e.Space == "mc" && e.Tag == "Fallback", isW(e, "instrText"), isW(e, "delText"):
			return false
		case isW(e, "sdt") && sdtCheckbox(e) != nil:
			flush()
			s.boxes = append(s.boxes, boxToken{cb: &checkbox{sdt: e}, before: s.last})
			return false
		case isW(e, "ffData") && childW(e, "checkBox") != nil:
			flush()
			s.boxes = append(s.boxes, boxToken{cb: &checkbox{ff: e}, before: s.last})
		case isW(e, "footnoteReference"), isW(e, "endnoteReference"):
			return false
		case isW(e, "sym"):
			if symBox(e) && childW(e.Parent(), "footnoteReference") == nil {
				flush()
				s.boxes = append(s.boxes, boxToken{before: s.last})
			}
		case isW(e, "t"):
			font := runFont(e.Parent())
			for _, r := range e.Text() {
				if isBox(r, font) {
					flush()
					s.boxes = append(s.boxes, boxToken{before: s.last})
					continue
				}
				text.WriteRune(r)
			}
		case isW(e, "tab"), isW(e, "br"):
			text.WriteByte(' ')
		}
		return true
	})
	flush()
	return s
}

// hints says in the compact line what t accepts and, when a plain answer
// needs one, the mode to write it with.
func (t *answerTarget) hints() []string {
	var out []string
	switch t.kind {
	case formats.TargetCheckbox:
		if len(t.options) > 0 {
			out = append(out, "checkbox ☐: "+strings.Join(t.options, "|"))
		} else {
			out = append(out, "checkbox ☐")
		}
	case formats.TargetDropdown:
		out = append(out, "dropdown: "+strings.Join(t.options, "|"))
	case formats.TargetDate:
		out = append(out, strings.TrimSpace("date "+t.format))
	case formats.TargetNumber, formats.TargetSignature:
		out = append(out, string(t.kind))
	default:
		if len(t.options) > 0 {
			out = append(out, "one of: "+strings.Join(t.options, "|"))
		}
	}
	if t.maxChars > 0 {
		out = append(out, "max "+strconv.Itoa(t.maxChars)+" chars")
	}
	if t.mode != "" {
		out = append(out, "write with "+string(t.mode))
	}
	if t.hint != "" {
		out = append(out, t.hint)
	}
	return out
}
