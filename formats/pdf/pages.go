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
	for i := 1; i <= ctx.PageCount; i++ {
		var pd types.Dict
		var ir *types.IndirectRef
		if pages != nil {
			pd, ir = pages[i-1].dict, &pages[i-1].ref
		} else {
			if err := stop.Check(); err != nil {
				return nil, err
			}
			if pd, ir, _, err = ctx.PageDict(i, false); err != nil || pd == nil {
				continue
			}
		}
		if ir != nil {
			m[ir.ObjectNumber.Value()] = i
		}
		for _, a := range arrayOf(ctx, entry(ctx, pd, "Annots")) {
			if nr := objNr(a); nr != 0 {
				if _, seen := m[nr]; !seen {
					m[nr] = i
				}
			}
		}
	}
	return m, nil
}

// pageRef is a page's dictionary and its reference.
type pageRef struct {
	dict types.Dict
	ref  types.IndirectRef
}

// maxPageTreeDepth bounds the walk of the page tree.
const maxPageTreeDepth = 64

// pageList lists the pages in order in one walk of the page tree:
// ctx.PageDict(i) walks the tree from its root for every page, which made
// the pages of a 5000-page form seconds of work. It numbers the pages as
// PageDict does when every node's /Count is right; for any other tree
// (a wrong /Count, a page that is not a reference, a cycle, more pages
// than pdfcpu counted) it returns nil and the caller asks PageDict. stop
// is stepped once per node.
func pageList(ctx *model.Context, stop *formats.Stopper) ([]pageRef, error) {
	root, err := ctx.Pages()
	if err != nil || root == nil {
		return nil, nil
	}
	var out []pageRef
	visited := map[int]bool{}
	ok := true
	var walk func(ir types.IndirectRef, depth int) error
	walk = func(ir types.IndirectRef, depth int) error {
		if err := stop.Step(); err != nil {
			return err
		}
		nr := ir.ObjectNumber.Value()
		d, err := ctx.DereferenceDict(ir)
		if visited[nr] || depth > maxPageTreeDepth || err != nil || d == nil {
			ok = false
			return nil
		}
		visited[nr] = true
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
			if _, kids := d.Find("Kids"); kids {
				ok = false
			}
			out = append(out, pageRef{dict: d, ref: ir})
			return nil
		case "Pages":
		default:
			return nil // pdfcpu skips it, uncounted
		}
		before := len(out)
		for _, k := range d.ArrayEntry("Kids") {
			kid, isRef := k.(types.IndirectRef)
			if !isRef {
				ok = false
				continue
			}
			if err := walk(kid, depth+1); err != nil || !ok {
				return err
			}
		}
		if c := d.IntEntry("Count"); c != nil && *c != len(out)-before {
			ok = false
		}
		return nil
	}
	if err := walk(*root, 0); err != nil {
		return nil, err
	}
	if !ok || len(out) != ctx.PageCount {
		return nil, nil
	}
	return out, nil
}
