package pdf

import (
	"math"
)

// shownGlyph is one glyph an appearance stream draws, in the stream's
// form space.
type shownGlyph struct {
	x0, x1, y float64 // horizontal extent and baseline
	size      float64 // effective font size (text matrix and CTM applied)
	text      string  // the characters it stands for
	notdef    bool
	inside    bool // wholly inside the clip in force when drawn
}

// apState follows an appearance stream's graphics and text state, as far
// as placing glyphs needs.
type apState struct {
	textPosition
	ctm         matrix
	clip        [4]float64
	stack       []apSaved
	path        [4]float64 // bounding box of the rectangles of the current path
	hasPath     bool
	font        *apFont
	size        float64
	tc, tw, th  float64 // character and word spacing, horizontal scaling
	rise        float64
	fonts       map[string]*apFont
	glyphs      []shownGlyph
	pendingClip bool
	maxGlyphs   int
}

// apSaved is what q saves and Q restores: the graphics state, text
// state parameters included.
type apSaved struct {
	ctm                          matrix
	clip                         [4]float64
	font                         *apFont
	size, tc, tw, th, rise, lead float64
}

// maxShownGlyphs bounds the glyphs read from one appearance stream.
const maxShownGlyphs = 100_000

// readAppearance interprets an appearance stream's content, clipped to
// its bounding box, and returns the glyphs it draws in drawing order.
func readAppearance(content []byte, fonts map[string]*apFont, bbox [4]float64) []shownGlyph {
	st := &apState{textPosition: textPosition{tm: identity, tlm: identity}, ctm: identity, clip: bbox, th: 1, size: 10, fonts: fonts, maxGlyphs: maxShownGlyphs}
	scanOps(content, 5_000_000, func(op string, args []token) bool {
		st.op(op, args)
		return len(st.glyphs) < st.maxGlyphs
	})
	return st.glyphs
}

func (st *apState) op(op string, ops []token) {
	switch op {
	case "q":
		if len(st.stack) < 64 {
			st.stack = append(st.stack, apSaved{st.ctm, st.clip, st.font, st.size, st.tc, st.tw, st.th, st.rise, st.lead})
		}
	case "Q":
		if n := len(st.stack); n > 0 {
			s := st.stack[n-1]
			st.ctm, st.clip, st.font, st.size = s.ctm, s.clip, s.font, s.size
			st.tc, st.tw, st.th, st.rise, st.lead = s.tc, s.tw, s.th, s.rise, s.lead
			st.stack = st.stack[:n-1]
		}
	case "cm":
		if v, ok := nums(ops, 6); ok {
			st.ctm = matrix{v[0], v[1], v[2], v[3], v[4], v[5]}.mul(st.ctm)
		}
	case "re":
		if v, ok := nums(ops, 4); ok {
			st.addPath(transformRect(st.ctm, v[0], v[1], v[0]+v[2], v[1]+v[3]))
		}
	case "W", "W*":
		st.pendingClip = true
	case "n", "f", "F", "f*", "S", "s", "B", "B*", "b", "b*":
		if st.pendingClip && st.hasPath {
			st.clip = intersect(st.clip, st.path)
		}
		st.pendingClip, st.hasPath = false, false
	default:
		st.textOp(op, ops)
	}
}

func (st *apState) addPath(r [4]float64) {
	if !st.hasPath {
		st.path, st.hasPath = r, true
		return
	}
	st.path = [4]float64{math.Min(st.path[0], r[0]), math.Min(st.path[1], r[1]), math.Max(st.path[2], r[2]), math.Max(st.path[3], r[3])}
}

func (st *apState) textOp(op string, ops []token) {
	if st.place(op, ops) {
		return
	}
	switch op {
	case "Tf":
		if v, ok := nums(ops, 1); ok {
			st.size = v[0]
		}
		if n := len(ops); n >= 2 && ops[n-2].kind == tokName {
			st.font = st.fonts[string(ops[n-2].str)]
		}
	case "Tc", "Tw", "Tz", "Ts":
		v, ok := nums(ops, 1)
		if !ok {
			return
		}
		switch op {
		case "Tc":
			st.tc = v[0]
		case "Tw":
			st.tw = v[0]
		case "Tz":
			st.th = v[0] / 100
		case "Ts":
			st.rise = v[0]
		}
	case "Tj", "'", "\"":
		if op != "Tj" {
			st.moveLine(0, -st.lead)
		}
		if n := len(ops); n > 0 && ops[n-1].kind == tokString {
			st.show(ops[n-1].str)
		}
	case "TJ":
		if n := len(ops); n > 0 && ops[n-1].kind == tokArray {
			for _, t := range ops[n-1].arr {
				switch t.kind {
				case tokString:
					st.show(t.str)
				case tokNumber:
					st.tm = matrix{1, 0, 0, 1, -t.num / 1000 * st.size * st.th, 0}.mul(st.tm)
				}
			}
		}
	}
}

// show places the glyphs of one shown string.
func (st *apState) show(b []byte) {
	f := st.font
	if f == nil {
		f = &apFont{dw: 500}
	}
	for _, code := range f.codes(b) {
		if len(st.glyphs) >= st.maxGlyphs {
			return
		}
		w := f.width(code) / 1000
		trm := matrix{st.size * st.th, 0, 0, st.size, 0, st.rise}.mul(st.tm).mul(st.ctm)
		x0, y := trm[4], trm[5]
		x1 := w*trm[0] + trm[4]
		size := math.Hypot(trm[2], trm[3])
		g := shownGlyph{x0: math.Min(x0, x1), x1: math.Max(x0, x1), y: y, size: size, text: f.text(code), notdef: f.notdef(code)}
		g.inside = glyphInside(g.x0, g.x1, g.y, g.size, st.clip)
		st.glyphs = append(st.glyphs, g)
		adv := w*st.size + st.tc
		if !f.twoByte && code == 32 {
			adv += st.tw
		}
		st.tm = matrix{1, 0, 0, 1, adv * st.th, 0}.mul(st.tm)
	}
}

// glyphInside reports whether a glyph at baseline y, its box estimated
// from the font size (descender 0.2 em, cap height 0.7 em), lies wholly
// inside clip, to half a point.
func glyphInside(x0, x1, y, size float64, clip [4]float64) bool {
	const tol = 0.5
	return x0 >= clip[0]-tol && x1 <= clip[2]+tol && y-0.2*size >= clip[1]-tol && y+0.7*size <= clip[3]+tol
}

func transformRect(m matrix, x0, y0, x1, y1 float64) [4]float64 {
	pts := [][2]float64{{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}}
	r := [4]float64{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, p := range pts {
		x := p[0]*m[0] + p[1]*m[2] + m[4]
		y := p[0]*m[1] + p[1]*m[3] + m[5]
		r = [4]float64{math.Min(r[0], x), math.Min(r[1], y), math.Max(r[2], x), math.Max(r[3], y)}
	}
	return r
}

func intersect(a, b [4]float64) [4]float64 {
	return [4]float64{math.Max(a[0], b[0]), math.Max(a[1], b[1]), math.Min(a[2], b[2]), math.Min(a[3], b[3])}
}
