package safefile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"

	"github.com/formfill/formfill/formats"
)

// Input and Output check a path when the call arrives, but the file is
// used later: a filled document is written only when its job completes,
// maybe minutes after the call. Meanwhile a directory on the path may have
// been swapped for a symlink leading outside the roots, so files are opened
// through an os.Root, whose every component is resolved again, by the
// kernel and inside the root, at the moment of use.

// ReadFile reads path, a file Input accepted, refusing one larger than
// limit before reading it. Errors name field.
func (r *Roots) ReadFile(field, path string, limit int64) ([]byte, error) {
	root, rel, err := r.openRoot(field, path)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	// O_NONBLOCK: a named pipe swapped in after the check would block the
	// open until a writer came; it opens at once and fails the regular-file
	// check below. Reading a regular file ignores the flag.
	f, err := root.OpenFile(rel, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		if _, cerr := r.Input(field, path); cerr != nil {
			return nil, cerr // changed since the check: say how (outside, gone)
		}
		return nil, formats.Wrap(formats.ErrInvalidArgument, field, err, "cannot open %q", path)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, formats.Wrap(formats.ErrInvalidArgument, field, err, "cannot read %q", path)
	}
	if !st.Mode().IsRegular() {
		return nil, formats.Errorf(formats.ErrInvalidArgument, field, "%q is not a regular file", path)
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, formats.Wrap(formats.ErrInvalidArgument, field, err, "cannot read %q", path)
	}
	if int64(len(data)) > limit {
		return nil, formats.Errorf(formats.ErrTooLarge, field, "%q is larger than the %d MB limit", path, limit>>20)
	}
	return data, nil
}

// WriteFile writes data to path, a file Output accepted, and returns where
// it wrote. It checks path again, since the job ran after the first check,
// then writes through an os.Root, which closes the window left between
// that check and the write. A refusal is a formats.InputError naming field;
// any other error is the file system's.
func (r *Roots) WriteFile(field, path string, data []byte) (string, error) {
	target, err := r.Output(field, path)
	if err != nil {
		return "", err
	}
	root, rel, err := r.openRoot(field, target)
	if err != nil {
		return "", err
	}
	defer root.Close()
	if err := writeAtomic(root, rel, data); err != nil {
		if _, cerr := r.Output(field, target); cerr != nil {
			return "", cerr // os.Root refused a symlink planted after the check
		}
		return "", fmt.Errorf("cannot write %s: %w", target, err)
	}
	return target, nil
}

// openRoot opens the root holding path, a clean absolute path, and returns
// path relative to it.
func (r *Roots) openRoot(field, path string) (*os.Root, string, error) {
	for _, d := range r.dirs {
		if !within(d, path) {
			continue
		}
		rel, err := filepath.Rel(d, path)
		if err != nil {
			return nil, "", fmt.Errorf("%s relative to root %s: %w", path, d, err)
		}
		root, err := os.OpenRoot(d)
		if err != nil {
			return nil, "", fmt.Errorf("opening root %s: %w", d, err)
		}
		return root, rel, nil
	}
	return nil, "", r.escape(field, path, path)
}
