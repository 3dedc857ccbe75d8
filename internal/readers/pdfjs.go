package readers

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
)

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
	srv, done := servePDFJS(tb, pdfjsDir(tb), pdf, dpi)
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), pdfjsTimeout)
	defer cancel()
	url := fmt.Sprintf("http://%s/render?page=%d&dpi=%d", srv.Addr, page, dpi)
	exited, stderr, stop := startChromium(tb, ctx, chromium, url)
	defer stop()
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

// pdfjsResult is what the page posted back: the rendering or an error.
type pdfjsResult struct {
	g   *Gray
	err error
}

// servePDFJS serves pdf.js (from lib), the page that renders with it and
// pdf on a loopback port, and returns the server (Addr set) and where its
// result arrives.
func servePDFJS(tb testing.TB, lib string, pdf []byte, dpi int) (*http.Server, chan pdfjsResult) {
	tb.Helper()
	done := make(chan pdfjsResult, 1)
	send := func(r pdfjsResult) {
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
		send(pdfjsResult{&Gray{W: wd, H: ht, Pix: pix, DPI: float64(dpi)}, err})
	})
	mux.HandleFunc("/error", func(w http.ResponseWriter, r *http.Request) {
		msg, _ := io.ReadAll(r.Body)
		send(pdfjsResult{nil, fmt.Errorf("pdf.js: %s", msg)})
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatalf("readers: pdf.js server: %v", err)
	}
	srv := &http.Server{Addr: ln.Addr().String(), Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	return srv, done
}

// startChromium opens url in headless Chromium with a new empty profile
// and no background traffic. exited receives its exit; stop kills it and
// its children and waits for them.
func startChromium(tb testing.TB, ctx context.Context, chromium, url string) (exited chan error, stderr *bytes.Buffer, stop func()) {
	tb.Helper()
	cmd := exec.CommandContext(ctx, chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
		"--user-data-dir="+tb.TempDir(), url)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	stderr = &bytes.Buffer{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		tb.Fatalf("readers: start chromium: %v", err)
	}
	exited = make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	return exited, stderr, func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-exited
	}
}
