package readers

import "testing"

// PDFJavaScript returns the scripts poppler's pdfinfo -js finds in pdf:
// document-level (/Names), open and field actions, each under a heading
// pdfinfo writes. It fails tb if pdfinfo cannot read pdf.
func PDFJavaScript(tb testing.TB, pdf []byte) string {
	tb.Helper()
	bin := lookPath(tb, "pdfinfo", "apt-get install poppler-utils")
	res, err := run(DefaultTimeout, "", bin, "-js", writeTemp(tb, "js.pdf", pdf))
	if err != nil {
		tb.Fatalf("readers: pdfinfo: %v", err)
	}
	if res.exit != 0 {
		tb.Fatalf("readers: pdfinfo -js could not read the PDF (exit %d):\n%s", res.exit, tail(res.stderr, 2000))
	}
	return string(res.stdout)
}
