package pdf

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Independent readers: qpdf, poppler's pdftotext and PyMuPDF reopen every
// document formfill writes. Each skips its test when the program is not
// installed.

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

// qpdfCheck fails the test unless `qpdf --check` finds no error.
func qpdfCheck(t *testing.T, data []byte) {
	t.Helper()
	out, err := exec.Command(need(t, "qpdf"), "--check", writeTemp(t, data)).CombinedOutput()
	if err != nil {
		t.Fatalf("qpdf --check failed: %v\n%s", err, out)
	}
}

// pdftotext returns the text poppler sees on the pages, which includes
// the appearance streams of filled fields.
func pdftotext(t *testing.T, data []byte) string {
	t.Helper()
	out, err := exec.Command(need(t, "pdftotext"), "-layout", writeTemp(t, data), "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

// The PyMuPDF reader walks the objects itself: fitz's widget iterator
// crashes on some real forms (IRS 1040) in the packaged version.
const pymupdfScript = `
import fitz, sys, json, re
d = fitz.open(sys.argv[1])
def item(tok):
    if tok.startswith("<"):
        b = bytes.fromhex(tok[1:-1])
        return b[2:].decode("utf-16-be") if b[:2] == b"\xfe\xff" else b.decode("latin-1")
    return tok[1:-1]
def name(x, depth=0):
    t = d.xref_get_key(x, "T")
    me = t[1] if t[0] == "string" else ""
    p = d.xref_get_key(x, "Parent")
    if p[0] == "xref" and depth < 32:
        pn = name(int(p[1].split()[0]), depth + 1)
        return pn + "." + me if pn and me else (pn or me)
    return me
fields = {}
for x in range(1, d.xref_length()):
    try:
        if d.xref_get_key(x, "T")[0] != "string":
            continue
        typ, v = d.xref_get_key(x, "V")
    except Exception:
        continue
    if typ == "name":
        v = v.lstrip("/")
    elif typ == "null":
        v = ""
    elif typ == "array":
        v = ", ".join(item(m) for m in re.findall(r"<[0-9A-Fa-f]*>|\([^)]*\)", v))
    fields[name(x)] = v
cat = d.pdf_catalog()
print(json.dumps({
    "fields": fields,
    "perms": d.xref_get_key(cat, "Perms")[0] != "null",
    "xfa": d.xref_get_key(cat, "AcroForm/XFA")[0] != "null",
    "pages": d.page_count,
}))
`

type pymupdfView struct {
	Fields map[string]string `json:"fields"`
	Perms  bool              `json:"perms"`
	XFA    bool              `json:"xfa"`
	Pages  int               `json:"pages"`
}

// pymupdf reads field values and catalog facts with PyMuPDF, which only
// imports under the system Python.
func pymupdf(t *testing.T, data []byte) pymupdfView {
	t.Helper()
	py := "/usr/bin/python3"
	if _, err := os.Stat(py); err != nil {
		t.Skip("/usr/bin/python3: not installed")
	}
	if err := exec.Command(py, "-c", "import fitz").Run(); err != nil {
		t.Skip("PyMuPDF (fitz): not installed")
	}
	cmd := exec.Command(py, "-c", pymupdfScript, writeTemp(t, data))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("PyMuPDF reader: %v", err)
	}
	var v pymupdfView
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatalf("PyMuPDF reader output: %v\n%s", err, out)
	}
	return v
}

// squash removes white space, so values drawn letter-spaced in comb
// fields still compare.
func squash(s string) string { return strings.Join(strings.Fields(s), "") }
