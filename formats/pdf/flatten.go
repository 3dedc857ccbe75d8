package pdf

import (
	"fmt"
	"math"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/formfill/formfill/formats"
)

// Flatten (WriteOptions.Flatten) burns a filled form into its pages, as
// Acrobat's "flatten" and a print to PDF do: each widget's normal
// appearance (the one formfill just drew, or the form's own) is drawn by
// the page's content as a form XObject placed on the widget's rectangle
// (PDF 32000-1, 12.5.5), the widgets leave the pages' /Annots, and the
// AcroForm leaves the catalog. Every viewer then shows and prints the
// answers as page content, and pdftotext reads them, but nobody can edit
// them as fields. Widgets a viewer does not show (Hidden, NoView) are
// dropped without being drawn, as on screen. Other annotations (review
// notes, links) stay.
//
// Signature fields stay fields unless FlattenSignatures: flattening one
// removes the place a person signs (or the signature), so the result
// warns and keeps them, with an AcroForm that holds them alone.

// flattenReport is what a flatten did.
type flattenReport struct {
	fields   int // terminal fields removed
	warnings []string
}

// flatten burns the widgets into their pages and removes the form.
func (d *document) flatten(withSignatures bool) (flattenReport, error) {
	ctx := d.ctx
	var rep flattenReport
	pages, err := pageList(ctx, d.stop)
	if err != nil {
		return rep, err
	}
	kept := map[int]bool{} // object numbers of the signature widgets kept
	var keptFields []*field
	for _, f := range d.fields {
		if f.Kind == kindSignature && !withSignatures {
			keptFields = append(keptFields, f)
			for _, wd := range f.widgets {
				if wd.ref != nil {
					kept[wd.ref.ObjectNumber.Value()] = true
				}
			}
			continue
		}
		rep.fields++
		if f.Value != "" && f.Kind != kindButton && !drawable(ctx, f) {
			rep.warnings = append(rep.warnings, fmt.Sprintf("%s: has a value but no appearance to burn in; the flattened page does not show it", fieldRef(f)))
		}
	}
	dr := dictOf(ctx, entry(ctx, acroForm(ctx), "DR"))
	for _, p := range pages {
		if err := d.stop.Check(); err != nil {
			return rep, err
		}
		if err := flattenPage(ctx, p.dict, kept, dr); err != nil {
			return rep, fmt.Errorf("page %d: %w", p.ref.ObjectNumber.Value(), err)
		}
	}
	if len(keptFields) == 0 {
		ctx.RootDict.Delete("AcroForm")
		return rep, nil
	}
	keepOnly(ctx, acroForm(ctx), keptFields)
	var names []string
	for _, f := range keptFields {
		names = append(names, fieldRef(f))
	}
	rep.warnings = append(rep.warnings, fmt.Sprintf("kept %d signature field(s) as fields, unflattened, so the form can still be signed: %s (flatten_signatures burns them in too)", len(keptFields), strings.Join(names, ", ")))
	return rep, nil
}

// drawable reports whether one of f's widgets has a normal appearance.
func drawable(ctx *model.Context, f *field) bool {
	for _, wd := range f.widgets {
		if wd.dict != nil && normalAppearance(ctx, wd.dict) != nil {
			return true
		}
	}
	return false
}

// normalAppearance is the reference of a widget's normal appearance
// stream, in its current state (/AS) when it has several; nil if none.
func normalAppearance(ctx *model.Context, wd types.Dict) *types.IndirectRef {
	ap := dictOf(ctx, entry(ctx, wd, "AP"))
	o, ok := ap.Find("N")
	if !ok {
		return nil
	}
	if ir, isRef := o.(types.IndirectRef); isRef {
		if sd, _, err := ctx.DereferenceStreamDict(ir); err == nil && sd != nil {
			return &ir
		}
	}
	states := dictOf(ctx, o)
	if states == nil {
		return nil
	}
	as := textOf(ctx, entry(ctx, wd, "AS"))
	if as == "" {
		return nil
	}
	for k, v := range states {
		name, _ := types.DecodeName(k)
		if ir, isRef := v.(types.IndirectRef); isRef && (k == as || name == as) {
			if sd, _, err := ctx.DereferenceStreamDict(ir); err == nil && sd != nil {
				return &ir
			}
		}
	}
	return nil
}

