package pdf

import (
	"bytes"
	"errors"
	"fmt"

	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/formfill/formfill/formats"
)

// apply writes the assignments into the document's model and serialises
// it. formfill sets the values itself on the fields it found and draws
// every widget of every field it fills (see appearance.go), embedding a
// subset of a fallback font where the field's own font cannot show the
// text; /NeedAppearances is removed, so every viewer shows these
// appearances instead of redrawing the fields with its own fonts.
// pdfcpu's form filler is not used: it walks every widget of every page
// and gives up on the whole form when any one of them is slightly
// non-conforming (a checkbox /V written as a string, a widget without a
// field type), which real forms often are.
//
// The review notes of uncertain answers (see review.go) go into the same
// update; apply returns where each went, by field.
func (d *document) apply(plan []*assignment, notes []fieldNote, st formats.Stamp, opts formats.WriteOptions) ([]byte, map[*field]string, []string, error) {
	ctx := d.ctx
	if err := loadLazyObjects(ctx, d.stop); err != nil {
		return nil, nil, nil, err
	}
	before, err := snapshot(ctx, d.stop)
	if err != nil {
		return nil, nil, nil, err
	}
	warnings := d.dropBrokenExtras()
	fs := newFontSet(ctx, d.fonts)
	filled := map[*field]bool{}
	for _, a := range plan {
		if err := d.stop.Check(); err != nil {
			return nil, nil, nil, err
		}
		w, err := d.fillOne(a, fs)
		if err != nil {
			return nil, nil, nil, formats.Wrap(formats.ErrInvalidDocument, fieldRef(a.f), err, "the field's value or appearance could not be written")
		}
		warnings = append(warnings, w...)
		filled[a.f] = true
	}
	w, err := d.drawUnshown(fs, filled, opts.Flatten)
	if err != nil {
		return nil, nil, nil, err
	}
	warnings = append(warnings, w...)
	if err := fs.finishFonts(); err != nil {
		return nil, nil, nil, formats.Wrap(formats.ErrInvalidDocument, "AcroForm", err, "embedding the fonts of the new appearances failed")
	}
	if af := acroForm(ctx); af != nil {
		af.Delete("NeedAppearances")
		d.ensureZapfDingbats(af)
	}
	placed, w, err := d.annotate(notes, st)
	if err != nil {
		return nil, nil, nil, err
	}
	warnings = append(warnings, w...)
	if opts.Flatten {
		w, err := d.burnIn(opts.FlattenSignatures)
		if err != nil {
			return nil, nil, nil, err
		}
		warnings = append(warnings, w...)
	}
	out, err := increment(d.data, ctx, before, d.stop)
	if err == nil {
		return out, placed, warnings, nil
	}
	if errors.Is(err, formats.ErrStopped) {
		return nil, nil, nil, err
	}
	// No usable xref chain to append to: write the whole file anew.
	d.stop.Logger().Debug("pdf: incremental save impossible, rewriting", "err", err)
	var buf bytes.Buffer
	if err := api.WriteContext(ctx, d.stop.Writer(&buf)); err != nil {
		if errors.Is(err, formats.ErrStopped) {
			return nil, nil, nil, err
		}
		return nil, nil, nil, formats.Wrap(formats.ErrInvalidDocument, "file", err, "writing the filled PDF failed")
	}
	return buf.Bytes(), placed, warnings, nil
}

// drawUnshown draws the fields formfill did not fill that have a value
// but no appearance, when the form relied on /NeedAppearances to have
// viewers draw them (once that flag is gone, nothing else would), or
// when a flatten is to burn every value into the page (viewers draw a
// field without an appearance their own way; page content they do not).
func (d *document) drawUnshown(fs *fontSet, filled map[*field]bool, flatten bool) ([]string, error) {
	af := acroForm(d.ctx)
	if af == nil {
		return nil, nil
	}
	if b, ok := entry(d.ctx, af, "NeedAppearances").(types.Boolean); !flatten && (!ok || !bool(b)) {
		return nil, nil
	}
	var warnings []string
	for _, f := range d.fields {
		// Read-only fields count too: their values are shown, not edited.
		if filled[f] || f.Value == "" || hasAppearance(f) {
			continue
		}
		var w []string
		var err error
		switch f.Kind {
		case kindText, kindDropdown:
			w, err = d.drawField(f, fs, f.Value, nil)
		case kindListbox:
			w, err = d.drawField(f, fs, "", selectedOptions(f, strings.Split(f.Value, ", ")))
		case kindCheckbox, kindRadio:
			err = d.drawButtons(f, fs)
		}
		if err != nil {
			return nil, formats.Wrap(formats.ErrInvalidDocument, fieldRef(f), err, "drawing the appearance of a field the form left to the viewer failed")
		}
		warnings = append(warnings, w...)
	}
	return warnings, nil
}

