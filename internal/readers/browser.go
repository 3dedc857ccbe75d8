package readers

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// BrowserPage is what headless Chromium made of a web page: the DOM after
// its scripts ran, and a screenshot of it.
type BrowserPage struct {
	DOM        string
	Screenshot string // path of the PNG
}

// chromiumInstall says how to get the browser.
const chromiumInstall = "apt-get install chromium (or bash .ci/install-viewers)"

// Browse loads url in headless Chromium (Debian's chromium), lets its
// scripts run for up to budget of virtual time (a React app renders from
// its API calls in that time), and returns the rendered DOM and a
// screenshot saved as shot (a PNG path; its directory is created).
// Credentials in the URL (http://user:pass@host/…) answer an HTTP Basic
// challenge. It skips tb when Chromium is absent (fails under RequireEnv).
func Browse(tb testing.TB, url, shot string, budget time.Duration) BrowserPage {
	tb.Helper()
	bin := chromiumPath(tb)
	if err := os.MkdirAll(filepath.Dir(shot), 0o755); err != nil {
		tb.Fatal(err)
	}
	common := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
		"--no-first-run", "--hide-scrollbars", "--window-size=1280,900",
		"--virtual-time-budget=" + strconv.Itoa(int(budget/time.Millisecond))}
	// One profile per run: a shared one is locked by a concurrent Chromium.
	dom := runChromium(tb, bin, append(common, "--user-data-dir="+tb.TempDir(), "--dump-dom", url))
	runChromium(tb, bin, append(common, "--user-data-dir="+tb.TempDir(), "--screenshot="+shot, url))
	if fi, err := os.Stat(shot); err != nil || fi.Size() == 0 {
		tb.Fatalf("chromium wrote no screenshot %s: %v", shot, err)
	}
	return BrowserPage{DOM: dom, Screenshot: shot}
}

// chromiumPath finds Chromium, skipping tb when it is absent.
func chromiumPath(tb testing.TB) string {
	tb.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	missing(tb, "chromium", chromiumInstall)
	return ""
}

// runChromium runs Chromium with args and returns its standard output.
func runChromium(tb testing.TB, bin string, args []string) string {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), DefaultTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = append(os.Environ(), "HOME="+tb.TempDir()) // Chromium writes under $HOME
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		tb.Fatalf("chromium %v: %v\n%s", args, err, stderr.String())
	}
	return string(out)
}
