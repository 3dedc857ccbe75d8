package readers

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
)

// csvFilter is LibreOffice's CSV export: comma, double quotes, UTF-8,
// raw values (not as formatted on screen), formula results (not formulas),
// and token 12 = -1: every sheet to its own file, <name>-<sheet>.csv.
const csvFilter = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1"

// txtFilter is Writer's plain-text export in UTF-8.
const txtFilter = "txt:Text (encoded):UTF8"

// sheetLine is what soffice prints for each sheet it writes, in workbook
// order: "Writing sheet Questions -> /tmp/…/book-Questions.csv".
var sheetLine = regexp.MustCompile(`(?m)^Writing sheet (.*) -> (.*\.csv)\s*$`)

// LibreOfficeText opens doc in headless LibreOffice and returns the text
// it converts the document to: ext "docx" (also "doc", "odt", "rtf") is
// exported as plain text, one line per paragraph (table cells one per
// line); ext "xlsx" (also "xls", "ods") as CSV of ALL sheets, each
// introduced by a line "== sheet: <name> ==" in workbook order (see
// LibreOfficeSheets). A document LibreOffice cannot open fails tb. The text
// has no BOM and "\n" line ends. Each call starts LibreOffice (seconds);
// LibreOfficeTexts converts many documents in one start.
func LibreOfficeText(tb testing.TB, doc []byte, ext string) string {
	tb.Helper()
	return LibreOfficeTexts(tb, [][]byte{doc}, ext)[0]
}

// LibreOfficeTexts is LibreOfficeText for several documents of the same
// type, converted by one LibreOffice run; texts come back in the order of
// docs. Any document LibreOffice cannot open fails tb, naming its index.
func LibreOfficeTexts(tb testing.TB, docs [][]byte, ext string) []string {
	tb.Helper()
	ext = strings.ToLower(strings.TrimPrefix(ext, "."))
	var filter string
	switch ext {
	case "docx", "doc", "odt", "rtf":
		filter = txtFilter
	case "xlsx", "xls", "ods":
		filter = csvFilter
	default:
		tb.Fatalf("readers: LibreOffice conversion of %q is not supported; want docx or xlsx", ext)
	}
	outs := convert(tb, docs, ext, filter)
	texts := make([]string, len(docs))
	for i, files := range outs {
		if filter == txtFilter {
			texts[i] = files[0].text
			continue
		}
		var sb strings.Builder
		for _, s := range files {
			fmt.Fprintf(&sb, "== sheet: %s ==\n%s\n", s.name, strings.TrimSuffix(s.text, "\n"))
		}
		texts[i] = sb.String()
	}
	return texts
}

// LibreOfficePDFs opens each document (all of type ext, e.g. "docx") in
// one headless LibreOffice run and returns the PDF it lays each out as, in
// the order of docs: what a user printing the document gets. A document
// LibreOffice cannot open fails tb. Pair it with PDFText to check the text
// of the rendering and PDFPagePNG to look at a page.
func LibreOfficePDFs(tb testing.TB, docs [][]byte, ext string) [][]byte {
	tb.Helper()
	ext = strings.ToLower(strings.TrimPrefix(ext, "."))
	outs := convert(tb, docs, ext, "pdf")
	pdfs := make([][]byte, len(outs))
	for i, files := range outs {
		pdfs[i] = []byte(files[0].text)
	}
	return pdfs
}

// LibreOfficeSheets opens an .xlsx in headless LibreOffice and returns each
// sheet's CSV export (comma-separated, raw values, formula results), hidden
// sheets included, keyed by sheet name.
func LibreOfficeSheets(tb testing.TB, xlsx []byte) map[string]string {
	tb.Helper()
	out := map[string]string{}
	for _, s := range convert(tb, [][]byte{xlsx}, "xlsx", csvFilter)[0] {
		out[s.name] = s.text
	}
	return out
}

// resaveFilters are the export filters LibreOfficeResave saves with.
var resaveFilters = map[string]string{
	"xlsx": "xlsx:Calc MS Excel 2007 XML",
	"docx": "docx:MS Word 2007 XML",
}

// LibreOfficeResave opens doc (of type ext, "xlsx" or "docx") in headless
// LibreOffice and returns it saved again in the same format: what
// LibreOffice read of the document, written by its own code, for a reader
// to check that nothing was dropped (a workbook's notes, say). A document
// LibreOffice cannot open fails tb.
func LibreOfficeResave(tb testing.TB, doc []byte, ext string) []byte {
	tb.Helper()
	filter, ok := resaveFilters[ext]
	if !ok {
		tb.Fatalf("readers: LibreOfficeResave of %q is not supported; want xlsx or docx", ext)
	}
	return []byte(convert(tb, [][]byte{doc}, ext, filter)[0][0].text)
}

