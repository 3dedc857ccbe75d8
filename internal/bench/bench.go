// Package bench is the engine of `formfill bench`: it drives a chosen mix of
// jobs on documents (built-in fixtures, or the caller's own) through the
// queue and measures throughput, latency (submit to completed) and peak
// memory for each number of worker processes asked (1, 2 and 4 by
// default), next to an in-process baseline that runs the engines without
// Redis.
package bench

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"runtime"
	"time"

	"github.com/formfill/formfill/jobs"
	"github.com/formfill/formfill/worker"
)

// Config is one bench's set-up. Zero values take the defaults of Main's
// flags (see defaults), but for two: a zero Concurrency is the number of
// CPUs (the flag's is 2), and no Workers measures the baseline alone (the
// flag's are 1, 2 and 4).
type Config struct {
	Jobs        int           // jobs per run
	Mix         Mix           // kinds and weights
	Docs        []string      // document paths, or names of the built-in documents (DefaultDocs)
	Workers     []int         // worker process counts, one run each
	Concurrency int           // jobs at once per worker (and in the baseline)
	InFlight    int           // tasks outstanding per run; 0: 2 × workers × concurrency
	Group       int           // fill jobs per task in the queued runs (a fill_group when over 1); 0 or 1: one each
	Poll        time.Duration // first status poll interval while waiting for a job whose end is not announced
	JobTimeout  time.Duration // one job, submit to completed
	Queue       string        // queue jobs go to
	RedisURL    string        // empty: an embedded Redis on a local port
	WorkerBin   string        // the formfill binary run as `worker`
	// InProcessWorker runs the queued runs' worker inside this process
	// (worker.New) instead of spawning processes: for tests, where the
	// running binary is not formfill. Workers then only says how many runs.
	InProcessWorker bool
	Baseline        bool // also measure the in-process baseline
	// CPUs, when set, pins the work (the baseline, the worker processes)
	// to these CPUs and the driver to the others, so the gap between the
	// baseline and the queued runs is the queue's cost to the workers
	// alone, as on worker machines that share nothing with Redis or the
	// clients. Linux only.
	CPUs []int
	// Repeat measures the baseline and every worker count this many times,
	// in alternation, so the report can give medians on a noisy machine.
	Repeat int
	Logger *slog.Logger
}

func (c *Config) defaults() {
	if c.Jobs <= 0 {
		c.Jobs = 200
	}
	if len(c.Mix) == 0 {
		c.Mix, _ = ParseMix(DefaultMix)
	}
	if len(c.Docs) == 0 {
		c.Docs = DefaultDocs
	}
	if c.Concurrency <= 0 {
		c.Concurrency = runtime.NumCPU()
	}
	if c.Poll <= 0 {
		c.Poll = 5 * time.Millisecond
	}
	if c.JobTimeout <= 0 {
		c.JobTimeout = 2 * time.Minute
	}
	if c.Repeat <= 0 {
		c.Repeat = 1
	}
	if c.Queue == "" {
		c.Queue = jobs.QueueBulk
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
}

// Run prepares the corpus, then measures the baseline and one queued run
// per entry of cfg.Workers, cfg.Repeat times over in alternation, and
// returns the report. A run that cannot start (workers that never register,
// Redis unreachable) ends the bench with an error; jobs that fail are
// counted in their run.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	cfg.defaults()
	docs, skipped, err := loadCorpus(ctx, cfg.Docs)
	if err != nil {
		return nil, err
	}
	for _, s := range skipped {
		cfg.Logger.Warn("bench document skipped", "reason", s)
	}
	p, err := newPlan(cfg.Mix, cfg.Jobs, docs)
	if err != nil {
		return nil, err
	}
	b := &bench{cfg: cfg, plan: p, docs: docs, rep: newReport(cfg, docs)}
	if len(cfg.CPUs) > 0 {
		if b.pin, err = newCPUPlan(cfg.CPUs); err != nil {
			return nil, err
		}
	}
	defer b.close()
	for round := 1; round <= cfg.Repeat; round++ {
		if err := b.round(ctx, round); err != nil {
			compare(b.rep.Runs)
			return b.rep, err
		}
	}
	compare(b.rep.Runs)
	if cfg.Repeat > 1 {
		b.rep.Medians = medians(b.rep.Runs)
	}
	return b.rep, nil
}

// bench is one Run in progress: what every round shares.
type bench struct {
	cfg  Config
	plan *plan
	docs []*document
	rep  *Report
	pin  *cpuPlan // nil: nothing pinned
	q    *session // opened by the first queued run
}

