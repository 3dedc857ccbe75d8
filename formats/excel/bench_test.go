package excel

import (
	"fmt"
	"testing"

	"github.com/formfill/formfill/formats"
)

// BenchmarkExtract measures extract_structure_compact on the CAIQ (333
// rows × 49 columns, the largest workbook in ../shared/forms).
func BenchmarkExtract(b *testing.B) {
	doc := caiq(b)
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		if _, err := New().ExtractCompact(doc); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWrite measures write_answers of 100 answers on the CAIQ.
func BenchmarkWrite(b *testing.B) {
	doc := caiq(b)
	fields, err := New().ListFields(doc)
	if err != nil {
		b.Fatal(err)
	}
	var answers []formats.Answer
	for i, f := range fields {
		if len(answers) == 100 {
			break
		}
		if f.Name == "Notes" || i%4 == 0 {
			answers = append(answers, formats.Answer{PairID: f.FieldID, AnswerText: fmt.Sprintf("answer %d", i)})
		}
	}
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		if _, err := New().Write(doc, answers, formats.WriteOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
