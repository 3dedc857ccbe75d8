package excel

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/realdocs"
)

// BenchmarkExtract measures extract_structure_compact on the CAIQ (333
// rows × 49 columns, the largest workbook of the shared forms).
func BenchmarkExtract(b *testing.B) {
	doc := caiq(b)
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		if _, err := New().ExtractCompact(doc); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWrite measures write_answers of 100 answers on the CAIQ; with
// notes, every one of them uncertain and noted (comment_uncertain).
func BenchmarkWrite(b *testing.B) {
	doc := caiq(b)
	answers := caiqAnswers(b, doc)
	noted := make([]formats.Answer, len(answers))
	for i, a := range answers {
		a.Confidence, a.Note = formats.Uncertain, "checked with the team"
		noted[i] = a
	}
	for _, c := range []struct {
		name    string
		answers []formats.Answer
		opts    formats.WriteOptions
	}{
		{"plain", answers, formats.WriteOptions{}},
		{"with notes", noted, formats.WriteOptions{CommentUncertain: true, Date: reviewDate}},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			for b.Loop() {
				if _, err := New().Write(doc, c.answers, c.opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// caiqAnswers are 100 answers to the CAIQ's targets.
func caiqAnswers(b *testing.B, doc []byte) []formats.Answer {
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
	return answers
}

// realWorkbooks are the largest labelled questionnaires outside the
// repository (see internal/realdocs).
var realWorkbooks = []string{"csa-caiq-v4.0.3.xlsx", "pci-dss-4.0.1-prioritized-approach-tool.xlsx", "hecvat-full-3.06-educause.xlsx", "hhs-sra-tool-3.3.xlsx"}

// BenchmarkExtractReal measures extract_structure_compact, target
// detection included, on the largest real questionnaires.
func BenchmarkExtractReal(b *testing.B) {
	root := realdocs.Dir()
	for _, name := range realWorkbooks {
		doc, err := os.ReadFile(filepath.Join(root, "questionnaires", name))
		if err != nil {
			if doc, err = os.ReadFile(filepath.Join(root, name)); err != nil {
				b.Logf("%s not found under %s: skipped", name, root)
				continue
			}
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			for b.Loop() {
				if _, err := New().ExtractCompact(doc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
