package word

import (
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// target is a resolved answer location.
type target struct {
	id    string // element ID, or the XPath when the caller gave only that
	xpath string
	el    *etree.Element
	node  *node // nil when the XPath points below the indexed elements
}

// resolve finds the element an answer or expectation addresses: pair_id as
// an element ID first, then xpath. A pair_id that looks like an XPath is
// treated as one.
func (d *document) resolve(pairID, xp string) (target, error) {
	pairID = strings.TrimSpace(pairID)
	if strings.HasPrefix(pairID, "/") && xp == "" {
		xp, pairID = pairID, ""
	}
	if pairID != "" {
		if n, ok := d.ix.lookup(pairID); ok {
			return target{id: n.id, xpath: n.path(), el: n.el, node: n}, nil
		}
		if xp == "" {
			return target{}, formats.Errorf(formats.ErrInvalidArgument, pairID,
				"unknown element ID; expected an ID from extract_structure_compact such as T1-R2-C2, P5 or SDT1 (or give an xpath)")
		}
	}
	el, err := resolveXPath(d.body, xp)
	if err != nil && d.lazy.Unbuilt() && validXPath(xp) {
		// The path may lead into a paragraph a lazy document left unbuilt.
		if berr := d.lazy.BuildAll(); berr != nil {
			return target{}, berr
		}
		el, err = resolveXPath(d.body, xp)
	}
	if err != nil {
		return target{}, err
	}
	t := target{id: pairID, xpath: xpathOf(d.body, el), el: el, node: d.ix.node(el)}
	if t.id == "" {
		t.id = xp
		if t.node != nil {
			t.id = t.node.id
		}
	}
	return t, nil
}
