package pdf

import (
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
		mark := "4" // ZapfDingbats' tick, as /MK /CA names it
		if f.Kind == kindRadio {
			mark = "l" // a filled circle
		}
		mk := dictOf(d.ctx, entry(d.ctx, wd.dict, "MK"))
		if ca := textOf(d.ctx, entry(d.ctx, mk, "CA")); ca != "" && ca[0] < 0x80 {
			mark = ca[:1]
		}
		onW, offW := newAPWriter(), newAPWriter()
		onW.decorate(b)
		offW.decorate(b)
		onW.mark(mark[0], b, da)
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

// mark draws a button's "on" mark as vector paths: the ZapfDingbats
// character /MK /CA names (tick, cross, circle, square, diamond; anything
// else a tick), centred in the box, in the DA's colour. Paths, not the
// glyph: a viewer without a ZapfDingbats font (poppler without the URW
// fonts) draws no glyph at all.
func (w *apWriter) mark(c byte, b widgetBox, da defaultAppearance) {
	s := 0.7 * min(b.w, b.h)
	x0, y0 := (b.w-s)/2, (b.h-s)/2
	p := func(fx, fy float64) string { return num(x0+fx*s) + " " + num(y0+fy*s) }
	stroke := colorOp(da.rgb, map[int]string{1: "G", 3: "RG", 4: "K"}[len(da.rgb)])
	w.printf("q %s %s\n", da.color, stroke)
	switch c {
	case '8': // cross
		w.printf("%s w 1 J %s m %s l %s m %s l S\n", num(0.14*s), p(0.1, 0.1), p(0.9, 0.9), p(0.1, 0.9), p(0.9, 0.1))
	case 'l': // circle: four Bézier quarter arcs
		k := 0.5523 * 0.4
		w.printf("%s m %s %s %s c %s %s %s c %s %s %s c %s %s %s c f\n",
			p(0.9, 0.5), p(0.9, 0.5+k), p(0.5+k, 0.9), p(0.5, 0.9), p(0.5-k, 0.9), p(0.1, 0.5+k), p(0.1, 0.5),
			p(0.1, 0.5-k), p(0.5-k, 0.1), p(0.5, 0.1), p(0.5+k, 0.1), p(0.9, 0.5-k), p(0.9, 0.5))
	case 'n': // square
		w.printf("%s %s %s re f\n", p(0.15, 0.15), num(0.7*s), num(0.7*s))
	case 'u': // diamond
		w.printf("%s m %s l %s l %s l h f\n", p(0.5, 0.05), p(0.95, 0.5), p(0.5, 0.95), p(0.05, 0.5))
	default: // tick
		w.printf("%s w 1 J 1 j %s m %s l %s l S\n", num(0.14*s), p(0.1, 0.5), p(0.38, 0.18), p(0.92, 0.88))
	}
	w.printf("Q\n")
}
