package pdf

import (
	"fmt"
	"math"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// Font sizes of the appearances formfill draws.
const (
	minReadableSize = 6.0  // below this, verify reports the text as overflowing
	minDrawSize     = 4.0  // auto-size never goes below this: the rest is clipped
	maxAutoSize     = 12.0 // auto-sized multi-line text and lists start here
	textPadding     = 2.0  // between the border and the text
)

// drawn is what laying out one value found: characters no font could
// show, and whether the text fits its box at a readable size.
type drawn struct {
	missing []rune
	size    float64 // the font size used
	clipped bool    // some text falls outside the box
	small   bool    // auto-size went below minReadableSize
	total   int     // characters laid out
	fit     int     // of which fully inside the box
}

// textStyle is what a widget's text is drawn with.
type textStyle struct {
	da   defaultAppearance
	own  *pdfFont // the field's own font, when usable
	bold bool
	q    int // quadding: 0 left, 1 centre, 2 right
}

func (fs *fontSet) style(da defaultAppearance, q int) textStyle {
	own, bold := fs.ownFont(da.font)
	return textStyle{da: da, own: own, bold: bold, q: q}
}

// shapeParagraphs shapes each line of text separately.
func (fs *fontSet) shapeParagraphs(text string, ts textStyle) ([]*shapedText, []rune, error) {
	var out []*shapedText
	var missing []rune
	for _, p := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		st, err := fs.shape([]rune(strings.ReplaceAll(p, "\t", " ")), ts.own, ts.bold)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, st)
		missing = append(missing, st.missing...)
	}
	return out, missing, nil
}

// lineHeight is the ascent and descent (1/1000 em) that hold every one
// of lines, for spacing them evenly.
func lineHeight(lines []textLine) (ascent, descent float64) {
	for _, l := range lines {
		ascent, descent = max(ascent, l.ascent), min(descent, l.descent)
	}
	if ascent == 0 && descent == 0 {
		return 750, -250
	}
	return ascent, descent
}

// singleLine draws text on one line, centred vertically, clipped to the
// box inside the border.
func (fs *fontSet) singleLine(w *apWriter, b widgetBox, text string, ts textStyle) (drawn, error) {
	sts, missing, err := fs.shapeParagraphs(strings.Join(strings.Fields(text), " "), ts)
	if err != nil {
		return drawn{}, err
	}
	lines := fs.lines(sts[0], 0)
	rep := drawn{missing: missing}
	pad := b.border + textPadding
	availW, availH := b.w-2*pad, b.h-2*b.border
	asc, desc := lineHeight(lines)
	em := (asc - desc) / 1000
	size := ts.da.size
	width := 0.0
	if len(lines) > 0 {
		width = lines[0].width
	}
	if size == 0 {
		size = (availH - textPadding) / em
		if width > 0 {
			size = min(size, availW*1000/width)
		}
		rep.small = size < minReadableSize
		size = max(size, minDrawSize)
	}
	rep.size = size
	if len(lines) == 0 { // nothing to draw: the decoration alone
		w.textBlock(b, ts.da, func() {})
		return rep, nil
	}
	l := lines[0]
	y := (b.h-em*size)/2 - desc*size/1000
	x := alignX(ts.q, b, pad, l.width*size/1000)
	clip := [4]float64{b.border, b.border, b.w - b.border, b.h - b.border}
	rep.total, rep.fit = fitted(l, x, y, size, clip)
	rep.clipped = rep.fit < rep.total
	w.textBlock(b, ts.da, func() { w.showLine(l, x, y, size) })
	return rep, nil
}

// alignX is where a line width wide starts in the box under quadding q.
func alignX(q int, b widgetBox, pad, width float64) float64 {
	switch q {
	case 1:
		return (b.w - width) / 2
	case 2:
		return b.w - pad - width
	}
	return pad
}

// fitted counts the characters of a line drawn from (x, y) and those
// whose glyphs lie wholly inside the clip box, judged as verify judges
// the stream (glyphInside).
func fitted(l textLine, x, y, size float64, clip [4]float64) (total, fit int) {
	pen := x
	for _, r := range l.runs {
		for _, g := range r.glyphs {
			n := len(visibleRunes(g.text))
			total += n
			left := pen + g.dx*size/1000
			right := left + r.font.width(g.code)*size/1000
			if glyphInside(min(left, right), max(left, right), y+g.dy*size/1000, size, clip) {
				fit += n
			}
			pen += g.adv * size / 1000
		}
	}
	return total, fit
}

