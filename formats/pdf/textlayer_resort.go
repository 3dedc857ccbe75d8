package pdf

import (
	"math"
	"sort"
)

// Some producers draw a line's glyphs out of order: Beratungshilfe's page 2
// draws the letters with descenders (p, g) after the rest of their line,
// which read in drawing order gives "Lebens artner … p g". A page where a
// glyph lands inside a run already ended is read again from its glyphs
// sorted by position, as poppler reads every page.

// maxResortGlyphs bounds the glyphs kept for re-sorting one page; a page
// with more is read in drawing order.
const maxResortGlyphs = 200000

// tlGlyph is one glyph shown: its text, origin, end of ink, baseline unit
// direction, size, and whether a word-parting space character followed.
type tlGlyph struct {
	text                       string
	x, y, ex, ey, ux, uy, size float64
	spaced                     bool
}

// continues reports whether g would extend the open run (the test of
// place, without the gap limit's upper bound mattering here).
func (rb *runBuilder) continues(g tlGlyph) bool {
	if !rb.open {
		return false
	}
	dx, dy := g.x-rb.ex, g.y-rb.ey
	along, across := dx*g.ux+dy*g.uy, dy*g.ux-dx*g.uy
	em := math.Min(g.size, rb.cur.size)
	return g.ux*rb.ux+g.uy*rb.uy > 0.99 && math.Abs(across) < 0.3*em && along > -0.6*em && along < runGap*math.Max(g.size, rb.cur.size)
}

// recentRuns is how many ended runs a new run is checked against: a
// late glyph follows its line closely in the content stream.
const recentRuns = 8

// insideEnded reports whether g, starting a run, lies within the extent
// of the open run or one of the last runs ended, on its baseline: it was
// drawn late.
func (rb *runBuilder) insideEnded(g tlGlyph) bool {
	dir := quarterTurns(g.ux, g.uy)
	recent := rb.runs[max(0, len(rb.runs)-recentRuns):]
	if rb.open {
		open := rb.cur
		open.end, open.endY = rb.ex, rb.ey
		recent = append(recent[:len(recent):len(recent)], open)
	}
	for _, q := range recent {
		if q.dir != dir {
			continue
		}
		em := math.Min(g.size, q.size)
		along := (g.x-q.x)*g.ux + (g.y-q.y)*g.uy
		across := (g.y-q.y)*g.ux - (g.x-q.x)*g.uy
		length := (q.end-q.x)*g.ux + (q.endY-q.y)*g.uy
		if math.Abs(across) < 0.3*em && along > 0.05*em && along < length-0.05*em {
			return true
		}
	}
	return false
}

// resort builds runs from glyphs ordered by position: by direction, then
// into baselines (within 0.3 em across), each read along its direction.
// A glyph drawn again over itself (simulated bold) is read once.
func resort(glyphs []tlGlyph) []run {
	type keyed struct {
		g          tlGlyph
		dir        int
		along, off float64
	}
	ks := make([]keyed, len(glyphs))
	for i, g := range glyphs {
		dir := quarterTurns(g.ux, g.uy)
		a, o := turn(g.x, g.y, dir)
		ks[i] = keyed{g, dir, a, o}
	}
	sort.SliceStable(ks, func(i, j int) bool {
		if ks[i].dir != ks[j].dir {
			return ks[i].dir < ks[j].dir
		}
		return ks[i].off > ks[j].off
	})
	var rb runBuilder
	for start := 0; start < len(ks); {
		end := start + 1
		for end < len(ks) && ks[end].dir == ks[start].dir && ks[start].off-ks[end].off < 0.3*ks[start].g.size {
			end++
		}
		line := ks[start:end]
		sort.SliceStable(line, func(i, j int) bool { return line[i].along < line[j].along })
		for i, k := range line {
			if i > 0 && k.g.text == line[i-1].g.text && k.along-line[i-1].along < 0.1*k.g.size {
				continue
			}
			rb.place(k.g)
			if k.g.spaced {
				rb.space(true)
			}
		}
		rb.flush()
		start = end
	}
	return rb.runs
}
