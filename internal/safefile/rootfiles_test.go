package safefile

import (
	"errors"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
)

// A file swapped for a named pipe after its path was checked must be
// refused, not read: opening a pipe for reading blocks until a writer comes,
// which would hang the call, and the server with it.
func TestReadFileRefusesANamedPipe(t *testing.T) {
	dir := t.TempDir()
	r, err := NewRoots([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "form.docx")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := r.ReadFile("file_path", fifo, formats.MaxFileSize)
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, formats.ErrInvalidArgument) || !strings.Contains(err.Error(), "not a regular file") || !strings.Contains(err.Error(), "file_path") {
			t.Fatalf("err = %v, want an invalid file_path: not a regular file", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("reading a named pipe blocked")
	}
}
