package word

import (
	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// The answers of one write may rewrite at most formats.MaxRewrite of their
// targets. A target's weight is the bytes of its text plus elementWeight per
// element (an element costs a few allocations to walk, copy and serialise,
// as much as that many bytes of text). Without the bound, 10,000 appends of
// 45 bytes to one cell cost 2.9 GB and 21-46 s (issue 38).

// elementWeight is what one element of a target counts for in MaxRewrite.
const elementWeight = 64

// rewriteBudget keeps the running total of the answers' target weights and
// how many answers went to each target, to name the worst one when the
// budget runs out.
type rewriteBudget struct {
	spent     int64
	perTarget map[string]int
}

// charge counts answer i's target before it is applied and refuses it when
// the total passes formats.MaxRewrite. The refusal says what to do instead: repeated
// answers to one target are not merged, since their order and modes
// (append adds a paragraph per answer to a cell) are the caller's meaning.
func (b *rewriteBudget) charge(i int, t target) error {
	if b.perTarget == nil {
		b.perTarget = map[string]int{}
	}
	b.perTarget[t.id]++
	b.spent += weigh(t.el)
	if b.spent <= formats.MaxRewrite {
		return nil
	}
	worst, n := t.id, 0
	for id, k := range b.perTarget {
		if k > n || k == n && id < worst {
			worst, n = id, k
		}
	}
	return formats.RewriteError(i, t.id, b.spent, worst, n)
}

// weigh is the weight of el: its text bytes plus elementWeight per element.
func weigh(el *etree.Element) int64 {
	var w int64
	var walk func(e *etree.Element)
	walk = func(e *etree.Element) {
		w += elementWeight
		for _, c := range e.Child {
			switch c := c.(type) {
			case *etree.Element:
				walk(c)
			case *etree.CharData:
				w += int64(len(c.Data))
			}
		}
	}
	walk(el)
	return w
}
