package readers

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// RecalcTimeout bounds one LibreOfficeRecalculated run: loading,
// recalculating and saving the largest real workbook (HECVAT Full, 1.3
// MB) takes about a minute on a busy two-core machine.
const RecalcTimeout = 8 * time.Minute

// recalcAlways is the profile setting that makes LibreOffice recalculate
// every formula of an Excel 2007+ file on load. Its default ("never
// recalculate") keeps the cached values of a workbook whose app.xml says
// Microsoft Excel wrote it, fullCalcOnLoad or not, which would compare
// formfill's cached values with themselves.
const recalcAlways = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="ODFRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
`

// LibreOfficeRecalculated opens xlsx in headless LibreOffice, which
// recalculates every formula on load, and returns the workbook it saves:
// its cached values (XLSXCached) are LibreOffice's own. Each call runs
// in a profile of its own, so calls may run in parallel (parallel tests,
// other test binaries), and is killed after RecalcTimeout. A workbook
// LibreOffice cannot open, or does not finish in time, fails tb.
func LibreOfficeRecalculated(tb testing.TB, xlsx []byte) []byte {
	tb.Helper()
	soffice := lookPath(tb, "soffice", "apt-get install libreoffice-calc-nogui")
	profile, inDir, outDir := tb.TempDir(), tb.TempDir(), tb.TempDir()
	if err := os.MkdirAll(filepath.Join(profile, "user"), 0o700); err != nil {
		tb.Fatalf("readers: LibreOffice profile: %v", err)
	}
	if err := os.WriteFile(filepath.Join(profile, "user", "registrymodifications.xcu"), []byte(recalcAlways), 0o600); err != nil {
		tb.Fatalf("readers: LibreOffice profile: %v", err)
	}
	in := filepath.Join(inDir, "book.xlsx")
	if err := os.WriteFile(in, xlsx, 0o600); err != nil {
		tb.Fatalf("readers: %v", err)
	}
	res, err := run(RecalcTimeout, outDir, soffice, "--headless", "--norestore", "-env:UserInstallation=file://"+profile,
		"--convert-to", resaveFilters["xlsx"], "--outdir", outDir, in)
	if err != nil {
		tb.Fatalf("readers: LibreOffice recalculation: %v\n%s%s", err, res.stdout, tail(res.stderr, 4000))
	}
	out, err := os.ReadFile(filepath.Join(outDir, "book.xlsx"))
	if res.exit != 0 || err != nil {
		tb.Fatalf("readers: LibreOffice could not recalculate the workbook (exit %d, %v):\n%s%s", res.exit, err, res.stdout, tail(res.stderr, 4000))
	}
	return out
}
