package bench

import (
	"context"
	"testing"
)

// BenchmarkExecuteByKind is the in-process baseline as a Go benchmark: one
// job of each kind of the default mix on the large Word questionnaire, so a
// change in the engines shows up in `go test -bench` before it shows in
// `formfill bench`.
func BenchmarkExecuteByKind(b *testing.B) {
	docs, _, err := loadCorpus(context.Background(), []string{"word/large_questionnaire.docx"})
	if err != nil {
		b.Fatal(err)
	}
	for _, kind := range []string{"fill", "extract_compact", "verify"} {
		b.Run(kind, func(b *testing.B) {
			m, err := ParseMix(kind + "=1")
			if err != nil {
				b.Fatal(err)
			}
			p, err := newPlan(m, 1, docs)
			if err != nil {
				b.Fatal(err)
			}
			payload, doc := p.job(0)
			b.SetBytes(int64(len(doc)))
			for b.Loop() {
				if _, _, err := execute(context.Background(), payload, doc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkSummarize(b *testing.B) {
	ds := ms(make([]int, 10000)...)
	for i := range ds {
		ds[i] = ds[i] + ms(i % 997)[0]
	}
	for b.Loop() {
		Summarize(ds)
	}
}
