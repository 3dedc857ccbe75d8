package reliability

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/excel"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/readers"
)

// hostileCase is one hostile input, the type it is declared as, and whether
// a tool may also succeed on it (a reader that repairs a broken xref, say):
// then the only demands are no panic, no hang and bounded memory.
type hostileCase struct {
	name    string
	ft      formats.FileType
	build   func(tb testing.TB) []byte
	mayPass bool   // some tools may succeed (the input is damaged but readable)
	large   bool   // takes seconds: skipped with -short
	want    string // a word the error must contain (case-insensitive), "" = any
	kind    error  // the formats error kind every refusal must be (errors.Is), nil = any input error
	needs   string // a program the builder runs; see require
	maxHeap uint64 // bound on one call's peak heap growth in-process, 0 = defaultMaxPeakHeap
}

// require skips t, the subtest of one case, when the case's builder needs
// a program that is not installed, so that the other cases still run; under
// FORMFILL_REQUIRE_READERS (set in CI) it fails t instead, as the readers
// do, so that CI cannot pass by skipping.
func (c hostileCase) require(t testing.TB) {
	t.Helper()
	if c.missing() == "" {
		return
	}
	msg := fmt.Sprintf("%s: %s (bash .ci/install-readers installs it)", c.name, c.missing())
	if os.Getenv(readers.RequireEnv) != "" {
		t.Fatalf("%s; %s is set, so it is required", msg, readers.RequireEnv)
	}
	t.Skip(msg + "; only this case is skipped")
}

// missing says why the case cannot be built here ("qpdf not installed"),
// or returns "".
func (c hostileCase) missing() string {
	if c.needs == "" {
		return ""
	}
	if _, err := exec.LookPath(c.needs); err != nil {
		return c.needs + " not installed"
	}
	return ""
}

// heapBound is the case's bound on one call's peak heap growth.
func (c hostileCase) heapBound() uint64 {
	if c.maxHeap != 0 {
		return c.maxHeap
	}
	return defaultMaxPeakHeap
}

// once memoises a builder: the tests of one matrix share the big inputs.
func once(f func(tb testing.TB) []byte) func(tb testing.TB) []byte {
	var (
		mu   sync.Mutex
		data []byte
	)
	return func(tb testing.TB) []byte {
		mu.Lock()
		defer mu.Unlock()
		if data == nil {
			data = f(tb)
		}
		return data
	}
}

func plain(f func() []byte) func(testing.TB) []byte {
	return once(func(testing.TB) []byte { return f() })
}

// deepNestingHeap is the one heap bound above defaultMaxPeakHeap: the Word
// reader holds the deeply nested docx's 9 MB document.xml whole before its
// nesting limit refuses it (measured: 8.9 MiB on every tool, in each of
// five runs); the bound is 2.7 times that. The other large inputs need no
// exception: the 60 MB files are refused on their size and the million-row
// sheet on its declared size, before anything is read (measured: 0.0 MiB).
const deepNestingHeap = 24 << 20

// sheetLimit is how the Excel engine's refusal of an oversized sheet names
// its limit ("the limit is 32 MB").
var sheetLimit = fmt.Sprintf("limit is %d mb", excel.MaxSheetBytes>>20)

