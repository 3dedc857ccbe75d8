package bench

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/formfill/formfill/jobs"
)

// outcome collects what the jobs of one run did.
type outcome struct {
	mu        sync.Mutex
	latencies []time.Duration
	failed    int
	errors    []string
}

const maxErrorSamples = 5

func (o *outcome) record(lat time.Duration, err error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.latencies = append(o.latencies, lat)
	if err != nil {
		o.failed++
		if len(o.errors) < maxErrorSamples {
			o.errors = append(o.errors, err.Error())
		}
	}
}

// run turns the outcome into a Result named name.
func (o *outcome) run(name string, workers int, elapsed time.Duration) Result {
	r := Result{Name: name, Workers: workers, Jobs: len(o.latencies), Failed: o.failed, Elapsed: elapsed,
		Latency: Summarize(o.latencies), Errors: o.errors}
	if elapsed > 0 {
		r.JobsPerSec = float64(r.Jobs) / elapsed.Seconds()
	}
	return r
}

// forEach runs fn for every index below count on n goroutines, in order of
// index. It returns the wall time from the first start to the last end.
func forEach(ctx context.Context, count, n int, fn func(ctx context.Context, i int)) time.Duration {
	next := make(chan int)
	var wg sync.WaitGroup
	start := time.Now()
	for range max(n, 1) {
		wg.Go(func() {
			for i := range next {
				fn(ctx, i)
			}
		})
	}
feed:
	for i := range count {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	return time.Since(start)
}

// runBaseline executes the plan in this process with worker.Execute on
// concurrency goroutines: no Redis, no serialisation, the engines alone.
// Its throughput is the ceiling the queued runs approach.
func runBaseline(ctx context.Context, p *plan, concurrency int) Result {
	var o outcome
	self := []int{os.Getpid()}
	before, okBefore := cpuOf(self)
	elapsed := forEach(ctx, len(p.kinds), concurrency, func(ctx context.Context, i int) {
		payload, doc := p.job(i)
		start := time.Now()
		_, _, err := execute(ctx, payload, doc)
		o.record(time.Since(start), wrapJob(i, payload.Kind, err))
	})
	after, okAfter := cpuOf(self)
	r := o.run("in-process", 0, elapsed)
	r.PeakRSS = selfRSS()
	if okBefore && okAfter {
		r.CPUMSPerJob = cpuMSPerJob(before, after, len(o.latencies))
	}
	return r
}

// queueDriver submits jobs through Redis and waits for each: a closed loop
// with inFlight jobs outstanding, so workers always find work queued while
// latency stays the time one job takes through the system (submit to
// completed, seen by polling every poll).
type queueDriver struct {
	client     *jobs.Backend
	queue      string
	inFlight   int
	group      int // fills per task; 1 sends every job alone
	poll       time.Duration
	jobTimeout time.Duration
}

// drive runs the plan through the queue. Each job is counted on its own,
// also in a group: a grouped job's latency is its group's.
func (q *queueDriver) drive(ctx context.Context, p *plan) (*outcome, time.Duration) {
	var o outcome
	units := p.units(q.group)
	elapsed := forEach(ctx, len(units), q.inFlight, func(ctx context.Context, u int) {
		start := time.Now()
		errs := q.task(ctx, p, units[u])
		lat := time.Since(start)
		for k, i := range units[u] {
			o.record(lat, wrapJob(i, p.kinds[i], errs[k]))
		}
	})
	return &o, elapsed
}

// task submits the jobs at indices unit as one task (a fill_group when
// there are several) and waits for it; it returns each job's error.
func (q *queueDriver) task(ctx context.Context, p *plan, unit []int) []error {
	errs := make([]error, len(unit))
	if len(unit) == 1 {
		payload, _ := p.job(unit[0])
		errs[0] = q.one(ctx, payload)
		return errs
	}
	group := jobs.Payload{Kind: jobs.KindFillGroup}
	for _, i := range unit {
		payload, _ := p.job(i)
		group.Group = append(group.Group, payload)
	}
	res, err := q.submitAndWait(ctx, group)
	for k := range unit {
		switch {
		case err != nil:
			errs[k] = err
		case k >= len(res.Group) || res.Group[k] == nil:
			errs[k] = fmt.Errorf("no result in its group")
		case res.Group[k].Error != nil:
			errs[k] = errors.New(res.Group[k].Error.Message)
		}
	}
	return errs
}

// measure runs a warm-up of inFlight jobs (not counted: the first jobs of
// a fresh worker pay for connections, and asynq's processors back off for up
// to 1.5 s after finding the queue empty at start), then the plan. Besides
// the outcome it fills in what the run cost per job: Redis's commands and
// CPU, and the CPU of the processes in workerPIDs.
func (q *queueDriver) measure(ctx context.Context, p *plan, workerPIDs []int) (o *outcome, elapsed time.Duration, cost Result) {
	q.drive(ctx, p.prefix(q.inFlight))
	before, errBefore := readRedisUsage(ctx, q.client.Redis())
	cpuBefore, okBefore := cpuOf(workerPIDs)
	o, elapsed = q.drive(ctx, p)
	cpuAfter, okAfter := cpuOf(workerPIDs)
	after, errAfter := readRedisUsage(ctx, q.client.Redis())
	if errBefore == nil && errAfter == nil {
		cost.RedisCommandsPerJob, cost.RedisCPUMSPerJob = after.perJob(before, len(o.latencies))
	}
	if okBefore && okAfter {
		cost.CPUMSPerJob = cpuMSPerJob(cpuBefore, cpuAfter, len(o.latencies))
	}
	return o, elapsed, cost
}

func (q *queueDriver) one(ctx context.Context, p jobs.Payload) error {
	_, err := q.submitAndWait(ctx, p)
	return err
}

// submitAndWait submits p and returns its result once it completed.
func (q *queueDriver) submitAndWait(ctx context.Context, p jobs.Payload) (*jobs.Result, error) {
	ctx, cancel := context.WithTimeout(ctx, q.jobTimeout*time.Duration(max(1, len(p.Group))))
	defer cancel()
	id, err := q.client.Submit(ctx, p, jobs.Queue(q.queue))
	if err != nil {
		return nil, fmt.Errorf("submit: %w", err)
	}
	st, err := q.client.Await(ctx, id, jobs.PollEvery(q.poll))
	if err != nil {
		return nil, fmt.Errorf("job %s: %w", id, err)
	}
	return st.Result, nil
}

func wrapJob(i int, kind jobs.Kind, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("job %d (%s): %w", i, kind, err)
}
