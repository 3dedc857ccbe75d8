package word

import (
	"testing"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/internal/realdocs"
)

// BenchmarkBlankScan runs the placeholder and label tests write and
// extract ask of every paragraph over a long agreement's and a
// questionnaire's paragraph texts: the scanners alone, without the tree.
func BenchmarkBlankScan(b *testing.B) {
	for _, doc := range []struct{ dir, name string }{
		{"agreements", "nvca-spa.docx"}, {"questionnaires", "vibe-legal-vendor-questionnaire.docx"},
	} {
		d, err := open(realdocs.Read(b, doc.dir, doc.name), nil, nil)
		if err != nil {
			b.Fatal(err)
		}
		var texts []string
		descend(d.body, func(e *etree.Element) bool {
			if isW(e, "p") {
				texts = append(texts, textOf(e))
			}
			return true
		})
		b.Run(doc.name, func(b *testing.B) {
			n := 0
			for b.Loop() {
				for _, t := range texts {
					if firstPlaceholder(t) != nil {
						n++
					}
					if hasBlank(t, true) || isLabelLine(t) {
						n++
					}
				}
			}
			if n < 0 {
				b.Log(n)
			}
		})
	}
}
