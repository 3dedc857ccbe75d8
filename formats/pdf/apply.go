package pdf

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/font"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	pdffont "github.com/pdfcpu/pdfcpu/pkg/pdfcpu/font"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/primitives"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/formfill/formfill/formats"
)

// apply writes the assignments into the document's model and serialises
// it. formfill sets the values itself on the fields it found and asks
// pdfcpu's appearance builders (primitives.Ensure…AP) to draw each widget.
// pdfcpu's own form filler is not used: it walks every widget of every
// page and gives up on the whole form when any one of them is slightly
// non-conforming (a checkbox /V written as a string, a widget without a
// field type), which real forms often are.
func (d *document) apply(plan []*assignment) ([]byte, []string, error) {
	ctx := d.ctx
	if err := ensureFonts(); err != nil {
		slog.Debug("pdf: filling without a Unicode font", "err", err)
	}
	if err := loadLazyObjects(ctx, d.stop); err != nil {
		return nil, nil, err
	}
	before, err := snapshot(ctx, d.stop)
	if err != nil {
		return nil, nil, err
	}
	warnings := d.dropBrokenExtras()
	if err := pdfcpu.CacheFormFonts(ctx); err != nil {
		slog.Debug("pdf: form fonts not cached", "err", err)
	}
	loadFormFonts(ctx.XRefTable)
	fonts := map[string]types.IndirectRef{}
	for _, a := range plan {
		if err := d.stop.Check(); err != nil {
			return nil, nil, err
		}
		if err := d.fillOne(a, fonts); err != nil {
			kind := formats.ErrInvalidDocument
			if ensureFonts() != nil {
				kind = formats.ErrUnsupported
			}
			return nil, nil, formats.Wrap(kind, fieldRef(a.f), err, "the field's value or appearance could not be written")
		}
	}
	if err := pdffont.UpdateUserfonts(ctx.XRefTable, fonts); err != nil {
		return nil, nil, formats.Wrap(formats.ErrInvalidDocument, "AcroForm", err, "embedding the fonts of the new appearances failed")
	}
	if af := acroForm(ctx); af != nil {
		af["NeedAppearances"] = types.Boolean(true)
		d.ensureZapfDingbats(af)
	}
	out, err := increment(d.data, ctx, before, d.stop)
	if err == nil {
		return out, warnings, nil
	}
	if errors.Is(err, formats.ErrStopped) {
		return nil, nil, err
	}
	// No usable xref chain to append to: write the whole file anew.
	slog.Debug("pdf: incremental save impossible, rewriting", "err", err)
	var buf bytes.Buffer
	if err := api.WriteContext(ctx, d.stop.Writer(&buf)); err != nil {
		if errors.Is(err, formats.ErrStopped) {
			return nil, nil, err
		}
		return nil, nil, formats.Wrap(formats.ErrInvalidDocument, "file", err, "writing the filled PDF failed")
	}
	return buf.Bytes(), warnings, nil
}

// loadFormFonts tells pdfcpu which of the form's own fonts (/AcroForm /DR)
// it can measure, so appearances reuse them; the rest fall back to the
// Unicode font. Fonts it cannot read are skipped, not fatal.
func loadFormFonts(xt *model.XRefTable) {
	if err := font.LoadUserFonts(); err != nil {
		slog.Debug("pdf: user fonts not loaded", "err", err)
	}
	d, err := primitives.FormFontResDict(xt)
	if err != nil || d == nil {
		return
	}
	for k, v := range d {
		ir, ok := v.(types.IndirectRef)
		if !ok {
			continue
		}
		name, _, _, err := primitives.FormFontDetails(xt, ir)
		if err != nil {
			continue
		}
		if ok, err := font.SupportedFont(name); err == nil && ok {
			xt.FillFonts[k] = ir
		}
	}
}

// fillOne sets one field's value and redraws its widgets.
func (d *document) fillOne(a *assignment, fonts map[string]types.IndirectRef) error {
	f := a.f
	switch f.Kind {
	case kindText:
		return d.fillText(f, a.text, fonts)
	case kindCheckbox:
		state := "Off"
		if a.checked {
			state = "Yes" // the conventional name when no widget has an "on" appearance
			if len(f.states) > 0 {
				state = f.states[0]
			}
		}
		setButton(f, state)
		return nil
	case kindRadio:
		setButton(f, a.state)
		return nil
	case kindDropdown:
		return d.fillDropdown(f, a.text, fonts)
	case kindListbox:
		return d.fillList(f, a.values, fonts)
	}
	return fmt.Errorf("a %s field cannot be filled", f.Kind)
}

func pdfText(s string) (types.StringLiteral, error) {
	esc, err := types.EscapedUTF16String(s)
	if err != nil {
		return "", err
	}
	return types.StringLiteral(*esc), nil
}

func (d *document) fillText(f *field, text string, fonts map[string]types.IndirectRef) error {
	v, err := pdfText(text)
	if err != nil {
		return err
	}
	f.dict["V"] = v
	da := inheritedDA(d, f.dict)
	for _, w := range f.widgets {
		if w.dict == nil {
			continue
		}
		if err := primitives.EnsureTextFieldAP(d.ctx, w.dict, text, f.Multi, f.Comb, f.MaxLen, da, fonts); err != nil {
			return fmt.Errorf("text appearance: %w", err)
		}
	}
	return nil
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
func (d *document) fillDropdown(f *field, display string, fonts map[string]types.IndirectRef) error {
	stored := display
	if ind := optionIndex(f, display); ind != nil {
		stored = f.states[int(ind[0].(types.Integer))]
		f.dict["I"] = ind
	} else {
		f.dict.Delete("I")
	}
	v, err := pdfText(stored)
	if err != nil {
		return err
	}
	f.dict["V"] = v
	da := inheritedDA(d, f.dict)
	for _, w := range f.widgets {
		if w.dict == nil {
			continue
		}
		if err := primitives.EnsureComboBoxAP(d.ctx, w.dict, display, da, fonts); err != nil {
			return fmt.Errorf("dropdown appearance: %w", err)
		}
	}
	return nil
}

// fillList stores the selected options' export values (an array for a
// multi-select list) with their indices and redraws the list.
func (d *document) fillList(f *field, values []string, fonts map[string]types.IndirectRef) error {
	var ind, stored types.Array
	for _, v := range values {
		i := optionIndex(f, v)
		if i == nil {
			continue
		}
		ind = append(ind, i[0])
		s, err := pdfText(f.states[int(i[0].(types.Integer))])
		if err != nil {
			return err
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
	da := inheritedDA(d, f.dict)
	for _, w := range f.widgets {
		if w.dict == nil {
			continue
		}
		if err := primitives.EnsureListBoxAP(d.ctx, w.dict, f.Options, ind, da, fonts); err != nil {
			return fmt.Errorf("list appearance: %w", err)
		}
	}
	return nil
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
// default resources when the form has buttons. NeedAppearances makes
// viewers redraw checkboxes and radios, and they draw the tick with
// /ZaDb; a form without it in /DR renders with errors in poppler.
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

// inheritedDA finds a field's default appearance string: on the field,
// else on the AcroForm.
func inheritedDA(d *document, fd types.Dict) *string {
	if s := fd.StringEntry("DA"); s != nil {
		return s
	}
	if af := acroForm(d.ctx); af != nil {
		return af.StringEntry("DA")
	}
	return nil
}
