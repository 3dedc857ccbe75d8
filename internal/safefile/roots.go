package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/formfill/formfill/formats"
)

// Roots confines the paths a caller names (the MCP server's *_file_path
// arguments, a batch manifest's outputs) to a set of directories. A remote
// agent must not be able to read ~/.ssh or overwrite a file outside the
// project just by naming it, so every path is resolved through its
// symlinks before the check: a link inside a root that points outside is
// refused too.
type Roots struct {
	dirs []string // absolute, symlink-free, cleaned
}

// NewRoots resolves dirs (default: the working directory) to absolute,
// symlink-free paths. Each must be an existing directory.
func NewRoots(dirs []string) (*Roots, error) {
	if len(dirs) == 0 {
		wd, err := os.Getwd()
		if err != nil {
			return nil, fmt.Errorf("default root: %w", err)
		}
		dirs = []string{wd}
	}
	r := &Roots{}
	for _, d := range dirs {
		abs, err := filepath.Abs(d)
		if err != nil {
			return nil, fmt.Errorf("root %q: %w", d, err)
		}
		real, err := filepath.EvalSymlinks(abs)
		if err != nil {
			return nil, fmt.Errorf("root %q: %w", d, err)
		}
		if st, err := os.Stat(real); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("root %q is not a directory", d)
		}
		r.dirs = append(r.dirs, filepath.Clean(real))
	}
	return r, nil
}

// Dirs returns the allowed roots.
func (r *Roots) Dirs() []string { return append([]string(nil), r.dirs...) }

// Input resolves p, a file to read, and refuses it unless it exists and its
// real location lies inside a root. Relative paths are taken from the first
// root.
func (r *Roots) Input(field, p string) (string, error) {
	abs, err := r.candidate(field, p)
	if err != nil {
		return "", err
	}
	real, err := filepath.EvalSymlinks(abs)
	if errors.Is(err, fs.ErrNotExist) {
		return "", formats.Errorf(formats.ErrInvalidArgument, field, "%q does not exist (relative paths are resolved from %s)", p, r.dirs[0])
	}
	if err != nil {
		return "", formats.Wrap(formats.ErrInvalidArgument, field, err, "cannot resolve %q", p)
	}
	if !r.contains(real) {
		return "", r.escape(field, p, real)
	}
	st, err := os.Stat(real)
	if err != nil {
		return "", formats.Wrap(formats.ErrInvalidArgument, field, err, "cannot read %q", p)
	}
	if !st.Mode().IsRegular() {
		return "", formats.Errorf(formats.ErrInvalidArgument, field, "%q is not a regular file", p)
	}
	return real, nil
}

// Output resolves p, a file to write, and refuses it unless its parent
// directory exists inside a root and p is not a symlink leading outside.
// The file itself need not exist.
func (r *Roots) Output(field, p string) (string, error) {
	abs, err := r.candidate(field, p)
	if err != nil {
		return "", err
	}
	parent, err := filepath.EvalSymlinks(filepath.Dir(abs))
	if errors.Is(err, fs.ErrNotExist) {
		return "", formats.Errorf(formats.ErrInvalidArgument, field, "the directory of %q does not exist; create it first or pick another path", p)
	}
	if err != nil {
		return "", formats.Wrap(formats.ErrInvalidArgument, field, err, "cannot resolve the directory of %q", p)
	}
	target := filepath.Join(parent, filepath.Base(abs))
	if real, err := filepath.EvalSymlinks(target); err == nil {
		target = real // an existing file or link: judge where it really leads
	} else if fi, lerr := os.Lstat(target); lerr == nil && fi.Mode()&fs.ModeSymlink != 0 {
		return "", r.escape(field, p, "a dangling symlink")
	}
	if !r.contains(target) {
		return "", r.escape(field, p, target)
	}
	if fi, err := os.Stat(target); err == nil && fi.IsDir() {
		return "", formats.Errorf(formats.ErrInvalidArgument, field, "%q is a directory; name a file such as %s", p, filepath.Join(p, "filled.docx"))
	}
	return target, nil
}

// candidate makes p absolute and refuses the obvious escapes before any
// file system access.
func (r *Roots) candidate(field, p string) (string, error) {
	if strings.TrimSpace(p) == "" {
		return "", formats.Errorf(formats.ErrInvalidArgument, field, "empty path; give a file path inside %s", strings.Join(r.dirs, ", "))
	}
	if strings.ContainsRune(p, 0) {
		return "", formats.Errorf(formats.ErrInvalidArgument, field, "the path contains a NUL byte")
	}
	abs := p
	if !filepath.IsAbs(p) {
		abs = filepath.Join(r.dirs[0], p)
	}
	abs = filepath.Clean(abs)
	if !r.contains(abs) {
		return "", r.escape(field, p, abs)
	}
	return abs, nil
}

func (r *Roots) contains(p string) bool {
	for _, d := range r.dirs {
		if within(d, p) {
			return true
		}
	}
	return false
}

func (r *Roots) escape(field, p, where string) error {
	return formats.Errorf(formats.ErrInvalidArgument, field,
		"%q resolves to %s, which is outside the allowed roots (%s); use a path inside a root (relative paths start at %s)",
		p, where, strings.Join(r.dirs, ", "), r.dirs[0])
}

// within reports whether target is base or lies below it. Both are clean
// absolute paths.
func within(base, target string) bool {
	rel, err := filepath.Rel(base, target)
	if err != nil {
		return false
	}
	return rel == "." || (rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel))
}

// Inside reports whether path lies inside dir, judged on the names alone
// (both made absolute and clean; links are not resolved): the early check
// of a path that Roots will check again, links resolved, when it is used.
func Inside(dir, path string) bool {
	d, err1 := filepath.Abs(dir)
	p, err2 := filepath.Abs(path)
	return err1 == nil && err2 == nil && within(d, p)
}
