// Package readers reopens documents written by formfill with independent
// programs — python-docx, openpyxl, PyMuPDF, LibreOffice, qpdf, and the PDF
// viewers poppler, MuPDF (mutool) and pdf.js (viewers.go) — so tests check the
// output the way users' tools will see it, not through formfill's own parser.
//
// Every helper takes a testing.TB and fails the test when the reader
// rejects the document. When a reader is not installed the test is skipped
// with a message saying how to install it (bash .ci/install-readers, or
// .ci/install-viewers for mutool and pdf.js), unless
// FORMFILL_REQUIRE_READERS is set to a non-empty value: then a missing
// reader fails the test, so CI cannot pass by skipping. The Python readers
// import only under /usr/bin/python3 (Debian's python3-docx, python3-openpyxl,
// python3-fitz); a python3 earlier on PATH is deliberately not used.
package readers

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// RequireEnv names the environment variable that turns a missing reader
// from a skip into a failure.
const RequireEnv = "FORMFILL_REQUIRE_READERS"

// DefaultTimeout bounds one run of a reader program.
const DefaultTimeout = 120 * time.Second

// missing skips tb (or fails it under RequireEnv) because reader is absent.
func missing(tb testing.TB, reader, install string) {
	tb.Helper()
	msg := fmt.Sprintf("%s not installed: %s (or bash .ci/install-readers)", reader, install)
	if os.Getenv(RequireEnv) != "" {
		tb.Fatalf("%s; %s is set, so readers are required", msg, RequireEnv)
	}
	tb.Skip(msg)
}

// lookPath returns the path of program, or skips tb when it is absent.
func lookPath(tb testing.TB, program, install string) string {
	tb.Helper()
	p, err := exec.LookPath(program)
	if err != nil {
		missing(tb, program, install)
	}
	return p
}

// writeTemp writes data to a file called name in a fresh temporary
// directory owned by tb and returns its path.
func writeTemp(tb testing.TB, name string, data []byte) string {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), name)
	if err := os.WriteFile(path, data, 0o600); err != nil {
		tb.Fatalf("readers: write %s: %v", path, err)
	}
	return path
}

// result is what a finished program printed.
type result struct {
	stdout, stderr []byte
	exit           int // exit code; -1 when killed or not started
}

// run executes name with args under timeout, in its own process group so a
// timeout also kills the children it spawned (soffice forks soffice.bin).
// A non-zero exit is reported in result, not as an error; errors mean the
// program could not run or timed out.
func run(timeout time.Duration, dir, name string, args ...string) (result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	res := result{stdout: stdout.Bytes(), stderr: stderr.Bytes(), exit: cmd.ProcessState.ExitCode()}
	if ctx.Err() != nil {
		return res, fmt.Errorf("%s timed out after %s", name, timeout)
	}
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		return res, fmt.Errorf("run %s: %w", name, err)
	}
	return res, nil
}
