package pdf

import (
	"maps"
	"reflect"
	"slices"
	"strconv"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/formfill/formfill/formats"
)

// ActiveContent lists what the PDF runs when a viewer opens it or a person
// uses it (formats.ActiveScanner): JavaScript of the document (its
// /OpenAction, its /AA, the /Names JavaScript tree), of its pages, of its
// annotations and of its fields' /AA; /Launch actions; /SubmitForm and
// /ImportData actions.
func (e *Engine) ActiveContent(doc []byte) ([]formats.ActiveContent, error) {
	d, err := e.open(doc)
	if err != nil {
		return nil, err
	}
	s, err := scanActive(d.ctx, d.stop)
	if err != nil {
		return nil, err
	}
	return s.items, nil
}

// StripActiveContent removes what ActiveContent reports and returns the PDF
// with an incremental update that no longer references it, and what it
// removed: an action entry holding any active action (in its /Next chain
// too) goes whole, and so does the /Names JavaScript tree. The original
// objects stay in the file's body, unreferenced, as after any incremental
// save; a viewer reads the new cross-reference section and never reaches
// them.
func (e *Engine) StripActiveContent(doc []byte) ([]byte, []formats.ActiveContent, error) {
	d, err := e.open(doc)
	if err != nil {
		return nil, nil, err
	}
	before, err := snapshot(d.ctx, d.stop)
	if err != nil {
		return nil, nil, err
	}
	s, err := scanActive(d.ctx, d.stop)
	if err != nil {
		return nil, nil, err
	}
	if len(s.items) == 0 {
		return doc, nil, nil
	}
	for _, c := range s.cuts {
		c.dict.Delete(c.key)
	}
	out, err := increment(d.data, d.ctx, before, d.stop)
	if err != nil {
		return nil, nil, err
	}
	return out, s.items, nil
}

// maxActiveNodes bounds the dictionaries one scan visits: the page and
// field trees can be hostile (repeated kids, cycles); each node is visited
// once, and past this many the scan stops with an error.
const maxActiveNodes = 200000

// activeScan is one walk of a document for active content.
type activeScan struct {
	ctx   *model.Context
	stop  *formats.Stopper
	items []formats.ActiveContent
	cuts  []cut
	cut   map[cutKey]bool
	seen  map[int]bool // objects visited, by number
	nodes int
}

// cut is an entry to delete to strip an item.
type cut struct {
	dict types.Dict
	key  string
}

type cutKey struct {
	dict uintptr
	key  string
}

