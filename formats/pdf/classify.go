package pdf

import (
	"strconv"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// checkedValue is the display value of a ticked checkbox.
const checkedValue = "checked"

// classify sets a field's kind, flags, options and current display value.
func classify(ctx *model.Context, f *field, inh inherited) {
	switch inh.ft {
	case "Btn":
		classifyButton(ctx, f, inh)
	case "Tx":
		f.Kind = kindText
		f.Multi = inh.ff&flagMultiline != 0
		f.Comb = inh.ff&flagComb != 0
		f.Value = valueText(ctx, inh.v)
	case "Ch":
		f.Kind = kindListbox
		if inh.ff&flagCombo != 0 {
			f.Kind = kindDropdown
		}
		f.Editable = inh.ff&flagEdit != 0
		f.Multi = inh.ff&flagMultiSelect != 0
		f.Options, f.states = choiceOptions(ctx, inh.opt)
		f.Value = choiceValue(ctx, f, inh.v)
	case "Sig":
		f.Kind = kindSignature
		f.ReadOnly = true // formfill never signs
	default:
		// No /FT anywhere up the tree: not a field a viewer would fill.
		f.Kind = kindUnknown
		f.ReadOnly = true
		f.Value = valueText(ctx, inh.v)
	}
}

func classifyButton(ctx *model.Context, f *field, inh inherited) {
	if inh.ff&flagPushbutton != 0 {
		f.Kind = kindButton
		f.ReadOnly = true // a push button has no value to fill
		return
	}
	var exports []string
	for _, o := range arrayOf(ctx, inh.opt) {
		exports = append(exports, textOf(ctx, o))
	}
	seen := map[string]bool{}
	for i, w := range f.widgets {
		if w.on == "" || seen[w.on] {
			continue
		}
		seen[w.on] = true
		label := w.on
		if i < len(exports) && exports[i] != "" {
			label = exports[i]
		}
		f.Options = append(f.Options, label)
		f.states = append(f.states, w.on)
	}
	v := valueText(ctx, inh.v)
	if v == "Off" {
		v = ""
	}
	// A "checkbox" whose widgets carry different on-states behaves as a
	// radio group (IRS forms do this): offer its states as options.
	if inh.ff&flagRadio != 0 || len(f.states) > 1 {
		f.Kind = kindRadio
		f.Value = v
		for i, s := range f.states {
			if s == v {
				f.Value = f.Options[i]
			}
		}
		return
	}
	f.Kind = kindCheckbox
	if boxOn(f, v) {
		f.Value = checkedValue
	}
}

// boxOn reports whether a checkbox's value v ("" for Off) ticks it. A box
// is on when its value names its own on-state (PDF 32000-1, 12.7.4.2.3):
// a kid of a group inherits the group's /V, which may name a sibling's
// state (USCIS I-765: three boxes share /V /C, only the /C box is
// ticked). A box with no on-state to compare with (no appearance) keeps
// the old reading: any value but Off ticks it. The value is read from
// /V, not from the widget's /AS: /V is what fill writes and what form
// data holds; verify checks /AS separately (checkButtonShown), since a
// reader draws /AS when the two disagree.
func boxOn(f *field, v string) bool {
	if v == "" {
		return false
	}
	if len(f.states) == 0 {
		return true
	}
	// Some writers store the /Opt export text instead of the state name.
	return v == f.states[0] || v == f.Options[0]
}

// valueText renders a /V entry: text, a name, or the items of an array
// joined by ", " (multi-select lists).
func valueText(ctx *model.Context, o types.Object) string {
	if o == nil {
		return ""
	}
	o, err := ctx.Dereference(o)
	if err != nil {
		return ""
	}
	if a, ok := o.(types.Array); ok {
		var parts []string
		for _, item := range a {
			parts = append(parts, textOf(ctx, item))
		}
		return strings.Join(parts, ", ")
	}
	return textOf(ctx, o)
}

// choiceOptions reads a choice field's /Opt: each item is a text, or a
// pair [export display]. It returns display texts and export values.
func choiceOptions(ctx *model.Context, opt types.Object) (display, export []string) {
	for _, o := range arrayOf(ctx, opt) {
		o, _ = ctx.Dereference(o)
		if pair, ok := o.(types.Array); ok && len(pair) == 2 {
			export = append(export, textOf(ctx, pair[0]))
			display = append(display, textOf(ctx, pair[1]))
			continue
		}
		s := textOf(ctx, o)
		export = append(export, s)
		display = append(display, s)
	}
	return display, export
}

// choiceValue renders a choice field's /V as display texts: one option,
// or the selected options of a multi-select list joined by ", ".
func choiceValue(ctx *model.Context, f *field, o types.Object) string {
	if o == nil {
		return ""
	}
	o, err := ctx.Dereference(o)
	if err != nil {
		return ""
	}
	a, ok := o.(types.Array)
	if !ok {
		return choiceDisplay(f, textOf(ctx, o))
	}
	parts := make([]string, 0, len(a))
	for _, item := range a {
		parts = append(parts, choiceDisplay(f, textOf(ctx, item)))
	}
	return strings.Join(parts, ", ")
}

// choiceDisplay maps a stored export value (or an index, which some
// writers store) to the option's display text.
func choiceDisplay(f *field, v string) string {
	for i, e := range f.states {
		if e == v {
			return f.Options[i]
		}
	}
	if i, err := strconv.Atoi(v); err == nil && i >= 0 && i < len(f.Options) && !containsString(f.Options, v) {
		return f.Options[i]
	}
	return v
}

func containsString(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
