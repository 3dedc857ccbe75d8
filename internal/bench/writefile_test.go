package bench

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestWriteFile: a report is written whole or not at all, and a link at
// its path is replaced, never written through.
func TestWriteFile(t *testing.T) {
	tests := []struct {
		name      string
		linked    bool // a link to another file sits at the path
		fail      bool // the report's writer fails
		wantFile  string
		wantError bool
	}{
		{name: "a new report", wantFile: "report"},
		{name: "a link at the path is replaced", linked: true, wantFile: "report"},
		{name: "a failed report leaves nothing", fail: true, wantError: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path, victim := filepath.Join(dir, "bench.svg"), filepath.Join(dir, "victim")
			if err := os.WriteFile(victim, []byte("victim"), 0o600); err != nil {
				t.Fatal(err)
			}
			if tt.linked {
				if err := os.Symlink(victim, path); err != nil {
					t.Fatal(err)
				}
			}
			err := writeFile(path, func(w io.Writer) error {
				if _, err := io.WriteString(w, "report"); err != nil {
					return err
				}
				if tt.fail {
					return errors.New("disk full")
				}
				return nil
			})
			if (err != nil) != tt.wantError {
				t.Fatalf("writeFile: %v, want error %v", err, tt.wantError)
			}
			if b, _ := os.ReadFile(victim); string(b) != "victim" {
				t.Fatalf("the link's target was written: %q", b)
			}
			got, err := os.ReadFile(path)
			if tt.wantFile == "" {
				if !os.IsNotExist(err) {
					t.Fatalf("a failed report left %q (%v)", got, err)
				}
				return
			}
			fi, _ := os.Lstat(path)
			if string(got) != tt.wantFile || fi == nil || !fi.Mode().IsRegular() {
				t.Fatalf("bench.svg: %q, %v; want a regular file holding %q", got, fi, tt.wantFile)
			}
		})
	}
}
