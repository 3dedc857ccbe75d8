package excel

import (
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
)

// A fill's read-back holds none of the written model: once the review
// places are settled, the writer and the workbook it wrote are collected
// before the saved file is read back (the fill's peak), and the review
// list still names the questions as they were before the write.
func TestFillReadBackReleasesWrittenModel(t *testing.T) {
	answers := []formats.Answer{
		{PairID: "S1-R3-C3", AnswerText: "Yes", Confidence: formats.Uncertain, Note: "per the 2024 audit"},
		{PairID: "S1-R5-C3", AnswerText: "42", Confidence: formats.Known},
		{PairID: "S2-R1-C2", AnswerText: "Acme Ltd", Confidence: formats.Uncertain},
	}
	for _, tc := range []struct {
		name string
		opts formats.WriteOptions
		// wantComment is the first review item's comment place.
		wantComment string
	}{
		{name: "without notes", opts: formats.WriteOptions{}},
		{name: "with the notes the write adds", opts: noteOpts, wantComment: "Excel note on S1-R3-C3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, w, rv, err := New().write(fixture(t), answers, tc.opts, true)
			if err != nil {
				t.Fatal(err)
			}
			rb := w.readBackPlan(answers, rv)
			var released atomic.Int32
			runtime.AddCleanup(w, func(*atomic.Int32) { released.Add(1) }, &released)
			runtime.AddCleanup(w.wb, func(*atomic.Int32) { released.Add(1) }, &released)
			runtime.AddCleanup(rv, func(*atomic.Int32) { released.Add(1) }, &released)
			w, rv = nil, nil
			for i := 0; i < 20 && released.Load() < 3; i++ {
				runtime.GC()
				time.Sleep(time.Millisecond) // cleanups run on their own goroutine
			}
			if n := released.Load(); n != 3 {
				t.Fatalf("%d of the writer, its workbook and the reviewer collected before the read-back; want all 3", n)
			}
			rep, err := rb.verifySaved(res.Document)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Summary.Matched != len(answers) {
				t.Errorf("report %+v: want every answer matched", rep.Summary)
			}
			if len(rep.Review) != 2 {
				t.Fatalf("review list %+v: want the two uncertain answers", rep.Review)
			}
			if first := rep.Review[0]; first.Question != "Do you encrypt customer data at rest?" || first.QuestionID != "S1-R3-C2" || first.Comment != tc.wantComment {
				t.Errorf("review item %+v: want the question in S1-R3-C2 and comment %q", first, tc.wantComment)
			}
		})
	}
}
