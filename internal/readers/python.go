package readers

import (
	"embed"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// Python is the interpreter the Python readers run under: Debian installs
// python3-docx, python3-openpyxl and python3-fitz for it only.
const Python = "/usr/bin/python3"

//go:embed py/*.py
var scripts embed.FS

// pyModules caches whether each module imports, so the check runs once per
// test binary.
var pyModules sync.Map // module name → bool

// pyHas reports whether module imports under Python.
func pyHas(module string) bool {
	if ok, seen := pyModules.Load(module); seen {
		return ok.(bool)
	}
	ok := false
	if _, err := os.Stat(Python); err == nil {
		res, err := run(DefaultTimeout, "", Python, "-c", "import "+module)
		ok = err == nil && res.exit == 0
	}
	pyModules.Store(module, ok)
	return ok
}

// needPython skips tb unless module imports under Python.
func needPython(tb testing.TB, module, what, deb string) {
	tb.Helper()
	if !pyHas(module) {
		missing(tb, what, "apt-get install "+deb)
	}
}

// runScript runs the embedded script py/<script> on path and decodes the
// JSON it prints into out. It fails tb when the script exits non-zero,
// which is how the Python readers say they could not read the document.
func runScript(tb testing.TB, script, path string, out any) {
	tb.Helper()
	if err := execScript(script, path, out); err != nil {
		tb.Fatal(err)
	}
}

// execScript is runScript returning the failure, so a caller can fall back.
func execScript(script, path string, out any) error {
	src, err := scripts.ReadFile("py/" + script)
	if err != nil {
		return fmt.Errorf("readers: embedded script %s: %w", script, err)
	}
	// The JSON goes to a file: PyMuPDF's SWIG layer prints leak warnings
	// on stdout.
	jsonPath := path + "." + strings.TrimSuffix(script, ".py") + ".json"
	return execPython(DefaultTimeout, script, string(src), jsonPath, out, path, path, jsonPath)
}

// execPython runs the script src (named script in messages) with args,
// which tell it to write its JSON to jsonPath, and decodes that into out.
// what names the documents in a failure.
func execPython(timeout time.Duration, script, src, jsonPath string, out any, what string, args ...string) error {
	res, err := run(timeout, "", Python, append([]string{"-c", src}, args...)...)
	if err != nil {
		return fmt.Errorf("readers: %s: %w\nstderr:\n%s", script, err, tail(res.stderr, 4000))
	}
	if res.exit != 0 {
		how := fmt.Sprintf("exit %d", res.exit)
		if res.exit < 0 {
			how = "crashed"
		}
		return fmt.Errorf("readers: %s could not read %s (%s):\n%s", script, what, how, tail(res.stderr, 4000))
	}
	data, err := os.ReadFile(jsonPath)
	if err != nil {
		return fmt.Errorf("readers: %s wrote no result: %w\n%s", script, err, tail(res.stderr, 2000))
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("readers: %s wrote no valid JSON: %w\n%s", script, err, tail(data, 2000))
	}
	return nil
}

// tail returns at most the last n bytes of b, as text.
func tail(b []byte, n int) string {
	if len(b) > n {
		return "…" + string(b[len(b)-n:])
	}
	return string(b)
}
