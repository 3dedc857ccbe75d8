package pdf

import (
	pdfcpufont "github.com/pdfcpu/pdfcpu/pkg/font"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// drawButtons gives every widget of a checkbox or radio group that has
// no appearance at all one with an "on" and an "Off" state, so the state
// /AS selects shows without /NeedAppearances. Widgets with appearances
// keep them: those states are the form's own drawing.
func (d *document) drawButtons(f *field, fs *fontSet) error {
	for _, wd := range f.widgets {
		if wd.dict == nil || entry(d.ctx, wd.dict, "AP") != nil {
			continue
		}
		on := wd.on
		if on == "" {
			on = "Yes"
			if len(f.states) > 0 {
				on = f.states[0]
			}
		}
		b := readWidgetBox(d.ctx, wd)
		da := parseDA(d.daOf(f, wd))
		mark := "4" // ZapfDingbats tick
		if f.Kind == kindRadio {
			mark = "l" // filled circle
		}
		mk := dictOf(d.ctx, entry(d.ctx, wd.dict, "MK"))
		if ca := textOf(d.ctx, entry(d.ctx, mk, "CA")); ca != "" && ca[0] < 0x80 {
			mark = ca[:1]
		}
		zapf, err := fs.zapfDingbats()
		if err != nil {
			return err
		}
		onW, offW := newAPWriter(), newAPWriter()
		onW.decorate(b)
		offW.decorate(b)
		size := da.size
		if size == 0 {
			size = 0.8 * min(b.w, b.h)
		}
		cw, _ := pdfcpufont.CharWidth("ZapfDingbats", rune(mark[0]))
		x := (b.w - float64(cw)*size/1000) / 2
		y := (b.h - size*0.7) / 2
		onW.printf("q BT %s /%s %s Tf %s %s Td <%02X> Tj ET Q\n", da.color, onW.fontName(zapf), num(size), num(x), num(y), mark[0])
		onRef, err := fs.formXObject(b, onW)
		if err != nil {
			return err
		}
		offRef, err := fs.formXObject(b, offW)
		if err != nil {
			return err
		}
		wd.dict["AP"] = types.Dict{"N": types.Dict{types.EncodeName(on): *onRef, "Off": *offRef}}
		wd.on = on
	}
	return nil
}

// zapfDingbats is the standard ZapfDingbats font: /ZaDb of /DR when the
// form has it, else a new font dictionary.
func (fs *fontSet) zapfDingbats() (*pdfFont, error) {
	if fs.zapf != nil {
		return fs.zapf, nil
	}
	pf := &pdfFont{simple: &simpleFont{}}
	if obj, fd := fs.drFont("ZaDb"); fd != nil {
		if ir, ok := obj.(types.IndirectRef); ok {
			pf.ref = ir
			fs.zapf = pf
			return pf, nil
		}
	}
	ir, err := fs.ctx.IndRefForNewObject(types.Dict{"Type": types.Name("Font"), "Subtype": types.Name("Type1"), "BaseFont": types.Name("ZapfDingbats")})
	if err != nil {
		return nil, err
	}
	pf.ref = *ir
	fs.zapf = pf
	return pf, nil
}
