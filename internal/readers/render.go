package readers

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// Gray is a rendered page: one byte per pixel, 0 black, 255 white.
type Gray struct {
	W, H int
	Pix  []byte
	DPI  float64
}

// PDFRender renders page (1-based) of pdf with poppler's pdftoppm at dpi,
// in gray, form field appearances included. It fails tb if pdftoppm
// cannot render the page.
func PDFRender(tb testing.TB, pdf []byte, page, dpi int) *Gray {
	tb.Helper()
	in := writeTemp(tb, "render.pdf", pdf)
	out := filepath.Join(filepath.Dir(in), "page")
	p := strconv.Itoa(page)
	poppler(tb, "pdftoppm", "render", page, "-gray", "-r", strconv.Itoa(dpi), "-f", p, "-l", p, "-singlefile", in, out)
	return readPGM(tb, out+".pgm", dpi)
}

// poppler runs one of poppler's tools on page, failing tb (what the tool
// could not do) when it fails.
func poppler(tb testing.TB, tool, what string, page int, args ...string) {
	tb.Helper()
	bin := lookPath(tb, tool, "apt-get install poppler-utils")
	res, err := run(DefaultTimeout, "", bin, args...)
	if err != nil {
		tb.Fatalf("readers: %s: %v", tool, err)
	}
	if res.exit != 0 {
		tb.Fatalf("readers: %s could not %s page %d (exit %d):\n%s", tool, what, page, res.exit, tail(res.stderr, 2000))
	}
}

// MuPDFRender renders page (1-based) of pdf with MuPDF through PyMuPDF,
// a second renderer independent of poppler, widgets included.
func MuPDFRender(tb testing.TB, pdf []byte, page, dpi int) *Gray {
	tb.Helper()
	needPython(tb, "fitz", "PyMuPDF", "python3-fitz")
	src, err := scripts.ReadFile("py/pdf_render.py")
	if err != nil {
		tb.Fatal(err)
	}
	in := writeTemp(tb, "render.pdf", pdf)
	out := in + ".pgm"
	res, err := run(DefaultTimeout, "", Python, "-c", string(src), in, out, strconv.Itoa(page), strconv.Itoa(dpi))
	if err != nil {
		tb.Fatalf("readers: MuPDF render: %v", err)
	}
	if res.exit != 0 {
		tb.Fatalf("readers: MuPDF could not render page %d (exit %d):\n%s", page, res.exit, tail(res.stderr, 2000))
	}
	return readPGM(tb, out, dpi)
}

// readPGM reads a binary (P5) 8-bit PGM file.
func readPGM(tb testing.TB, path string, dpi int) *Gray {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatalf("readers: rendered page: %v", err)
	}
	var w, h, maxv int
	r := bytes.NewReader(data)
	var magic string
	if _, err := fmt.Fscan(r, &magic, &w, &h, &maxv); err != nil || magic != "P5" || maxv != 255 {
		tb.Fatalf("readers: %s is not an 8-bit binary PGM (%q %d×%d max %d, %v)", path, magic, w, h, maxv, err)
	}
	pix := data[len(data)-r.Len()+1:] // one white-space byte ends the header
	if len(pix) != w*h {
		tb.Fatalf("readers: %s: %d pixel bytes for %d×%d", path, len(pix), w, h)
	}
	return &Gray{W: w, H: h, Pix: pix, DPI: float64(dpi)}
}

// box converts a rectangle in PDF points (origin bottom-left of a page
// whose height is the image's) to pixel bounds, clamped to the image.
func (g *Gray) box(r [4]float64) (x0, y0, x1, y1 int) {
	s := g.DPI / 72
	pageH := float64(g.H) / s
	x0, x1 = int(r[0]*s), int(r[2]*s+0.999)
	y0, y1 = int((pageH-r[3])*s), int((pageH-r[1])*s+0.999)
	return max(0, x0), max(0, y0), min(g.W, x1), min(g.H, y1)
}

// Changed counts the pixels inside r (PDF points) whose gray level
// differs from before's by more than 64: the ink a fill added there.
func (g *Gray) Changed(before *Gray, r [4]float64) int {
	if before.W != g.W || before.H != g.H {
		return -1
	}
	x0, y0, x1, y1 := g.box(r)
	n := 0
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			d := int(g.Pix[y*g.W+x]) - int(before.Pix[y*g.W+x])
			if d > 64 || d < -64 {
				n++
			}
		}
	}
	return n
}

// ChangedOutside counts the pixels outside every rectangle of rs (PDF
// points) whose gray level differs from before's by more than 64: ink
// that appeared or went anywhere else. It returns -1 when the images'
// sizes differ.
func (g *Gray) ChangedOutside(before *Gray, rs ...[4]float64) int {
	if before.W != g.W || before.H != g.H {
		return -1
	}
	inside := make([]bool, len(g.Pix))
	for _, r := range rs {
		x0, y0, x1, y1 := g.box(r)
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				inside[y*g.W+x] = true
			}
		}
	}
	n := 0
	for i := range g.Pix {
		if d := int(g.Pix[i]) - int(before.Pix[i]); !inside[i] && (d > 64 || d < -64) {
			n++
		}
	}
	return n
}

// PDFPrintRender renders page (1-based) of pdf as printed: poppler's
// pdftocairo prints it to a PDF, which draws only what prints (an
// annotation without the Print flag is left out, PDF 32000-1 12.5.3), and
// pdftoppm renders that at dpi, in gray.
func PDFPrintRender(tb testing.TB, pdf []byte, page, dpi int) *Gray {
	tb.Helper()
	in := writeTemp(tb, "print.pdf", pdf)
	printed := filepath.Join(filepath.Dir(in), "printed.pdf")
	p := strconv.Itoa(page)
	poppler(tb, "pdftocairo", "print", page, "-pdf", "-f", p, "-l", p, in, printed)
	out, err := os.ReadFile(printed)
	if err != nil {
		tb.Fatalf("readers: pdftocairo wrote nothing: %v", err)
	}
	return PDFRender(tb, out, 1, dpi)
}
