package pdf

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/formfill/formfill/formats"
)

// largestSharedPDF returns the biggest PDF in ../shared/forms.
func largestSharedPDF(b *testing.B) []byte {
	var best string
	var size int64
	for _, p := range sharedPDFs(b) {
		if st, err := os.Stat(p); err == nil && st.Size() > size {
			best, size = p, st.Size()
		}
	}
	doc, err := os.ReadFile(best)
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("%s, %d bytes", filepath.Base(best), len(doc))
	return doc
}

func BenchmarkExtract(b *testing.B) {
	doc := largestSharedPDF(b)
	e := New()
	b.SetBytes(int64(len(doc)))
	b.ResetTimer()
	for b.Loop() {
		if _, err := e.ExtractCompact(doc); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWrite(b *testing.B) {
	doc := largestSharedPDF(b)
	e := New()
	answers := sharedAnswers(mustOpenB(b, doc).fields)
	b.SetBytes(int64(len(doc)))
	b.ResetTimer()
	for b.Loop() {
		if _, err := e.Write(doc, answers, formats.WriteOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func mustOpenB(b *testing.B, doc []byte) *document {
	d, err := open(doc)
	if err != nil {
		b.Fatal(err)
	}
	return d
}
