package pdf

import (
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// inheritable finds an inheritable field attribute: on the widget, then
// on the field and its ancestors (/Parent), then on the AcroForm.
func (d *document) inheritable(f *field, wd *widget, key string) types.Object {
	for _, start := range []types.Dict{wd.dict, f.dict} {
		dict := start
		for depth := 0; dict != nil && depth < maxFieldDepth; depth++ {
			if o := entry(d.ctx, dict, key); o != nil {
				return o
			}
			dict = dictOf(d.ctx, entry(d.ctx, dict, "Parent"))
		}
	}
	if af := acroForm(d.ctx); af != nil {
		return entry(d.ctx, af, key)
	}
	return nil
}

// daOf is the default appearance string that applies to a widget.
func (d *document) daOf(f *field, wd *widget) string {
	return textOf(d.ctx, d.inheritable(f, wd, "DA"))
}

// quadding is the widget's text alignment (/Q): 0 left, 1 centre,
// 2 right.
func (d *document) quadding(f *field, wd *widget) int {
	q, _ := intOf(d.ctx, d.inheritable(f, wd, "Q"))
	if q < 0 || q > 2 {
		return 0
	}
	return q
}
