package word

import (
	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats/word/wordxml"
)

// paraNumber is a numbered paragraph's list, level and label.
type paraNumber struct {
	numPr
	label string
}

// listLabels numbers every paragraph of the body in document order (in
// tables and content controls too, which count as Word counts them) and
// returns the numbered ones. Text boxes and the fallback copies of
// mc:AlternateContent are left out: Word numbers a text box's paragraphs
// on their own, and a fallback is never shown.
func (d *document) listLabels(n *numbering) map[*etree.Element]paraNumber {
	out := map[*etree.Element]paraNumber{}
	c := wordxml.NewListCounter(n)
	descend(d.body, func(el *etree.Element) bool {
		switch {
		case el.Space == "mc" && el.Tag == "Fallback", isW(el, "txbxContent"):
			return false
		case isW(el, "p"):
			if sectionBreakOnly(el) {
				return false
			}
			if np, ok := n.ParagraphNumPr(childW(el, "pPr")); ok {
				out[el] = paraNumber{numPr: np, label: c.Next(np)}
			}
			return true // a paragraph may hold a text box, skipped above
		}
		return !isProperties(el)
	})
	return out
}

// sectionBreakOnly reports an empty paragraph that only carries a section
// break: LibreOffice gives it no number (Common Paper's numbered Heading1
// before "1. Service" holds nothing but the section properties).
func sectionBreakOnly(p *etree.Element) bool {
	return pathW(p, "pPr", "sectPr") != nil && !hasW(p, "t")
}
