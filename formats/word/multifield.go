package word

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/formfill/formfill/formats"
)

// Several legacy fields in one target ("RA-COC-[drop-down][text]",
// "Standards: [drop-down] [drop-down] …", "from [field] to [field]") are
// answered at once: the values, separated by " | ", fill the fields in
// order, each checked as the field alone would check it.

// fieldSeparator splits one answer into the values of fields side by side.
const fieldSeparator = " | "

// describeMultiField says what a target holding several text or drop-down
// fields takes: drop-downs only are a drop-down target offering their
// entries (an agent picks one per drop-down); with a text field among
// them it is a text target. Either way the hint lists the fields in order.
func describeMultiField(t *answerTarget, fields []legacyField) {
	t.hint = multiFieldHint(fields)
	for _, f := range fields {
		if f.kind() != "dropdown" {
			return
		}
	}
	t.kind, t.options, t.mode = formats.TargetDropdown, unionEntries(fields), ""
	for _, f := range fields[1:] {
		if !sameStrings(f.options(), fields[0].options()) {
			return
		}
	}
	// The same entries in each: listed once, as the target's options.
	t.hint = fmt.Sprintf("%d drop-downs, each offering these entries: answer %q to choose in each in order (an empty value leaves a drop-down as it is); a single value sets the first",
		len(fields), orderExample(len(fields)))
}

// unionEntries are the entries of drop-downs, each once in first-seen
// order, less blank ones (Word's "nothing chosen").
func unionEntries(fields []legacyField) []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range fields {
		for _, o := range f.options() {
			if strings.TrimSpace(o) != "" && !seen[o] {
				seen[o] = true
				out = append(out, o)
			}
		}
	}
	return out
}

// multiFieldHint tells how to answer a target holding several legacy
// fields: each field in order with its kind, name and entries, and how a
// value is given to each.
func multiFieldHint(fields []legacyField) string {
	descs := make([]string, len(fields))
	var prev []string
	for i, f := range fields {
		descs[i] = describeField(f, prev)
		if f.kind() == "dropdown" {
			prev = f.options()
		}
	}
	return fmt.Sprintf("%d fields in order: %s; answer %q to fill each in order (an empty value leaves a field as it is); a single value fills the first field that takes it",
		len(fields), strings.Join(descs, ", "), orderExample(len(fields)))
}

// orderExample is the shape of an answer for n fields.
func orderExample(n int) string {
	if n == 2 {
		return "first" + fieldSeparator + "second"
	}
	return "first" + fieldSeparator + "second" + fieldSeparator + "…"
}

// describeField names one field for the hint: its kind, name, entries (or
// "same entries" as the drop-down before it) and format.
func describeField(f legacyField, prevEntries []string) string {
	info := f.info()
	desc := "text"
	switch {
	case info.kind == "dropdown":
		desc = "drop-down"
	case info.textType == "number" || info.textType == "date":
		desc = info.textType
	}
	if info.name != "" {
		desc += " " + strconv.Quote(info.name)
	}
	switch {
	case info.kind == "dropdown" && sameStrings(info.entries, prevEntries):
		desc += " (same entries)"
	case info.kind == "dropdown":
		desc += " (" + strings.Join(nonBlank(info.entries), "|") + ")"
	case info.textType == "date" && info.format != "":
		desc += " (" + info.format + ")"
	}
	if info.kind == "text" && info.maxLength > 0 {
		desc += " max " + strconv.Itoa(info.maxLength) + " chars"
	}
	return desc
}

func nonBlank(ss []string) []string {
	var out []string
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			out = append(out, s)
		}
	}
	return out
}

func sameStrings(a, b []string) bool {
	if len(a) != len(b) || len(a) == 0 {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// fillLegacyFields fills the legacy fields of one target in order from an
// answer split at " | ". A single value fills the first field that takes
// it; an empty value leaves its field as it is. Every value is checked
// before any is written. It returns the text the target then shows.
func fillLegacyFields(t target, fields []legacyField, text string, c *content) (bool, string, error) {
	parts := strings.Split(text, fieldSeparator)
	if c != nil || len(parts) > len(fields) {
		return true, "", formats.Errorf(formats.ErrInvalidArgument, t.id,
			"the target holds %d form fields (%s) and the answer has %d values; give at most one value per field, separated by %q, as plain text", len(fields), fieldNames(fields), len(parts), fieldSeparator)
	}
	if len(parts) == 1 {
		i, ok := firstTaking(fields, strings.TrimSpace(parts[0]))
		if !ok {
			return true, "", formats.Errorf(formats.ErrInvalidArgument, t.id,
				"no form field of the target takes %q: it holds %s; give one value per field in order, separated by %q", strings.TrimSpace(parts[0]), multiFieldList(fields), fieldSeparator)
		}
		parts = make([]string, len(fields))
		parts[i] = text
	}
	for i, part := range parts {
		if v := strings.TrimSpace(part); v != "" {
			if err := fieldTakes(fields[i], v); err != nil {
				return true, "", formats.Wrap(formats.ErrInvalidArgument, t.id, err, "value %d of %d does not fit field %d (%s)", i+1, len(parts), i+1, describeField(fields[i], nil))
			}
		}
	}
	for i, part := range parts {
		v := strings.TrimSpace(part)
		if v == "" {
			continue
		}
		if fields[i].end == nil {
			return true, "", unendedFieldError(t.id, fields[i])
		}
		one := target{id: t.id, xpath: t.xpath, el: fields[i].begin, node: t.node}
		if _, _, err := fillLegacyText(one, v, nil); err != nil {
			return true, "", err
		}
	}
	return true, strings.TrimSpace(textOf(t.el)), nil
}

// multiFieldList lists fields for a message, numbered.
func multiFieldList(fields []legacyField) string {
	descs := make([]string, len(fields))
	for i, f := range fields {
		descs[i] = strconv.Itoa(i+1) + ". " + describeField(f, nil)
	}
	return strings.Join(descs, "; ")
}

// fieldTakes checks a value against one field as writing it would: a
// drop-down's entries, a text field's type, format and length.
func fieldTakes(f legacyField, value string) error {
	info := f.info()
	if info.kind == "dropdown" {
		if _, ok := matchOption(info.entries, value); !ok {
			return fmt.Errorf("%q is not an entry of the drop-down; expected one of %s", value, strings.Join(nonBlank(info.entries), " | "))
		}
		return nil
	}
	_, err := info.fitText(value)
	return err
}

// firstTaking is the index of the field a single value goes to among
// several: the first that takes it ("RA-COC-[drop-down][text]": an entry
// answers the drop-down, a code the text field).
func firstTaking(fields []legacyField, value string) (int, bool) {
	for i, f := range fields {
		if fieldTakes(f, value) == nil {
			return i, true
		}
	}
	return 0, false
}
