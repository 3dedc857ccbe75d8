package pdf

import (
	"fmt"
	"strings"

	"github.com/formfill/formfill/formats"
)

// ExtractCompact implements extract_structure_compact: one line per field,
// `F1: "label" (kind, options: A | B) — value`, then the page, the native
// name and nearby page text. id_to_xpath maps each ID to the native name.
func (e *Engine) ExtractCompact(doc []byte) (cs *formats.CompactStructure, err error) {
	defer guard(e.logger(), &err)
	d, err := e.open(doc)
	if err != nil {
		return nil, err
	}
	addContext(d)
	b := formats.NewCompactBuilder(128 * len(d.fields))
	if len(d.fields) == 0 {
		b.Text = append(b.Text, "(no fillable form fields: this PDF has no AcroForm fields)\n"...)
	}
	page := -1
	for _, f := range d.fields {
		if f.Page != page {
			page = f.Page
			b.Hold() // the page's heading goes with its first field
			if page == 0 {
				b.Text = append(b.Text, "=== Fields not placed on a page ===\n"...)
			} else {
				b.Text = fmt.Appendf(b.Text, "=== Page %d ===\n", page)
			}
		}
		from := len(b.Text)
		line := compactLine(f)
		b.Text = append(b.Text, line...)
		t, ok := answerTarget(f)
		if ok {
			b.Text = append(b.Text, " ← answer target"...)
			b.Structure().Targets = append(b.Structure().Targets, t)
		}
		b.Text = append(b.Text, '\n')
		b.Begin(f.ID, line, from)
		b.XPath(f.ID, f.Name)
		if f.Kind == kindSignature || f.Kind == kindButton || f.Kind == kindUnknown {
			b.Complex(fmt.Sprintf("%s: %s field %q (not fillable)", f.ID, f.Kind, f.Name))
		}
	}
	return b.Finish(), nil
}

func compactLine(f *field) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %q (%s", f.ID, f.Label, f.Kind)
	if len(f.Options) > 0 && f.Kind != kindCheckbox {
		fmt.Fprintf(&b, ", options: %s", optionList(f))
	}
	if f.MaxLen > 0 {
		fmt.Fprintf(&b, ", max %d chars", f.MaxLen)
	}
	if f.ReadOnly {
		b.WriteString(", read-only")
	}
	b.WriteString(") — ")
	if f.Value == "" {
		b.WriteString("empty")
	} else {
		fmt.Fprintf(&b, "%q", f.Value)
	}
	if f.Page > 0 {
		fmt.Fprintf(&b, " [page %d", f.Page)
	} else {
		b.WriteString(" [no page")
	}
	fmt.Fprintf(&b, ", name %q", f.Name)
	if f.Context != "" {
		fmt.Fprintf(&b, ", near %q", f.Context)
	}
	b.WriteString("]")
	return b.String()
}

// ExtractRaw implements extract_structure: the field inventory.
func (e *Engine) ExtractRaw(doc []byte) (rs *formats.RawStructure, err error) {
	fields, err := e.ListFields(doc)
	if err != nil {
		return nil, err
	}
	return &formats.RawStructure{Fields: fields}, nil
}

// answerTarget is the target a field makes, or false for a field that
// takes no answer: read-only, a signature, a push button.
func answerTarget(f *field) (formats.Target, bool) {
	t := formats.Target{ID: f.ID, Question: f.Label, MaxChars: f.MaxLen}
	switch f.Kind {
	case kindText:
		t.Kind = formats.TargetText
	case kindCheckbox:
		t.Kind = formats.TargetCheckbox
	case kindRadio, kindDropdown, kindListbox:
		t.Kind, t.Options, t.Hint = formats.TargetDropdown, f.Options, f.optHint
	default:
		return t, false
	}
	return t, !f.ReadOnly
}

// ListFields implements list_form_fields.
func (e *Engine) ListFields(doc []byte) (out []formats.FormField, err error) {
	defer guard(e.logger(), &err)
	d, err := e.open(doc)
	if err != nil {
		return nil, err
	}
	out = make([]formats.FormField, 0, len(d.fields))
	for _, f := range d.fields {
		out = append(out, formats.FormField{
			FieldID: f.ID, Label: f.Label, FieldType: f.Kind, CurrentValue: f.Value, Name: f.Name,
			Options: f.Options, Page: f.Page, ReadOnly: f.ReadOnly, XPath: f.Name,
		})
	}
	return out, nil
}

// Validate implements validate_locations: a location names a field by its
// ID (pair_id) or by its native name (pair_id or snippet).
func (e *Engine) Validate(doc []byte, locations []formats.Location) (out []formats.ValidatedLocation, err error) {
	defer guard(e.logger(), &err)
	if err := formats.CheckCount("locations", len(locations)); err != nil {
		return nil, err
	}
	d, err := e.open(doc)
	if err != nil {
		return nil, err
	}
	addContext(d)
	out = make([]formats.ValidatedLocation, 0, len(locations))
	for _, loc := range locations {
		out = append(out, d.validate(loc))
	}
	return out, nil
}

func (d *document) validate(loc formats.Location) formats.ValidatedLocation {
	v := formats.ValidatedLocation{PairID: loc.PairID, Status: formats.LocationNotFound}
	var f *field
	for _, key := range []string{loc.PairID, loc.Snippet, snippetID(loc.Snippet)} {
		if key == "" {
			continue
		}
		if got, err := d.lookup(key); err == nil {
			f = got
			break
		}
	}
	if f == nil {
		v.Warning = fmt.Sprintf("no form field with ID or name %q; IDs run %s", firstNonEmpty(loc.PairID, loc.Snippet), fieldHint(d.fields))
		return v
	}
	v.Status, v.XPath = formats.LocationMatched, f.Name
	v.Context = compactLine(f)
	if f.ReadOnly {
		v.Warning = fmt.Sprintf("%s is read-only (%s); write_answers will refuse it", f.ID, readOnlyReason(f))
	}
	return v
}

// snippetID reads the ID off a line of the compact map an agent pasted
// back as a snippet ("F3: \"Email\" (text) — empty …").
func snippetID(s string) string {
	id, _, ok := strings.Cut(strings.TrimSpace(s), ":")
	if !ok || !isFieldID(id) {
		return ""
	}
	return id
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

// optionList renders a field's options for the map: a radio option named
// by its printed label shows its export value too, "ledig (0) |
// verheiratet (1)", so either can be written.
func optionList(f *field) string {
	parts := make([]string, len(f.Options))
	for i, o := range f.Options {
		parts[i] = o
		if f.Kind == kindRadio && i < len(f.states) && f.states[i] != o {
			parts[i] = fmt.Sprintf("%s (%s)", o, f.states[i])
		}
	}
	return strings.Join(parts, " | ")
}
