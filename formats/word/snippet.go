package word

import (
	"fmt"
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// maxCandidates caps the matches reported for an ambiguous snippet.
const maxCandidates = 5

// matchSnippet finds the elements an OOXML snippet describes: same local
// names, the snippet's attributes present with equal values, equal text
// (whitespace-normalised) and the snippet's children matching, in order, a
// subsequence of the element's children. Prefixes and formatting
// whitespace are ignored. A snippet that is not markup is matched as text
// against paragraphs and cells.
func (d *document) matchSnippet(loc formats.Location) (formats.ValidatedLocation, error) {
	s := strings.TrimSpace(loc.Snippet)
	var found []*etree.Element
	if !strings.HasPrefix(s, "<") {
		found = d.matchText(s)
	} else {
		els, err := parseFragment(s)
		if err != nil {
			return formats.ValidatedLocation{}, formats.Wrap(formats.ErrInvalidArgument, loc.PairID, err, "snippet is not well-formed XML")
		}
		pattern := els[0]
		descend(d.body, func(e *etree.Element) bool {
			if e.Tag == pattern.Tag && matches(pattern, e) {
				found = append(found, e)
			}
			return true
		})
	}
	v := formats.ValidatedLocation{PairID: loc.PairID}
	switch len(found) {
	case 0:
		v.Status = formats.LocationNotFound
		v.Context = "no element of the document matches the snippet"
		return v, nil
	case 1:
		v.Status = formats.LocationMatched
	default:
		v.Status = formats.LocationAmbiguous
	}
	v.XPath = xpathOf(d.body, found[0])
	owner := d.ix.owner(found[0])
	if v.PairID == "" && owner != nil {
		v.PairID = owner.id
	}
	if v.Status == formats.LocationAmbiguous {
		xps := []string{}
		for _, f := range found[:min(len(found), maxCandidates)] {
			xps = append(xps, xpathOf(d.body, f))
		}
		v.Context = fmt.Sprintf("%d elements match: %s; give a longer snippet or an element ID", len(found), strings.Join(xps, ", "))
		return v, nil
	}
	if owner != nil {
		v.Context = neighbourhood(owner)
		v.Warning = questionWarning(owner)
	} else {
		v.Context = shorten(oneLine(textOf(found[0])), 120)
	}
	return v, nil
}

// matchText finds the paragraphs and cells whose own text contains s.
func (d *document) matchText(s string) []*etree.Element {
	want := formats.Normalize(s)
	if want == "" {
		return nil
	}
	var out []*etree.Element
	for _, n := range d.ix.nodes {
		if (n.kind == kindPara || n.kind == kindCell) && strings.Contains(formats.Normalize(ownText(n.el)), want) {
			out = append(out, n.el)
		}
	}
	return out
}

// matches reports whether document element e has the structure of
// snippet element p.
func matches(p, e *etree.Element) bool {
	if p.Tag != e.Tag {
		return false
	}
	for _, a := range p.Attr {
		if a.Space == "xmlns" || a.Space == "" && a.Key == "xmlns" {
			continue
		}
		if !hasAttr(e, a.Key, a.Value) {
			return false
		}
	}
	if pt := directText(p); pt != "" && pt != directText(e) {
		return false
	}
	kids := e.ChildElements()
	i := 0
	for _, pc := range p.ChildElements() {
		for i < len(kids) && !matches(pc, kids[i]) {
			i++
		}
		if i == len(kids) {
			return false
		}
		i++
	}
	return true
}

func hasAttr(e *etree.Element, key, value string) bool {
	for _, a := range e.Attr {
		if a.Key == key && a.Value == value {
			return true
		}
	}
	return false
}

// directText is an element's own character data, whitespace-normalised.
func directText(e *etree.Element) string {
	var b strings.Builder
	for _, c := range e.Child {
		if cd, ok := c.(*etree.CharData); ok {
			b.WriteString(cd.Data)
			b.WriteByte(' ')
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}
