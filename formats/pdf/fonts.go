package pdf

import (
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sync"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
)

var (
	fontsOnce sync.Once
	fontsErr  error
)

// ensureFonts gives pdfcpu the Unicode font it draws appearances with when
// a value is not plain Latin-1 (or the form's own font is one it cannot
// measure). pdfcpu only loads that font (Roboto, bundled in pdfcpu) from a
// font directory on disk, so this one exception to "bytes in, bytes out"
// installs it once per process under the system temp directory. When that
// fails (a read-only file system), fills of Latin-1 text still work and
// others fail with a typed error.
func ensureFonts() error {
	fontsOnce.Do(func() {
		dir := filepath.Join(os.TempDir(), fmt.Sprintf("formfill-pdfcpu-%d", os.Getuid()))
		if err := model.EnsureDefaultConfigAt(dir, false); err != nil {
			fontsErr = err
			slog.Warn("pdf: no Unicode font for appearance streams; non-Latin-1 values cannot be drawn", "dir", dir, "err", err)
		}
	})
	return fontsErr
}
