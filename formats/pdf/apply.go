package pdf

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	pdffont "github.com/pdfcpu/pdfcpu/pkg/pdfcpu/font"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/form"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/primitives"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/formfill/formfill/formats"
)

// apply writes the assignments into the document's model and serialises
// it. Values go in through pdfcpu's form filler, which also generates the
// appearance streams; formfill picks the fields itself (by object number,
// never by pdfcpu's "id" or a possibly ambiguous name) and patches what
// the filler leaves out: dropdown appearances and free text in editable
// dropdowns. It returns the new bytes and warnings for the caller.
func (d *document) apply(plan []*assignment) ([]byte, []string, error) {
	ctx := d.ctx
	_ = ensureFonts() // logged; only values outside Latin-1 need it
	warnings := d.dropBrokenExtras()
	if err := api.ValidateContext(ctx); err != nil {
		return nil, nil, formats.Wrap(formats.ErrUnsupported, "file", err, "pdfcpu cannot prepare this PDF for filling")
	}
	if err := pdfcpu.CacheFormFonts(ctx); err != nil {
		return nil, nil, formats.Wrap(formats.ErrUnsupported, "file", err, "the form's fonts cannot be read")
	}
	byObj := map[int]*assignment{}
	for _, a := range plan {
		if a.f.ref == nil {
			return nil, nil, formats.Errorf(formats.ErrUnsupported, fieldRef(a.f), "the field is a direct object; formfill can only fill fields stored as indirect objects")
		}
		byObj[a.f.ref.ObjectNumber.Value()] = a
	}
	details := func(id, name string, ft form.FieldType, _ form.DataFormat) ([]string, bool, bool) {
		a := byObj[lastObjNr(id)]
		if a == nil {
			return nil, false, false
		}
		return fillValue(a, ft), false, true
	}
	if _, _, err := form.FillForm(ctx, details, nil, form.JSON); err != nil {
		if ensureFonts() != nil {
			return nil, nil, formats.Wrap(formats.ErrUnsupported, "AcroForm", err, "filling the form failed; no Unicode font is available to draw values outside Latin-1")
		}
		return nil, nil, formats.Wrap(formats.ErrInvalidDocument, "AcroForm", err, "filling the form failed")
	}
	if err := d.patchChoices(plan); err != nil {
		return nil, nil, err
	}
	if af := acroForm(ctx); af != nil {
		af["NeedAppearances"] = types.Boolean(true)
	}
	var buf bytes.Buffer
	if err := api.WriteContext(ctx, &buf); err != nil {
		return nil, nil, formats.Wrap(formats.ErrInvalidDocument, "file", err, "writing the filled PDF failed")
	}
	return buf.Bytes(), warnings, nil
}

// fillValue renders an assignment the way pdfcpu's filler expects it.
func fillValue(a *assignment, ft form.FieldType) []string {
	switch ft {
	case form.FTCheckBox:
		if a.checked {
			return []string{"t"}
		}
		return []string{"f"}
	case form.FTRadioButtonGroup:
		if a.f.Kind == kindCheckbox { // one widget seen as a group
			if a.checked {
				return []string{a.f.states[0]}
			}
			return []string{"Off"}
		}
		return []string{a.state}
	case form.FTListBox:
		if len(a.values) == 0 {
			return []string{""}
		}
		return a.values
	}
	return []string{a.text}
}

// lastObjNr reads the object number of the terminal field from pdfcpu's
// dotted field id ("12.40.41" → 41).
func lastObjNr(id string) int {
	if i := strings.LastIndexByte(id, '.'); i >= 0 {
		id = id[i+1:]
	}
	n, _ := strconv.Atoi(id)
	return n
}

// dropBrokenExtras removes what filling would invalidate: a usage-rights
// signature (/Perms), whose digest no longer matches once a value changes
// (Adobe Reader then shows the form as broken), and the XFA stream of a
// hybrid form, which would otherwise still show the old values in viewers
// that prefer XFA.
func (d *document) dropBrokenExtras() []string {
	var warnings []string
	root := d.ctx.RootDict
	if _, ok := root.Find("Perms"); ok {
		root.Delete("Perms")
		warnings = append(warnings, "removed the usage-rights signature (/Perms): filling changes the document, which would leave it broken; the form stays fillable in every viewer")
	}
	if af := acroForm(d.ctx); af != nil {
		if _, ok := af.Find("XFA"); ok {
			af.Delete("XFA")
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

// patchChoices redraws dropdowns (pdfcpu's filler sets their value but
// leaves the old appearance) and keeps free text typed into editable
// dropdowns (the filler drops values that are not options).
func (d *document) patchChoices(plan []*assignment) error {
	fonts := map[string]types.IndirectRef{}
	for _, a := range plan {
		if a.f.Kind != kindDropdown {
			continue
		}
		fd := a.f.dict
		s, err := types.EscapedUTF16String(a.text)
		if err != nil {
			return formats.Wrap(formats.ErrInvalidArgument, fieldRef(a.f), err, "the value cannot be encoded")
		}
		fd["V"] = types.StringLiteral(*s)
		da := inheritedDA(d, fd)
		for _, w := range a.f.widgets {
			if w.dict == nil {
				continue
			}
			if err := primitives.EnsureComboBoxAP(d.ctx, w.dict, a.text, da, fonts); err != nil {
				// The value is set and NeedAppearances asks viewers to
				// redraw; a missing appearance is not worth failing for.
				w.dict.Delete("AP")
			}
		}
	}
	if err := pdffont.UpdateUserfonts(d.ctx.XRefTable, fonts); err != nil {
		return formats.Wrap(formats.ErrInvalidDocument, "AcroForm", err, "embedding fonts for dropdown appearances failed")
	}
	return nil
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
