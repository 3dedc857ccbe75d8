package wordxml

import (
	"slices"

	"github.com/beevik/etree"
)

// maxStyleChain bounds a basedOn chain: Word allows none deeper than a few
// levels, a hostile file may loop.
const maxStyleChain = 16

// StyleDef is one w:style of styles.xml.
type StyleDef struct {
	id, name, typ string
	basedOn       string
	PPr, RPr      *etree.Element
}

// StyleSheet is styles.xml: the styles by ID and the document defaults.
type StyleSheet struct {
	byID        map[string]*StyleDef
	defaultPara string         // the paragraph style used where w:pStyle is absent
	PPrDefault  *etree.Element // w:docDefaults/w:PPrDefault/w:pPr
	RPrDefault  *etree.Element // w:docDefaults/w:RPrDefault/w:rPr
	chains      map[string][]*StyleDef
}

// ReadStyles reads styles.xml, parsed into root; a document without one
// (a nil root) has no styles.
func ReadStyles(root *etree.Element) *StyleSheet {
	ss := &StyleSheet{byID: map[string]*StyleDef{}, chains: map[string][]*StyleDef{}}
	if root == nil {
		return ss
	}
	ss.PPrDefault = PathW(root, "docDefaults", "pPrDefault", "pPr")
	ss.RPrDefault = PathW(root, "docDefaults", "rPrDefault", "rPr")
	for _, el := range ChildrenW(root, "style") {
		id, _ := Attr(el, "w", "styleId")
		if id == "" {
			continue
		}
		typ, _ := Attr(el, "w", "type")
		s := &StyleDef{id: id, name: Val(ChildW(el, "name")), typ: typ, basedOn: Val(ChildW(el, "basedOn")),
			PPr: ChildW(el, "pPr"), RPr: ChildW(el, "rPr")}
		if s.name == "" {
			s.name = id
		}
		ss.byID[id] = s
		if def, _ := Attr(el, "w", "default"); typ == "paragraph" && onOffValue(def) && ss.defaultPara == "" {
			ss.defaultPara = id
		}
	}
	return ss
}

// onOffValue reads an ST_OnOff attribute value.
func onOffValue(v string) bool { return v == "1" || v == "true" || v == "on" }

// Chain returns the style id and the styles it is based on, nearest
// first, stopping at a loop or a missing style.
func (ss *StyleSheet) Chain(id string) []*StyleDef {
	if c, ok := ss.chains[id]; ok {
		return c
	}
	var out []*StyleDef
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

// ParaStyle is the paragraph style of p: its w:pStyle, else the default
// paragraph style.
func (ss *StyleSheet) ParaStyle(pPr *etree.Element) string {
	if id := Val(PathW(pPr, "pStyle")); id != "" {
		if _, ok := ss.byID[id]; ok {
			return id
		}
	}
	return ss.defaultPara
}

// StyleName is the display name of a style ID ("heading 2"), or the ID.
func (ss *StyleSheet) StyleName(id string) string {
	if s := ss.byID[id]; s != nil {
		return s.name
	}
	return id
}
