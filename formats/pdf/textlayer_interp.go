package pdf

import (
	"log/slog"
	"math"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// The text layer's content interpreter: it follows the graphics and text
// state a page's content sets (cm, q/Q, Tf, Tc, Tw, Tz, TL, Ts, Td, TD, Tm,
// T*) and places every glyph the text operators show in page user space,
// with the font's own widths, through the form XObjects the page draws
// (Do) and the appearances of its non-field annotations.

const (
	// maxPageTokens bounds the operators and operands read for one page,
	// its form XObjects and annotations included.
	maxPageTokens = 5_000_000
	// maxFormDepth bounds form XObjects nested in each other.
	maxFormDepth = 12
	// maxGStack bounds the q nesting followed.
	maxGStack = 64
)

// textLayer reads the text of one document's pages, keeping each font it
// has read for the later pages.
type textLayer struct {
	ctx   *model.Context
	fonts map[int]*tlFont // by object number
	log   *slog.Logger    // where skipped streams are noted (Debug)
}

// newTextLayer reads text from the pages of ctx, noting the streams it
// skips to log (nil: slog.Default()).
func newTextLayer(ctx *model.Context, log *slog.Logger) *textLayer {
	return &textLayer{ctx: ctx, fonts: map[int]*tlFont{}, log: orDefault(log)}
}

// tlGState is the part of the graphics state the text layer follows.
type tlGState struct {
	ctm                  matrix
	font                 *tlFont
	size, tc, tw, th, ts float64
}

// tlPage interprets the content of one page.
type tlPage struct {
	tl *textLayer
	gs tlGState
	textPosition
	stack  []tlGState
	forms  map[int]bool // form XObjects being drawn, against cycles
	depth  int
	tokens int
	rb     runBuilder
}

// pageText returns the text runs of page dictionary pd, whose resources
// are res (inherited ones when it has none of its own).
func (tl *textLayer) pageText(pd, res types.Dict) []run {
	p := tl.newPage()
	p.interpret(contentOf(tl.ctx, pd, tl.log), res)
	p.annotations(pd)
	return p.rb.finish()
}

func (tl *textLayer) newPage() *tlPage {
	return &tlPage{tl: tl, gs: tlGState{ctm: identity, size: 1, th: 1}, forms: map[int]bool{},
		textPosition: textPosition{tm: identity, tlm: identity}}
}

// contentRuns interprets a content stream without resources (its text in
// the default font): the fuzz target's entry.
func contentRuns(content []byte) []run {
	p := newTextLayer(nil, nil).newPage()
	p.interpret(content, nil)
	return p.rb.finish()
}

func (p *tlPage) interpret(content []byte, res types.Dict) {
	fonts := map[string]*tlFont{}
	scanOps(content, maxPageTokens-p.tokens, func(op string, args []token) bool {
		p.tokens += len(args) + 1
		p.op(op, args, res, fonts)
		return p.tokens < maxPageTokens
	})
}

func (p *tlPage) op(op string, args []token, res types.Dict, fonts map[string]*tlFont) {
	gs := &p.gs
	switch op {
	case "q":
		if len(p.stack) < maxGStack {
			p.stack = append(p.stack, *gs)
		}
	case "Q":
		if n := len(p.stack); n > 0 {
			*gs, p.stack = p.stack[n-1], p.stack[:n-1]
		}
	case "cm":
		if v, ok := nums(args, 6); ok {
			gs.ctm = matrix{v[0], v[1], v[2], v[3], v[4], v[5]}.mul(gs.ctm)
		}
	case "Tf":
		if v, ok := nums(args, 1); ok {
			gs.size = v[0]
		}
		if n := len(args); n >= 2 && args[n-2].kind == tokName {
			gs.font = p.font(res, string(args[n-2].str), fonts)
		}
	case "Tc", "Tw", "Tz", "TL", "Ts":
		if v, ok := nums(args, 1); ok {
			p.setText(op, v[0])
		}
	case "Tj", "'", "\"":
		if op != "Tj" {
			p.moveLine(0, -p.lead)
		}
		if op == "\"" {
			if v, ok := nums(args[:max(0, len(args)-1)], 2); ok {
				gs.tw, gs.tc = v[0], v[1]
			}
		}
		if n := len(args); n > 0 && args[n-1].kind == tokString {
			p.show(args[n-1].str)
		}
	case "TJ":
		if n := len(args); n > 0 && args[n-1].kind == tokArray {
			for _, t := range args[n-1].arr {
				switch t.kind {
				case tokString:
					p.show(t.str)
				case tokNumber:
					p.shift(-t.num / 1000 * gs.size)
				}
			}
		}
	case "Do":
		if n := len(args); n > 0 && args[n-1].kind == tokName {
			p.drawForm(res, string(args[n-1].str))
		}
	default:
		p.place(op, args)
	}
}

func (p *tlPage) setText(op string, v float64) {
	gs := &p.gs
	switch op {
	case "Tc":
		gs.tc = v
	case "Tw":
		gs.tw = v
	case "Tz":
		gs.th = v / 100
	case "TL":
		p.lead = v
	case "Ts":
		gs.ts = v
	}
}

// font returns the font resource name of res, read once per document.
func (p *tlPage) font(res types.Dict, name string, fonts map[string]*tlFont) *tlFont {
	if f, ok := fonts[name]; ok {
		return f
	}
	ctx := p.tl.ctx
	var f *tlFont
	if ctx != nil {
		o, _ := dictOf(ctx, entry(ctx, res, "Font")).Find(name)
		nr := objNr(o)
		if f = p.tl.fonts[nr]; f == nil || nr == 0 {
			if fd := dictOf(ctx, o); fd != nil {
				f = loadFont(ctx, fd)
				if nr != 0 {
					p.tl.fonts[nr] = f
				}
			}
		}
	}
	fonts[name] = f
	return f
}

// show places the glyphs of string b.
func (p *tlPage) show(b []byte) {
	gs := &p.gs
	f := gs.font
	if f == nil {
		f = defaultFont
	}
	m := p.tm.mul(gs.ctm)
	// The text space of the glyphs: their size, and the baseline's unit
	// direction (known even for glyphs without width).
	size := math.Abs(gs.size) * math.Hypot(m[2], m[3])
	ux, uy := m[0]*gs.th, m[1]*gs.th
	if f.vertical {
		ux, uy = -m[2], -m[3]
	}
	if l := math.Hypot(ux, uy); l > 0 {
		ux, uy = ux/l, uy/l
	} else {
		ux, uy = 1, 0
	}
	// Along the text space's axis: x, or y for vertical writing.
	ax, ay := m[0], m[1]
	if f.vertical {
		ax, ay = m[2], m[3]
	}
	total := 0.0
	for len(b) > 0 {
		code, n := f.next(b)
		b = b[n:]
		ox, oy := m[4]+gs.ts*m[2], m[5]+gs.ts*m[3]
		adv, ink := gs.advance(f, code, n)
		m[4], m[5] = m[4]+adv*ax, m[5]+adv*ay
		total += adv
		text := f.textOf(code)
		if blank(text) {
			// A space separates words when it leaves a gap: writers
			// shrink it to nothing with Tw inside words, too.
			p.rb.space(math.Abs(adv)*math.Hypot(ax, ay) >= wordGap*size)
			continue
		}
		p.rb.glyph(text, ox, oy, ox+ink*ax, oy+ink*ay, ux, uy, size)
	}
	if f.vertical {
		p.tm = matrix{1, 0, 0, 1, 0, total}.mul(p.tm)
	} else {
		p.tm = matrix{1, 0, 0, 1, total, 0}.mul(p.tm)
	}
}

// advance is how far a glyph of code (n bytes long) moves the text
// position, and how far its ink reaches, in text space. The ink ends after
// the glyph's width; the character and word spacing after it are a gap, as
// poppler sees them: documents set word gaps with Tc and Tw as often as
// with space characters.
func (gs *tlGState) advance(f *tlFont, code uint32, n int) (adv, ink float64) {
	w := f.advance(code)
	adv, ink = (w*gs.size+gs.tc)*gs.th, w*gs.size*gs.th
	if f.vertical {
		adv, ink = -gs.size+gs.tc, -gs.size
	}
	if w == 0 {
		ink = adv // a width we do not know: the advance is the best guess
	}
	if n == 1 && code == 32 {
		if f.vertical {
			adv += gs.tw
		} else {
			adv += gs.tw * gs.th
		}
	}
	return adv, ink
}

// shift moves the text position by a TJ adjustment of tx text space
// units (scaled by the font size already).
func (p *tlPage) shift(t float64) {
	if p.gs.font != nil && p.gs.font.vertical {
		p.tm = matrix{1, 0, 0, 1, 0, t}.mul(p.tm)
		return
	}
	p.tm = matrix{1, 0, 0, 1, t * p.gs.th, 0}.mul(p.tm)
}

// defaultFont reads the codes of text shown with no (or an unknown) font
// as WinAnsi, half an em wide.
var defaultFont = func() *tlFont {
	f := &tlFont{scale: 0.001}
	for c := range 256 {
		f.text1[c] = decodeText([]byte{byte(c)})
		f.width1[c] = 500
	}
	return f
}()

// pageResources is a page's /Resources, or those it inherits.
func pageResources(ctx *model.Context, pd types.Dict) types.Dict {
	if res := dictOf(ctx, entry(ctx, pd, "Resources")); res != nil {
		return res
	}
	return inheritedResources(ctx, pd)
}

// pageRotation is a page's /Rotate in degrees, inherited if need be.
func pageRotation(ctx *model.Context, pd types.Dict) int {
	d := pd
	for i := 0; i < maxPageTreeDepth && d != nil; i++ {
		if r, ok := intOf(ctx, entry(ctx, d, "Rotate")); ok {
			return r
		}
		d = dictOf(ctx, entry(ctx, d, "Parent"))
	}
	return 0
}

// contentOf is pageContent without its copy for the usual page of one
// content stream: the decoded stream is read in place.
func contentOf(ctx *model.Context, pd types.Dict, log *slog.Logger) []byte {
	o := entry(ctx, pd, "Contents")
	if _, many := o.(types.Array); many || o == nil {
		return pageContent(ctx, pd, log)
	}
	sd, _, err := ctx.DereferenceStreamDict(o)
	if err != nil || sd == nil {
		return nil
	}
	if err := sd.DecodeWithLimit(maxContentBytes); err != nil {
		log.Debug("pdf: content stream skipped", "err", err) // as pageContent says it
		return nil
	}
	return sd.Content
}