// textBlock draws the widget's decoration, then wraps drawing in the
// field's marked content, clip and text object, with the DA's colour.
func (w *apWriter) textBlock(b widgetBox, da defaultAppearance, draw func()) {
	w.decorate(b)
	w.textBlockOnly(b, da, draw)
}

func (w *apWriter) textBlockOnly(b widgetBox, da defaultAppearance, draw func()) {
	w.printf("/Tx BMC\nq\n%s %s %s %s re W n\nBT\n%s\n", num(b.border), num(b.border), num(b.w-2*b.border), num(b.h-2*b.border), da.color)
	draw()
	w.printf("ET\nQ\nEMC\n")
}

// multiLine wraps text to the box, top down; auto-size picks the largest
// size up to 12 pt at which every line fits.
func (fs *fontSet) multiLine(w *apWriter, b widgetBox, text string, ts textStyle) (drawn, error) {
	sts, missing, err := fs.shapeParagraphs(text, ts)
	if err != nil {
		return drawn{}, err
	}
	rep := drawn{missing: missing}
	pad := b.border + textPadding
	availW, availH := b.w-2*pad, b.h-2*pad
	wrap := func(size float64) []textLine {
		var ls []textLine
		for _, st := range sts {
			pl := fs.lines(st, availW*1000/size)
			if len(pl) == 0 {
				pl = []textLine{{}}
			}
			ls = append(ls, pl...)
		}
		return ls
	}
	size := ts.da.size
	var lines []textLine
	if size == 0 {
		for size = maxAutoSize; ; size -= 0.5 {
			lines = wrap(size)
			asc, desc := lineHeight(lines)
			if float64(len(lines))*(asc-desc)*size/1000 <= availH && widest(lines)*size/1000 <= availW+0.01 || size-0.5 < minDrawSize {
				break
			}
		}
		rep.small = size < minReadableSize
	} else {
		lines = wrap(size)
	}
	rep.size = size
	asc, desc := lineHeight(lines)
	lead := (asc - desc) * size / 1000
	clip := [4]float64{b.border, b.border, b.w - b.border, b.h - b.border}
	y := b.h - pad - asc*size/1000
	w.textBlock(b, ts.da, func() {
		for _, l := range lines {
			x := alignX(ts.q, b, pad, l.width*size/1000)
			total, fit := fitted(l, x, y, size, clip)
			rep.total, rep.fit = rep.total+total, rep.fit+fit
			if len(l.runs) > 0 {
				w.showLine(l, x, y, size)
			}
			y -= lead
		}
	})
	rep.clipped = rep.fit < rep.total
	return rep, nil
}

func widest(lines []textLine) float64 {
	m := 0.0
	for _, l := range lines {
		m = max(m, l.width)
	}
	return m
}

// comb draws one character per cell of a comb field, each centred in
// its cell, with the cell dividers in the border colour. Each cell's
// character is shaped alone: comb fields hold digits and letters (an
// SSN, a postcode), not scripts whose letters join.
func (fs *fontSet) comb(w *apWriter, b widgetBox, text string, cells int, ts textStyle) (drawn, error) {
	var rep drawn
	cellW := b.w / float64(cells)
	var lines []textLine
	for _, g := range graphemes([]rune(text)) {
		st, err := fs.shape(g, ts.own, ts.bold)
		if err != nil {
			return drawn{}, err
		}
		rep.missing = append(rep.missing, st.missing...)
		if ls := fs.lines(st, 0); len(ls) > 0 {
			lines = append(lines, ls[0])
		} else {
			lines = append(lines, textLine{})
		}
	}
	asc, desc := lineHeight(lines)
	em := (asc - desc) / 1000
	size := ts.da.size
	if size == 0 {
		size = (b.h - 2*b.border - textPadding) / em
		for _, l := range lines {
			if l.width > 0 {
				size = min(size, (cellW-1)*1000/l.width)
			}
		}
		rep.small = size < minReadableSize
		size = max(size, minDrawSize)
	}
	rep.size = size
	y := (b.h-em*size)/2 - desc*size/1000
	w.decorate(b)
	if b.bc != nil && b.border > 0 {
		for i := 1; i < cells; i++ {
			w.printf("%s %s w %s %s m %s %s l S\n", strokeColor(b.bc), num(b.border), num(cellW*float64(i)), num(0), num(cellW*float64(i)), num(b.h))
		}
	}
	clip := [4]float64{b.border, b.border, b.w - b.border, b.h - b.border}
	w.textBlockOnly(b, ts.da, func() {
		for i, l := range lines {
			if i >= cells || len(l.runs) == 0 {
				continue
			}
			x := cellW*float64(i) + (cellW-l.width*size/1000)/2
			total, fit := fitted(l, x, y, size, clip)
			rep.total, rep.fit = rep.total+total, rep.fit+fit
			w.showLine(l, x, y, size)
		}
	})
	rep.clipped = rep.fit < rep.total
	return rep, nil
}

