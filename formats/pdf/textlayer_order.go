package pdf

import (
	"math"
	"sort"
	"strings"
	"unicode"
)

// Runs from glyphs, and lines from runs in reading order.

const (
	// wordGap is the gap, in ems, that parts two words where a space
	// character sits between them (poppler's minimum word break is
	// 0.1 em): a space that Tw shrinks to nothing joins them, as the
	// reader sees.
	wordGap = 0.1
	// trackGap is the gap that parts words without a space character
	// (writers set word gaps with Tc or kerning alone): about a narrow
	// space, above the 0.15 em of letter-spaced capitals ("H U M A N").
	trackGap = 0.2
	// runGap is the gap from which two glyphs on one baseline are two
	// runs: a column or a label apart rather than a space (context.go's
	// phrases joins runs closer than 0.8 em).
	runGap = 0.8
)

// runBuilder joins the glyphs a page shows into runs: glyphs that follow
// each other along one baseline, with spaces where the gap between them
// is a word's.
type runBuilder struct {
	runs   []run
	open   bool
	cur    run
	text   strings.Builder
	ux, uy float64 // unit baseline direction of the open run
	ex, ey float64 // end of its last glyph
	spaced bool    // a space character was shown after it
	last   float64 // the size of its last glyph
	// glyphs are the glyphs shown, in drawing order; disordered is set
	// when one was drawn inside a run already ended (see resort).
	glyphs     []tlGlyph
	disordered bool
}

// glyph adds one glyph showing text from (x, y) to (ex, ey), with baseline
// unit direction (ux, uy) and size (its em in user space).
func (rb *runBuilder) glyph(text string, x, y, ex, ey, ux, uy, size float64) {
	if text == "" {
		return // a glyph without known text: nothing to read
	}
	size = math.Max(size, 0.01)
	g := tlGlyph{text: text, x: x, y: y, ex: ex, ey: ey, ux: ux, uy: uy, size: size}
	if len(rb.glyphs) < maxResortGlyphs {
		rb.glyphs = append(rb.glyphs, g)
	}
	if !rb.disordered && !rb.continues(g) && rb.insideEnded(g) {
		rb.disordered = true
	}
	rb.place(g)
}

// place adds glyph g to the open run, or starts a run with it.
func (rb *runBuilder) place(g tlGlyph) {
	text, x, y, ex, ey, ux, uy, size := g.text, g.x, g.y, g.ex, g.ey, g.ux, g.uy, g.size

	if rb.open {
		dx, dy := x-rb.ex, y-rb.ey
		along, across := dx*ux+dy*uy, dy*ux-dx*uy
		em := math.Min(size, rb.cur.size)
		if ux*rb.ux+uy*rb.uy > 0.99 && math.Abs(across) < 0.3*em && along > -0.6*em && along < runGap*math.Max(size, rb.cur.size) {
			// Words part at a gap of 0.1 em where a space character was
			// shown (poppler's word break; a space the next glyph covers,
			// as in the IRS's "1 a", parts nothing), at a gap of a narrow
			// space without one, and at 0.1 em where the type size
			// changes (as in poppler).
			resized := math.Abs(size-rb.last) > 0.01*size
			if along > trackGap*em || (rb.spaced || resized) && along > wordGap*em {
				rb.text.WriteByte(' ')
			}
			rb.text.WriteString(text)
			rb.ex, rb.ey, rb.spaced, rb.last = ex, ey, false, size
			rb.cur.size = math.Max(rb.cur.size, size)
			return
		}
		rb.flush()
	}
	rb.open, rb.spaced, rb.last = true, false, size
	rb.cur = run{x: x, y: y, size: size, dir: quarterTurns(ux, uy)}
	rb.ux, rb.uy, rb.ex, rb.ey = ux, uy, ex, ey
	rb.text.Reset()
	rb.text.WriteString(text)
}

// space notes a space character shown after the open run; wide is
// whether it advanced far enough to part two words.
func (rb *runBuilder) space(wide bool) {
	if rb.open && wide {
		rb.spaced = true
		if n := len(rb.glyphs); n > 0 {
			rb.glyphs[n-1].spaced = true
		}
	}
}

// flush ends the open run.
func (rb *runBuilder) flush() {
	if !rb.open {
		return
	}
	rb.cur.text = rb.text.String()
	rb.cur.end, rb.cur.endY = rb.ex, rb.ey
	rb.runs = append(rb.runs, rb.cur)
	rb.open = false
}

func (rb *runBuilder) finish() []run {
	rb.flush()
	if rb.disordered && len(rb.glyphs) < maxResortGlyphs {
		return resort(rb.glyphs)
	}
	return rb.runs
}

// quarterTurns is the direction (ux, uy) rounded to quarter turns
// counter-clockwise from +x.
func quarterTurns(ux, uy float64) int {
	q := int(math.Round(math.Atan2(uy, ux) / (math.Pi / 2)))
	return (q%4 + 4) % 4
}

// turn rotates (x, y) by k quarter turns clockwise.
func turn(x, y float64, k int) (float64, float64) {
	switch (k%4 + 4) % 4 {
	case 1:
		return y, -x
	case 2:
		return -x, -y
	case 3:
		return -y, x
	}
	return x, y
}

// placed is a run in the frame it is read in: its baseline along +x.
type placed struct {
	x, y, end, size float64
	dir             int
	text            string
}

// readingLines groups the runs of a page rotated by rotate degrees (its
// /Rotate) into lines in reading order: the text upright on the displayed
// page first, top to bottom and left to right, then text in the other
// directions. It sorts once: n log n in the runs.
func readingLines(runs []run, rotate int) []string {
	rot := ((rotate/90)%4 + 4) % 4
	ps := make([]placed, 0, len(runs))
	for _, r := range runs {
		d := (r.dir - rot + 4) % 4 // its direction on the displayed page
		x, y := turn(r.x, r.y, rot+d)
		end, _ := turn(r.end, r.endY, rot+d)
		ps = append(ps, placed{x: x, y: y, end: end, size: r.size, dir: d, text: r.text})
	}
	sort.SliceStable(ps, func(i, j int) bool {
		if ps[i].dir != ps[j].dir {
			return ps[i].dir < ps[j].dir
		}
		return ps[i].y > ps[j].y
	})
	var out []string
	for i := 0; i < len(ps); {
		j := i + 1
		tol := ps[i].size * 0.5
		for j < len(ps) && ps[j].dir == ps[i].dir && ps[i].y-ps[j].y <= tol {
			j++
		}
		out = append(out, joinLine(ps[i:j]))
		i = j
	}
	return out
}

// joinLine joins the runs of one line, left to right.
func joinLine(line []placed) string {
	sort.SliceStable(line, func(i, j int) bool { return line[i].x < line[j].x })
	var b strings.Builder
	for i, p := range line {
		if i > 0 && p.x-line[i-1].end > trackGap*math.Min(p.size, line[i-1].size) {
			b.WriteByte(' ')
		}
		b.WriteString(p.text)
	}
	return strings.TrimSpace(b.String())
}

// blank reports text of white space only.
func blank(text string) bool {
	for _, r := range text {
		if r != ' ' && !unicode.IsSpace(r) {
			return false
		}
	}
	return true
}