// flattenPage draws the page's widgets into its content and removes them
// from its /Annots, but the signature widgets in kept. dr is the form's
// default resources, which viewers lend an appearance that has none.
func flattenPage(ctx *model.Context, pd types.Dict, kept map[int]bool, dr types.Dict) error {
	annots := arrayOf(ctx, entry(ctx, pd, "Annots"))
	if len(annots) == 0 {
		return nil
	}
	var rest types.Array
	var draws []string
	var xobjects types.Dict
	for _, a := range annots {
		ad := dictOf(ctx, a)
		if ad == nil || textOf(ctx, entry(ctx, ad, "Subtype")) != "Widget" || kept[objNr(a)] {
			rest = append(rest, a)
			continue
		}
		flags, _ := intOf(ctx, entry(ctx, ad, "F"))
		if flags&(annotHidden|annotNoView) != 0 {
			continue
		}
		ir := normalAppearance(ctx, ad)
		if ir == nil {
			continue
		}
		cm, ok := placement(ctx, ir, rectOf(ctx, ad))
		if !ok {
			continue
		}
		if xobjects == nil {
			var err error
			if xobjects, err = pageXObjects(ctx, pd); err != nil {
				return err
			}
		}
		lendResources(ctx, ir, dr)
		name := freeName(xobjects, "FFlat")
		xobjects[name] = *ir
		draws = append(draws, fmt.Sprintf("q %s cm /%s Do Q", cm, name))
	}
	if len(rest) == 0 {
		pd.Delete("Annots")
	} else {
		pd["Annots"] = rest
	}
	if len(draws) == 0 {
		return nil
	}
	return appendContent(ctx, pd, strings.Join(draws, "\n")+"\n")
}

// placement is the matrix that maps the appearance's bounding box, as its
// own /Matrix transforms it, onto the annotation's rectangle (PDF
// 32000-1, 12.5.5), written for a cm operator; ok is false for an
// appearance with no area.
func placement(ctx *model.Context, ir *types.IndirectRef, rect [4]float64) (string, bool) {
	sd, _, err := ctx.DereferenceStreamDict(*ir)
	if err != nil || sd == nil {
		return "", false
	}
	bbox := arrayOf(ctx, entry(ctx, sd.Dict, "BBox"))
	if len(bbox) != 4 {
		return "", false
	}
	var b [4]float64
	for i, o := range bbox {
		o, _ = ctx.Dereference(o)
		b[i] = numberOf(o)
	}
	m := matrix{1, 0, 0, 1, 0, 0}
	if a := arrayOf(ctx, entry(ctx, sd.Dict, "Matrix")); len(a) == 6 {
		for i, o := range a {
			o, _ = ctx.Dereference(o)
			m[i] = numberOf(o)
		}
	}
	t := transformRect(m, math.Min(b[0], b[2]), math.Min(b[1], b[3]), math.Max(b[0], b[2]), math.Max(b[1], b[3]))
	w, h := t[2]-t[0], t[3]-t[1]
	if w <= 0 || h <= 0 || rect[2] <= rect[0] || rect[3] <= rect[1] {
		return "", false
	}
	sx, sy := (rect[2]-rect[0])/w, (rect[3]-rect[1])/h
	return fmt.Sprintf("%s 0 0 %s %s %s", num(sx), num(sy), num(rect[0]-t[0]*sx), num(rect[1]-t[1]*sy)), true
}

// pageXObjects returns the /XObject dictionary of the page's resources
// to add to, giving the page resources of its own when it inherits them
// (a copy: the parent's serve other pages).
func pageXObjects(ctx *model.Context, pd types.Dict) (types.Dict, error) {
	res := dictOf(ctx, entry(ctx, pd, "Resources"))
	if res == nil {
		res = types.Dict{}
		if inh := inheritedResources(ctx, pd); inh != nil {
			res = inh.Clone().(types.Dict)
		}
		pd["Resources"] = res
	}
	xo := dictOf(ctx, entry(ctx, res, "XObject"))
	if xo == nil {
		xo = types.Dict{}
		res["XObject"] = xo
	}
	return xo, nil
}