// hostileCases is the matrix of hostile inputs, by type. Every one is built by a named builder (internal/fixtures or this
// file); the small ones are also committed under testdata/hostile (see
// samples_test.go and its README).
func hostileCases() []hostileCase {
	var cs []hostileCase
	for _, h := range fixtures.HostileDocx() {
		c := hostileCase{name: "docx/" + h.Name, ft: formats.Word, build: plain(h.Build)}
		switch h.Name {
		case "zip bomb", "entry flood":
			c.want, c.kind = "large", formats.ErrTooLarge
		case "deep nesting":
			c.large, c.maxHeap = true, deepNestingHeap
		}
		cs = append(cs, c)
	}
	cs = append(cs,
		// Zip oddities (issue 38): readers disagree on duplicate names, and
		// names that climb out were copied into outputs.
		hostileCase{name: "docx/duplicate document.xml", ft: formats.Word, build: plain(duplicateDocumentDocx),
			want: "two entries named", kind: formats.ErrInvalidDocument},
		hostileCase{name: "docx/entry named ../../x", ft: formats.Word, build: plain(climbingEntryDocx),
			want: "climbs out", kind: formats.ErrInvalidDocument},
		hostileCase{name: "xlsx/entry named /tmp/x", ft: formats.Excel, build: plain(absoluteEntryXlsx),
			want: "absolute", kind: formats.ErrInvalidDocument},
		hostileCase{name: "xlsx/500 entries under the ratio exemption", ft: formats.Excel, build: plain(subExemptionFloodXlsx),
			want: "as a whole", kind: formats.ErrTooLarge},
		hostileCase{name: "docx/declared but pdf", ft: formats.Word, build: plain(fixtures.PDFForm)},
		hostileCase{name: "docx/60 MB", ft: formats.Word, build: plain(sixtyMB("PK\x03\x04")), want: "limit", kind: formats.ErrTooLarge},

		hostileCase{name: "xlsx/empty file", ft: formats.Excel, build: plain(fixtures.Empty)},
		hostileCase{name: "xlsx/wrong magic", ft: formats.Excel, build: plain(fixtures.WrongMagic)},
		hostileCase{name: "xlsx/declared but docx", ft: formats.Excel, build: plain(fixtures.TwoColumn)},
		hostileCase{name: "xlsx/truncated", ft: formats.Excel, build: plain(func() []byte {
			d := fixtures.ExcelVendorAssessment()
			return d[:len(d)/2]
		})},
		hostileCase{name: "xlsx/zip bomb", ft: formats.Excel, want: "large", kind: formats.ErrTooLarge, build: plain(func() []byte {
			return fixtures.ZipBomb(fixtures.WithEntry("xl/worksheets/sheet1.xml"))
		})},
		hostileCase{name: "xlsx/lying zip bomb", ft: formats.Excel, build: plain(func() []byte {
			return fixtures.ZipBomb(fixtures.WithEntry("xl/worksheets/sheet1.xml"),
				fixtures.WithInflatedSize(300<<20), fixtures.WithDeclaredSize(1<<10))
		})},
	)
	// The sheet's XML attacks: every tool must refuse them naming the sheet;
	// none may leave the sheet out and answer from the rest of the workbook.
	for _, h := range fixtures.HostileXlsxXML() {
		cs = append(cs, hostileCase{name: "xlsx/" + h.Name, ft: formats.Excel, build: plain(h.Build),
			want: "xl/worksheets/sheet1.xml", kind: formats.ErrInvalidDocument})
	}
	cs = append(cs,
		// Under every archive limit; only the sheet limit refuses it, before
		// excelize parses it (which took 0.2-30 s and up to 1.9 GB).
		hostileCase{name: "xlsx/million rows", ft: formats.Excel, build: plain(fixtures.MillionRowSheet),
			large: true, want: sheetLimit, kind: formats.ErrTooLarge},
		hostileCase{name: "xlsx/60 MB", ft: formats.Excel, build: plain(sixtyMB("PK\x03\x04")), want: "limit", kind: formats.ErrTooLarge},

		hostileCase{name: "pdf/empty file", ft: formats.PDF, build: plain(fixtures.Empty)},
		hostileCase{name: "pdf/wrong magic", ft: formats.PDF, build: plain(fixtures.WrongMagic)},
		hostileCase{name: "pdf/declared but docx", ft: formats.PDF, build: plain(fixtures.TwoColumn)},
		hostileCase{name: "pdf/truncated", ft: formats.PDF, build: plain(func() []byte {
			d := fixtures.PDFForm()
			return d[:len(d)/2]
		}), mayPass: true},
		hostileCase{name: "pdf/broken xref", ft: formats.PDF, build: plain(brokenXrefPDF), mayPass: true},
		hostileCase{name: "pdf/circular pages", ft: formats.PDF, build: plain(circularPagesPDF), want: "page tree", kind: formats.ErrInvalidDocument},
		// Issue 38: 2 KB whose page tree repeats one node at every level
		// and claims a billion pages held a worker for minutes per run.
		hostileCase{name: "pdf/page tree claiming a billion pages", ft: formats.PDF, build: plain(billionPagesPDF), want: "page tree", kind: formats.ErrInvalidDocument},
		hostileCase{name: "pdf/circular fields", ft: formats.PDF, build: plain(circularFieldsPDF), mayPass: true},
		hostileCase{name: "pdf/encrypted", ft: formats.PDF, build: once(encryptedPDF), want: "encrypt", kind: formats.ErrUnsupported, needs: "qpdf"},
		hostileCase{name: "pdf/pure XFA", ft: formats.PDF, build: plain(fixtures.PDFPureXFA), want: "xfa", mayPass: true},
		hostileCase{name: "pdf/60 MB", ft: formats.PDF, build: plain(sixtyMB("%PDF-1.7\n")), want: "limit", kind: formats.ErrTooLarge},
	)
	return cs
}

