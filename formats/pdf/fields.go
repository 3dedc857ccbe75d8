package pdf

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/formfill/formfill/formats"
)

// Field kinds as the compact map and list_form_fields name them.
const (
	kindText      = "text"
	kindCheckbox  = "checkbox"
	kindRadio     = "radio"
	kindDropdown  = "dropdown"
	kindListbox   = "listbox"
	kindSignature = "signature"
	kindButton    = "button"
	kindUnknown   = "unknown"
)

// Field flags (PDF 32000-1, tables 221, 226, 228, 230), as bit masks.
const (
	flagReadOnly    = 1 << 0
	flagMultiline   = 1 << 12
	flagRadio       = 1 << 15
	flagPushbutton  = 1 << 16
	flagCombo       = 1 << 17
	flagEdit        = 1 << 18
	flagMultiSelect = 1 << 21
	flagComb        = 1 << 24
)

const maxFieldDepth = 32

// Annotation flags (PDF 32000-1, table 165) that keep a widget off screen.
const (
	annotHidden = 1 << 1
	annotNoView = 1 << 5
)

// widget is one on-page appearance of a field.
type widget struct {
	ref  *types.IndirectRef
	dict types.Dict
	page int
	rect [4]float64
	on   string // the widget's own "on" appearance state (buttons only)
	// hidden: flagged Hidden or NoView, or without area: a reader never
	// sees it, so verify does not judge what it draws.
	hidden bool
}

// field is one terminal AcroForm field: something an agent can fill.
type field struct {
	ID      string
	Name    string // fully qualified name, the native identifier
	Partial string
	Label   string // tooltip /TU, else the printed label, else the partial name
	// tipped: the field has a real tooltip, one that says more than its
	// own name; the page's printed label never replaces it.
	tipped bool
	// optHint says which options kept their export value because no
	// printed label was found beside their widget.
	optHint  string
	Kind     string
	Value    string // display value: option text, "checked", or the text
	Options  []string
	states   []string // buttons: appearance state for each option; choices: export values
	MaxLen   int
	ReadOnly bool
	Multi    bool // multiline text / multi-select list
	Comb     bool
	Editable bool
	Page     int
	rect     [4]float64
	ref      *types.IndirectRef
	dict     types.Dict
	widgets  []*widget
	Context  string // nearby page text, filled in later
}

// inherited carries the inheritable field attributes down the tree.
type inherited struct {
	ft     string
	ff     int
	v      types.Object
	maxLen int
	opt    types.Object
}

type walker struct {
	ctx     *model.Context
	pages   map[int]int // object number of a widget or page dict → page number
	visited map[int]bool
	out     []*field
	stop    *formats.Stopper // stepped once per node
}

// collectFields walks /AcroForm /Fields and returns the terminal fields
// in ID order (page, then top-to-bottom, left-to-right). It is written
// against pdfcpu's object model rather than its form package because that
// package rejects forms real authoring tools produce.
// stop, if not nil, ends the walk with its error.
func collectFields(ctx *model.Context, stop *formats.Stopper) ([]*field, error) {
	af := acroForm(ctx)
	if af == nil {
		return nil, nil
	}
	pages, err := pageIndex(ctx, stop)
	if err != nil {
		return nil, err
	}
	w := &walker{ctx: ctx, pages: pages, visited: map[int]bool{}, stop: stop}
	for _, o := range arrayOf(ctx, entry(ctx, af, "Fields")) {
		if err := w.node(o, "", inherited{}, 0); err != nil {
			return nil, err
		}
	}
	sortFields(w.out)
	for i, f := range w.out {
		f.ID = fmt.Sprintf("F%d", i+1)
	}
	// Options by their printed labels wherever fields are read: the map,
	// a write (which accepts the label) and the verify after it.
	labelOptions(newPageText(ctx, stop.Logger()), w.out)
	return w.out, nil
}

