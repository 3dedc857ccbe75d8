package safefile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

// pathTree builds root/{form.docx, sub/inner.pdf, in-link -> sub/inner.pdf,
// out-link -> outside/secret.txt, outdir-link -> outside} and outside/secret.txt.
func pathTree(t *testing.T) (root, outside string) {
	t.Helper()
	base := t.TempDir()
	root = filepath.Join(base, "root")
	outside = filepath.Join(base, "outside")
	for _, d := range []string{filepath.Join(root, "sub"), outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{filepath.Join(root, "form.docx"), filepath.Join(root, "sub", "inner.pdf"), filepath.Join(outside, "secret.txt")} {
		if err := os.WriteFile(f, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	links := map[string]string{
		"in-link":     filepath.Join(root, "sub", "inner.pdf"),
		"out-link":    filepath.Join(outside, "secret.txt"),
		"outdir-link": outside,
		"dangling":    filepath.Join(outside, "nothing-here"),
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	return root, outside
}

func TestRootsInput(t *testing.T) {
	root, outside := pathTree(t)
	roots, err := NewRoots([]string{root})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path string
		want       string // suffix of the resolved path; "" means refused
		errHas     string
	}{
		{"relative file", "form.docx", "root/form.docx", ""},
		{"relative in subdir", "sub/inner.pdf", "root/sub/inner.pdf", ""},
		{"dotdot that stays inside", "sub/../form.docx", "root/form.docx", ""},
		{"absolute inside", filepath.Join(root, "form.docx"), "root/form.docx", ""},
		{"symlink inside to inside", "in-link", "root/sub/inner.pdf", ""},
		{"dotdot escape", "../outside/secret.txt", "", "outside the allowed roots"},
		{"deep dotdot escape", "sub/../../outside/secret.txt", "", "outside the allowed roots"},
		{"absolute elsewhere", filepath.Join(outside, "secret.txt"), "", "outside the allowed roots"},
		{"absolute system file", "/etc/passwd", "", "outside the allowed roots"},
		{"symlink escaping", "out-link", "", "outside the allowed roots"},
		{"through escaping dir link", "outdir-link/secret.txt", "", "outside the allowed roots"},
		{"missing file", "nope.docx", "", "does not exist"},
		{"directory", "sub", "", "not a regular file"},
		{"empty", "  ", "", "empty path"},
		{"nul byte", "form\x00.docx", "", "NUL"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := roots.Input("file_path", tc.path)
			if tc.want != "" {
				if err != nil {
					t.Fatalf("Input(%q): %v", tc.path, err)
				}
				if !strings.HasSuffix(got, tc.want) {
					t.Fatalf("Input(%q) = %q, want suffix %q", tc.path, got, tc.want)
				}
				return
			}
			if err == nil {
				t.Fatalf("Input(%q) = %q, want refusal", tc.path, got)
			}
			var ie *formats.InputError
			if !errors.As(err, &ie) || ie.Field != "file_path" || !errors.Is(err, formats.ErrInvalidArgument) {
				t.Fatalf("Input(%q) error %v is not an invalid-argument InputError on file_path", tc.path, err)
			}
			if !strings.Contains(err.Error(), tc.errHas) {
				t.Fatalf("Input(%q) error %q lacks %q", tc.path, err, tc.errHas)
			}
		})
	}
}

func TestRootsOutput(t *testing.T) {
	root, outside := pathTree(t)
	roots, err := NewRoots([]string{root})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path string
		want       string
		errHas     string
	}{
		{"new file in root", "filled.docx", "root/filled.docx", ""},
		{"new file in subdir", "sub/filled.pdf", "root/sub/filled.pdf", ""},
		{"overwrite existing", "form.docx", "root/form.docx", ""},
		{"link inside resolves inside", "in-link", "root/sub/inner.pdf", ""},
		{"dotdot escape", "../outside/new.docx", "", "outside the allowed roots"},
		{"absolute elsewhere", filepath.Join(outside, "new.docx"), "", "outside the allowed roots"},
		{"overwrite through escaping link", "out-link", "", "outside the allowed roots"},
		{"parent is escaping link", "outdir-link/new.docx", "", "outside the allowed roots"},
		{"dangling link", "dangling", "", "dangling symlink"},
		{"missing parent", "nodir/new.docx", "", "does not exist"},
		{"directory target", "sub", "", "is a directory"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := roots.Output("output_file_path", tc.path)
			if tc.want != "" {
				if err != nil {
					t.Fatalf("Output(%q): %v", tc.path, err)
				}
				if !strings.HasSuffix(got, tc.want) {
					t.Fatalf("Output(%q) = %q, want suffix %q", tc.path, got, tc.want)
				}
				return
			}
			if err == nil {
				t.Fatalf("Output(%q) = %q, want refusal", tc.path, got)
			}
			if !strings.Contains(err.Error(), tc.errHas) || !strings.Contains(err.Error(), "output_file_path") {
				t.Fatalf("Output(%q) error %q lacks %q or the field name", tc.path, err, tc.errHas)
			}
		})
	}
}

func TestRootsSeveralDirs(t *testing.T) {
	root, outside := pathTree(t)
	roots, err := NewRoots([]string{root, outside})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := roots.Input("file_path", filepath.Join(outside, "secret.txt")); err != nil {
		t.Fatalf("a file in the second root was refused: %v", err)
	}
	if _, err := roots.Input("file_path", "out-link"); err != nil {
		t.Fatalf("a link from one root into another was refused: %v", err)
	}
	if _, err := NewRoots([]string{filepath.Join(root, "form.docx")}); err == nil {
		t.Fatal("a file accepted as a root")
	}
}

// writeAtomic replaces a symlink planted at the target instead of
// following it out of the root.
func TestWriteAtomicReplacesPlantedSymlink(t *testing.T) {
	root, outside := pathTree(t)
	r, err := os.OpenRoot(root)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if err := writeAtomic(r, "out-link", []byte("filled")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(outside, "secret.txt")); string(b) != "x" {
		t.Fatalf("the write followed the symlink: outside file now %q", b)
	}
	if b, _ := os.ReadFile(filepath.Join(root, "out-link")); string(b) != "filled" {
		t.Fatalf("written file holds %q", b)
	}
}

// A directory swapped for a symlink after every check still cannot carry a
// write (or a read) outside the root: os.Root refuses to follow it.
func TestRootFilesRefuseEscapingDirectoryAtUse(t *testing.T) {
	root, outside := pathTree(t)
	r, err := os.OpenRoot(root)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if err := writeAtomic(r, "outdir-link/new.docx", []byte("filled")); err == nil {
		t.Fatal("writeAtomic wrote through a directory link leading outside")
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 1 {
		t.Fatalf("the outside directory now holds %d entries", len(entries))
	}
	roots, err := NewRoots([]string{root})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"out-link", "outdir-link/secret.txt"} {
		abs := filepath.Join(root, p)
		if _, err := roots.ReadFile("file_path", abs, 1<<20); err == nil || !strings.Contains(err.Error(), "outside the allowed roots") {
			t.Errorf("ReadFile(%q) = %v, want a refusal saying outside the allowed roots", p, err)
		}
		if _, err := roots.WriteFile("output_file_path", abs, []byte("filled")); err == nil || !strings.Contains(err.Error(), "outside the allowed roots") {
			t.Errorf("WriteFile(%q) = %v, want a refusal saying outside the allowed roots", p, err)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(outside, "secret.txt")); string(b) != "x" {
		t.Fatalf("outside file now %q", b)
	}
}
