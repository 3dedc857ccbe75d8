package safefile

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
)

// TestWriteTouchesNoOtherFile: the old CLI wrote through OUT.tmp and its
// early check deleted a user's OUT.tmp. Write must leave a file or a link
// of that name, and the link's target, exactly as they were.
func TestWriteTouchesNoOtherFile(t *testing.T) {
	for _, planted := range []string{"file", "symlink"} {
		t.Run(planted, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "out.docx")
			victim := filepath.Join(dir, "victim.txt")
			mustWrite(t, victim, "victim", 0o600)
			if planted == "file" {
				mustWrite(t, out+".tmp", "the user's own notes", 0o644)
			} else if err := os.Symlink(victim, out+".tmp"); err != nil {
				t.Fatal(err)
			}
			if err := CheckWritable(out); err != nil {
				t.Fatal(err)
			}
			if err := Write(out, []byte("filled")); err != nil {
				t.Fatal(err)
			}
			if got := read(t, out); got != "filled" {
				t.Fatalf("out.docx holds %q", got)
			}
			if got := read(t, victim); got != "victim" {
				t.Fatalf("the link's target now holds %q", got)
			}
			if planted == "file" {
				if got := read(t, out+".tmp"); got != "the user's own notes" {
					t.Fatalf("out.docx.tmp now holds %q", got)
				}
			} else if fi, err := os.Lstat(out + ".tmp"); err != nil || fi.Mode()&os.ModeSymlink == 0 {
				t.Fatalf("the planted link is gone or changed: %v %v", fi, err)
			}
			entries, _ := os.ReadDir(dir)
			if len(entries) != 3 {
				t.Fatalf("the directory holds %d entries, want out.docx, out.docx.tmp and victim.txt: %v", len(entries), entries)
			}
		})
	}
}

// TestWriteModes: a new file gets 0666 less the umask; a replaced file
// keeps its mode, 0600 included (the MCP server used to force 0644).
func TestWriteModes(t *testing.T) {
	tests := []struct {
		name     string
		umask    int
		existing os.FileMode // 0: no file there before
		want     os.FileMode
	}{
		{"new file, umask 022", 0o022, 0, 0o644},
		{"new file, umask 077", 0o077, 0, 0o600},
		{"replaced 0600 file, umask 022", 0o022, 0o600, 0o600},
		{"replaced 0640 file, umask 077", 0o077, 0o640, 0o640},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			old := syscall.Umask(tc.umask)
			defer syscall.Umask(old)
			dir := t.TempDir()
			out := filepath.Join(dir, "filled.docx")
			if tc.existing != 0 {
				mustWrite(t, out, "before", tc.existing)
			}
			roots, err := NewRoots([]string{dir})
			if err != nil {
				t.Fatal(err)
			}
			for _, write := range []func() error{
				func() error { return Write(out, []byte("filled")) },
				func() error { _, err := roots.WriteFile("output_file_path", out, []byte("filled")); return err },
			} {
				if err := write(); err != nil {
					t.Fatal(err)
				}
				fi, err := os.Stat(out)
				if err != nil {
					t.Fatal(err)
				}
				if fi.Mode().Perm() != tc.want {
					t.Fatalf("mode %v, want %v", fi.Mode().Perm(), tc.want)
				}
			}
		})
	}
}

// TestWriteRacingPlantedSymlinks races an attacker who can write to the
// output directory: it keeps replacing the output, OUT.tmp and every
// temporary file it sees with symlinks to a victim file, while the output
// is written again and again. The victim must never change; a write either
// succeeds (the output was then its own file) or says the directory is
// being tampered with.
func TestWriteRacingPlantedSymlinks(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.docx")
	victim := filepath.Join(t.TempDir(), "victim.txt")
	mustWrite(t, victim, "victim", 0o600)
	var stop atomic.Bool
	var wg sync.WaitGroup
	var planted atomic.Int64
	wg.Go(func() {
		for !stop.Load() {
			entries, _ := os.ReadDir(dir)
			names := []string{"out.docx", "out.docx.tmp"}
			for _, e := range entries {
				if strings.HasPrefix(e.Name(), tempPrefix) {
					names = append(names, e.Name())
				}
			}
			for _, n := range names {
				p := filepath.Join(dir, n)
				os.Remove(p)
				if os.Symlink(victim, p) == nil {
					planted.Add(1)
				}
			}
		}
	})
	data := bytes.Repeat([]byte("filled "), 64<<10)
	var ok, refused int
	for range 300 {
		if err := Write(out, data); err != nil {
			refused++
			continue
		}
		ok++
	}
	stop.Store(true)
	wg.Wait()
	t.Logf("%d writes went through, %d were refused; %d links planted", ok, refused, planted.Load())
	if got := read(t, victim); got != "victim" {
		t.Fatalf("the victim was overwritten through a planted link: now %d bytes", len(got))
	}
	if planted.Load() == 0 {
		t.Fatal("the attacker planted no link: the test raced nothing")
	}
}

func mustWrite(t *testing.T, path, data string, mode os.FileMode) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
