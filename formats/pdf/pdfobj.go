package pdf

import (
	"sort"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/formfill/formfill/formats"
)

// Small tolerant accessors over pdfcpu's object model. Real forms put
// strings where names belong and references where values belong; these
// return zero values instead of failing, so one odd entry never hides a
// whole form.

func dictOf(ctx *model.Context, o types.Object) types.Dict {
	if o == nil {
		return nil
	}
	d, err := ctx.DereferenceDict(o)
	if err != nil {
		return nil
	}
	return d
}

func arrayOf(ctx *model.Context, o types.Object) types.Array {
	if o == nil {
		return nil
	}
	a, err := ctx.DereferenceArray(o)
	if err != nil {
		return nil
	}
	return a
}

func entry(ctx *model.Context, d types.Dict, key string) types.Object {
	o, ok := d.Find(key)
	if !ok || o == nil {
		return nil
	}
	o, err := ctx.Dereference(o)
	if err != nil {
		return nil
	}
	return o
}

// textOf decodes a string, hex string or name object to Go text.
func textOf(ctx *model.Context, o types.Object) string {
	if o == nil {
		return ""
	}
	o, err := ctx.Dereference(o)
	if err != nil || o == nil {
		return ""
	}
	switch v := o.(type) {
	case types.StringLiteral:
		s, err := types.StringLiteralToString(v)
		if err != nil {
			return string(v)
		}
		return s
	case types.HexLiteral:
		s, err := types.HexLiteralToString(v)
		if err != nil {
			return ""
		}
		return s
	case types.Name:
		s, err := types.DecodeName(string(v))
		if err != nil {
			return string(v)
		}
		return s
	}
	return ""
}

func intOf(ctx *model.Context, o types.Object) (int, bool) {
	if o == nil {
		return 0, false
	}
	o, err := ctx.Dereference(o)
	if err != nil {
		return 0, false
	}
	switch v := o.(type) {
	case types.Integer:
		return int(v), true
	case types.Float:
		return int(v), true
	}
	return 0, false
}

func numberOf(o types.Object) float64 {
	switch v := o.(type) {
	case types.Integer:
		return float64(v)
	case types.Float:
		return float64(v)
	}
	return 0
}

// rectOf reads an annotation /Rect normalised to lower-left, upper-right.
func rectOf(ctx *model.Context, d types.Dict) [4]float64 {
	a := arrayOf(ctx, entry(ctx, d, "Rect"))
	if len(a) != 4 {
		return [4]float64{}
	}
	var r [4]float64
	for i, o := range a {
		o, _ = ctx.Dereference(o)
		r[i] = numberOf(o)
	}
	if r[0] > r[2] {
		r[0], r[2] = r[2], r[0]
	}
	if r[1] > r[3] {
		r[1], r[3] = r[3], r[1]
	}
	return r
}

// objNr returns the object number of an indirect reference, or 0.
func objNr(o types.Object) int {
	if ir, ok := o.(types.IndirectRef); ok {
		return ir.ObjectNumber.Value()
	}
	return 0
}

// loadLazyObjects decodes every object still packed in an object stream.
// pdfcpu writes such an object back as raw bytes without following its
// references, so anything reachable only through it (fonts, images of
// real forms) would be missing from the output. Validation would load
// them too, but it rejects forms this engine must still fill.
// stop, if not nil, is stepped once per object.
func loadLazyObjects(ctx *model.Context, stop *formats.Stopper) error {
	nrs := make([]int, 0, len(ctx.Table))
	for nr, e := range ctx.Table {
		if _, lazy := e.Object.(types.LazyObjectStreamObject); lazy {
			nrs = append(nrs, nr)
		}
	}
	sort.Ints(nrs)
	for _, nr := range nrs {
		if err := stop.Step(); err != nil {
			return err
		}
		gen := 0
		if g := ctx.Table[nr].Generation; g != nil {
			gen = *g
		}
		// An object that does not decode stays lazy and is copied as is.
		_, _ = ctx.Dereference(*types.NewIndirectRef(nr, gen))
	}
	return nil
}
