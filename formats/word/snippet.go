package word

import (
	"fmt"
	"strings"
	"unicode"

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
	found, err := d.findSnippet(s)
	if err != nil {
		return formats.ValidatedLocation{}, formats.Wrap(formats.ErrInvalidArgument, loc.PairID, err, "snippet is not well-formed XML")
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
		v.Context = oneLineHead(textOf(found[0]), 120)
	}
	return v, nil
}

// findSnippet finds the elements snippet s (trimmed) describes. A call
// that repeats a snippet gets the first answer again.
func (d *document) findSnippet(s string) ([]*etree.Element, error) {
	si := d.snippets()
	if found, ok := si.found[s]; ok {
		return found, nil
	}
	var found []*etree.Element
	if !strings.HasPrefix(s, "<") {
		found = d.matchText(s)
	} else {
		els, err := parseFragment(s)
		if err != nil {
			return nil, err
		}
		pattern := els[0]
		for _, e := range si.byTag[pattern.Tag] {
			if si.matches(pattern, e) {
				found = append(found, e)
			}
		}
	}
	si.found[s] = found
	return found, nil
}

// matchText finds the paragraphs and cells whose own text contains s.
func (d *document) matchText(s string) []*etree.Element {
	want := formats.Normalize(s)
	if want == "" {
		return nil
	}
	var out []*etree.Element
	for _, t := range d.snippets().texts {
		if strings.Contains(t.text, want) {
			out = append(out, t.el)
		}
	}
	return out
}

// snippetIndex is what matching snippets reads of a document, made once
// per parse: a call may carry thousands of snippets (formats.MaxAnswers),
// and normalising every paragraph, or walking the body, once per snippet
// cost minutes and gigabytes on a long agreement.
type snippetIndex struct {
	texts  []ownTextOf                 // paragraphs and cells, in document order
	byTag  map[string][]*etree.Element // body elements by tag, in document order
	found  map[string][]*etree.Element // the snippets matched so far
	direct map[*etree.Element]string   // directText of the elements compared so far
}

// directText is directText(e), remembered: matching thousands of
// snippets compares the same elements' text again and again.
func (si *snippetIndex) directText(e *etree.Element) string {
	t, ok := si.direct[e]
	if !ok {
		t = directText(e)
		si.direct[e] = t
	}
	return t
}

// ownTextOf is a paragraph's or cell's own text, normalised.
type ownTextOf struct {
	el   *etree.Element
	text string
}

// snippets returns the document's snippet index, making it on first use.
func (d *document) snippets() *snippetIndex {
	if d.snips != nil {
		return d.snips
	}
	si := &snippetIndex{byTag: map[string][]*etree.Element{}, found: map[string][]*etree.Element{}, direct: map[*etree.Element]string{}}
	for _, n := range d.ix.nodes {
		if n.kind == kindPara || n.kind == kindCell {
			si.texts = append(si.texts, ownTextOf{n.el, formats.Normalize(ownText(n.el))})
		}
	}
	descend(d.body, func(e *etree.Element) bool {
		si.byTag[e.Tag] = append(si.byTag[e.Tag], e)
		return true
	})
	d.snips = si
	return si
}

// matches reports whether document element e has the structure of
// snippet element p.
func (si *snippetIndex) matches(p, e *etree.Element) bool {
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
	if pt := si.directText(p); pt != "" && pt != si.directText(e) {
		return false
	}
	// The pattern's children must match a subsequence of e's, in order;
	// walk e.Child itself, since ChildElements allocates per call.
	i := 0
	for _, pc := range p.ChildElements() {
		for ; i < len(e.Child); i++ {
			if k, ok := e.Child[i].(*etree.Element); ok && si.matches(pc, k) {
				break
			}
		}
		if i == len(e.Child) {
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
	// Most elements hold one piece of text already normalised (a w:t):
	// return it as it is, since matches asks for thousands of them.
	if len(e.Child) == 1 {
		if cd, ok := e.Child[0].(*etree.CharData); ok {
			if t := strings.TrimSpace(cd.Data); isNormalised(t) {
				return t
			}
		}
	}
	var b strings.Builder
	for _, c := range e.Child {
		if cd, ok := c.(*etree.CharData); ok {
			b.WriteString(cd.Data)
			b.WriteByte(' ')
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// isNormalised reports whether s, trimmed, has no repeated whitespace and
// no whitespace other than single spaces.
func isNormalised(s string) bool {
	prevSpace := false
	for _, r := range s {
		space := unicode.IsSpace(r)
		if space && (r != ' ' || prevSpace) {
			return false
		}
		prevSpace = space
	}
	return true
}
