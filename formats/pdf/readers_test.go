package pdf

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/formfill/formfill/internal/readers"
)

// Test helpers around the independent readers (internal/readers holds
// the shared ones: qpdf, pdftotext, PyMuPDF field values).

func writeTemp(t *testing.T, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "doc.pdf")
	if err := os.WriteFile(p, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func need(t *testing.T, prog string) string {
	t.Helper()
	p, err := exec.LookPath(prog)
	if err != nil {
		t.Skipf("%s: not installed", prog)
	}
	return p
}

// catalogScript reads the catalog facts a fill must change, with PyMuPDF.
const catalogScript = `
import fitz, sys, json
d = fitz.open(sys.argv[1])
cat = d.pdf_catalog()
print(json.dumps({
    "perms": d.xref_get_key(cat, "Perms")[0] != "null",
    "xfa": d.xref_get_key(cat, "AcroForm/XFA")[0] != "null",
    "pages": d.page_count,
}))
`

type catalogView struct {
	Perms bool `json:"perms"`
	XFA   bool `json:"xfa"`
	Pages int  `json:"pages"`
}

// pymupdfCatalog reads catalog facts with PyMuPDF, which only imports
// under the system Python.
func pymupdfCatalog(t *testing.T, data []byte) catalogView {
	t.Helper()
	py := readers.Python
	if err := exec.Command(py, "-c", "import fitz").Run(); err != nil {
		t.Skip("PyMuPDF (fitz) under " + py + ": not installed")
	}
	out, err := exec.Command(py, "-c", catalogScript, writeTemp(t, data)).Output()
	if err != nil {
		t.Fatalf("PyMuPDF catalog reader: %v", err)
	}
	var v catalogView
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatalf("PyMuPDF catalog reader output: %v\n%s", err, out)
	}
	return v
}
