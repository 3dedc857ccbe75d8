package readers

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
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

// Word is a word a viewer's text extraction found on a page, with its box
// in PDF points (origin at the page's bottom left, y up).
type Word struct {
	Page int
	Text string
	Box  [4]float64
}

// Inside reports whether the word's centre lies in r (PDF points).
func (w Word) Inside(r [4]float64) bool {
	x, y := (w.Box[0]+w.Box[2])/2, (w.Box[1]+w.Box[3])/2
	return x >= r[0] && x <= r[2] && y >= r[1] && y <= r[3]
}

// PDFWords returns the words poppler's pdftotext -bbox-layout finds on
// every page of pdf, form field appearances included.
func PDFWords(tb testing.TB, pdf []byte) []Word {
	tb.Helper()
	bin := lookPath(tb, "pdftotext", "apt-get install poppler-utils")
	res, err := run(DefaultTimeout, "", bin, "-bbox-layout", "-enc", "UTF-8", writeTemp(tb, "words.pdf", pdf), "-")
	if err != nil || res.exit != 0 {
		tb.Fatalf("readers: pdftotext -bbox-layout failed (%v, exit %d):\n%s", err, res.exit, tail(res.stderr, 2000))
	}
	var words []Word
	page, height := 0, 0.0
	err = eachElement(res.stdout, func(e xml.StartElement, text func() string) {
		switch e.Name.Local {
		case "page":
			page++
			height = attrFloat(e, "height")
		case "word":
			y0, y1 := attrFloat(e, "yMin"), attrFloat(e, "yMax")
			words = append(words, Word{Page: page, Text: text(), Box: [4]float64{attrFloat(e, "xMin"), height - y1, attrFloat(e, "xMax"), height - y0}})
		}
	})
	if err != nil {
		tb.Fatalf("readers: pdftotext -bbox-layout output: %v", err)
	}
	return words
}

// MuPDFWords returns the words MuPDF's mutool draw -F stext finds on every
// page of pdf, annotations and widgets included: runs of characters
// between spaces on one line, each boxed.
func MuPDFWords(tb testing.TB, pdf []byte) []Word {
	tb.Helper()
	bin := lookPath(tb, "mutool", "apt-get install mupdf-tools")
	in := writeTemp(tb, "stext.pdf", pdf)
	res, err := run(DefaultTimeout, "", bin, "draw", "-q", "-F", "stext", "-o", "-", in)
	if err != nil || res.exit != 0 {
		tb.Fatalf("readers: mutool draw -F stext failed (%v, exit %d):\n%s", err, res.exit, tail(res.stderr, 2000))
	}
	var words []Word
	page, height := 0, 0.0
	var cur *Word
	flush := func() {
		if cur != nil && strings.TrimSpace(cur.Text) != "" {
			words = append(words, *cur)
		}
		cur = nil
	}
	err = eachElement(res.stdout, func(e xml.StartElement, _ func() string) {
		switch e.Name.Local {
		case "page":
			flush()
			page++
			height = attrFloat(e, "height")
		case "line":
			flush()
		case "char":
			c := attr(e, "c")
			q := strings.Fields(attr(e, "quad"))
			if c == " " || len(q) != 8 {
				flush()
				return
			}
			var f [8]float64
			for i, s := range q {
				f[i], _ = strconv.ParseFloat(s, 64)
			}
			box := [4]float64{min(f[0], f[4]), height - max(f[5], f[7]), max(f[2], f[6]), height - min(f[1], f[3])}
			if cur == nil {
				cur = &Word{Page: page, Box: box}
			}
			cur.Text += c
			cur.Box = [4]float64{min(cur.Box[0], box[0]), min(cur.Box[1], box[1]), max(cur.Box[2], box[2]), max(cur.Box[3], box[3])}
		}
	})
	flush()
	if err != nil {
		tb.Fatalf("readers: mutool stext output: %v", err)
	}
	return words
}

// controlRef is a numeric character reference.
var controlRef = regexp.MustCompile(`&#([xX][0-9a-fA-F]+|[0-9]+);`)

// eachElement calls fn with every start element of an XML document, and a
// function that reads the element's text (consuming it).
func eachElement(data []byte, fn func(e xml.StartElement, text func() string)) error {
	// mutool writes the control characters a font maps codes to, which
	// XML forbids: they are no text a reader sees.
	data = controlRef.ReplaceAllFunc(data, func(ref []byte) []byte {
		s := string(ref[2 : len(ref)-1])
		base := 10
		if s[0] == 'x' || s[0] == 'X' {
			s, base = s[1:], 16
		}
		if n, err := strconv.ParseInt(s, base, 32); err == nil && n < 0x20 && n != '\t' && n != '\n' && n != '\r' {
			return []byte(" ")
		}
		return ref
	})
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = false
	d.AutoClose = xml.HTMLAutoClose
	d.Entity = xml.HTMLEntity
	for {
		t, err := d.Token()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if se, ok := t.(xml.StartElement); ok {
			fn(se, func() string {
				var s string
				_ = d.DecodeElement(&s, &se)
				return s
			})
		}
	}
}

