package worker

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/queue"
	"github.com/formfill/formfill/jobs"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
)

// Worker serves formfill jobs from Redis.
type Worker struct {
	conn            asynq.RedisConnOpt
	client          *jobs.Backend
	server          *asynq.Server
	log             *slog.Logger
	metrics         *metrics
	concurrency     int
	queues          []string
	shutdownTimeout time.Duration
	execute         executeFunc
	pollInterval    time.Duration
	blobCache       int64
	inflateBudget   int64                 // bytes all running jobs may inflate together
	keys            *jobs.Keyring         // seals what the worker stores; nil: encryption at rest off
	blobs           jobs.BlobStore        // where documents live; nil: Redis
	logContent      bool                  // log error messages, which may quote documents and answers
	rdb             redis.UniversalClient // asynq's, with the waker's and the settle hook
	waker           *waker
	stopWake        func() error
	abandoned       atomic.Int64 // engine calls still running after their job was stopped
	// Webhook deliveries (deliver.go).
	notifySecret  []byte
	notifyBackoff time.Duration
	notifyServer  *asynq.Server
	notifyRDB     redis.UniversalClient
	notifyAllow   *jobs.NotifyPolicy // where deliveries may go; nil: public only
	httpClient    *http.Client       // built from notifyAllow by New
	// Failure retention (failures.go).
	keepFailures time.Duration
	kept         keptSet
}

// executeFunc runs one payload; it is Execute except in tests that need a job
// to panic, hang or count its runs.
type executeFunc func(ctx context.Context, p jobs.Payload, doc []byte) (*jobs.Result, []byte, error)

// Option configures a Worker.
type Option func(*Worker)

// Concurrency sets how many jobs run at once (default 4).
func Concurrency(n int) Option { return func(w *Worker) { w.concurrency = n } }

// Queues sets the queues served, most urgent first (default interactive,
// bulk). Priority is strict: a less urgent queue is served only when the
// more urgent ones are empty.
func Queues(names ...string) Option { return func(w *Worker) { w.queues = names } }

// Logger sets the logger (default slog.Default()).
func Logger(l *slog.Logger) Option { return func(w *Worker) { w.log = l } }

// ShutdownTimeout sets how long a drain waits for running jobs before handing
// them back to the queue (default 20 s).
func ShutdownTimeout(d time.Duration) Option { return func(w *Worker) { w.shutdownTimeout = d } }

// PollInterval sets how often an idle worker looks for jobs nobody
// announced (default DefaultPollInterval), such as those submitted by
// clients of an older version. Jobs submitted through a jobs.Client are
// announced, and so are jobs the worker's own asynq forwarder moves back to
// a queue for a retry: an idle worker takes them at once.
func PollInterval(d time.Duration) Option { return func(w *Worker) { w.pollInterval = d } }

// DefaultPollInterval is how often an idle worker looks for jobs nobody
// announced, by default: one dequeue of each queue a second.
const DefaultPollInterval = time.Second

// unannouncedPoll is how often an idle worker polls when Redis refuses the
// subscription announcements come through.
const unannouncedPoll = 50 * time.Millisecond

// taskCheckInterval is asynq's sleep after a dequeue round that found
// nothing. The waker does the waiting; the sleep only delays a job
// announced just then.
const taskCheckInterval = time.Millisecond

// DefaultBlobCache is the memory a worker gives to documents it has
// fetched, by default.
const DefaultBlobCache = 32 << 20

// BlobCache sets how many bytes of fetched documents the worker keeps in
// memory (default DefaultBlobCache; 0 turns the cache off). A batch that
// fills one template many times then fetches it from Redis once per worker.
func BlobCache(bytes int64) Option { return func(w *Worker) { w.blobCache = bytes } }

// DefaultInflateBudget is what a worker's running jobs may inflate
// together, by default: each of its Concurrency jobs may inflate a share
// (formats.JobArchiveLimits), so 4 slots keep the 512 MB per document the
// archive guard allows alone, and more slots give each less.
const DefaultInflateBudget = 2 << 30

// InflateBudget sets how many bytes of zip parts the worker's running jobs
// may inflate together (default DefaultInflateBudget): one job may inflate
// budget/concurrency, at most formats.DefaultArchiveLimits' 512 MB. A
// document past its share fails with too_large, and is not retried.
func InflateBudget(bytes int64) Option { return func(w *Worker) { w.inflateBudget = bytes } }

// Keyring makes the worker open sealed payloads and documents and seal its
// results and outputs with k (jobs.WithKeyring); every client and worker of
// one Redis needs the same keys.
func Keyring(k *jobs.Keyring) Option { return func(w *Worker) { w.keys = k } }

// BlobStore makes the worker read and write documents in s instead of
// Redis (jobs.WithBlobStore); every client and worker of one Redis needs
// the same store.
func BlobStore(s jobs.BlobStore) Option { return func(w *Worker) { w.blobs = s } }

// LogContent makes the worker log its jobs' error messages. They may quote
// the document's text or an answer ("find … is not in the element's text;
// its text is: …"), so logs then hold confidential content: for debugging
// only. Without it a job's log lines carry its ID, kind, outcome, duration
// and the kind and field of its error.
func LogContent(on bool) Option { return func(w *Worker) { w.logContent = on } }