// fillOne sets one field's value and redraws its widgets.
func (d *document) fillOne(a *assignment, fs *fontSet) ([]string, error) {
	f := a.f
	switch f.Kind {
	case kindText:
		return d.fillText(f, a.text, fs)
	case kindCheckbox:
		state := "Off"
		if a.checked {
			state = "Yes" // the conventional name when no widget has an "on" appearance
			if len(f.states) > 0 {
				state = f.states[0]
			}
		}
		err := d.drawButtons(f, fs) // first: a widget drawn now gets its "on" state
		setButton(f, state)
		return nil, err
	case kindRadio:
		err := d.drawButtons(f, fs)
		setButton(f, a.state)
		return nil, err
	case kindDropdown:
		return d.fillDropdown(f, a.text, fs)
	case kindListbox:
		return d.fillList(f, a.values, fs)
	}
	return nil, fmt.Errorf("a %s field cannot be filled", f.Kind)
}

func pdfText(s string) (types.StringLiteral, error) {
	esc, err := types.EscapedUTF16String(s)
	if err != nil {
		return "", err
	}
	return types.StringLiteral(*esc), nil
}

func (d *document) fillText(f *field, text string, fs *fontSet) ([]string, error) {
	v, err := pdfText(text)
	if err != nil {
		return nil, err
	}
	f.dict["V"] = v
	return d.drawField(f, fs, text, nil)
}

// setButton switches a checkbox or radio group to state ("Off" clears
// it): the field's /V names the state, and each widget shows it (/AS) if
// that widget has it, else shows Off.
func setButton(f *field, state string) {
	f.dict["V"] = types.Name(types.EncodeName(state))
	for _, w := range f.widgets {
		if w.dict == nil {
			continue
		}
		as := "Off"
		if state != "Off" && w.on == state {
			as = state
		}
		w.dict["AS"] = types.Name(types.EncodeName(as))
	}
}

func optionIndex(f *field, display string) types.Array {
	for i, o := range f.Options {
		if o == display {
			return types.Array{types.Integer(i)}
		}
	}
	return nil
}

// fillDropdown stores the option's export value (or free text of an
// editable dropdown) and redraws the widgets with the display text.
func (d *document) fillDropdown(f *field, display string, fs *fontSet) ([]string, error) {
	stored := display
	if ind := optionIndex(f, display); ind != nil {
		stored = f.states[int(ind[0].(types.Integer))]
		f.dict["I"] = ind
	} else {
		f.dict.Delete("I")
	}
	v, err := pdfText(stored)
	if err != nil {
		return nil, err
	}
	f.dict["V"] = v
	return d.drawField(f, fs, display, nil)
}

// fillList stores the selected options' export values (an array for a
// multi-select list) with their indices and redraws the list.
func (d *document) fillList(f *field, values []string, fs *fontSet) ([]string, error) {
	var ind, stored types.Array
	for _, v := range values {
		i := optionIndex(f, v)
		if i == nil {
			continue
		}
		ind = append(ind, i[0])
		s, err := pdfText(f.states[int(i[0].(types.Integer))])
		if err != nil {
			return nil, err
		}
		stored = append(stored, s)
	}
	switch {
	case len(stored) == 0:
		f.dict.Delete("V")
		f.dict.Delete("I")
	case f.Multi:
		f.dict["V"], f.dict["I"] = stored, ind
	default:
		f.dict["V"], f.dict["I"] = stored[0], ind
	}
	return d.drawField(f, fs, "", selectedOptions(f, values))
}

// selectedOptions is the set of option indices among values.
func selectedOptions(f *field, values []string) map[int]bool {
	sel := map[int]bool{}
	for _, v := range values {
		if i := optionIndex(f, v); i != nil {
			sel[int(i[0].(types.Integer))] = true
		}
	}
	return sel
}

