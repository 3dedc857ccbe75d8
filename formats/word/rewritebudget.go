package word

import (
	"fmt"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// MaxRewrite bounds the work the answers of one write may do on their
// targets: each answer reads, rewrites and reports its whole target (the
// text before and after, the anchors it holds, a tidy of its runs), so its
// cost is the target's size when it is applied. Summed over the answers that
// is linear for answers to different targets, but quadratic for answers
// that keep appending to one target: 10,000 appends of 45 bytes to one
// cell (a 450 KB answers file, within MaxAnswers) cost 2.9 GB and 21-46 s
// before this bound. A write whose answers would pass it is refused with
// ErrTooLarge before the answer that passes it is applied, so the work of
// one call is at most MaxRewrite plus one target.
//
// The unit is a target's weight: the bytes of its text plus elementWeight
// per element (an element costs a few allocations to walk, copy and
// serialise, as much as that many bytes of text).
const MaxRewrite = 32 << 20

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
// the total passes MaxRewrite. The refusal says what to do instead: repeated
// answers to one target are not merged, since their order and modes
// (append adds a paragraph per answer to a cell) are the caller's meaning.
func (b *rewriteBudget) charge(i int, t target) error {
	if b.perTarget == nil {
		b.perTarget = map[string]int{}
	}
	b.perTarget[t.id]++
	b.spent += weigh(t.el)
	if b.spent <= MaxRewrite {
		return nil
	}
	worst, n := t.id, 0
	for id, k := range b.perTarget {
		if k > n || k == n && id < worst {
			worst, n = id, k
		}
	}
	return fmt.Errorf("answers[%d]: %w", i, formats.Errorf(formats.ErrTooLarge, t.id,
		"the answers so far rewrite %.1f MB of their targets (%d of the %d answers went to %s, which grows with each); the limit is %d MB per call: put the text of repeated answers to one target into one answer (its text may have several lines)",
		float64(b.spent)/(1<<20), n, i+1, worst, MaxRewrite>>20))
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
