package word

import (
	"fmt"
	"strings"

	"github.com/beevik/etree"
)

// roleModels are the role models of one document (see roles.go).
type roleModels struct {
	def     definitionStyle
	hasDef  bool // the document has explicit definitions to learn from
	headers []headerAt
	order   map[*etree.Element]int // paragraph → position in document order
}

// headerAt is a run-in header and the position of its paragraph.
type headerAt struct {
	at int
	h  runInHeader
}

// roleModels finds the document's role models on first use: only answers
// with inline tags or explicit definitions need them.
func (d *document) roleModels() *roleModels {
	if d.roles != nil {
		return d.roles
	}
	d.buildAll() // the models are read from every paragraph
	cs := d.charStyles()
	rm := &roleModels{order: map[*etree.Element]int{}}
	votes := map[string]*definitionStyle{}
	var best *definitionStyle
	for i, p := range findW(d.body, "p") {
		rm.order[p] = i
		pt := readPara(p)
		if h, ok := detectRunInHeader(pt, cs); ok {
			rm.headers = append(rm.headers, headerAt{at: i, h: h})
		}
		for _, m := range findDefinitions(pt.text) {
			ds := definitionOf(pt, cs, m)
			k := fmt.Sprintf("%v|%s|%v|%s|%s", ds.Format, ds.RStyle, ds.QuotesStyled, ds.Open, ds.Close)
			v, ok := votes[k]
			if !ok {
				v = &ds
				votes[k] = v
			}
			v.Seen++
			if best == nil || v.Seen > best.Seen {
				best = v
			}
		}
	}
	if best != nil {
		rm.def, rm.hasDef = *best, true
	}
	d.roles = rm
	return rm
}

// definitionStyle is the style to give defined terms: the document's, or
// bold in curly quotes when it has none.
func (rm *roleModels) definitionStyle() definitionStyle {
	if rm.hasDef {
		return rm.def
	}
	return defaultDefinitionStyle
}

// headerNear returns the run-in header style to follow at paragraph p: the
// header of the nearest paragraph that has one (the earlier on a tie; the
// document's first header for a paragraph the models were not read from,
// such as one this write added), or false when the document has none.
func (rm *roleModels) headerNear(p *etree.Element) (runInHeader, bool) {
	if len(rm.headers) == 0 {
		return runInHeader{}, false
	}
	at, ok := rm.order[p]
	if !ok {
		return rm.headers[0].h, true
	}
	best := rm.headers[0]
	for _, h := range rm.headers[1:] {
		if abs(h.at-at) < abs(best.at-at) {
			best = h
		}
	}
	return best.h, true
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// bodyRun returns a run carrying the formatting of most of el's text
// outside run-in headers, or nil when el shows no text: the formatting new
// body text at el takes.
func (d *document) bodyRun(el *etree.Element) *etree.Element {
	cs := d.charStyles()
	var m majority
	for _, p := range paragraphsIn(el) {
		pt := readPara(p)
		skip := 0
		if h, ok := detectRunInHeader(pt, cs); ok {
			skip = h.End
		}
		for _, pc := range pt.pieces {
			n := pc.end - max(pc.start, skip)
			if n <= 0 || strings.TrimSpace(pt.text[max(pc.start, skip):pc.end]) == "" {
				continue
			}
			m.add(pc.r, n)
		}
	}
	return m.best
}

// paragraphsIn lists the paragraphs of el (el itself when it is one, its
// enclosing paragraph when it is inside one), leaving out the fallback
// copies of mc:AlternateContent.
func paragraphsIn(el *etree.Element) []*etree.Element {
	if isW(el, "p") {
		return []*etree.Element{el}
	}
	if p := ancestorW(el, nil, "p"); p != nil {
		return []*etree.Element{p}
	}
	var out []*etree.Element
	descend(el, func(e *etree.Element) bool {
		if e.Space == "mc" && e.Tag == "Fallback" {
			return false
		}
		if isW(e, "p") {
			out = append(out, e)
		}
		return true
	})
	return out
}
