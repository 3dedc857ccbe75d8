package reliability

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
)

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// formfillBinary builds cmd/formfill once per test run, or skips the
// process-level test when it does not build (another engineer may be
// mid-change).
func formfillBinary(tb testing.TB) string {
	tb.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "formfill-reliability-")
		if err != nil {
			binErr = err
			return
		}
		_, file, _, _ := runtime.Caller(0)
		root := filepath.Dir(filepath.Dir(file))
		binPath = filepath.Join(dir, "formfill")
		cmd := exec.Command("go", "build", "-o", binPath, "./cmd/formfill")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			binErr = &buildError{string(out)}
		}
	})
	if binErr != nil {
		tb.Skipf("cmd/formfill does not build, process-level test skipped: %v", binErr)
	}
	return binPath
}

type buildError struct{ out string }

func (e *buildError) Error() string { return "go build ./cmd/formfill: " + e.out }
