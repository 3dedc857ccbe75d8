package pdf

import (
	"math"
	"sort"
	"strings"

	"github.com/formfill/formfill/formats"
)

// run is one piece of text shown on a page, with its start position in
// page space.
type run struct {
	x, y, end, size float64
	text            string
}

type matrix [6]float64

var identity = matrix{1, 0, 0, 1, 0, 0}

func (m matrix) mul(n matrix) matrix {
	return matrix{
		m[0]*n[0] + m[1]*n[2], m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2], m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4], m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

// textState follows the operators that move text around a page.
type textState struct {
	textPosition
	ctm   matrix
	stack []matrix
	size  float64
	runs  []run
	fonts map[string]*fontDecoder
	font  *fontDecoder
}

// pageRuns extracts the text runs of one page's content stream, decoding
// each string with the font selected by Tf (see fontDecoder).
func pageRuns(content []byte, fonts map[string]*fontDecoder) []run {
	st := &textState{textPosition: textPosition{tm: identity, tlm: identity}, ctm: identity, size: 10, fonts: fonts}
	scanOps(content, 5_000_000, func(op string, args []token) bool {
		st.op(op, args)
		return true
	})
	return st.runs
}

func (st *textState) op(op string, ops []token) {
	switch op {
	case "q":
		if len(st.stack) < 64 {
			st.stack = append(st.stack, st.ctm)
		}
	case "Q":
		if n := len(st.stack); n > 0 {
			st.ctm, st.stack = st.stack[n-1], st.stack[:n-1]
		}
	case "cm":
		if v, ok := nums(ops, 6); ok {
			st.ctm = matrix{v[0], v[1], v[2], v[3], v[4], v[5]}.mul(st.ctm)
		}
	case "Tf":
		if v, ok := nums(ops, 1); ok {
			st.size = v[0]
		}
		if n := len(ops); n >= 2 && ops[n-2].kind == tokName {
			st.font = st.fonts[string(ops[n-2].str)]
		}
	case "Tj", "'", "\"":
		if op != "Tj" {
			st.moveLine(0, -st.lead)
		}
		if n := len(ops); n > 0 && ops[n-1].kind == tokString {
			st.show(st.font.decode(ops[n-1].str))
		}
	case "TJ":
		if n := len(ops); n > 0 && ops[n-1].kind == tokArray {
			st.show(tjText(ops[n-1].arr, st.font))
		}
	default:
		st.place(op, ops)
	}
}

func (st *textState) show(s string) {
	m := st.tm.mul(st.ctm)
	scale := math.Hypot(m[0], m[1])
	if scale == 0 {
		scale = 1
	}
	width := float64(len([]rune(s))) * st.size * 0.5
	if strings.TrimSpace(s) != "" {
		st.runs = append(st.runs, run{x: m[4], y: m[5], end: m[4] + width*scale, size: math.Abs(st.size * scale), text: s})
	}
	st.tm = matrix{1, 0, 0, 1, width, 0}.mul(st.tm)
}

// tjText joins a TJ array; a large negative kerning is a word gap.
func tjText(arr []token, font *fontDecoder) string {
	var b strings.Builder
	for _, t := range arr {
		switch t.kind {
		case tokString:
			b.WriteString(font.decode(t.str))
		case tokNumber:
			if t.num < -200 {
				b.WriteByte(' ')
			}
		}
	}
	return b.String()
}

func decodeText(b []byte) string {
	var sb strings.Builder
	for _, c := range b {
		if r := winAnsiRune(c); r != 0 {
			sb.WriteRune(r)
		} else if c == '\t' {
			sb.WriteByte(' ')
		}
	}
	return sb.String()
}

// lines groups runs into text lines, top to bottom, left to right.
func lines(runs []run) []string {
	rs := append([]run(nil), runs...)
	sort.SliceStable(rs, func(i, j int) bool {
		if dy := rs[i].y - rs[j].y; math.Abs(dy) > 2 {
			return dy > 0
		}
		return rs[i].x < rs[j].x
	})
	var out []string
	var cur strings.Builder
	var lastY, lastEnd float64
	for i, r := range rs {
		switch {
		case i == 0:
		case math.Abs(r.y-lastY) > 2:
			out = append(out, strings.TrimSpace(cur.String()))
			cur.Reset()
		case r.x-lastEnd > r.size*0.3:
			cur.WriteByte(' ')
		}
		cur.WriteString(r.text)
		lastY, lastEnd = r.y, r.end
	}
	if cur.Len() > 0 {
		out = append(out, strings.TrimSpace(cur.String()))
	}
	return out
}

// ExtractText implements extract_text: the text of every page, in reading
// order, pages separated by form feeds.
func (e *Engine) ExtractText(doc []byte) (text string, err error) {
	defer guard(&err)
	stop := e.stopper()
	if err := stop.Check(); err != nil {
		return "", err
	}
	ctx, err := readContext(doc, stop)
	if err != nil {
		return "", stopOr(stop, err)
	}
	var pages []string
	total := 0
	for i := 1; i <= ctx.PageCount; i++ {
		if err := stop.Check(); err != nil {
			return "", err
		}
		runs := pageRunsOf(ctx, i)
		total += len(runs)
		pages = append(pages, strings.Join(lines(runs), "\n"))
	}
	if total == 0 {
		return "", formats.Errorf(formats.ErrUnsupported, "file", "no text could be extracted from the PDF's %d page(s): it may be scanned images or use fonts whose text cannot be decoded", ctx.PageCount)
	}
	return strings.Join(pages, "\n\f"), nil
}
