package pdf

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/formfill/formfill/formats"
)

// assignment is one validated value for one field, ready to apply.
type assignment struct {
	f       *field
	text    string   // text fields, dropdowns, radio (display option)
	state   string   // radio: the appearance state to switch on
	values  []string // list boxes
	checked bool     // checkboxes
	before  string
	answers []formats.Answer // the answers applied to the field, in order
}

// after is the field's display value once the assignment is applied.
func (a *assignment) after() string {
	switch a.f.Kind {
	case kindCheckbox:
		if a.checked {
			return checkedValue
		}
		return ""
	case kindListbox:
		return strings.Join(a.values, ", ")
	}
	return a.text
}

// plan resolves every answer to a field and validates its value without
// touching the document. Answers for the same field apply in order (so
// two appends accumulate).
func (d *document) plan(answers []formats.Answer) ([]*assignment, *formats.WriteResult, error) {
	res := &formats.WriteResult{Changes: []formats.Change{}}
	byField := map[*field]*assignment{}
	var order []*assignment
	var spent int64              // bytes of field text the answers rewrote
	perField := map[*field]int{} // answers per field, to name the worst
	for i, a := range answers {
		if err := d.stop.Check(); err != nil {
			return nil, nil, err
		}
		key := a.PairID
		if key == "" {
			key = a.XPath
		}
		if a.AnswerText == formats.Skip {
			res.Skipped = append(res.Skipped, key)
			continue
		}
		f, err := d.lookup(key)
		if err != nil {
			return nil, nil, err
		}
		if a.AnswerText == "" && a.InsertionXML != "" {
			return nil, nil, formats.Errorf(formats.ErrInvalidArgument, key, "PDF form fields take plain values: give answer_text, not insertion_xml")
		}
		prev, seen := byField[f]
		if seen {
			// An append copies the field's whole text: bound the sum.
			perField[f]++
			if spent += int64(len(prev.text) + len(a.AnswerText)); spent > formats.MaxRewrite {
				return nil, nil, formats.RewriteError(i, f.ID, spent, f.ID, perField[f]+1)
			}
		}
		if !seen {
			prev = &assignment{f: f, text: f.Value, checked: f.Value == checkedValue, before: f.Value}
			if f.Value != "" && f.Kind == kindListbox {
				prev.values = strings.Split(f.Value, ", ")
			}
		}
		next, warn, err := resolve(f, prev, a)
		if err != nil {
			return nil, nil, err
		}
		if warn != "" {
			res.Warnings = append(res.Warnings, warn)
		}
		// Appending in place is safe: next replaces prev just below. A copy
		// per answer made repeated answers to one field quadratic (issue 38).
		next.answers = append(next.answers, a)
		if !seen {
			order = append(order, next)
		} else {
			*prev = *next
			next = prev
		}
		byField[f] = next
	}
	for _, as := range order {
		res.Changes = append(res.Changes, formats.Change{PairID: as.f.ID, XPath: as.f.Name, Mode: formats.ReplaceContent, Before: as.before, After: as.after()})
	}
	return order, res, nil
}

// resolve validates one answer against its field and returns the new
// assignment (a copy of prev with the answer applied).
func resolve(f *field, prev *assignment, a formats.Answer) (*assignment, string, error) {
	next := *prev
	label := fieldRef(f)
	if f.ReadOnly {
		return nil, "", formats.Errorf(formats.ErrInvalidArgument, label, "the field is read-only (%s); it cannot be filled", readOnlyReason(f))
	}
	mode := a.Mode
	if mode == "" {
		mode = formats.ReplaceContent
	}
	var warn string
	if mode == formats.ReplacePlaceholder {
		warn = fmt.Sprintf("%s: PDF fields have no placeholders; replace_placeholder replaced the whole value", label)
		mode = formats.ReplaceContent
	}
	if mode == formats.Append && f.Kind != kindText {
		return nil, "", formats.Errorf(formats.ErrInvalidArgument, label, "append works on text fields only; this is a %s field (use replace_content)", f.Kind)
	}
	if done, err := resolveEdit(f, &next, a); done || err != nil {
		return &next, "", err
	}
	var err error
	switch f.Kind {
	case kindText:
		err = resolveText(f, &next, a.AnswerText, mode)
	case kindCheckbox:
		next.checked, err = checkboxAnswer(f, a.AnswerText)
	case kindRadio:
		i, ok := matchOption(f.Options, f.states, a.AnswerText)
		if !ok {
			return nil, "", optionError(f, a.AnswerText)
		}
		next.text, next.state = f.Options[i], f.states[i]
	case kindDropdown:
		i, ok := matchOption(f.Options, f.states, a.AnswerText)
		switch {
		case ok:
			next.text = f.Options[i]
		case f.Editable:
			next.text = a.AnswerText
		default:
			return nil, "", optionError(f, a.AnswerText)
		}
	case kindListbox:
		next.values, err = resolveList(f, a.AnswerText)
	default:
		return nil, "", formats.Errorf(formats.ErrInvalidArgument, label, "a %s field cannot be filled with a value", f.Kind)
	}
	if err != nil {
		return nil, "", err
	}
	return &next, warn, nil
}

