package safefile

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// tempPrefix starts the name of every temporary file Write creates. The
// rest of the name is random: nobody can plant a file or link there first.
const tempPrefix = ".formfill-"

// Write writes data to path atomically (see the package comment). The
// directory of path must exist; path itself may, and is then replaced (a
// symlink at path is replaced by the file, not followed). Only the
// temporary file Write created itself is ever removed.
func Write(path string, data []byte) error {
	dir, name := filepath.Split(filepath.Clean(path))
	if dir == "" {
		dir = "."
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	defer root.Close()
	if err := writeAtomic(root, name, data); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// CheckWritable fails early when path cannot be written: its directory is
// missing or not writable, or path is a directory. It creates and removes
// a temporary file of its own beside path, and touches nothing else.
func CheckWritable(path string) error {
	dir, name := filepath.Split(filepath.Clean(path))
	if dir == "" {
		dir = "."
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return fmt.Errorf("output %s: %w", path, err)
	}
	defer root.Close()
	if fi, err := root.Stat(name); err == nil && fi.IsDir() {
		return fmt.Errorf("output %s is a directory; name a file", path)
	}
	tmp, f, err := createTemp(root, ".", 0o600)
	if err != nil {
		return fmt.Errorf("output %s: %w", path, err)
	}
	f.Close()
	return root.Remove(tmp)
}

// writeAtomic writes data to a new file beside rel, named at random and
// created with O_EXCL|O_NOFOLLOW, and renames it over rel, so a reader
// never sees half a document, and a symlink planted at rel is replaced,
// never followed. An existing regular file at rel passes its mode on; a
// new file gets 0666 less the umask.
func writeAtomic(root *os.Root, rel string, data []byte) error {
	perm, keep := fs.FileMode(0o666), false // the kernel applies the umask
	if fi, err := root.Lstat(rel); err == nil && fi.Mode().IsRegular() {
		perm, keep = fi.Mode().Perm(), true
	}
	createPerm := perm
	if keep {
		createPerm = 0o600 // until the data is in and the mode set below
	}
	tmp, f, err := createTemp(root, filepath.Dir(rel), createPerm)
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	if werr == nil && keep {
		werr = f.Chmod(perm) // through the descriptor: the name could be swapped
	}
	if werr == nil {
		werr = f.Sync()
	}
	if werr == nil {
		werr = root.Rename(tmp, rel)
		if werr == nil {
			werr = checkRenamed(root, rel, f)
			tmp = "" // renamed: the name is rel's now
		}
	}
	if werr != nil && tmp != "" {
		root.Remove(tmp)
	}
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	return werr
}

// checkRenamed makes sure the file now at rel is the one written through f.
// In a directory others may write to, the temporary file can be swapped
// (unlinked and replaced by a symlink of the same name) between its
// creation and the rename: the data never goes anywhere but f, yet rel
// would then be the planted link. That is reported, not undone: removing
// the link could remove a file of the attacker's choosing.
func checkRenamed(root *os.Root, rel string, f *os.File) error {
	ours, err := f.Stat()
	if err != nil {
		return err
	}
	now, err := root.Lstat(rel)
	if err != nil {
		return err
	}
	if !os.SameFile(ours, now) {
		return fmt.Errorf("the temporary file was replaced (by %s) before it was renamed into place: someone else writes to this directory", now.Mode().Type())
	}
	return nil
}

// createTemp creates a new file in dir under root with a random name,
// refusing to open anything that already exists there (O_EXCL) or a
// symlink (O_NOFOLLOW; O_EXCL already refuses one, the flag says so
// twice). It returns the name relative to root.
func createTemp(root *os.Root, dir string, perm fs.FileMode) (string, *os.File, error) {
	for range 3 {
		tmp := filepath.Join(dir, tempPrefix+strings.ToLower(rand.Text())+".tmp")
		f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, perm)
		if errors.Is(err, fs.ErrExist) {
			continue // 26 random characters taken: a name planted by someone else
		}
		return tmp, f, err
	}
	return "", nil, fmt.Errorf("could not create a temporary file in %s: every random name was taken", dir)
}