// converted is one output file of a conversion.
type converted struct {
	name string // sheet name for CSV, empty for text
	text string
}

// convert runs one soffice --convert-to filter over docs (written as
// d000.ext, d001.ext …) and returns, per document, the files it wrote in
// the order it wrote them. A document without output fails tb.
func convert(tb testing.TB, docs [][]byte, ext, filter string) [][]converted {
	tb.Helper()
	soffice := lookPath(tb, "soffice", "apt-get install libreoffice-writer-nogui libreoffice-calc-nogui")
	inDir, outDir := tb.TempDir(), tb.TempDir()
	args := []string{"--headless", "--norestore", "", "--convert-to", filter, "--outdir", outDir}
	for i, d := range docs {
		p := filepath.Join(inDir, fmt.Sprintf("d%03d.%s", i, ext))
		if err := os.WriteFile(p, d, 0o600); err != nil {
			tb.Fatalf("readers: %v", err)
		}
		args = append(args, p)
	}
	res, err := withProfile(tb, func(profile string) (result, error) {
		args[2] = "-env:UserInstallation=" + profile
		return run(DefaultTimeout, outDir, soffice, args...)
	})
	if err != nil {
		tb.Fatalf("readers: LibreOffice: %v\n%s%s", err, res.stdout, res.stderr)
	}
	if res.exit != 0 {
		tb.Fatalf("readers: LibreOffice failed (exit %d):\n%s%s", res.exit, res.stdout, tail(res.stderr, 4000))
	}
	out := make([][]converted, len(docs))
	sheets := sheetLine.FindAllStringSubmatch(string(res.stdout), -1)
	for i := range docs {
		base := fmt.Sprintf("d%03d", i)
		if filter == csvFilter {
			for _, s := range sheets {
				if strings.HasPrefix(filepath.Base(s[2]), base+"-") {
					out[i] = append(out[i], converted{name: s[1], text: readText(tb, s[2])})
				}
			}
		} else if p := filepath.Join(outDir, base+".pdf"); filter == "pdf" && fileExists(p) {
			b, err := os.ReadFile(p)
			if err != nil {
				tb.Fatalf("readers: LibreOffice output: %v", err)
			}
			out[i] = []converted{{text: string(b)}}
		} else if p := filepath.Join(outDir, base+"."+ext); strings.HasPrefix(filter, ext+":") && fileExists(p) {
			b, err := os.ReadFile(p)
			if err != nil {
				tb.Fatalf("readers: LibreOffice output: %v", err)
			}
			out[i] = []converted{{text: string(b)}}
		} else if p := filepath.Join(outDir, base+".txt"); fileExists(p) {
			out[i] = []converted{{text: readText(tb, p)}}
		}
		if len(out[i]) == 0 {
			tb.Fatalf("readers: LibreOffice could not convert document %d of %d (.%s):\n%s%s", i, len(docs), ext, res.stdout, tail(res.stderr, 4000))
		}
	}
	return out
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// readText reads a converted file and normalises it: no BOM, "\n" only.
func readText(tb testing.TB, path string) string {
	tb.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatalf("readers: LibreOffice output: %v", err)
	}
	s := strings.TrimPrefix(string(b), "\ufeff")
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

// withProfile runs f with a LibreOffice user profile of its own. Creating a
// profile costs seconds per start, so one profile per user is reused, and
// an exclusive flock keeps two conversions (other tests, other test
// binaries) from sharing it at the same time. A conversion that times out
// may leave the profile locked or half-written, so it is thrown away.
func withProfile(tb testing.TB, f func(profileURL string) (result, error)) (result, error) {
	tb.Helper()
	dir := filepath.Join(os.TempDir(), fmt.Sprintf("lo-formfill-readers-%d", os.Getuid()))
	lock, err := os.OpenFile(dir+".lock", os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		tb.Fatalf("readers: LibreOffice profile lock: %v", err)
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		tb.Fatalf("readers: LibreOffice profile lock: %v", err)
	}
	defer syscall.Flock(int(lock.Fd()), syscall.LOCK_UN)
	res, err := f("file://" + dir)
	if err != nil {
		os.RemoveAll(dir)
	}
	return res, err
}
