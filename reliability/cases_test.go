package reliability

import (
	"archive/zip"
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
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
}

// once memoises a builder: several tests share the big inputs.
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

// hostileCases is the matrix of hostile inputs, smallest first.
func hostileCases() []hostileCase {
	var cs []hostileCase
	for _, h := range fixtures.HostileDocx() {
		c := hostileCase{name: "docx/" + h.Name, ft: formats.Word, build: plain(h.Build)}
		switch h.Name {
		case "zip bomb", "entry flood":
			c.want = "large"
		case "deep nesting":
			c.large = true
		}
		cs = append(cs, c)
	}
	cs = append(cs,
		hostileCase{name: "docx/declared but pdf", ft: formats.Word, build: plain(fixtures.PDFForm)},
		hostileCase{name: "docx/60 MB", ft: formats.Word, build: plain(sixtyMB("PK\x03\x04")), want: "limit"},

		hostileCase{name: "xlsx/empty file", ft: formats.Excel, build: plain(fixtures.Empty)},
		hostileCase{name: "xlsx/wrong magic", ft: formats.Excel, build: plain(fixtures.WrongMagic)},
		hostileCase{name: "xlsx/declared but docx", ft: formats.Excel, build: plain(fixtures.TwoColumn)},
		hostileCase{name: "xlsx/truncated", ft: formats.Excel, build: plain(func() []byte {
			d := fixtures.ExcelVendorAssessment()
			return d[:len(d)/2]
		})},
		hostileCase{name: "xlsx/zip bomb", ft: formats.Excel, want: "large", build: plain(func() []byte {
			return fixtures.ZipBomb(fixtures.WithEntry("xl/worksheets/sheet1.xml"))
		})},
		hostileCase{name: "xlsx/lying zip bomb", ft: formats.Excel, build: plain(func() []byte {
			return fixtures.ZipBomb(fixtures.WithEntry("xl/worksheets/sheet1.xml"),
				fixtures.WithInflatedSize(300<<20), fixtures.WithDeclaredSize(1<<10))
		})},
		hostileCase{name: "xlsx/60 MB", ft: formats.Excel, build: plain(sixtyMB("PK\x03\x04")), want: "limit"},

		hostileCase{name: "pdf/empty file", ft: formats.PDF, build: plain(fixtures.Empty)},
		hostileCase{name: "pdf/wrong magic", ft: formats.PDF, build: plain(fixtures.WrongMagic)},
		hostileCase{name: "pdf/declared but docx", ft: formats.PDF, build: plain(fixtures.TwoColumn)},
		hostileCase{name: "pdf/truncated", ft: formats.PDF, build: plain(func() []byte {
			d := fixtures.PDFForm()
			return d[:len(d)/2]
		}), mayPass: true},
		hostileCase{name: "pdf/broken xref", ft: formats.PDF, build: plain(brokenXrefPDF), mayPass: true},
		hostileCase{name: "pdf/circular pages", ft: formats.PDF, build: plain(circularPagesPDF), mayPass: true},
		hostileCase{name: "pdf/circular fields", ft: formats.PDF, build: plain(circularFieldsPDF), mayPass: true},
		hostileCase{name: "pdf/encrypted", ft: formats.PDF, build: once(encryptedPDF), want: "encrypt"},
		hostileCase{name: "pdf/pure XFA", ft: formats.PDF, build: plain(fixtures.PDFPureXFA), want: "xfa", mayPass: true},
		hostileCase{name: "pdf/60 MB", ft: formats.PDF, build: plain(sixtyMB("%PDF-1.7\n")), want: "limit"},
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

// MillionRows is the row count of the big sheet.
const millionRows = 1_000_000

// millionRowXLSX is a workbook whose one sheet has a million rows of two
// cells each (~90 MB of sheet XML, a few MB zipped: under every archive
// limit), streamed into the zip so the test never holds the XML.
func millionRowXLSX(tb testing.TB) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	put := func(name, body string) {
		w, err := zw.Create(name)
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := w.Write([]byte(body)); err != nil {
			tb.Fatal(err)
		}
	}
	put("[Content_Types].xml", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`)
	put("_rels/.rels", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`)
	put("xl/workbook.xml", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Big" sheetId="1" r:id="rId1"/></sheets></workbook>`)
	put("xl/_rels/workbook.xml.rels", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`)
	w, err := zw.Create("xl/worksheets/sheet1.xml")
	if err != nil {
		tb.Fatal(err)
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	bw.WriteString(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n" +
		`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`)
	for r := 1; r <= millionRows; r++ {
		fmt.Fprintf(bw, `<row r="%d"><c r="A%d" t="inlineStr"><is><t>Question %d</t></is></c><c r="B%d"/></row>`, r, r, r, r)
	}
	bw.WriteString(`</sheetData></worksheet>`)
	if err := bw.Flush(); err != nil {
		tb.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
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
// qpdf; the test skips when qpdf is absent.
func encryptedPDF(tb testing.TB) []byte {
	if _, err := exec.LookPath("qpdf"); err != nil {
		tb.Skip("qpdf: not installed")
	}
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
