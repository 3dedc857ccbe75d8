package word

import (
	"strings"

	"github.com/beevik/etree"
)

// runLook is a run's effective bold, italic, underline and capitals, the
// formatting that tells a header or a defined term from body text.
type runLook struct {
	bold, italic, underline, caps bool
}

// props resolves effective paragraph and run formatting through the
// style hierarchy: direct formatting, then (for paragraphs) the list
// level's, then the style's basedOn chain, then the document defaults.
type props struct {
	ss        *styleSheet
	n         *numbering
	runChains map[string][]*etree.Element // see inherited
}

// paraChain lists the pPr elements that format paragraph p, strongest
// first.
func (x *props) paraChain(pPr *etree.Element, np *paraNumber) []*etree.Element {
	chain := []*etree.Element{pPr}
	if np != nil {
		if l := x.n.LevelOf(np.numPr); l != nil {
			chain = append(chain, l.PPr)
		}
	}
	for _, s := range x.ss.Chain(x.ss.ParaStyle(pPr)) {
		chain = append(chain, s.PPr)
	}
	return append(chain, x.ss.PPrDefault)
}

// firstAttr returns attribute w:key of the first w:tag found along chain,
// looking at each of keys in turn.
func firstAttr(chain []*etree.Element, tag string, keys ...string) string {
	for _, pPr := range chain {
		el := pathW(pPr, tag)
		if el == nil {
			continue
		}
		for _, k := range keys {
			if v, ok := attr(el, "w", k); ok {
				return v
			}
		}
	}
	return ""
}

// runEmphasis is run r's effective emphasis in a paragraph with style
// paraStyle: the run's own rPr, its character style's chain, the
// paragraph style's chain, the defaults; the first that says wins.
func (x *props) runEmphasis(r *etree.Element, paraStyle string) runLook {
	rPr := pathW(r, "rPr")
	chain := x.inherited(val(pathW(rPr, "rStyle")), paraStyle)
	var e runLook
	e.bold = toggle(rPr, chain, "b")
	e.italic = toggle(rPr, chain, "i")
	e.caps = toggle(rPr, chain, "caps")
	if u := pathW(rPr, "u"); u != nil {
		e.underline = underlined(u)
		return e
	}
	for _, el := range chain {
		if u := pathW(el, "u"); u != nil {
			e.underline = underlined(u)
			break
		}
	}
	return e
}

// underlined reads w:u: any line but none.
func underlined(u *etree.Element) bool {
	v, ok := attr(u, "w", "val")
	return !ok || v != "none" && v != ""
}

// inherited is the rPr chain a run inherits from its character style and
// its paragraph's style, strongest first; the same for every run of a
// style pair, so it is worked out once.
func (x *props) inherited(charStyle, paraStyle string) []*etree.Element {
	key := charStyle + "\x00" + paraStyle
	if c, ok := x.runChains[key]; ok {
		return c
	}
	var chain []*etree.Element
	for _, s := range x.ss.Chain(charStyle) {
		chain = append(chain, s.RPr)
	}
	for _, s := range x.ss.Chain(paraStyle) {
		chain = append(chain, s.RPr)
	}
	chain = append(chain, x.ss.RPrDefault)
	if x.runChains == nil {
		x.runChains = map[string][]*etree.Element{}
	}
	x.runChains[key] = chain
	return chain
}

// toggle is the first setting of a toggle property: the run's own, else
// along chain.
func toggle(own *etree.Element, chain []*etree.Element, tag string) bool {
	if el := pathW(own, tag); el != nil {
		return onOff(el)
	}
	for _, rPr := range chain {
		if el := pathW(rPr, tag); el != nil {
			return onOff(el)
		}
	}
	return false
}

// paragraphRuns returns the runs whose text p shows, in order: inside
// hyperlinks, fields, insertions and inline controls too; not deleted
// runs, fallback copies or text boxes.
func paragraphRuns(p *etree.Element) []*etree.Element {
	var out []*etree.Element
	descend(p, func(el *etree.Element) bool {
		switch {
		case el == p:
			return true
		case el.Space == "mc" && el.Tag == "Fallback", isW(el, "del"), isW(el, "moveFrom"), isW(el, "txbxContent"), isW(el, "p"):
			return false
		case isW(el, "r"):
			out = append(out, el)
			return false
		}
		return !isProperties(el)
	})
	return out
}

// runText is the text a run shows: tabs and breaks as \t and \n, field
// instructions left out.
func runText(r *etree.Element) string {
	var b strings.Builder
	for _, c := range r.ChildElements() {
		switch {
		case isW(c, "t"):
			b.WriteString(c.Text())
		case isW(c, "tab"):
			b.WriteByte('\t')
		case isW(c, "br"), isW(c, "cr"):
			b.WriteByte('\n')
		case isW(c, "noBreakHyphen"):
			b.WriteString("\u2011")
		case c.Space == "mc" && c.Tag == "AlternateContent":
			if ch := c.SelectElement("Choice"); ch != nil {
				for _, inner := range ch.ChildElements() {
					if isW(inner, "t") {
						b.WriteString(inner.Text())
					}
				}
			}
		}
	}
	return b.String()
}