func (w *walker) node(o types.Object, prefix string, inh inherited, depth int) error {
	if err := w.stop.Step(); err != nil {
		return err
	}
	if depth > maxFieldDepth {
		return fmt.Errorf("field tree deeper than %d levels under %q", maxFieldDepth, prefix)
	}
	if nr := objNr(o); nr != 0 {
		if w.visited[nr] {
			return nil // a cycle or a field listed twice: keep the first
		}
		w.visited[nr] = true
	}
	d := dictOf(w.ctx, o)
	if d == nil {
		return nil
	}
	partial := textOf(w.ctx, entry(w.ctx, d, "T"))
	name := joinName(prefix, partial)
	inh = inherit(w.ctx, d, inh)
	var children, widgets []types.Object
	for _, k := range arrayOf(w.ctx, entry(w.ctx, d, "Kids")) {
		kd := dictOf(w.ctx, k)
		if kd == nil {
			continue
		}
		if _, hasT := kd.Find("T"); hasT {
			children = append(children, k)
		} else {
			widgets = append(widgets, k)
		}
	}
	if len(children) > 0 {
		for _, k := range children {
			if err := w.node(k, name, inh, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	if len(widgets) == 0 {
		widgets = []types.Object{o}
	}
	w.out = append(w.out, w.terminal(o, d, name, partial, inh, widgets))
	return nil
}

func joinName(prefix, partial string) string {
	switch {
	case prefix == "":
		return partial
	case partial == "":
		return prefix
	}
	return prefix + "." + partial
}

func inherit(ctx *model.Context, d types.Dict, inh inherited) inherited {
	if ft := textOf(ctx, entry(ctx, d, "FT")); ft != "" {
		inh.ft = ft
	}
	if ff, ok := intOf(ctx, entry(ctx, d, "Ff")); ok {
		inh.ff = ff
	}
	if v := entry(ctx, d, "V"); v != nil {
		inh.v = v
	}
	if n, ok := intOf(ctx, entry(ctx, d, "MaxLen")); ok {
		inh.maxLen = n
	}
	if opt := entry(ctx, d, "Opt"); opt != nil {
		inh.opt = opt
	}
	return inh
}

func (w *walker) terminal(o types.Object, d types.Dict, name, partial string, inh inherited, kids []types.Object) *field {
	f := &field{Name: name, Partial: partial, dict: d, MaxLen: inh.maxLen}
	if ir, ok := o.(types.IndirectRef); ok {
		f.ref = &ir
	}
	f.Label = strings.TrimSpace(textOf(w.ctx, entry(w.ctx, d, "TU")))
	f.tipped = letters(f.Label) >= 2 && !sameAsName(f.Label, name, partial)
	if !f.tipped && letters(f.Label) < 2 {
		f.Label = partial // "[1]" says less than the name
	}
	f.ReadOnly = inh.ff&flagReadOnly != 0
	for _, k := range kids {
		f.widgets = append(f.widgets, w.widget(k))
	}
	f.Page, f.rect = 0, [4]float64{}
	for _, wd := range f.widgets {
		if wd.page != 0 && (f.Page == 0 || wd.page < f.Page) {
			f.Page, f.rect = wd.page, wd.rect
		}
	}
	if f.Page == 0 && len(f.widgets) > 0 {
		f.rect = f.widgets[0].rect
	}
	classify(w.ctx, f, inh)
	return f
}

func (w *walker) widget(o types.Object) *widget {
	wd := &widget{dict: dictOf(w.ctx, o)}
	if ir, ok := o.(types.IndirectRef); ok {
		wd.ref = &ir
		wd.page = w.pages[ir.ObjectNumber.Value()]
	}
	if wd.page == 0 {
		wd.page = w.pages[objNr(wd.dict["P"])]
	}
	wd.rect = rectOf(w.ctx, wd.dict)
	wd.on = onState(w.ctx, wd.dict)
	flags, _ := intOf(w.ctx, entry(w.ctx, wd.dict, "F"))
	wd.hidden = flags&(annotHidden|annotNoView) != 0 || wd.rect[2]-wd.rect[0] < 1 || wd.rect[3]-wd.rect[1] < 1
	return wd
}

// onState returns the name of a button widget's "on" appearance: the key
// of /AP /N that is not /Off.
func onState(ctx *model.Context, d types.Dict) string {
	ap := dictOf(ctx, entry(ctx, d, "AP"))
	if ap == nil {
		return ""
	}
	for _, key := range []string{"N", "D"} {
		n := dictOf(ctx, entry(ctx, ap, key))
		var names []string
		for k := range n {
			if s, err := types.DecodeName(k); err == nil && s != "Off" {
				names = append(names, s)
			}
		}
		if len(names) > 0 {
			sort.Strings(names)
			return names[0]
		}
	}
	return ""
}

// sortFields orders fields by page, then rows from the top, then from the
// left. Fields whose tops differ by less than rowTolerance points share a
// row. Ties fall back to the name, so the order never depends on map
// iteration or on the field tree's layout.
func sortFields(fs []*field) {
	const rowTolerance = 3.0
	page := func(f *field) int {
		if f.Page == 0 {
			return 1 << 30 // fields without a page go last
		}
		return f.Page
	}
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if page(a) != page(b) {
			return page(a) < page(b)
		}
		if dy := a.rect[3] - b.rect[3]; dy > rowTolerance || dy < -rowTolerance {
			return dy > 0
		}
		if a.rect[0] != b.rect[0] {
			return a.rect[0] < b.rect[0]
		}
		return a.Name < b.Name
	})
}

// eachPage calls fn with each page's number, dictionary and reference, in
// order, leaving out pages that cannot be read.
func eachPage(ctx *model.Context, fn func(nr int, pd types.Dict, ref *types.IndirectRef)) {
	for i := 1; i <= ctx.PageCount; i++ {
		pd, ir, _, err := ctx.PageDict(i, false)
		if err != nil || pd == nil {
			continue
		}
		fn(i, pd, ir)
	}
}
