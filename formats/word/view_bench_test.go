package word

import (
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/realdocs"
)

// BenchmarkReadDocument reads the whole view of the long real agreements
// (ILPA's LPA, 175 KB; NVCA's SPA, 140 KB) in process: parse, numbering,
// headers, style IDs, and the TOON of the whole document.
func BenchmarkReadDocument(b *testing.B) {
	for _, name := range []string{"ilpa-lpa-deal-by-deal.docx", "nvca-spa.docx"} {
		doc := realdocs.Read(b, "agreements", name)
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			for b.Loop() {
				rows, err := New().ReadDocument(doc)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := formats.NewDocumentView(rows, formats.ViewTOON, formats.Page{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkExtractAgreement builds the compact map of the long real
// agreements, whose answer-target scan (blanks in clause prose) is the
// part of extract that grows with the text.
func BenchmarkExtractAgreement(b *testing.B) {
	for _, name := range []string{"ilpa-lpa-deal-by-deal.docx", "nvca-spa.docx"} {
		doc := realdocs.Read(b, "agreements", name)
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := New().ExtractCompact(doc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
