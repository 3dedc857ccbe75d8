package wordxml

import (
	"strconv"

	"github.com/beevik/etree"
)

// maxLevels is the number of list levels WordprocessingML defines (ilvl
// 0–8).
const maxLevels = 9

// NumLevel is one w:lvl: how a list level counts and what it shows.
type NumLevel struct {
	start   int
	format  string // w:numFmt: decimal, lowerRoman, upperLetter, ordinalText, bullet, none…
	text    string // w:lvlText, with %1…%9 standing for the levels' counters
	legal   bool   // w:isLgl: every counter shown in decimal
	restart int    // w:lvlRestart: restart after this 1-based level; -1 when absent
	PPr     *etree.Element
}

// abstractNum is one w:abstractNum: the levels of a list definition.
type abstractNum struct {
	id        string
	levels    [maxLevels]*NumLevel
	styleLink string // w:numStyleLink: the definition lives in this numbering style's list
}

// numOverride is a w:num's w:lvlOverride of one level.
type numOverride struct {
	start    int
	hasStart bool
	level    *NumLevel // a whole replacement w:lvl, or nil
}

// numInstance is one w:num: a list that paragraphs name by numId.
type numInstance struct {
	id        string
	abstract  string
	overrides [maxLevels]*numOverride
}

// Numbering is numbering.xml with the styles that carry numbering.
type Numbering struct {
	abstracts map[string]*abstractNum
	nums      map[string]*numInstance
	styles    *StyleSheet
}

// ReadNumbering reads numbering.xml, parsed into root, with the styles
// of ss that carry numbering; a document without one (a nil root)
// numbers nothing.
func ReadNumbering(root *etree.Element, ss *StyleSheet) *Numbering {
	n := &Numbering{abstracts: map[string]*abstractNum{}, nums: map[string]*numInstance{}, styles: ss}
	if root == nil {
		return n
	}
	for _, el := range ChildrenW(root, "abstractNum") {
		id, _ := Attr(el, "w", "abstractNumId")
		a := &abstractNum{id: id, styleLink: Val(ChildW(el, "numStyleLink"))}
		for _, lvl := range ChildrenW(el, "lvl") {
			if i, ok := levelIndex(lvl); ok {
				a.levels[i] = parseLevel(lvl)
			}
		}
		n.abstracts[id] = a
	}
	for _, el := range ChildrenW(root, "num") {
		id, _ := Attr(el, "w", "numId")
		ni := &numInstance{id: id, abstract: Val(ChildW(el, "abstractNumId"))}
		for _, ov := range ChildrenW(el, "lvlOverride") {
			i, ok := levelIndex(ov)
			if !ok {
				continue
			}
			o := &numOverride{}
			if so := ChildW(ov, "startOverride"); so != nil {
				o.start, o.hasStart = atoiOr(Val(so), 0), true
			}
			if lvl := ChildW(ov, "lvl"); lvl != nil {
				o.level = parseLevel(lvl)
			}
			ni.overrides[i] = o
		}
		n.nums[id] = ni
	}
	return n
}

// levelIndex reads w:ilvl of a w:lvl or w:lvlOverride.
func levelIndex(el *etree.Element) (int, bool) {
	v, _ := Attr(el, "w", "ilvl")
	i, err := strconv.Atoi(v)
	return i, err == nil && i >= 0 && i < maxLevels
}

func parseLevel(lvl *etree.Element) *NumLevel {
	l := &NumLevel{start: 1, format: "decimal", restart: -1, PPr: ChildW(lvl, "pPr")}
	if s := ChildW(lvl, "start"); s != nil {
		l.start = atoiOr(Val(s), 1)
	}
	if f := ChildW(lvl, "numFmt"); f != nil {
		l.format = Val(f)
	}
	if t := ChildW(lvl, "lvlText"); t != nil {
		l.text = Val(t)
	}
	if r := ChildW(lvl, "lvlRestart"); r != nil {
		l.restart = atoiOr(Val(r), -1)
	}
	l.legal = OnOff(ChildW(lvl, "isLgl"))
	return l
}

func atoiOr(s string, def int) int {
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	return def
}

// NumPr is a paragraph's effective numbering: the list and the level.
type NumPr struct {
	NumID string
	Ilvl  int
}

// ParagraphNumPr resolves a paragraph's numbering from its own w:numPr and
// its style's, the numId and the ilvl each separately along the basedOn
// chain (NVCA's Heading2 gives only the level and takes the list from
// Heading1). numId 0 means no numbering. ok is false for a paragraph that
// is not numbered.
func (n *Numbering) ParagraphNumPr(pPr *etree.Element) (NumPr, bool) {
	numID, ilvl := "", ""
	haveID, haveLvl := false, false
	take := func(np *etree.Element) {
		if np == nil {
			return
		}
		if e := ChildW(np, "numId"); e != nil && !haveID {
			numID, haveID = Val(e), true
		}
		if e := ChildW(np, "ilvl"); e != nil && !haveLvl {
			ilvl, haveLvl = Val(e), true
		}
	}
	take(PathW(pPr, "numPr"))
	for _, s := range n.styles.Chain(n.styles.ParaStyle(pPr)) {
		if haveID && haveLvl {
			break
		}
		take(PathW(s.PPr, "numPr"))
	}
	if !haveID || numID == "0" || numID == "" || n.nums[numID] == nil {
		return NumPr{}, false
	}
	lvl := atoiOr(ilvl, 0)
	if lvl < 0 || lvl >= maxLevels {
		lvl = 0
	}
	return NumPr{NumID: numID, Ilvl: lvl}, true
}

// definition returns the abstract numbering a num uses, following a
// numStyleLink to the numbering style's own list (German templates link
// every list to a numbering style this way).
func (n *Numbering) definition(num *numInstance) *abstractNum {
	a := n.abstracts[num.abstract]
	for i := 0; a != nil && a.styleLink != "" && i < maxStyleChain; i++ {
		s := n.styles.byID[a.styleLink]
		if s == nil {
			break
		}
		linked := n.nums[Val(PathW(s.PPr, "numPr", "numId"))]
		if linked == nil || n.abstracts[linked.abstract] == nil || n.abstracts[linked.abstract] == a {
			break
		}
		a = n.abstracts[linked.abstract]
	}
	return a
}

// level is level i of num: its override's w:lvl, else the definition's.
func (n *Numbering) level(num *numInstance, def *abstractNum, i int) *NumLevel {
	if o := num.overrides[i]; o != nil && o.level != nil {
		return o.level
	}
	if def == nil {
		return nil
	}
	return def.levels[i]
}

// startOf is the first value of level i in num: its startOverride, else
// the level's w:start.
func (n *Numbering) startOf(num *numInstance, def *abstractNum, i int) int {
	if o := num.overrides[i]; o != nil && o.hasStart {
		return o.start
	}
	if l := n.level(num, def, i); l != nil {
		return l.start
	}
	return 1
}

// LevelOf is the list level a paragraph numbered np uses: its list's
// override, else its definition's; nil when neither defines it.
func (n *Numbering) LevelOf(np NumPr) *NumLevel {
	num := n.nums[np.NumID]
	return n.level(num, n.definition(num), np.Ilvl)
}
