package pdf

import (
	"fmt"
	"math"
	"strings"
	"unicode"

	"github.com/go-text/typesetting/bidi"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/formfill/formfill/formats"
)

// maxAppearanceBytes bounds the decoded appearance stream verify reads.
const maxAppearanceBytes = 4 << 20

// widgetGlyphs reads what a widget's normal appearance draws, and the
// scale from its form space to the page (the box's /Rect over its
// transformed /BBox), so sizes compare in points. ok is false when the
// widget has no appearance stream.
func widgetGlyphs(ctx *model.Context, wd *widget) (gs []shownGlyph, scale float64, ok bool) {
	ap := dictOf(ctx, entry(ctx, wd.dict, "AP"))
	n, ok := ap.Find("N")
	if !ok {
		return nil, 0, false
	}
	sd, _, err := ctx.DereferenceStreamDict(n)
	if err != nil || sd == nil {
		return nil, 0, false
	}
	if err := sd.DecodeWithLimit(maxAppearanceBytes); err != nil {
		return nil, 0, false
	}
	bbox := rectFrom(ctx, arrayOf(ctx, entry(ctx, sd.Dict, "BBox")))
	m := identity
	if v := arrayOf(ctx, entry(ctx, sd.Dict, "Matrix")); len(v) == 6 {
		for i, o := range v {
			o, _ = ctx.Dereference(o)
			m[i] = numberOf(o)
		}
	}
	tb := transformRect(m, bbox[0], bbox[1], bbox[2], bbox[3])
	scale = 1.0
	if w, h := tb[2]-tb[0], tb[3]-tb[1]; w > 0 && h > 0 {
		scale = math.Min((wd.rect[2]-wd.rect[0])/w, (wd.rect[3]-wd.rect[1])/h)
	}
	res := dictOf(ctx, entry(ctx, sd.Dict, "Resources"))
	return readAppearance(sd.Content, apFonts(ctx, res), bbox), scale, true
}

func rectFrom(ctx *model.Context, a types.Array) [4]float64 {
	var r [4]float64
	if len(a) != 4 {
		return r
	}
	for i, o := range a {
		o, _ = ctx.Dereference(o)
		r[i] = numberOf(o)
	}
	return [4]float64{math.Min(r[0], r[2]), math.Min(r[1], r[3]), math.Max(r[0], r[2]), math.Max(r[1], r[3])}
}

// checkShown compares what each widget of a text or dropdown field draws
// with the field's value (the value already matched the answer) and
// refines res: not_visible when characters are drawn without a glyph,
// appearance_mismatch when other text is drawn, overflow when the text
// is clipped or drawn below the readable size. A field shown on several
// widgets is judged by its worst one.
func checkShown(ctx *model.Context, f *field, res *formats.ContentResult) {
	for _, wd := range f.widgets {
		if wd.dict == nil || wd.hidden {
			continue
		}
		gs, scale, ok := widgetGlyphs(ctx, wd)
		if !ok {
			continue // reported as a structural issue by verifyFields
		}
		judge(f.Value, gs, scale, res)
		if res.Status != formats.ContentMatched {
			return
		}
	}
}

// judge sets res from the glyphs one widget draws for want.
func judge(want string, gs []shownGlyph, scale float64, res *formats.ContentResult) {
	shown := shownText(gs)
	res.Shown = shown
	notdefs := 0
	for _, g := range gs {
		if g.notdef {
			notdefs++
		}
	}
	missing, extra := runeDiff(visibleRunes(want), visibleRunes(shown))
	switch {
	case len(extra) == 0 && (len(missing) > 0 || notdefs > 0):
		res.Status = formats.ContentNotVisible
		res.MissingCharacters = describeRunes(missing)
		res.Detail = fmt.Sprintf("the appearance does not draw %s: no font it uses has them", res.MissingCharacters)
		if len(missing) == 0 {
			res.Detail = fmt.Sprintf("the appearance draws %d missing-glyph boxes (.notdef)", notdefs)
		}
		return
	case !sameText(want, shown):
		res.Status = formats.ContentAppearanceMismatch
		res.Detail = fmt.Sprintf("the value is %q but the field's appearance draws %q", clipText(want, 60), clipText(shown, 60))
		return
	}
	total, fit, size := 0, 0, math.Inf(1)
	for _, g := range gs {
		n := len(visibleRunes(g.text))
		total += n
		if g.inside {
			fit += n
		}
		if n > 0 {
			size = math.Min(size, g.size*scale)
		}
	}
	if !math.IsInf(size, 1) {
		res.FontSize = math.Round(size*10) / 10
	}
	switch {
	case fit < total:
		res.Status = formats.ContentOverflow
		res.FitCharacters, res.TotalCharacters = &fit, total
		res.Detail = fmt.Sprintf("the text does not fit the field: %d of %d characters are inside its box", fit, total)
	case size < minReadableSize-0.05:
		res.Status = formats.ContentOverflow
		res.FitCharacters, res.TotalCharacters = &fit, total
		res.Detail = fmt.Sprintf("the text only fits at %.1f pt, below the readable %.0f pt", size, minReadableSize)
	}
}

