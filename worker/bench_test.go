package worker

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/jobstest"
	"github.com/formfill/formfill/internal/redistest"
	"github.com/formfill/formfill/jobs"
	"github.com/hibiken/asynq"
)

// The cost of the queue: the same fill jobs run through Redis by W worker
// slots versus called in-process by W goroutines. Compare jobs/s of
// BenchmarkFillThroughQueue/W=n with BenchmarkFillInProcess/W=n.

// benchAnswers is how many fields of the large questionnaire the fill
// benchmarks answer (FORMFILL_BENCH_ANSWERS overrides it; it has 132).
var benchAnswers = envInt("FORMFILL_BENCH_ANSWERS", 50)

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

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
		if len(answers) == benchAnswers {
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

// queueFills uploads doc and queues b.N copies of the fill p on the bulk
// queue, before any worker runs: at saturation no slot ever waits on
// asynq's idle poll. The client is closed when the benchmark ends.
func queueFills(b *testing.B, p jobs.Payload, doc []byte) (asynq.RedisConnOpt, *jobs.Client, []string) {
	b.Helper()
	conn := redistest.Conn(b, testDB)
	client := jobs.NewClient(conn)
	b.Cleanup(func() { client.Close() })
	ctx := context.Background()
	var err error
	if p.DocID, err = client.PutBlob(ctx, doc); err != nil {
		b.Fatal(err)
	}
	ids := make([]string, b.N)
	for i := range b.N {
		if ids[i], err = client.Submit(ctx, p, jobs.Queue(jobs.QueueBulk)); err != nil {
			b.Fatal(err)
		}
	}
	return conn, client, ids
}

func BenchmarkFillThroughQueue(b *testing.B) {
	p, doc := benchFill(b)
	for _, w := range []int{1, 2, 4} {
		b.Run(fmt.Sprintf("W=%d", w), func(b *testing.B) {
			b.StopTimer()
			conn, client, ids := queueFills(b, p, doc)
			ctx := context.Background()
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
				st, err := jobstest.Settled(ctx, client, id, 20*time.Millisecond)
				if err != nil || st.State != jobs.StateCompleted {
					b.Fatalf("job %s: %+v %v", id, st, err)
				}
			}
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "jobs/s")
		})
	}
}

// BenchmarkQueueOverhead measures what the queue costs a worker per job with
// the engine taken out: the fake engine returns a real fill's result and
// output document at once, so what is left is dequeue, payload decode, blob
// fetch, result and output store and completion. The jobs are queued before
// the timer starts and their completion is read from the queue's counter,
// so no client polls weigh on the figure. cpu-µs/job is this process's CPU
// (user and system) per job; compare it with BenchmarkFillInProcess's
// ns/op × W, the engine's own CPU per job.
func BenchmarkQueueOverhead(b *testing.B) {
	p, doc := benchFill(b)
	res, out, err := Execute(context.Background(), p, doc)
	if err != nil {
		b.Fatal(err)
	}
	fake := executeFunc(func(context.Context, jobs.Payload, []byte) (*jobs.Result, []byte, error) {
		r := *res
		return &r, out, nil
	})
	for _, w := range []int{1, 2, 4} {
		b.Run(fmt.Sprintf("W=%d", w), func(b *testing.B) {
			b.StopTimer()
			conn, _, _ := queueFills(b, p, doc)
			insp := asynq.NewInspector(conn)
			defer insp.Close()
			wk, err := New(conn, Concurrency(w), Logger(quiet), withExecute(fake))
			if err != nil {
				b.Fatal(err)
			}
			cpu0 := processCPU(b)
			b.StartTimer()
			start := time.Now()
			if err := wk.Start(); err != nil {
				b.Fatal(err)
			}
			defer wk.Shutdown()
			for {
				qi, err := insp.GetQueueInfo(jobs.QueueBulk)
				if err != nil {
					b.Fatal(err)
				}
				if qi.Completed >= b.N {
					break
				}
				time.Sleep(5 * time.Millisecond)
			}
			b.StopTimer()
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "jobs/s")
			b.ReportMetric(float64((processCPU(b)-cpu0).Microseconds())/float64(b.N), "cpu-µs/job")
		})
	}
}

// processCPU is this process's CPU time so far, user and system.
func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
