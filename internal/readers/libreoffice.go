package readers

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
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
// has no BOM and "\n" line ends.
func LibreOfficeText(tb testing.TB, doc []byte, ext string) string {
	tb.Helper()
	switch strings.ToLower(strings.TrimPrefix(ext, ".")) {
	case "docx", "doc", "odt", "rtf":
		out := convert(tb, doc, ext, txtFilter)
		if len(out) != 1 {
			tb.Fatalf("readers: LibreOffice wrote %d text files, want 1", len(out))
		}
		return out[0].text
	case "xlsx", "xls", "ods":
		var sb strings.Builder
		for _, s := range convert(tb, doc, ext, csvFilter) {
			fmt.Fprintf(&sb, "== sheet: %s ==\n%s\n", s.name, strings.TrimSuffix(s.text, "\n"))
		}
		return sb.String()
	}
	tb.Fatalf("readers: LibreOfficeText cannot convert %q; want docx or xlsx", ext)
	return ""
}

// LibreOfficeSheets opens an .xlsx in headless LibreOffice and returns each
// sheet's CSV export (comma-separated, raw values, formula results), hidden
// sheets included, keyed by sheet name.
func LibreOfficeSheets(tb testing.TB, xlsx []byte) map[string]string {
	tb.Helper()
	out := map[string]string{}
	for _, s := range convert(tb, xlsx, "xlsx", csvFilter) {
		out[s.name] = s.text
	}
	return out
}

// converted is one output file of a conversion.
type converted struct {
	name string // sheet name for CSV, empty for text
	text string
}

// convert runs soffice --convert-to filter on doc and returns the files it
// wrote, in the order it wrote them.
func convert(tb testing.TB, doc []byte, ext, filter string) []converted {
	tb.Helper()
	soffice := lookPath(tb, "soffice", "apt-get install libreoffice-writer-nogui libreoffice-calc-nogui")
	in := writeTemp(tb, "doc."+strings.TrimPrefix(ext, "."), doc)
	outDir := tb.TempDir()
	res, err := withProfile(tb, func(profile string) (result, error) {
		return run(DefaultTimeout, outDir, soffice, "--headless", "--norestore", "-env:UserInstallation="+profile,
			"--convert-to", filter, "--outdir", outDir, in)
	})
	if err != nil {
		tb.Fatalf("readers: LibreOffice: %v\n%s%s", err, res.stdout, res.stderr)
	}
	files, _ := filepath.Glob(filepath.Join(outDir, "*"))
	if res.exit != 0 || len(files) == 0 {
		tb.Fatalf("readers: LibreOffice could not convert the %s (exit %d):\n%s%s", ext, res.exit, res.stdout, tail(res.stderr, 4000))
	}
	var out []converted
	if m := sheetLine.FindAllStringSubmatch(string(res.stdout), -1); len(m) > 0 {
		for _, s := range m {
			out = append(out, converted{name: s[1], text: readText(tb, s[2])})
		}
		return out
	}
	sort.Strings(files)
	for _, f := range files {
		out = append(out, converted{text: readText(tb, f)})
	}
	return out
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