// New returns a worker for the Redis behind conn. Start or Run it.
func New(conn asynq.RedisConnOpt, opts ...Option) (*Worker, error) {
	w := &Worker{conn: conn, log: slog.Default(), concurrency: 4, queues: jobs.Queues, shutdownTimeout: 20 * time.Second, execute: Execute,
		pollInterval: DefaultPollInterval, blobCache: DefaultBlobCache, inflateBudget: DefaultInflateBudget,
		notifyBackoff: time.Second, keepFailures: jobs.DefaultKeepFailures}
	for _, o := range opts {
		o(w)
	}
	// Built once the options are known: a nil policy is the default,
	// public addresses only.
	w.httpClient = w.notifyAllow.HTTPClient(DeliveryTimeout)
	if w.concurrency < 1 {
		return nil, fmt.Errorf("%w: concurrency %d: expected 1 or more", jobs.ErrInvalidConfig, w.concurrency)
	}
	prio := map[string]int{}
	for i, q := range w.queues {
		if _, err := jobs.ParseQueue(q); err != nil {
			return nil, fmt.Errorf("%w: %w", jobs.ErrInvalidConfig, err)
		}
		prio[q] = len(w.queues) - i
	}
	if w.blobCache < 0 {
		return nil, fmt.Errorf("%w: blob cache %d bytes: expected 0 (off) or more", jobs.ErrInvalidConfig, w.blobCache)
	}
	if len(prio) == 0 {
		return nil, fmt.Errorf("%w: no queues to serve; expected some of %v", jobs.ErrInvalidConfig, jobs.Queues)
	}
	if w.pollInterval <= 0 {
		return nil, fmt.Errorf("%w: poll interval %v: expected more than 0", jobs.ErrInvalidConfig, w.pollInterval)
	}
	rdb, ok := conn.MakeRedisClient().(redis.UniversalClient)
	if !ok {
		return nil, fmt.Errorf("%w: unsupported Redis connection %T", jobs.ErrInvalidConfig, conn)
	}
	w.client = jobs.NewBackend(conn, jobs.WithBlobCache(w.blobCache), jobs.WithKeyring(w.keys), jobs.WithBlobStore(w.blobs))
	// asynq's own client, watched: idle dequeues wait for announced jobs,
	// and settled jobs are announced to their clients.
	w.rdb, w.waker = rdb, newWaker(w.queues, w.pollInterval)
	rdb.AddHook(w.waker)
	rdb.AddHook(settleHook{announce: w.client.AnnounceDone, archived: w.archived, log: w.log})
	queue.WatchFailovers(rdb, conn, jobs.DefaultFailoverWait) // innermost: the hooks above see a command's last try
	w.metrics = newMetrics()
	w.server = asynq.NewServerFromRedisClient(rdb, asynq.Config{
		Concurrency:       w.concurrency,
		Queues:            prio,
		StrictPriority:    true,
		RetryDelayFunc:    retryDelay,
		ShutdownTimeout:   w.shutdownTimeout,
		TaskCheckInterval: taskCheckInterval,
		Logger:            slogAdapter{w.log.With("component", "asynq")},
		LogLevel:          asynq.WarnLevel,
	})
	w.newNotifyServer()
	return w, nil
}

// retryDelay backs off exponentially from one second to a minute, with
// jitter so retries of many jobs failed by one Redis blip spread out.
func retryDelay(n int, _ error, _ *asynq.Task) time.Duration {
	d := min(time.Second<<min(n, 6), time.Minute)
	return d + time.Duration(rand.Int64N(int64(d/4)+1))
}

// Start begins serving in the background.
func (w *Worker) Start() error {
	mux := asynq.NewServeMux()
	for i := range jobs.Operations {
		op := &jobs.Operations[i]
		mux.Handle(op.Kind.TaskType(), w.handler(op))
	}
	wake, stop, err := w.client.Submissions(w.queues...)
	if err != nil {
		w.log.Warn("worker: no announcements of new jobs; polling for them instead", "every", unannouncedPoll, "error", err)
		w.waker.setFallback(unannouncedPoll)
	} else {
		w.stopWake = stop
		go w.waker.listen(wake)
	}
	if err := w.server.Start(mux); err != nil {
		w.waker.shutdown()
		if w.stopWake != nil {
			w.stopWake()
		}
		return fmt.Errorf("start worker: %w", err)
	}
	notify := asynq.NewServeMux()
	notify.HandleFunc(jobs.NotifyTaskType, w.deliver)
	if err := w.notifyServer.Start(notify); err != nil {
		w.server.Shutdown()
		return fmt.Errorf("start webhook deliveries: %w", err)
	}
	w.log.Info("worker started", "concurrency", w.concurrency, "queues", w.queues,
		"inflate_per_job_mb", formats.JobArchiveLimits(w.inflateBudget, w.concurrency).MaxTotalSize>>20)
	return nil
}

// Shutdown drains the worker: it takes no new jobs, lets running ones finish
// within the shutdown timeout and hands the rest back to the queue.
func (w *Worker) Shutdown() {
	w.waker.shutdown() // release an idle dequeue, or asynq waits for it
	w.server.Shutdown()
	w.notifyServer.Shutdown()
	w.notifyRDB.Close()
	if w.stopWake != nil {
		w.stopWake()
	}
	w.rdb.Close()
	w.client.Close()
	w.log.Info("worker stopped")
}

// Run serves until ctx is done, then drains.
func (w *Worker) Run(ctx context.Context) error {
	if err := w.Start(); err != nil {
		return err
	}
	<-ctx.Done()
	w.Shutdown()
	return nil
}