// shownText joins the glyphs' text in drawing order: a new line where
// the baseline moves by half a size or more, a space where a gap of a
// quarter size separates two glyphs.
func shownText(gs []shownGlyph) string {
	var b strings.Builder
	for i, g := range gs {
		if i > 0 {
			p := gs[i-1]
			switch {
			case math.Abs(g.y-p.y) > 0.5*math.Max(g.size, p.size):
				b.WriteByte('\n')
			case g.x0-p.x1 > 0.25*g.size && !strings.HasSuffix(b.String(), " ") && !strings.HasPrefix(g.text, " "):
				b.WriteByte(' ')
			}
		}
		b.WriteString(g.text)
	}
	return b.String()
}

// sameText reports whether the drawn text reads as want: equal once case
// and spacing are normalised, or once white space is dropped (wrapping
// and comb cells split words), reading each line in its visual order as
// drawn or reordered by the bidi algorithm (right-to-left text is drawn
// right to left).
func sameText(want, shown string) bool {
	lines := strings.Split(shown, "\n")
	if same(want, shown) {
		return true
	}
	for _, base := range []bidi.Direction{bidi.Neutral, bidi.LeftToRight, bidi.RightToLeft} {
		cand := make([]string, len(lines))
		for i, l := range lines {
			cand[i] = visualToLogical(l, base)
		}
		if same(want, strings.Join(cand, "\n")) {
			return true
		}
	}
	return false
}

// same compares once case and spacing are normalised, or once white
// space is dropped.
func same(want, got string) bool {
	return formats.Normalize(got) == formats.Normalize(want) || squash(got) == squash(want)
}

// visualToLogical reorders a line given in visual order (left to right)
// into logical order: the bidi algorithm's reordering undoes itself on
// the runs a line drawn from logical text has. base is the paragraph
// direction; Neutral lets the first strong character decide.
func visualToLogical(line string, base bidi.Direction) string {
	text := []rune(line)
	if len(text) == 0 {
		return line
	}
	var p bidi.Paragraph
	runs := p.Segment(text, base)
	levels := make([]int, len(text))
	start := 0
	for i := 0; i < runs.NumRuns(); i++ {
		r := runs.Run(i)
		for j := start; j < r.End && j < len(levels); j++ {
			levels[j] = int(r.Level)
		}
		start = r.End
	}
	maxLevel, lowOdd := 0, math.MaxInt
	for _, l := range levels {
		maxLevel = max(maxLevel, l)
		if l%2 == 1 {
			lowOdd = min(lowOdd, l)
		}
	}
	for lvl := maxLevel; lvl >= lowOdd && lvl > 0; lvl-- {
		for i := 0; i < len(text); {
			if levels[i] < lvl {
				i++
				continue
			}
			j := i
			for j < len(text) && levels[j] >= lvl {
				j++
			}
			for a, b := i, j-1; a < b; a, b = a+1, b-1 {
				text[a], text[b] = text[b], text[a]
				levels[a], levels[b] = levels[b], levels[a]
			}
			i = j
		}
	}
	return string(text)
}

// visibleRunes are the characters of s a reader sees: no white space,
// no format characters.
func visibleRunes(s string) []rune { return visible([]rune(s)) }

// runeDiff returns the characters of want missing from got and those of
// got not in want, as multisets, in a stable order.
func runeDiff(want, got []rune) (missing, extra []rune) {
	count := map[rune]int{}
	for _, r := range want {
		count[unicode.ToLower(r)]++
	}
	for _, r := range got {
		if count[unicode.ToLower(r)] > 0 {
			count[unicode.ToLower(r)]--
		} else {
			extra = append(extra, r)
		}
	}
	for _, r := range want {
		if count[unicode.ToLower(r)] > 0 {
			count[unicode.ToLower(r)]--
			missing = append(missing, r)
		}
	}
	return missing, extra
}

func clipText(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// squash removes white space, so text split into cells or lines still
// compares.
func squash(s string) string { return strings.Join(strings.Fields(s), "") }
