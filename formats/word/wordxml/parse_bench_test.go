package wordxml

import (
	"archive/zip"
	"bytes"
	"io"
	"testing"

	"github.com/formfill/formfill/internal/realdocs"
)

// BenchmarkParseAgreement parses and writes back the document.xml of a
// long agreement: the part of a Word write that is wordxml's, and the
// lazy parse a write could use instead.
func BenchmarkParseAgreement(b *testing.B) {
	for _, name := range []string{"nvca-spa.docx", "ilpa-lpa-deal-by-deal.docx"} {
		raw := documentXML(b, realdocs.Read(b, "agreements", name))
		b.Run(name+"/parse", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := Parse(raw, "document", nil, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
		// What a write would parse if it built only the paragraphs the
		// answers touch (formatting kept): the bound of a lazy write.
		b.Run(name+"/parse-lazy", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				_, lz, err := ParseLazy(raw, "document", nil, "w:p", "w:tc", nil)
				if err != nil {
					b.Fatal(err)
				}
				lz.Close()
			}
		})
		// What a verify parses: the paragraphs deferred and the formatting
		// left out (word's formatting set), nothing built.
		b.Run(name+"/parse-lazy-verify", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				_, lz, err := ParseLazy(raw, "document", verifySkip, "w:p", "w:tc", nil)
				if err != nil {
					b.Fatal(err)
				}
				lz.Close()
			}
		})
		// The write of a lazy parse, nothing built: the paragraphs the read
		// found in Write's form copied whole, and every tag checked
		// (transcribed token by token, slow).
		for _, slow := range []bool{false, true} {
			b.Run(name+"/write-lazy-"+map[bool]string{false: "copy", true: "transcribe"}[slow], func(b *testing.B) {
				x, lz, err := ParseLazy(raw, "document", nil, "w:p", "w:tc", nil)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				var out []byte
				for i := 0; i < b.N; i++ {
					if out, err = writeLazy(out, x, len(raw), lz, nil, slow); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
		x, err := Parse(raw, "document", nil, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name+"/write", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				Write(nil, x, len(raw))
			}
		})
	}
}

// verifySkip is the formatting a verify leaves out of the tree (word's
// formatting set).
var verifySkip = map[string]bool{
	"w:rPr": true, "w:pPr": true, "w:tcPr": true, "w:trPr": true, "w:tblPr": true,
	"w:tblPrEx": true, "w:tblGrid": true, "w:sectPr": true, "w:sdtEndPr": true,
}

// documentXML is word/document.xml of the .docx data.
func documentXML(b testing.TB, data []byte) []byte {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		b.Fatal(err)
	}
	f, err := zr.Open("word/document.xml")
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	raw, err := io.ReadAll(f)
	if err != nil {
		b.Fatal(err)
	}
	return raw
}
