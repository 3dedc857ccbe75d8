// Package fonttest finds the Noto fonts formfill's tests fill and render
// non-Latin text with (Debian's fonts-noto-core and fonts-noto-cjk, which
// bash .ci/install-readers installs). Like the readers of
// internal/readers, a missing font skips the test, or fails it when
// FORMFILL_REQUIRE_READERS is set.
package fonttest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/formfill/formfill/internal/readers"
)

// Files the tests need, one per script family they fill.
var required = []string{
	"NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSansHebrew-Regular.ttf", "NotoSansArabic-Regular.ttf",
	"NotoSansDevanagari-Regular.ttf", "NotoSansThai-Regular.ttf", "NotoSansCJK-Regular.ttc",
}

// dirs are where Debian (and most Linux systems) install fonts. The
// list is not fontdir's: package sfnt's tests use this one, and fontdir
// imports sfnt.
var dirs = []string{"/usr/share/fonts", "/usr/local/share/fonts"}

// Path returns the path of the font file named name in the system's
// font directories.
func Path(tb testing.TB, name string) string {
	tb.Helper()
	for _, dir := range dirs {
		var found string
		_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && d.Name() == name {
				found = p
				return filepath.SkipAll
			}
			return nil
		})
		if found != "" {
			return found
		}
	}
	msg := "font " + name + " not installed: apt-get install fonts-noto-core fonts-noto-cjk (or bash .ci/install-readers)"
	if os.Getenv(readers.RequireEnv) != "" {
		tb.Fatalf("%s; %s is set, so fonts are required", msg, readers.RequireEnv)
	}
	tb.Skip(msg)
	return ""
}

// Read returns the bytes of the font file named name.
func Read(tb testing.TB, name string) []byte {
	tb.Helper()
	data, err := os.ReadFile(Path(tb, name))
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// Require skips (or fails) tb unless every Noto font the tests fill
// text with is installed.
func Require(tb testing.TB) {
	tb.Helper()
	for _, name := range required {
		Path(tb, name)
	}
}