// sixtyMB is a file of 60 MB that starts like the declared type.
func sixtyMB(magic string) func() []byte {
	return func() []byte {
		b := make([]byte, 60<<20)
		copy(b, magic)
		return b
	}
}

// rawPDF assembles a PDF from object bodies (object i+1 is objs[i]) with a
// correct xref table and trailer whose /Root is 1 0 R.
func rawPDF(objs ...string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
	offs := make([]int, len(objs))
	for i, o := range objs {
		offs[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, o := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}

// circularPagesPDF has a page tree whose node is its own parent and kid.
func circularPagesPDF() []byte {
	return rawPDF(
		`<< /Type /Catalog /Pages 2 0 R >>`,
		`<< /Type /Pages /Kids [2 0 R] /Parent 2 0 R /Count 1 >>`,
	)
}

// billionPagesPDF is about 2 KB: a page tree whose root claims /Count
// 1000000000 and whose nodes list the same kid a hundred times at each
// of three levels, down to one page.
func billionPagesPDF() []byte {
	kids := func(ref string) string { return strings.TrimSpace(strings.Repeat(ref+" ", 100)) }
	return rawPDF(
		`<< /Type /Catalog /Pages 2 0 R >>`,
		`<< /Type /Pages /Count 1000000000 /Kids [`+kids("3 0 R")+`] >>`,
		`<< /Type /Pages /Parent 2 0 R /Count 10000000 /Kids [`+kids("4 0 R")+`] >>`,
		`<< /Type /Pages /Parent 3 0 R /Count 100000 /Kids [`+kids("5 0 R")+`] >>`,
		`<< /Type /Page /Parent 4 0 R /MediaBox [0 0 612 792] >>`,
	)
}

// circularFieldsPDF has a sound page but an AcroForm field that is its own
// parent and kid.
func circularFieldsPDF() []byte {
	return rawPDF(
		`<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] >> >>`,
		`<< /Type /Pages /Kids [3 0 R] /Count 1 >>`,
		`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [4 0 R] >>`,
		`<< /T (loop) /FT /Tx /Kids [4 0 R] /Parent 4 0 R /Subtype /Widget /Rect [0 0 10 10] /P 3 0 R >>`,
	)
}

// brokenXrefPDF is the form fixture with every xref offset and startxref
// pointing nowhere.
func brokenXrefPDF() []byte {
	d := bytes.Clone(fixtures.PDFForm())
	i := bytes.LastIndex(d, []byte("startxref"))
	if i < 0 {
		panic("fixture PDF has no startxref")
	}
	tail := []byte("startxref\n999999999\n%%EOF\n")
	d = append(d[:i], tail...)
	return bytes.ReplaceAll(d, []byte(" 00000 n"), []byte(" 00000 x"))
}

// encryptedPDF is the form fixture encrypted (AES-256, user password) by
// qpdf. Its case says it needs qpdf, so that only that case is skipped when
// qpdf is absent (see hostileCase.require), never the test building it.
func encryptedPDF(tb testing.TB) []byte {
	dir := tb.TempDir()
	in, out := filepath.Join(dir, "in.pdf"), filepath.Join(dir, "out.pdf")
	if err := os.WriteFile(in, fixtures.PDFForm(), 0o600); err != nil {
		tb.Fatal(err)
	}
	cmd := exec.Command("qpdf", "--encrypt", "user-secret", "owner-secret", "256", "--", in, out)
	if b, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("qpdf --encrypt: %v: %s", err, b)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}