// inheritedResources is the /Resources a page inherits from the nearest
// node of the page tree above it that has them.
func inheritedResources(ctx *model.Context, pd types.Dict) types.Dict {
	d := pd
	for i := 0; i < maxPageTreeDepth && d != nil; i++ {
		d = dictOf(ctx, entry(ctx, d, "Parent"))
		if r := dictOf(ctx, entry(ctx, d, "Resources")); r != nil {
			return r
		}
	}
	return nil
}

// lendResources gives an appearance stream without fonts of its own the
// form's default resources, which viewers lend it while it is a widget's
// appearance and which leave with the AcroForm.
func lendResources(ctx *model.Context, ir *types.IndirectRef, dr types.Dict) {
	if dr == nil {
		return
	}
	sd, _, err := ctx.DereferenceStreamDict(*ir)
	if err != nil || sd == nil {
		return
	}
	res := dictOf(ctx, entry(ctx, sd.Dict, "Resources"))
	if res == nil {
		sd.Dict["Resources"] = dr.Clone() // the map is the object's own: no write-back
		return
	}
	if _, ok := res.Find("Font"); !ok {
		if f, ok := dr.Find("Font"); ok {
			res["Font"] = f
		}
	}
}

// freeName is prefix followed by the first number not yet a key of d.
func freeName(d types.Dict, prefix string) string {
	for i := 0; ; i++ {
		n := fmt.Sprintf("%s%d", prefix, i)
		if _, taken := d.Find(n); !taken {
			return n
		}
	}
}

// appendContent draws ops after the page's content. The content is
// wrapped in q … Q first, so whatever graphics state it leaves behind (a
// scaled or shifted coordinate system) does not move the new drawing.
func appendContent(ctx *model.Context, pd types.Dict, ops string) error {
	post, err := newStreamObject(ctx, types.Dict{}, []byte("Q\n"+ops))
	if err != nil {
		return err
	}
	var contents types.Array
	switch o := entry(ctx, pd, "Contents").(type) {
	case nil:
		pd["Contents"] = *post
		return nil
	case types.Array:
		contents = append(contents, o...)
	default:
		contents = types.Array{pd["Contents"]}
	}
	pre, err := newStreamObject(ctx, types.Dict{}, []byte("q\n"))
	if err != nil {
		return err
	}
	pd["Contents"] = append(append(types.Array{*pre}, contents...), *post)
	return nil
}

// keepOnly leaves in the AcroForm only the fields of keep (and the
// branches of the field tree that lead to them).
func keepOnly(ctx *model.Context, af types.Dict, keep []*field) {
	if af == nil {
		return
	}
	want := map[int]bool{}
	for _, f := range keep {
		if f.ref != nil {
			want[f.ref.ObjectNumber.Value()] = true
		}
	}
	var prune func(o types.Object, depth int) bool
	prune = func(o types.Object, depth int) bool {
		if want[objNr(o)] {
			return true
		}
		d := dictOf(ctx, o)
		kids := arrayOf(ctx, entry(ctx, d, "Kids"))
		if depth > maxFieldDepth || len(kids) == 0 {
			return false
		}
		var left types.Array
		for _, k := range kids {
			if prune(k, depth+1) {
				left = append(left, k)
			}
		}
		if len(left) == 0 {
			return false
		}
		d["Kids"] = left
		return true
	}
	var fields types.Array
	for _, o := range arrayOf(ctx, entry(ctx, af, "Fields")) {
		if prune(o, 0) {
			fields = append(fields, o)
		}
	}
	af["Fields"] = fields
	af.Delete("NeedAppearances")
	af.Delete("XFA")
}

// burnIn flattens the filled form, first reading the filled fields back
// for Fill's verification (the flatten removes them from the form, not
// their appearances from the file).
func (d *document) burnIn(withSignatures bool) ([]string, error) {
	filled, err := collectFields(d.ctx, d.stop)
	if err != nil {
		return nil, formats.Wrap(formats.ErrInvalidDocument, "AcroForm", err, "reading the filled fields back before the flatten failed")
	}
	d.fields, d.filled = filled, filled
	rep, err := d.flatten(withSignatures)
	if err != nil {
		return nil, formats.Wrap(formats.ErrInvalidDocument, "AcroForm", err, "flattening the form failed")
	}
	d.flattened = rep.fields
	return rep.warnings, nil
}