func attr(e xml.StartElement, name string) string {
	for _, a := range e.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func attrFloat(e xml.StartElement, name string) float64 {
	f, _ := strconv.ParseFloat(attr(e, name), 64)
	return f
}

// PDFJSDirEnv names the folder of the pdfjs-dist package, when it is not
// in .ci/viewers/node_modules/pdfjs-dist above the working directory
// (where bash .ci/install-viewers puts it).
const PDFJSDirEnv = "FORMFILL_PDFJS_DIR"

// pdfjsDir finds pdfjs-dist, or skips tb.
func pdfjsDir(tb testing.TB) string {
	tb.Helper()
	if d := os.Getenv(PDFJSDirEnv); d != "" {
		return d
	}
	dir, _ := os.Getwd()
	for {
		p := filepath.Join(dir, ".ci", "viewers", "node_modules", "pdfjs-dist")
		if _, err := os.Stat(filepath.Join(p, "build", "pdf.mjs")); err == nil {
			return p
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	missing(tb, "pdfjs-dist", "bash .ci/install-viewers (npm install pdfjs-dist into .ci/viewers), or set "+PDFJSDirEnv)
	return ""
}

// pdfjsPage renders the requested page of /doc.pdf with pdf.js, drawing
// annotations' appearance streams on the canvas, and posts the gray
// pixels (or the error) back to the server that served it.
const pdfjsPage = `<!doctype html><meta charset="utf-8"><script type="module">
import * as pdfjsLib from "/pdfjs/build/pdf.mjs";
pdfjsLib.GlobalWorkerOptions.workerSrc = "/pdfjs/build/pdf.worker.mjs";
const q = new URLSearchParams(location.search);
try {
  const doc = await pdfjsLib.getDocument({url: "/doc.pdf", standardFontDataUrl: "/pdfjs/standard_fonts/",
    cMapUrl: "/pdfjs/cmaps/", cMapPacked: true, wasmUrl: "/pdfjs/wasm/", iccUrl: "/pdfjs/iccs/", isEvalSupported: false}).promise;
  const page = await doc.getPage(Number(q.get("page")));
  const vp = page.getViewport({scale: Number(q.get("dpi")) / 72});
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(vp.width); canvas.height = Math.round(vp.height);
  const ctx = canvas.getContext("2d", {willReadFrequently: true});
  await page.render({canvas, canvasContext: ctx, viewport: vp, annotationMode: pdfjsLib.AnnotationMode.ENABLE, background: "white"}).promise;
  const rgba = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  const gray = new Uint8Array(canvas.width * canvas.height);
  for (let i = 0; i < gray.length; i++) gray[i] = Math.round(0.299 * rgba[4*i] + 0.587 * rgba[4*i+1] + 0.114 * rgba[4*i+2]);
  await fetch("/result?w=" + canvas.width + "&h=" + canvas.height, {method: "POST", body: gray});
} catch (e) {
  await fetch("/error", {method: "POST", body: String(e && e.stack || e)});
}
</script>`

// pdfjsTimeout bounds one pdf.js render, Chromium's start included.
const pdfjsTimeout = 120 * time.Second

// PDFJSRender renders page (1-based) of pdf with pdf.js in headless
// Chromium at dpi, in gray, annotation appearances drawn on the canvas.
// It fails tb when the page cannot be rendered.
func PDFJSRender(tb testing.TB, pdf []byte, page, dpi int) *Gray {
	tb.Helper()
	chromium := lookPath(tb, "chromium", "apt-get install chromium")
	lib := pdfjsDir(tb)
	type result struct {
		g   *Gray
		err error
	}
	done := make(chan result, 1)
	send := func(r result) {
		select {
		case done <- r:
		default:
		}
	}
	mux := http.NewServeMux()
	mux.Handle("/pdfjs/", http.StripPrefix("/pdfjs/", http.FileServer(http.Dir(lib))))
	mux.HandleFunc("/doc.pdf", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/pdf")
		_, _ = w.Write(pdf)
	})
	mux.HandleFunc("/render", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = io.WriteString(w, pdfjsPage)
	})
	mux.HandleFunc("/result", func(w http.ResponseWriter, r *http.Request) {
		wd, _ := strconv.Atoi(r.URL.Query().Get("w"))
		ht, _ := strconv.Atoi(r.URL.Query().Get("h"))
		pix, err := io.ReadAll(r.Body)
		if err == nil && len(pix) != wd*ht {
			err = fmt.Errorf("%d pixel bytes for %d×%d", len(pix), wd, ht)
		}
		send(result{&Gray{W: wd, H: ht, Pix: pix, DPI: float64(dpi)}, err})
	})
	mux.HandleFunc("/error", func(w http.ResponseWriter, r *http.Request) {
		msg, _ := io.ReadAll(r.Body)
		send(result{nil, fmt.Errorf("pdf.js: %s", msg)})
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatalf("readers: pdf.js server: %v", err)
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()

	ctx, cancel := context.WithTimeout(context.Background(), pdfjsTimeout)
	defer cancel()
	url := fmt.Sprintf("http://%s/render?page=%d&dpi=%d", ln.Addr(), page, dpi)
	cmd := exec.CommandContext(ctx, chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
		"--user-data-dir="+tb.TempDir(), url)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		tb.Fatalf("readers: start chromium: %v", err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-exited
	}()
	select {
	case r := <-done:
		if r.err != nil {
			tb.Fatalf("readers: pdf.js could not render page %d: %v", page, r.err)
		}
		return r.g
	case err := <-exited:
		exited <- err
		tb.Fatalf("readers: chromium exited before pdf.js rendered page %d (%v):\n%s", page, err, tail(stderr.Bytes(), 2000))
	case <-ctx.Done():
		tb.Fatalf("readers: pdf.js did not render page %d within %v:\n%s", page, pdfjsTimeout, tail(stderr.Bytes(), 2000))
	}
	return nil
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
