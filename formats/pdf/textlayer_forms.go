package pdf

import (
	"bytes"
	"math"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// drawForm interprets the form XObject called name in res, in its own
// resources and matrix: forms built by other tools (and flattened ones)
// put their labels there.
func (p *tlPage) drawForm(res types.Dict, name string) {
	ctx := p.tl.ctx
	if ctx == nil || p.depth >= maxFormDepth {
		return
	}
	o, _ := dictOf(ctx, entry(ctx, res, "XObject")).Find(name)
	nr := objNr(o)
	if nr == 0 || p.forms[nr] {
		return
	}
	sd, _, err := ctx.DereferenceStreamDict(o)
	if err != nil || sd == nil || textOf(ctx, entry(ctx, sd.Dict, "Subtype")) != "Form" {
		return
	}
	m := formMatrix(ctx, sd.Dict)
	p.runForm(nr, sd, m.mul(p.gs.ctm), res)
}

// runForm interprets form stream sd with ctm, inside q … Q; a form
// without resources of its own uses parent's.
func (p *tlPage) runForm(nr int, sd *types.StreamDict, ctm matrix, parent types.Dict) {
	ctx := p.tl.ctx
	if err := sd.DecodeWithLimit(int64(maxContentBytes)); err != nil {
		p.tl.log.Debug("pdf: form XObject skipped", "obj", nr, "err", err)
		return
	}
	fres := dictOf(ctx, entry(ctx, sd.Dict, "Resources"))
	if fres == nil {
		fres = parent
	}
	saved, savedPos, savedStack := p.gs, p.textPosition, len(p.stack)
	p.forms[nr] = true
	p.depth++
	p.gs.ctm = ctm
	p.interpret(sd.Content, fres)
	p.depth--
	delete(p.forms, nr)
	p.gs, p.textPosition, p.stack = saved, savedPos, p.stack[:min(savedStack, len(p.stack))]
}

// formMatrix reads a form's /Matrix, identity when absent or malformed.
func formMatrix(ctx interface {
	Dereference(types.Object) (types.Object, error)
}, d types.Dict) matrix {
	a, ok := d["Matrix"].(types.Array)
	if !ok || len(a) != 6 {
		return identity
	}
	var m matrix
	for i, o := range a {
		o, _ = ctx.Dereference(o)
		m[i] = numberOf(o)
	}
	return m
}

// annotations interprets the normal appearances of the page's annotations
// that are page content: stamps, free text, text markup drawn by an
// author. Widgets are left out (their text is the fields' values and
// captions, which formfill reads from the fields), as are hidden and
// unseen annotations, pop-ups and links.
func (p *tlPage) annotations(pd types.Dict) {
	ctx := p.tl.ctx
	for _, a := range arrayOf(ctx, entry(ctx, pd, "Annots")) {
		if lazyWidget(ctx, a) {
			continue
		}
		ad := dictOf(ctx, a)
		switch textOf(ctx, entry(ctx, ad, "Subtype")) {
		case "", "Widget", "Popup", "Link":
			continue
		}
		if fl, _ := intOf(ctx, entry(ctx, ad, "F")); fl&(1|2|32) != 0 { // invisible, hidden, no view
			continue
		}
		ap := entry(ctx, dictOf(ctx, entry(ctx, ad, "AP")), "N")
		ref, ok := normalAppearanceRef(ctx, ap, ad, dictOf(ctx, entry(ctx, ad, "AP")))
		if !ok {
			continue
		}
		sd, _, err := ctx.DereferenceStreamDict(ref)
		if err != nil || sd == nil {
			continue
		}
		m := formMatrix(ctx, sd.Dict)
		p.runForm(objNr(ref), sd, m.mul(annotMatrix(ctx, sd.Dict, m, rectOf(ctx, ad))), nil)
	}
}

// normalAppearanceRef picks the stream of an /AP /N entry: the stream
// itself or, for a dictionary of states, the one /AS names.
func normalAppearanceRef(ctx interface {
	Dereference(types.Object) (types.Object, error)
}, n types.Object, ad, ap types.Dict) (types.Object, bool) {
	raw, ok := ap.Find("N")
	if !ok {
		return nil, false
	}
	if states, isDict := n.(types.Dict); isDict {
		as, _ := ad.Find("AS")
		name, _ := as.(types.Name)
		raw, ok = states.Find(string(name))
		if !ok {
			return nil, false
		}
	}
	if objNr(raw) == 0 {
		return nil, false
	}
	return raw, true
}

// annotMatrix maps an appearance's bounding box, transformed by its
// matrix m, onto the annotation's rectangle (PDF 32000-1, 12.5.5).
func annotMatrix(ctx interface {
	Dereference(types.Object) (types.Object, error)
}, d types.Dict, m matrix, rect [4]float64) matrix {
	bb, _ := d["BBox"].(types.Array)
	if len(bb) != 4 {
		return matrix{1, 0, 0, 1, rect[0], rect[1]}
	}
	var b [4]float64
	for i, o := range bb {
		o, _ = ctx.Dereference(o)
		b[i] = numberOf(o)
	}
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, c := range [][2]float64{{b[0], b[1]}, {b[2], b[1]}, {b[0], b[3]}, {b[2], b[3]}} {
		x, y := c[0]*m[0]+c[1]*m[2]+m[4], c[0]*m[1]+c[1]*m[3]+m[5]
		x0, y0, x1, y1 = math.Min(x0, x), math.Min(y0, y), math.Max(x1, x), math.Max(y1, y)
	}
	sx, sy := 1.0, 1.0
	if x1 > x0 {
		sx = (rect[2] - rect[0]) / (x1 - x0)
	}
	if y1 > y0 {
		sy = (rect[3] - rect[1]) / (y1 - y0)
	}
	return matrix{sx, 0, 0, sy, rect[0] - x0*sx, rect[1] - y0*sy}
}

// lazyWidget reports an annotation still packed in an object stream whose
// text says it is a widget: a form's pages list hundreds, and parsing each
// only to skip it would cost extract_text a fifth of its time.
func lazyWidget(ctx *model.Context, o types.Object) bool {
	nr := objNr(o)
	if nr == 0 {
		return false
	}
	e, ok := ctx.Find(nr)
	if !ok || e == nil {
		return false
	}
	lazy, ok := e.Object.(types.LazyObjectStreamObject)
	if !ok {
		return false
	}
	data, err := lazy.GetData()
	return err == nil && subtypeWidget(data)
}

// subtypeWidget reports whether an object's text has /Subtype /Widget.
func subtypeWidget(data []byte) bool {
	for {
		i := bytes.Index(data, []byte("/Subtype"))
		if i < 0 {
			return false
		}
		data = bytes.TrimLeft(data[i+len("/Subtype"):], " \t\r\n\f\x00")
		if rest, ok := bytes.CutPrefix(data, []byte("/Widget")); ok && (len(rest) == 0 || isSpace(rest[0]) || isDelim(rest[0])) {
			return true
		}
	}
}
