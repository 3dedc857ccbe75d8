package word

import (
	"archive/zip"
	"bytes"
	"testing"

	"github.com/formfill/formfill/internal/fixtures"
)

// fixture builds a registered fixture or fails the test.
func fixture(tb testing.TB, name string) []byte {
	tb.Helper()
	b, err := fixtures.Build(name)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// bodyDocx packs hand-written body XML into a minimal .docx, for cases the
// fixtures do not cover (hostile or broken markup).
func bodyDocx(tb testing.TB, body string) []byte {
	tb.Helper()
	return rawDocx(tb, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`+
		`<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" `+
		`xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml"><w:body>`+body+`</w:body></w:document>`)
}

// rawDocx packs document.xml as given.
func rawDocx(tb testing.TB, documentXML string) []byte {
	tb.Helper()
	return zipOf(tb, map[string]string{
		"[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
		"word/document.xml":   documentXML,
	})
}

func zipOf(tb testing.TB, parts map[string]string) []byte {
	tb.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, name := range []string{"[Content_Types].xml", "word/document.xml", "word/styles.xml", "word/numbering.xml"} {
		data, ok := parts[name]
		if !ok {
			continue
		}
		w, err := zw.Create(name)
		if err != nil {
			tb.Fatal(err)
		}
		w.Write([]byte(data))
	}
	if err := zw.Close(); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// documentXMLOf returns word/document.xml of a .docx.
func documentXMLOf(tb testing.TB, doc []byte) string {
	tb.Helper()
	zr, err := zip.NewReader(bytes.NewReader(doc), int64(len(doc)))
	if err != nil {
		tb.Fatal(err)
	}
	for _, f := range zr.File {
		if f.Name == documentPart {
			rc, _ := f.Open()
			var b bytes.Buffer
			b.ReadFrom(rc)
			rc.Close()
			return b.String()
		}
	}
	tb.Fatal("no document.xml")
	return ""
}

const qaTable = `<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Name?</w:t></w:r></w:p></w:tc><w:tc><w:p/></w:tc></w:tr></w:tbl>`