func scanActive(ctx *model.Context, stop *formats.Stopper) (*activeScan, error) {
	s := &activeScan{ctx: ctx, stop: stop, cut: map[cutKey]bool{}, seen: map[int]bool{}}
	root := ctx.RootDict
	s.action(root, "OpenAction", "/OpenAction")
	s.additional(root, "document /AA")
	if names, _ := ctx.DereferenceDict(root["Names"]); names != nil {
		if js, ok := names.Find("JavaScript"); ok && js != nil {
			s.record(names, "JavaScript", formats.NewActive(formats.ActiveJavaScript, "/Names /JavaScript", s.firstScript(js)))
		}
	}
	if err := s.pages(root["Pages"], 0); err != nil {
		return nil, err
	}
	if af := acroForm(ctx); af != nil {
		if err := s.fields(af["Fields"], 0); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// visit counts a node and reports whether to look into it: false for an
// object seen before (shared or cyclic), true for inline ones.
func (s *activeScan) visit(o types.Object) (bool, error) {
	if s.nodes++; s.nodes > maxActiveNodes {
		return false, formats.Errorf(formats.ErrInvalidDocument, "file", "the page or field tree has more than %d nodes", maxActiveNodes)
	}
	if err := s.stop.Step(); err != nil {
		return false, err
	}
	if r, ok := o.(types.IndirectRef); ok {
		if s.seen[r.ObjectNumber.Value()] {
			return false, nil
		}
		s.seen[r.ObjectNumber.Value()] = true
	}
	return true, nil
}

// pages walks the page tree from node, looking at each page's /AA and its
// annotations.
func (s *activeScan) pages(node types.Object, depth int) error {
	if ok, err := s.visit(node); !ok || err != nil || depth > 64 {
		return err
	}
	d, _ := s.ctx.DereferenceDict(node)
	if d == nil {
		return nil
	}
	if kids, _ := s.ctx.DereferenceArray(d["Kids"]); kids != nil {
		for _, k := range kids {
			if err := s.pages(k, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	s.additional(d, "page /AA")
	annots, _ := s.ctx.DereferenceArray(d["Annots"])
	for i, a := range annots {
		if ok, err := s.visit(a); !ok || err != nil {
			if err != nil {
				return err
			}
			continue
		}
		ad, _ := s.ctx.DereferenceDict(a)
		if ad == nil {
			continue
		}
		where := "annotation " + strconv.Itoa(i+1) + " of a page"
		if t := fieldTitle(ad); t != "" {
			where = "field " + t
		}
		s.action(ad, "A", where+" /A")
		s.additional(ad, where+" /AA")
	}
	return nil
}

// fields walks the field tree, looking at each field's /A and /AA.
func (s *activeScan) fields(o types.Object, depth int) error {
	arr, _ := s.ctx.DereferenceArray(o)
	for _, f := range arr {
		if depth > 64 {
			return nil
		}
		ok, err := s.visit(f)
		if err != nil {
			return err
		}
		d, _ := s.ctx.DereferenceDict(f)
		if !ok || d == nil {
			continue
		}
		where := "field " + fieldTitle(d)
		s.action(d, "A", where+" /A")
		s.additional(d, where+" /AA")
		if err := s.fields(d["Kids"], depth+1); err != nil {
			return err
		}
	}
	return nil
}

// fieldTitle is a field's /T, or "".
func fieldTitle(d types.Dict) string {
	if t, ok := d["T"]; ok {
		if v, err := types.StringOrHexLiteral(t); err == nil && v != nil {
			return *v
		}
	}
	return ""
}

// additional looks at every trigger of holder's /AA dictionary, in the
// order of the triggers' names (/C, /F, /K, /V for a field): the file's
// own order is lost once pdfcpu parses the dictionary into a Go map,
// whose order changes from run to run, and the items become warnings
// that must read the same on every extract.
func (s *activeScan) additional(holder types.Dict, where string) {
	aa, _ := s.ctx.DereferenceDict(holder["AA"])
	for _, k := range slices.Sorted(maps.Keys(aa)) {
		s.action(aa, k, where+" /"+k)
	}
}

// action records holder[key] when it is an action that is active, or
// chains (/Next) to one.
func (s *activeScan) action(holder types.Dict, key, where string) {
	o, ok := holder[key]
	if !ok || o == nil {
		return
	}
	for _, a := range s.activeActions(o, 0) {
		s.record(holder, key, formats.NewActive(a.kind, where, a.detail))
	}
}

type activeAction struct{ kind, detail string }

// activeActions lists the active actions of an action and its /Next chain.
func (s *activeScan) activeActions(o types.Object, depth int) []activeAction {
	if depth > 16 {
		return nil
	}
	d, _ := s.ctx.DereferenceDict(o)
	if d == nil {
		return nil
	}
	var out []activeAction
	switch t := d.NameEntry("S"); {
	case t == nil:
	case *t == "JavaScript":
		out = append(out, activeAction{formats.ActiveJavaScript, s.text(d["JS"])})
	case *t == "Launch":
		out = append(out, activeAction{formats.ActiveLaunch, s.fileSpec(d)})
	case *t == "SubmitForm" || *t == "ImportData":
		out = append(out, activeAction{formats.ActiveSubmit, *t + " " + s.fileSpec(d)})
	}
	next, _ := s.ctx.Dereference(d["Next"])
	switch n := next.(type) {
	case types.Array:
		for _, x := range n {
			out = append(out, s.activeActions(x, depth+1)...)
		}
	case types.Dict:
		out = append(out, s.activeActions(n, depth+1)...)
	}
	return out
}

// firstScript is the start of the first script of a /Names JavaScript
// tree (its /Names array holds name, action pairs).
func (s *activeScan) firstScript(tree types.Object) string {
	d, _ := s.ctx.DereferenceDict(tree)
	arr, _ := s.ctx.DereferenceArray(d["Names"])
	for i := 1; i < len(arr); i += 2 {
		if a, _ := s.ctx.DereferenceDict(arr[i]); a != nil {
			return s.text(a["JS"])
		}
	}
	return "document-level scripts"
}

// text is a script: a string, or a stream decoded up to a few KB.
func (s *activeScan) text(o types.Object) string {
	o, _ = s.ctx.Dereference(o)
	switch v := o.(type) {
	case types.StringLiteral, types.HexLiteral:
		if str, err := types.StringOrHexLiteral(v); err == nil && str != nil {
			return *str
		}
	case types.StreamDict:
		if b, err := v.DecodeLengthWithLimit(4096, maxDecodeBytes); err == nil {
			return string(b)
		}
	}
	return ""
}

// fileSpec is what a launch or submit action names: its /F (a string or a
// file specification's /F or /UF), or its /Win /F.
func (s *activeScan) fileSpec(d types.Dict) string {
	for _, holder := range []types.Object{d, d["Win"]} {
		h, _ := s.ctx.DereferenceDict(holder)
		f, _ := s.ctx.Dereference(h["F"])
		if str := s.text(f); str != "" {
			return str
		}
		if fd, ok := f.(types.Dict); ok {
			for _, k := range []string{"UF", "F"} {
				if str := s.text(fd[k]); str != "" {
					return str
				}
			}
		}
	}
	return ""
}

// record notes an item and the entry whose deletion strips it.
func (s *activeScan) record(holder types.Dict, key string, a formats.ActiveContent) {
	s.items = append(s.items, a)
	k := cutKey{reflect.ValueOf(holder).Pointer(), key}
	if !s.cut[k] {
		s.cut[k] = true
		s.cuts = append(s.cuts, cut{holder, key})
	}
}
