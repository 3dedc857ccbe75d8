package excel

import (
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/realdocs"
)

// BenchmarkWriteFull writes every answer target of a real workbook
// (fullFill's answers), recalculation included: the allocation of a write
// whose dependents read INDIRECT and OFFSET through the workbook's
// defined names (OWASP SAMM's 60, read for each reference).
func BenchmarkWriteFull(b *testing.B) {
	for _, name := range []string{"owasp-samm-2.0-toolbox.xlsx", "watkins-ffiec-cat-3.4.2.xlsx"} {
		b.Run(name, func(b *testing.B) {
			doc := realdocs.Read(b, "questionnaires", name)
			answers, _, _ := fullFill(b, doc)
			b.SetBytes(int64(len(doc)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := New().Write(doc, answers, formats.WriteOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