// listBox draws a list's options, one per line from the first selected
// one that must be visible, with the selected ones highlighted.
func (fs *fontSet) listBox(w *apWriter, b widgetBox, options []string, selected map[int]bool, ts textStyle) (drawn, error) {
	var rep drawn
	size := ts.da.size
	if size == 0 {
		size = maxAutoSize
	}
	rep.size = size
	var lines []textLine
	for _, o := range options {
		st, err := fs.shape([]rune(strings.Join(strings.Fields(o), " ")), ts.own, ts.bold)
		if err != nil {
			return drawn{}, err
		}
		l := textLine{}
		if ls := fs.lines(st, 0); len(ls) > 0 {
			l = ls[0]
		}
		if selected[len(lines)] {
			rep.missing = append(rep.missing, st.missing...)
		}
		lines = append(lines, l)
	}
	asc, desc := lineHeight(lines)
	lead := (asc - desc) * size / 1000
	pad := b.border + textPadding
	visibleRows := max(1, int((b.h-2*b.border)/lead))
	top := 0
	for i := range options {
		if selected[i] {
			if i >= visibleRows {
				top = i - visibleRows + 1
			}
			break
		}
	}
	w.decorate(b)
	w.printf("/Tx BMC\nq\n%s %s %s %s re W n\n", num(b.border), num(b.border), num(b.w-2*b.border), num(b.h-2*b.border))
	y := b.h - b.border
	for i := top; i < len(lines) && y > b.border; i++ {
		if selected[i] {
			w.printf("0.6 0.75 0.86 rg %s %s %s %s re f\n", num(b.border), num(y-lead), num(b.w-2*b.border), num(lead))
		}
		if len(lines[i].runs) > 0 {
			w.printf("BT\n%s\n", ts.da.color)
			w.showLine(lines[i], pad, y-asc*size/1000, size)
			w.printf("ET\n")
		}
		y -= lead
	}
	w.printf("Q\nEMC\n")
	return rep, nil
}

// install makes the stream w built the widget's normal appearance,
// replacing any other (a down appearance would show the old value).
func (fs *fontSet) install(wd *widget, b widgetBox, w *apWriter) error {
	ref, err := fs.formXObject(b, w)
	if err != nil {
		return err
	}
	wd.dict["AP"] = types.Dict{"N": *ref}
	return nil
}

// formXObject adds the stream w built as a form XObject the size of the
// widget's box.
func (fs *fontSet) formXObject(b widgetBox, w *apWriter) (*types.IndirectRef, error) {
	d := types.Dict{
		"Type": types.Name("XObject"), "Subtype": types.Name("Form"),
		"BBox":      types.Array{types.Integer(0), types.Integer(0), types.Float(round3(b.w)), types.Float(round3(b.h))},
		"Resources": w.resources(),
	}
	if b.rotate != 0 {
		d["Matrix"] = b.matrix()
	}
	return newStreamObject(fs.ctx, d, w.b.Bytes())
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

// describe turns a layout report into the warnings of a write.
func (r drawn) describe(label string) []string {
	var out []string
	if len(r.missing) > 0 {
		out = append(out, fmt.Sprintf("%s: no available font has %s; the value is stored but these characters are not visible (add a font that covers them with --font-dir or FORMFILL_FONT_DIRS)", label, describeRunes(r.missing)))
	}
	switch {
	case r.small:
		out = append(out, fmt.Sprintf("%s: the text only fits at %s pt, below the readable %s pt", label, num(r.size), num(minReadableSize)))
	case r.clipped:
		out = append(out, fmt.Sprintf("%s: the text does not fit the field: %d of %d characters are visible at %s pt", label, r.fit, r.total, num(r.size)))
	}
	return out
}

// describeRunes lists distinct characters with their code points.
func describeRunes(rs []rune) string {
	seen := map[rune]bool{}
	var parts []string
	for _, r := range rs {
		if !seen[r] {
			seen[r] = true
			parts = append(parts, fmt.Sprintf("%q (U+%04X)", r, r))
		}
	}
	return strings.Join(parts, ", ")
}
