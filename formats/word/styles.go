package word

import (
	"slices"

	"github.com/beevik/etree"
)

// The parts the document view reads beside document.xml. Word and every
// mainstream generator use these names; the relationship targets are not
// followed, which costs nothing on real documents and keeps a hostile
// package from steering the reader elsewhere.
const (
	stylesPart    = "word/styles.xml"
	numberingPart = "word/numbering.xml"
)

// maxStyleChain bounds a basedOn chain: Word allows none deeper than a few
// levels, a hostile file may loop.
const maxStyleChain = 16

// styleDef is one w:style of styles.xml.
type styleDef struct {
	id, name, typ string
	basedOn       string
	pPr, rPr      *etree.Element
}

// styleSheet is styles.xml: the styles by ID and the document defaults.
type styleSheet struct {
	byID        map[string]*styleDef
	defaultPara string         // the paragraph style used where w:pStyle is absent
	pPrDefault  *etree.Element // w:docDefaults/w:pPrDefault/w:pPr
	rPrDefault  *etree.Element // w:docDefaults/w:rPrDefault/w:rPr
	chains      map[string][]*styleDef
}

// readStyles parses styles.xml; a document without one has no styles.
func (d *document) readStyles() (*styleSheet, error) {
	ss := &styleSheet{byID: map[string]*styleDef{}, chains: map[string][]*styleDef{}}
	root, err := d.readPart(stylesPart)
	if err != nil || root == nil {
		return ss, err
	}
	ss.pPrDefault = pathW(root, "docDefaults", "pPrDefault", "pPr")
	ss.rPrDefault = pathW(root, "docDefaults", "rPrDefault", "rPr")
	for _, el := range childrenW(root, "style") {
		id, _ := attr(el, "w", "styleId")
		if id == "" {
			continue
		}
		typ, _ := attr(el, "w", "type")
		s := &styleDef{id: id, name: val(childW(el, "name")), typ: typ, basedOn: val(childW(el, "basedOn")),
			pPr: childW(el, "pPr"), rPr: childW(el, "rPr")}
		if s.name == "" {
			s.name = id
		}
		ss.byID[id] = s
		if def, _ := attr(el, "w", "default"); typ == "paragraph" && onOffValue(def) && ss.defaultPara == "" {
			ss.defaultPara = id
		}
	}
	return ss, nil
}

// onOffValue reads an ST_OnOff attribute value.
func onOffValue(v string) bool { return v == "1" || v == "true" || v == "on" }

// readPart parses one XML part of the package, nil when it is absent.
func (d *document) readPart(name string) (*etree.Element, error) {
	if d.arc.File(name) == nil {
		return nil, nil
	}
	raw, err := d.arc.Read(name)
	if err != nil {
		return nil, err
	}
	x, err := parseXML(raw, name, nil, d.stop)
	if err != nil {
		return nil, err
	}
	return x.Root(), nil
}

// chain returns the style id and the styles it is based on, nearest
// first, stopping at a loop or a missing style.
func (ss *styleSheet) chain(id string) []*styleDef {
	if c, ok := ss.chains[id]; ok {
		return c
	}
	var out []*styleDef
	for i, next := 0, id; next != "" && i < maxStyleChain; i++ {
		s := ss.byID[next]
		if s == nil || slices.Contains(out, s) {
			break
		}
		out = append(out, s)
		next = s.basedOn
	}
	ss.chains[id] = out
	return out
}

// paraStyle is the paragraph style of p: its w:pStyle, else the default
// paragraph style.
func (ss *styleSheet) paraStyle(pPr *etree.Element) string {
	if id := val(pathW(pPr, "pStyle")); id != "" {
		if _, ok := ss.byID[id]; ok {
			return id
		}
	}
	return ss.defaultPara
}

// styleName is the display name of a style ID ("heading 2"), or the ID.
func (ss *styleSheet) styleName(id string) string {
	if s := ss.byID[id]; s != nil {
		return s.name
	}
	return id
}
