package worker

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/redistest"
	"github.com/formfill/formfill/jobs"
)

// The cost of the queue: the same fill jobs run through Redis by W worker
// slots versus called in-process by W goroutines. Compare jobs/s of
// BenchmarkFillThroughQueue/W=n with BenchmarkFillInProcess/W=n.

func benchFill(b *testing.B) (jobs.Payload, []byte) {
	doc, err := fixtures.Build(fixtures.WordLarge)
	if err != nil {
		b.Fatal(err)
	}
	e, _ := formats.Lookup(formats.Word)
	fields, err := e.ListFields(doc)
	if err != nil {
		b.Fatal(err)
	}
	var answers []formats.Answer
	for i, f := range fields {
		if len(answers) == 50 {
			break
		}
		answers = append(answers, formats.Answer{PairID: f.FieldID, AnswerText: fmt.Sprintf("Benchmark answer %d", i)})
	}
	return jobs.Payload{Kind: jobs.KindFill, FileType: formats.Word, Answers: answers}, doc
}

func BenchmarkFillInProcess(b *testing.B) {
	p, doc := benchFill(b)
	for _, w := range []int{1, 2, 4} {
		b.Run(fmt.Sprintf("W=%d", w), func(b *testing.B) {
			work := make(chan struct{})
			var wg sync.WaitGroup
			start := time.Now()
			for range w {
				wg.Go(func() {
					for range work {
						if _, _, err := Execute(context.Background(), p, doc); err != nil {
							b.Error(err)
						}
					}
				})
			}
			for range b.N {
				work <- struct{}{}
			}
			close(work)
			wg.Wait()
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "jobs/s")
		})
	}
}

func BenchmarkFillThroughQueue(b *testing.B) {
	p, doc := benchFill(b)
	for _, w := range []int{1, 2, 4} {
		b.Run(fmt.Sprintf("W=%d", w), func(b *testing.B) {
			b.StopTimer()
			conn := redistest.Conn(b, testDB)
			client := jobs.NewClient(conn)
			defer client.Close()
			ctx := context.Background()
			docID, err := client.PutBlob(ctx, doc)
			if err != nil {
				b.Fatal(err)
			}
			p.DocID = docID
			// Saturation: the queue is full before the worker starts, so
			// no slot ever waits on asynq's idle poll.
			ids := make([]string, b.N)
			for i := range b.N {
				if ids[i], err = client.Submit(ctx, p, jobs.Queue(jobs.QueueBulk)); err != nil {
					b.Fatal(err)
				}
			}
			b.StartTimer()
			start := time.Now()
			wk, err := New(conn, Concurrency(w), Logger(quiet))
			if err != nil {
				b.Fatal(err)
			}
			if err := wk.Start(); err != nil {
				b.Fatal(err)
			}
			defer wk.Shutdown()
			for _, id := range ids {
				st, err := client.Wait(ctx, id, 20*time.Millisecond)
				if err != nil || st.State != jobs.StateCompleted {
					b.Fatalf("job %s: %+v %v", id, st, err)
				}
			}
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "jobs/s")
		})
	}
}
