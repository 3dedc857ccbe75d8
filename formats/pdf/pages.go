package pdf

import (
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/formfill/formfill/formats"
)

// pageIndex maps the object numbers of page dicts and of every annotation
// listed in a page's /Annots to that page's number.
func pageIndex(ctx *model.Context, stop *formats.Stopper) (map[int]int, error) {
	pages, err := pageList(ctx, stop)
	if err != nil {
		return nil, err
	}
	m := map[int]int{}
	for i, p := range pages {
		if nr := p.ref.ObjectNumber.Value(); nr != 0 {
			m[nr] = i + 1
		}
		for _, a := range arrayOf(ctx, entry(ctx, p.dict, "Annots")) {
			if nr := objNr(a); nr != 0 {
				if _, seen := m[nr]; !seen {
					m[nr] = i + 1
				}
			}
		}
	}
	return m, nil
}

// pageRef is a page's dictionary and its reference (zero for a page
// written directly in its parent's /Kids).
type pageRef struct {
	dict types.Dict
	ref  types.IndirectRef
}

// maxPageTreeDepth bounds the walk of the page tree.
const maxPageTreeDepth = 64

// pageList lists the pages in order in one walk of the page tree, each
// node visited once (ctx.PageDict(i) walks the tree from its root for
// every page). A tree that lists a node twice (a repeated or circular
// /Kids entry), nests deeper than maxPageTreeDepth, or whose /Count
// disagrees with the pages below it is refused as an invalid document:
// pdfcpu numbers pages by /Count, so such a tree would have every later
// walk go over a count the file only claims — a 2 KB file claiming a
// billion pages would hold a worker for minutes. The walk's cost is
// bounded by the file's objects, whatever the counts say. stop is stepped
// once per node.
func pageList(ctx *model.Context, stop *formats.Stopper) ([]pageRef, error) {
	root, err := ctx.Pages()
	if err != nil || root == nil {
		return nil, nil
	}
	w := &pageWalk{ctx: ctx, stop: stop, visited: map[int]bool{}}
	if err := w.node(*root, 0); err != nil {
		return nil, err
	}
	if len(w.out) != ctx.PageCount {
		return nil, pageTreeErr("the document claims %d pages but its page tree holds %d", ctx.PageCount, len(w.out))
	}
	return w.out, nil
}

// pageWalk is one walk of the page tree.
type pageWalk struct {
	ctx     *model.Context
	stop    *formats.Stopper
	visited map[int]bool
	out     []pageRef
}

func pageTreeErr(format string, args ...any) error {
	return formats.Errorf(formats.ErrInvalidDocument, "Pages", "the PDF's page tree is broken: "+format, args...)
}

// node walks the page tree node o (a reference, or a dictionary written
// in its parent's /Kids).
func (w *pageWalk) node(o types.Object, depth int) error {
	if err := w.stop.Step(); err != nil {
		return err
	}
	if depth > maxPageTreeDepth {
		return pageTreeErr("it nests deeper than %d levels", maxPageTreeDepth)
	}
	var ref types.IndirectRef
	if ir, ok := o.(types.IndirectRef); ok {
		ref = ir
		nr := ir.ObjectNumber.Value()
		if w.visited[nr] {
			return pageTreeErr("node %d 0 R is listed twice (a repeated or circular /Kids entry)", nr)
		}
		w.visited[nr] = true
	}
	d, err := w.ctx.DereferenceDict(o)
	if err != nil || d == nil {
		return nil // pdfcpu skips what is not a dictionary, uncounted
	}
	kind := ""
	if t := d.Type(); t != nil {
		kind = *t
	} else if _, count := d.Find("Count"); count {
		if _, kids := d.Find("Kids"); kids {
			kind = "Pages" // as pdfcpu reads an untyped node in relaxed mode
		}
	}
	switch kind {
	case "Page":
		w.out = append(w.out, pageRef{dict: d, ref: ref})
		return nil
	case "Pages":
	default:
		return nil // pdfcpu skips it, uncounted
	}
	before := len(w.out)
	for _, k := range arrayOf(w.ctx, entry(w.ctx, d, "Kids")) {
		if err := w.node(k, depth+1); err != nil {
			return err
		}
	}
	if c, ok := intOf(w.ctx, entry(w.ctx, d, "Count")); ok && c != len(w.out)-before {
		return pageTreeErr("node %d 0 R claims /Count %d but holds %d pages", ref.ObjectNumber.Value(), c, len(w.out)-before)
	}
	return nil
}
