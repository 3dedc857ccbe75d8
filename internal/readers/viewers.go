package readers

import (
	"bytes"
	"image"
	"image/png"
	"strconv"
	"testing"
)

// The three PDF engines behind most viewers: poppler (Evince, Okular,
// pdftoppm), MuPDF (mutool, SumatraPDF, many mobile readers) and pdf.js
// (Firefox, and web applications), each rendering a page as its viewers
// show it, form fields' appearance streams included. pdf.js runs in
// Debian's headless Chromium, with annotations drawn on the canvas
// (AnnotationMode.ENABLE), not as the HTML form layer: what a reader
// prints and what a viewer shows before anyone clicks a field.
// bash .ci/install-viewers installs mutool, chromium and pdfjs-dist.

// Viewer renders page (1-based) of a PDF at dpi, in gray.
type Viewer struct {
	Name   string
	Render func(tb testing.TB, pdf []byte, page, dpi int) *Gray
}

// Viewers are poppler, MuPDF and pdf.js.
func Viewers() []Viewer {
	return []Viewer{{"poppler", PDFRender}, {"MuPDF", MuToolRender}, {"pdf.js", PDFJSRender}}
}

// MuToolRender renders page (1-based) of pdf with MuPDF's mutool draw at
// dpi, in gray, annotations and widgets included. It fails tb when mutool
// cannot render the page.
func MuToolRender(tb testing.TB, pdf []byte, page, dpi int) *Gray {
	tb.Helper()
	bin := lookPath(tb, "mutool", "apt-get install mupdf-tools")
	in := writeTemp(tb, "mupdf.pdf", pdf)
	out := in + ".pgm"
	res, err := run(DefaultTimeout, "", bin, "draw", "-q", "-r", strconv.Itoa(dpi), "-c", "gray", "-o", out, in, strconv.Itoa(page))
	if err != nil {
		tb.Fatalf("readers: mutool: %v", err)
	}
	if res.exit != 0 {
		tb.Fatalf("readers: mutool could not render page %d (exit %d):\n%s", page, res.exit, tail(res.stderr, 2000))
	}
	return readPGM(tb, out, dpi)
}

// PNG encodes the rendered page as a PNG, for a person to look at.
func (g *Gray) PNG() []byte {
	img := &image.Gray{Pix: g.Pix, Stride: g.W, Rect: image.Rect(0, 0, g.W, g.H)}
	var b bytes.Buffer
	_ = png.Encode(&b, img)
	return b.Bytes()
}

// ChangedBy counts the pixels inside r (PDF points) whose gray level
// differs from before's by more than delta: Changed with a threshold for
// pale designs (light text on a light fill), -1 when the sizes differ.
func (g *Gray) ChangedBy(before *Gray, r [4]float64, delta int) int {
	if before.W != g.W || before.H != g.H {
		return -1
	}
	x0, y0, x1, y1 := g.box(r)
	n := 0
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			if d := int(g.Pix[y*g.W+x]) - int(before.Pix[y*g.W+x]); d > delta || d < -delta {
				n++
			}
		}
	}
	return n
}

// Differing counts the pixels of the page whose gray level differs from
// other's by more than 64, -1 when the sizes differ.
func (g *Gray) Differing(other *Gray) int { return g.ChangedOutside(other) }
