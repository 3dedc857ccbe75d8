package word

import (
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
)

// largeAnswers are 50 answers for the large questionnaire: the first 50
// Answer cells, table by table.
func largeAnswers(tb testing.TB) []formats.Answer {
	var out []formats.Answer
	for tbl := 1; tbl <= fixtures.LargeSections && len(out) < 50; tbl++ {
		for row := 2; row <= 11 && len(out) < 50; row++ {
			out = append(out, formats.Answer{
				PairID:     "T" + itoa(tbl) + "-R" + itoa(row) + "-C3",
				AnswerText: "Yes: documented, reviewed yearly by the CISO; evidence in annex " + itoa(len(out)+1),
			})
		}
	}
	if len(out) != 50 {
		tb.Fatalf("only %d targets", len(out))
	}
	return out
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

func BenchmarkExtract(b *testing.B) {
	doc := fixture(b, fixtures.WordLarge)
	e := New()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.ExtractCompact(doc); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWrite50(b *testing.B) {
	doc := fixture(b, fixtures.WordLarge)
	answers := largeAnswers(b)
	e := New()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.Write(doc, answers, formats.WriteOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkVerify(b *testing.B) {
	answers := largeAnswers(b)
	res, err := New().Write(fixture(b, fixtures.WordLarge), answers, formats.WriteOptions{})
	if err != nil {
		b.Fatal(err)
	}
	expected := formats.ExpectedFromAnswers(answers)
	e := New()
	b.ReportAllocs()
	for b.Loop() {
		rep, err := e.Verify(res.Document, expected)
		if err != nil || rep.Summary.Matched != 50 {
			b.Fatal(err, rep.Summary)
		}
	}
}

// BenchmarkEdits applies the in-place edits of the hand-built agreement
// scenario (replace_text, insert with tags, delete) in one call, plain and
// as tracked changes.
func BenchmarkEdits(b *testing.B) {
	doc := agreementDocx(b)
	answers := handBuiltEdits
	e := New()
	for _, c := range []struct {
		name string
		opts formats.WriteOptions
	}{{"plain", formats.WriteOptions{}}, {"tracked", formats.WriteOptions{TrackChanges: true, Date: reviewDate}}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := e.Write(doc, answers, c.opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
