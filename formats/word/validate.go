package word

import (
	"fmt"
	"strings"

	"github.com/formfill/formfill/formats"
)

// Validate implements validate_locations: an element ID or XPath, given
// in pair_id alone or as the snippet, is looked up directly; any other
// snippet is matched as OOXML (or, when it is not markup, as text).
func (e *Engine) Validate(data []byte, locations []formats.Location) ([]formats.ValidatedLocation, error) {
	if err := formats.CheckCount("locations", len(locations)); err != nil {
		return nil, err
	}
	d, err := open(data, nil, e.stopper())
	if err != nil {
		return nil, err
	}
	out := make([]formats.ValidatedLocation, len(locations))
	for i, loc := range locations {
		v, err := d.validate(loc)
		if err != nil {
			return nil, fmt.Errorf("locations[%d]: %w", i, err)
		}
		out[i] = v
	}
	return out, nil
}

func (d *document) validate(loc formats.Location) (formats.ValidatedLocation, error) {
	snippet := strings.TrimSpace(loc.Snippet)
	if snippet == "" {
		if strings.TrimSpace(loc.PairID) == "" {
			return formats.ValidatedLocation{}, formats.Errorf(formats.ErrInvalidArgument, "location", "give pair_id (an element ID) or snippet (OOXML copied from the document, an element ID or an XPath)")
		}
		return d.validateRef(loc.PairID, loc.PairID), nil
	}
	// A snippet that is an element ID or an XPath takes the fast path, as
	// the Excel engine takes a cell reference there; "/w:" never starts
	// OOXML markup and hardly ever a question's text.
	if strings.HasPrefix(snippet, "/w:") {
		return d.validateRef(loc.PairID, snippet), nil
	}
	if _, ok := d.ix.lookup(snippet); ok {
		return d.validateRef(loc.PairID, snippet), nil
	}
	return d.matchSnippet(loc)
}

// validateRef validates ref, an element ID or an XPath. pairID is echoed
// back; when empty the element ID found (or ref) stands in for it.
func (d *document) validateRef(pairID, ref string) formats.ValidatedLocation {
	v := formats.ValidatedLocation{PairID: pairID, Status: formats.LocationNotFound}
	n, ok := d.ix.lookup(ref)
	switch {
	case ok:
		v.XPath = n.path()
	case strings.HasPrefix(strings.TrimSpace(ref), "/"):
		t, err := d.resolve("", ref)
		if err != nil {
			v.Context = err.Error()
			return v
		}
		v.XPath, n = t.xpath, t.node
		if n == nil {
			v.Status, v.Context = formats.LocationMatched, shorten(textOf(t.el), 120)
			break
		}
	default:
		v.Context = "no element with this ID; IDs look like T1-R2-C2, P5, SDT1"
		return v
	}
	if n != nil {
		v.Status, v.Context, v.Warning = formats.LocationMatched, neighbourhood(n), questionWarning(n)
	}
	if strings.TrimSpace(v.PairID) == "" {
		v.PairID = strings.TrimSpace(ref)
		if n != nil {
			v.PairID = n.id
		}
	}
	return v
}

// neighbourhood is the text around a node: the cells beside a cell, the
// paragraphs before and after a paragraph.
func neighbourhood(n *node) string {
	if n.kind == kindCell {
		parts := []string{}
		if n.col > 0 {
			parts = append(parts, "left: "+strings.TrimSpace(shorten(cellLine(n.row.cells[n.col-1].el), 80)))
		}
		parts = append(parts, "this: "+shorten(cellLine(n.el), 80))
		if n.col+1 < len(n.row.cells) {
			parts = append(parts, "right: "+shorten(cellLine(n.row.cells[n.col+1].el), 80))
		}
		return strings.Join(parts, " | ")
	}
	parts := []string{}
	if prev := n.el.PrevSibling(); prev != nil {
		parts = append(parts, "before: "+oneLineHead(textOf(prev), 80))
	}
	parts = append(parts, "this: "+oneLineHead(textOf(n.el), 80))
	if next := n.el.NextSibling(); next != nil {
		parts = append(parts, "after: "+oneLineHead(textOf(next), 80))
	}
	return strings.Join(parts, " | ")
}

// questionWarning flags an ID that points at a question cell when the
// empty cell to its right is where the answer goes.
func questionWarning(n *node) string {
	if n.kind != kindCell || n.col+1 >= len(n.row.cells) {
		return ""
	}
	text := strings.TrimSpace(ownText(n.el))
	right := n.row.cells[n.col+1]
	if text == "" || strings.TrimSpace(ownText(right.el)) != "" || hasW(right.el, "tbl") {
		return ""
	}
	return fmt.Sprintf("%s holds the question %q; the empty cell to its right, %s, is probably the answer target", n.id, shorten(text, 60), right.id)
}
