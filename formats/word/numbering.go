package word

import (
	"strconv"

	"github.com/beevik/etree"
)

// maxLevels is the number of list levels WordprocessingML defines (ilvl
// 0–8).
const maxLevels = 9

// numLevel is one w:lvl: how a list level counts and what it shows.
type numLevel struct {
	start   int
	format  string // w:numFmt: decimal, lowerRoman, upperLetter, ordinalText, bullet, none…
	text    string // w:lvlText, with %1…%9 standing for the levels' counters
	legal   bool   // w:isLgl: every counter shown in decimal
	restart int    // w:lvlRestart: restart after this 1-based level; -1 when absent
	pPr     *etree.Element
}

// abstractNum is one w:abstractNum: the levels of a list definition.
type abstractNum struct {
	id        string
	levels    [maxLevels]*numLevel
	styleLink string // w:numStyleLink: the definition lives in this numbering style's list
}

// numOverride is a w:num's w:lvlOverride of one level.
type numOverride struct {
	start    int
	hasStart bool
	level    *numLevel // a whole replacement w:lvl, or nil
}

// numInstance is one w:num: a list that paragraphs name by numId.
type numInstance struct {
	id        string
	abstract  string
	overrides [maxLevels]*numOverride
}

// numbering is numbering.xml with the styles that carry numbering.
type numbering struct {
	abstracts map[string]*abstractNum
	nums      map[string]*numInstance
	styles    *styleSheet
}

// readNumbering parses numbering.xml; a document without one numbers
// nothing.
func (d *document) readNumbering(ss *styleSheet) (*numbering, error) {
	n := &numbering{abstracts: map[string]*abstractNum{}, nums: map[string]*numInstance{}, styles: ss}
	root, err := d.readPart(numberingPart)
	if err != nil || root == nil {
		return n, err
	}
	for _, el := range childrenW(root, "abstractNum") {
		id, _ := attr(el, "w", "abstractNumId")
		a := &abstractNum{id: id, styleLink: val(childW(el, "numStyleLink"))}
		for _, lvl := range childrenW(el, "lvl") {
			if i, ok := levelIndex(lvl); ok {
				a.levels[i] = parseLevel(lvl)
			}
		}
		n.abstracts[id] = a
	}
	for _, el := range childrenW(root, "num") {
		id, _ := attr(el, "w", "numId")
		ni := &numInstance{id: id, abstract: val(childW(el, "abstractNumId"))}
		for _, ov := range childrenW(el, "lvlOverride") {
			i, ok := levelIndex(ov)
			if !ok {
				continue
			}
			o := &numOverride{}
			if so := childW(ov, "startOverride"); so != nil {
				o.start, o.hasStart = atoiOr(val(so), 0), true
			}
			if lvl := childW(ov, "lvl"); lvl != nil {
				o.level = parseLevel(lvl)
			}
			ni.overrides[i] = o
		}
		n.nums[id] = ni
	}
	return n, nil
}

// levelIndex reads w:ilvl of a w:lvl or w:lvlOverride.
func levelIndex(el *etree.Element) (int, bool) {
	v, _ := attr(el, "w", "ilvl")
	i, err := strconv.Atoi(v)
	return i, err == nil && i >= 0 && i < maxLevels
}

func parseLevel(lvl *etree.Element) *numLevel {
	l := &numLevel{start: 1, format: "decimal", restart: -1, pPr: childW(lvl, "pPr")}
	if s := childW(lvl, "start"); s != nil {
		l.start = atoiOr(val(s), 1)
	}
	if f := childW(lvl, "numFmt"); f != nil {
		l.format = val(f)
	}
	if t := childW(lvl, "lvlText"); t != nil {
		l.text = val(t)
	}
	if r := childW(lvl, "lvlRestart"); r != nil {
		l.restart = atoiOr(val(r), -1)
	}
	l.legal = onOff(childW(lvl, "isLgl"))
	return l
}

func atoiOr(s string, def int) int {
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	return def
}

// numPr is a paragraph's effective numbering: the list and the level.
type numPr struct {
	numID string
	ilvl  int
}

// paragraphNumPr resolves a paragraph's numbering from its own w:numPr and
// its style's, the numId and the ilvl each separately along the basedOn
// chain (NVCA's Heading2 gives only the level and takes the list from
// Heading1). numId 0 means no numbering. ok is false for a paragraph that
// is not numbered.
func (n *numbering) paragraphNumPr(pPr *etree.Element) (numPr, bool) {
	numID, ilvl := "", ""
	haveID, haveLvl := false, false
	take := func(np *etree.Element) {
		if np == nil {
			return
		}
		if e := childW(np, "numId"); e != nil && !haveID {
			numID, haveID = val(e), true
		}
		if e := childW(np, "ilvl"); e != nil && !haveLvl {
			ilvl, haveLvl = val(e), true
		}
	}
	take(pathW(pPr, "numPr"))
	for _, s := range n.styles.chain(n.styles.paraStyle(pPr)) {
		if haveID && haveLvl {
			break
		}
		take(pathW(s.pPr, "numPr"))
	}
	if !haveID || numID == "0" || numID == "" || n.nums[numID] == nil {
		return numPr{}, false
	}
	lvl := atoiOr(ilvl, 0)
	if lvl < 0 || lvl >= maxLevels {
		lvl = 0
	}
	return numPr{numID: numID, ilvl: lvl}, true
}

// definition returns the abstract numbering a num uses, following a
// numStyleLink to the numbering style's own list (German templates link
// every list to a numbering style this way).
func (n *numbering) definition(num *numInstance) *abstractNum {
	a := n.abstracts[num.abstract]
	for i := 0; a != nil && a.styleLink != "" && i < maxStyleChain; i++ {
		s := n.styles.byID[a.styleLink]
		if s == nil {
			break
		}
		linked := n.nums[val(pathW(s.pPr, "numPr", "numId"))]
		if linked == nil || n.abstracts[linked.abstract] == nil || n.abstracts[linked.abstract] == a {
			break
		}
		a = n.abstracts[linked.abstract]
	}
	return a
}

// level is level i of num: its override's w:lvl, else the definition's.
func (n *numbering) level(num *numInstance, def *abstractNum, i int) *numLevel {
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
func (n *numbering) startOf(num *numInstance, def *abstractNum, i int) int {
	if o := num.overrides[i]; o != nil && o.hasStart {
		return o.start
	}
	if l := n.level(num, def, i); l != nil {
		return l.start
	}
	return 1
}
