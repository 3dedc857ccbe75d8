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