// drawField draws the appearance of every widget of a text, dropdown or
// list field (value is the text shown; selected, a list's selection)
// and returns the warnings of the layout: characters no font has, text
// that does not fit.
func (d *document) drawField(f *field, fs *fontSet, value string, selected map[int]bool) ([]string, error) {
	seen := map[string]bool{}
	var warnings []string
	for _, wd := range f.widgets {
		if wd.dict == nil {
			continue
		}
		ts := fs.style(parseDA(d.daOf(f, wd)), d.quadding(f, wd))
		b := readWidgetBox(d.ctx, wd)
		w := newAPWriter()
		var rep drawn
		var err error
		switch {
		case f.Kind == kindListbox:
			rep, err = fs.listBox(w, b, f.Options, selected, ts)
		case f.Kind == kindText && f.Comb && f.MaxLen > 0 && !f.Multi:
			rep, err = fs.comb(w, b, value, f.MaxLen, ts)
		case f.Kind == kindText && f.Multi:
			rep, err = fs.multiLine(w, b, value, ts)
		default:
			rep, err = fs.singleLine(w, b, value, ts)
		}
		if err != nil {
			return nil, fmt.Errorf("appearance: %w", err)
		}
		if err := fs.install(wd, b, w); err != nil {
			return nil, fmt.Errorf("appearance: %w", err)
		}
		if wd.hidden {
			continue // drawn all the same, but nobody sees it: nothing to warn about
		}
		for _, msg := range rep.describe(fieldRef(f)) {
			if !seen[msg] {
				seen[msg] = true
				warnings = append(warnings, msg)
			}
		}
	}
	return warnings, nil
}

// dropBrokenExtras removes what filling would invalidate (see
// brokenExtras) and returns the warnings saying so.
func (d *document) dropBrokenExtras() []string {
	warnings := d.brokenExtras()
	d.ctx.RootDict.Delete("Perms")
	if af := acroForm(d.ctx); af != nil {
		af.Delete("XFA")
	}
	return warnings
}

// brokenExtras names what a fill invalidates: a usage-rights signature
// (/Perms), whose digest no longer matches once a value changes (Adobe
// Reader then reports the form as broken), the XFA stream of a hybrid
// form, which viewers preferring XFA would show with the old values, and
// digital signatures.
func (d *document) brokenExtras() []string {
	var warnings []string
	if _, ok := d.ctx.RootDict.Find("Perms"); ok {
		warnings = append(warnings, "removed the usage-rights signature (/Perms): filling changes the document, which would leave it broken; the form stays fillable in every viewer")
	}
	if af := acroForm(d.ctx); af != nil {
		if _, ok := af.Find("XFA"); ok {
			warnings = append(warnings, "removed the stale XFA form data of this hybrid form so viewers show the filled AcroForm values")
		}
	}
	for _, f := range d.fields {
		if f.Kind == kindSignature && f.dict != nil {
			if _, signed := f.dict.Find("V"); signed {
				warnings = append(warnings, fmt.Sprintf("%s: the document is digitally signed; filling invalidates that signature", fieldRef(f)))
			}
		}
	}
	return warnings
}

// ensureZapfDingbats adds the ZapfDingbats font (/ZaDb) to the form's
// default resources when the form has buttons: a viewer redraws a
// checkbox or radio when the user clicks it, with the tick in /ZaDb, and
// a form without it in /DR renders with errors in poppler.
func (d *document) ensureZapfDingbats(af types.Dict) {
	buttons := false
	for _, f := range d.fields {
		buttons = buttons || f.Kind == kindCheckbox || f.Kind == kindRadio
	}
	if !buttons {
		return
	}
	dr := dictOf(d.ctx, entry(d.ctx, af, "DR"))
	if dr == nil {
		dr = types.Dict{}
		af["DR"] = dr
	}
	fonts := dictOf(d.ctx, entry(d.ctx, dr, "Font"))
	if fonts == nil {
		fonts = types.Dict{}
		dr["Font"] = fonts
	}
	if _, ok := fonts.Find("ZaDb"); ok {
		return
	}
	ir, err := d.ctx.IndRefForNewObject(types.Dict{"Type": types.Name("Font"), "Subtype": types.Name("Type1"), "BaseFont": types.Name("ZapfDingbats")})
	if err == nil {
		fonts["ZaDb"] = *ir
	}
}