// checkboxAnswer reads an answer to a checkbox: a yes/no word as
// formats.ParseBool reads it, else the box's own option (its export text
// or on-state name, matched as matchOption matches a radio's), which ticks
// it, since list_fields offers it as the box's value. The yes/no words go
// first because the tools document them as a checkbox's answers: "No" to
// a box whose option is "No" unticks it, as it does every other box
// (answer "yes" to tick that one).
//
// An answer that is neither gets one error naming the field, the answer
// and all it could have been. ParseBool's own error is not its cause (the
// option was the other way to read the answer), so it is not wrapped: that
// would print the word list twice.
func checkboxAnswer(f *field, answer string) (bool, error) {
	if on, ok := formats.BoolValue(answer); ok {
		return on, nil
	}
	if _, ok := matchOption(f.Options, f.states, answer); ok {
		return true, nil
	}
	accepted := formats.BoolWords
	if len(f.Options) > 0 {
		accepted += fmt.Sprintf(", or the box's option %q (ticks it)", f.Options[0])
	}
	return false, formats.Errorf(formats.ErrInvalidArgument, fieldRef(f), "%q is not a checkbox value; expected %s", answer, accepted)
}

// resolveEdit applies the edit modes: replace_text and delete with find
// change part of a text field's value; delete without find clears a text
// field or unticks a checkbox. Paragraph inserts have no meaning in a PDF
// field. It reports whether the answer was one of those modes.
func resolveEdit(f *field, next *assignment, a formats.Answer) (bool, error) {
	label := fieldRef(f)
	switch a.Mode {
	case formats.InsertAfter, formats.InsertBefore:
		return true, formats.Errorf(formats.ErrInvalidArgument, label,
			"%s adds Word paragraphs; a PDF form field has none — use append to add text to a text field", a.Mode)
	case formats.ReplaceText, formats.Delete:
	default:
		return false, nil
	}
	switch {
	case a.Mode == formats.Delete && a.Find == "" && f.Kind == kindCheckbox:
		next.checked = false
		return true, nil
	case a.Mode == formats.Delete && a.Find == "" && f.Kind == kindText:
		next.text = ""
		return true, nil
	case f.Kind != kindText:
		return true, formats.Errorf(formats.ErrInvalidArgument, label,
			"%s works on the text of text fields (and delete also unticks a checkbox); this is a %s field: give one of its options with replace_content", a.Mode, f.Kind)
	}
	text, err := formats.ReplaceFound(label, "field", next.text, a.Find, a.AnswerText, a.Occurrence)
	if err != nil {
		return true, err
	}
	return true, resolveText(f, next, text, formats.ReplaceContent)
}

func resolveText(f *field, next *assignment, text string, mode formats.Mode) error {
	if mode == formats.Append && next.text != "" {
		sep := " "
		if f.Multi {
			sep = "\n"
		}
		text = next.text + sep + text
	}
	if f.MaxLen > 0 && utf8.RuneCountInString(text) > f.MaxLen {
		return formats.Errorf(formats.ErrInvalidArgument, fieldRef(f), "the value has %d characters; the field allows at most %d (MaxLen)", utf8.RuneCountInString(text), f.MaxLen)
	}
	if !f.Multi && strings.ContainsAny(text, "\r\n") {
		text = strings.Join(strings.Fields(strings.ReplaceAll(text, "\r", " ")), " ")
	}
	next.text = text
	return nil
}

// resolveList accepts one option, or for a multi-select list several
// separated by "|" (or "," when no option contains a comma).
func resolveList(f *field, answer string) ([]string, error) {
	if i, ok := matchOption(f.Options, f.states, answer); ok {
		return []string{f.Options[i]}, nil
	}
	if !f.Multi {
		return nil, optionError(f, answer)
	}
	sep := "|"
	if !strings.Contains(answer, "|") {
		sep = ","
	}
	var out []string
	for _, part := range strings.Split(answer, sep) {
		i, ok := matchOption(f.Options, f.states, part)
		if !ok {
			return nil, optionError(f, part)
		}
		out = append(out, f.Options[i])
	}
	return out, nil
}

// matchOption finds an answer among a field's options: exactly, then by
// export value, then ignoring case and spacing.
func matchOption(options, exports []string, answer string) (int, bool) {
	for _, list := range [][]string{options, exports} {
		for i, o := range list {
			if o == answer {
				return i, true
			}
		}
	}
	want := formats.Normalize(answer)
	for _, list := range [][]string{options, exports} {
		for i, o := range list {
			if formats.Normalize(o) == want {
				return i, true
			}
		}
	}
	return 0, false
}

func optionError(f *field, answer string) error {
	return formats.Errorf(formats.ErrInvalidArgument, fieldRef(f), "%q is not one of the %s's options: %s", answer, f.Kind, strings.Join(f.Options, " | "))
}

func readOnlyReason(f *field) string {
	switch f.Kind {
	case kindSignature:
		return "a signature field"
	case kindButton:
		return "a push button"
	case kindUnknown:
		return "it has no field type (/FT), so viewers do not treat it as a field"
	}
	return "its ReadOnly flag is set"
}

// fieldRef names a field in errors by its ID and native name.
func fieldRef(f *field) string {
	return fmt.Sprintf("%s %q", f.ID, f.Name)
}