// round measures the baseline and each worker count once, appending the
// runs to the report.
func (b *bench) round(ctx context.Context, round int) error {
	cfg := b.cfg
	if cfg.Baseline {
		cfg.Logger.Info("bench run", "run", "in-process", "round", round, "jobs", cfg.Jobs)
		if err := b.pin.pinWork(); err != nil {
			return err
		}
		run := runBaseline(ctx, b.plan, cfg.Concurrency)
		run.Round = round
		b.rep.Runs = append(b.rep.Runs, run)
	}
	if len(cfg.Workers) == 0 {
		return nil
	}
	if err := b.pin.pinDriver(); err != nil {
		return err
	}
	if b.q == nil {
		q, err := openSession(ctx, cfg.RedisURL, b.docs)
		if err != nil {
			return err
		}
		b.q, b.rep.Redis = q, q.name
	}
	for _, n := range cfg.Workers {
		cfg.Logger.Info("bench run", "workers", n, "round", round, "jobs", cfg.Jobs)
		run, err := runQueued(ctx, cfg, b.q, b.plan, n, b.pin)
		if err != nil {
			return fmt.Errorf("run with %d worker(s): %w", n, err)
		}
		run.Round = round
		b.rep.Runs = append(b.rep.Runs, run)
	}
	return nil
}

// close gives the CPUs back and closes the Redis session.
func (b *bench) close() {
	if err := b.pin.unpin(); err != nil {
		b.cfg.Logger.Warn("bench: give the CPUs back", "err", err)
	}
	b.q.close()
}

func newReport(cfg Config, docs []*document) *Report {
	rep := &Report{
		StartedAt: time.Now().UTC(), Jobs: cfg.Jobs, Mix: cfg.Mix, Concurrency: cfg.Concurrency,
		InFlight: cfg.InFlight, Group: cfg.Group, Poll: cfg.Poll.String(), CPUs: cfg.CPUs, Repeat: cfg.Repeat,
		Host: Host{CPUs: runtime.NumCPU(), OS: runtime.GOOS, Arch: runtime.GOARCH, GoVersion: runtime.Version()},
	}
	for _, d := range docs {
		rep.Documents = append(rep.Documents, d.info)
	}
	return rep
}

// runQueued measures one configuration: n worker processes (or one
// in-process worker), the plan driven through Redis.
func runQueued(ctx context.Context, cfg Config, q *session, p *plan, n int, pin *cpuPlan) (Result, error) {
	inFlight := cfg.InFlight
	if inFlight <= 0 {
		inFlight = 2 * n * cfg.Concurrency
	}
	d := &queueDriver{client: q.client, queue: cfg.Queue, inFlight: inFlight, group: cfg.Group, poll: cfg.Poll, jobTimeout: cfg.JobTimeout}
	if cfg.InProcessWorker {
		w, err := worker.New(q.conn, worker.Concurrency(cfg.Concurrency), worker.Logger(cfg.Logger))
		if err != nil {
			return Result{}, err
		}
		if err := w.Start(); err != nil {
			return Result{}, err
		}
		// The worker shares this process with the driver: its CPU figure
		// includes the driver's.
		o, elapsed, cost := d.measure(ctx, p, []int{os.Getpid()})
		w.Shutdown()
		run := o.run("in-process worker", 1, elapsed)
		run.addCost(cost)
		run.PeakRSS = selfRSS()
		return run, nil
	}
	if cfg.WorkerBin == "" {
		return Result{}, errors.New("no worker binary: give --worker-bin")
	}
	procs, err := startWorkers(cfg.WorkerBin, n, cfg.Concurrency, q.url, pin)
	if err != nil {
		return Result{}, err
	}
	if err := procs.waitReady(ctx, q.insp, 30*time.Second); err != nil {
		_ = procs.stop(10 * time.Second)
		return Result{}, err
	}
	o, elapsed, cost := d.measure(ctx, p, procs.pids())
	rss := procs.peakRSS()
	if err := procs.stop(45 * time.Second); err != nil {
		cfg.Logger.Warn("bench workers", "err", err)
	}
	run := o.run(workerLabel(n), n, elapsed)
	run.PeakRSS = rss
	run.addCost(cost)
	return run, nil
}

func workerLabel(n int) string {
	if n == 1 {
		return "1 worker"
	}
	return fmt.Sprintf("%d workers", n)
}

func selfRSS() []int64 {
	if rss, err := PeakRSS(os.Getpid()); err == nil {
		return []int64{rss}
	}
	return nil
}
