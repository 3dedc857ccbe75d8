package pdf

import (
	"bytes"
	"fmt"
	"math"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// apWriter builds one appearance stream: its content and the fonts its
// resources must name.
type apWriter struct {
	b     bytes.Buffer
	fonts map[*pdfFont]string
	order []*pdfFont
}

func newAPWriter() *apWriter { return &apWriter{fonts: map[*pdfFont]string{}} }

func (w *apWriter) printf(format string, args ...any) { fmt.Fprintf(&w.b, format, args...) }

// fontName returns the resource name of pf in this stream.
func (w *apWriter) fontName(pf *pdfFont) string {
	if n, ok := w.fonts[pf]; ok {
		return n
	}
	n := fmt.Sprintf("FF%d", len(w.order))
	w.fonts[pf] = n
	w.order = append(w.order, pf)
	return n
}

// resources is the stream's /Resources dictionary.
func (w *apWriter) resources() types.Dict {
	fonts := types.Dict{}
	for _, pf := range w.order {
		fonts[w.fonts[pf]] = pf.ref
	}
	if len(fonts) == 0 {
		return types.Dict{}
	}
	return types.Dict{"Font": fonts}
}

// decorate draws the widget's background and border.
func (w *apWriter) decorate(b widgetBox) {
	if b.bg != nil {
		w.printf("%s 0 0 %s %s re f\n", fillColor(b.bg), num(b.w), num(b.h))
	}
	if b.bc == nil || b.border <= 0 {
		return
	}
	bw := b.border
	w.printf("%s %s w\n", strokeColor(b.bc), num(bw))
	if b.style == "U" {
		w.printf("0 %s m %s %s l S\n", num(bw/2), num(b.w), num(bw/2))
		return
	}
	w.printf("%s %s %s %s re S\n", num(bw/2), num(bw/2), num(b.w-bw), num(b.h-bw))
}

// showLine draws one line starting at (x, y) in the given size; the
// caller has opened a text object (BT) and set the colour.
func (w *apWriter) showLine(l textLine, x, y, size float64) {
	w.printf("1 0 0 1 %s %s Tm\n", num(x), num(y))
	for _, run := range l.runs {
		w.printf("/%s %s Tf\n", w.fontName(run.font), num(size))
		w.showRun(run, size)
	}
}

// showRun writes a run as TJ arrays. Each glyph is drawn at the pen plus
// its shaping offset; the numbers between glyphs turn the font's own
// widths into the shaped advances (kerning, mark placement). A vertical
// offset (a mark above or below its base) needs a text rise, which
// splits the array.
func (w *apWriter) showRun(run glyphRun, size float64) {
	var arr strings.Builder
	adjust, rise := 0.0, 0.0
	flush := func() {
		if math.Abs(adjust) >= 0.001 {
			arr.WriteString(num(adjust) + " ")
			adjust = 0
		}
		if arr.Len() > 0 {
			w.printf("[%s] TJ\n", strings.TrimSpace(arr.String()))
			arr.Reset()
		}
		adjust = 0
	}
	spanLeft := 0
	for _, g := range run.glyphs {
		if g.span > 1 && !run.rtl && spanLeft == 0 {
			// Extractors read the glyphs of a reordered cluster in drawing
			// order; its ActualText gives them the characters in logical
			// order (poppler and MuPDF use it).
			flush()
			w.printf("/Span <</ActualText <FEFF%s>>> BDC\n", utf16Hex(g.text))
			spanLeft = g.span
		}
		if g.dy != rise {
			flush()
			rise = g.dy
			w.printf("%s Ts\n", num(rise*size/1000))
		}
		adjust -= g.dx
		if math.Abs(adjust) >= 0.001 {
			arr.WriteString(num(adjust) + " ")
			adjust = 0
		}
		if run.font.twoByte() {
			fmt.Fprintf(&arr, "<%04X>", g.code)
			if t, ok := run.font.used[g.code]; !ok || (t == "" && g.text != "") {
				run.font.used[g.code] = g.text
			}
		} else {
			fmt.Fprintf(&arr, "<%02X>", g.code)
		}
		adjust += run.font.width(g.code) + g.dx - g.adv
		if spanLeft > 0 {
			if spanLeft--; spanLeft == 0 {
				flush()
				w.printf("EMC\n")
			}
		}
	}
	flush()
	if spanLeft > 0 {
		w.printf("EMC\n")
	}
	if rise != 0 {
		w.printf("0 Ts\n")
	}
}
