package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/formfill/formfill/jobs"
	"github.com/formfill/formfill/worker"
	"github.com/hibiken/asynq"
)

func runWorker(ctx context.Context, e *env, args []string) error {
	fs, g := newFlags(e, spec{name: "worker",
		desc: `Serves jobs from Redis until SIGTERM or SIGINT, then drains: running jobs
finish within --shutdown-timeout or are handed back to the queue, so none is
lost. Workers are stateless: run as many as you like, on any machines, against
the same Redis. Interactive jobs are always served before bulk ones.
--metrics serves /healthz and Prometheus /metrics; --dashboard serves the
read-only job dashboard behind the MCP transport's authentication.`,
		examples: []string{
			"FORMFILL_REDIS_URL=redis://:secret@redis:6379/0 formfill worker --concurrency 8",
			"formfill worker --redis redis://127.0.0.1:6379/0 --queues bulk --metrics :9090",
			"FORMFILL_MCP_TOKEN=s3cret formfill worker --dashboard 127.0.0.1:8081   # browser: any user, the token as password",
		}})
	concurrency := fs.Int("concurrency", 4, "jobs run at once (about one per core)")
	queues := stringList{}
	fs.Var(&queues, "queues", "queues served, most urgent first (default interactive,bulk)")
	metrics := fs.String("metrics", "", "address for /healthz and /metrics, e.g. :9090 (default: off)")
	drain := fs.Duration("shutdown-timeout", 20*time.Second, "how long a drain waits for running jobs")
	inflateMB := fs.Int("inflate-budget-mb", worker.DefaultInflateBudget>>20, "MiB of zip parts the running jobs may inflate together: each job may inflate this divided by\n--concurrency (at most 512)")
	logContent := fs.Bool("log-document-content", e.getenv("FORMFILL_LOG_DOCUMENT_CONTENT") == "1",
		"RISK: log jobs' error messages, which quote document text and answers (for debugging;\nFORMFILL_LOG_DOCUMENT_CONTENT=1 sets it)")
	keepArg := fs.String("keep-failures", "30d", "how long jobs that failed for good are kept for formfill failures: 30d, 12h (0: not kept)")
	notifySecret := fs.String("notify-secret", e.getenv(envNotifySecret), "secret that signs webhook deliveries (HMAC-SHA256; default $"+envNotifySecret+"; unset: unsigned)")
	notifyAllow := addNotifyAllowFlag(fs.FlagSet, e)
	dash := addDashboardFlags(fs)
	cacheMB := fs.Int("blob-cache-mb", worker.DefaultBlobCache>>20, "MiB of fetched documents kept in memory, so jobs on one template fetch it once (0: off)")
	if _, err := parse(fs, args, 0, 0); err != nil {
		return err
	}
	if *concurrency < 1 {
		return usagef("--concurrency %d: expected 1 or more", *concurrency)
	}
	if err := dash.check(e); err != nil {
		return err
	}
	if *inflateMB < 1 {
		return usagef("--inflate-budget-mb %d: expected 1 or more", *inflateMB)
	}
	policy, err := notifyAllow.policy()
	if err != nil {
		return err
	}
	keep, err := jobs.ParseKeep(*keepArg)
	if err != nil {
		return &usageError{fmt.Errorf("--keep-failures: %w", err)}
	}
	if *cacheMB < 0 {
		return usagef("--blob-cache-mb %d: expected 0 (off) or more", *cacheMB)
	}
	if len(queues) == 0 {
		queues = jobs.Queues
	}
	for _, q := range queues {
		if _, err := jobs.ParseQueue(q); err != nil {
			return &usageError{err}
		}
	}
	useFonts(e, g)
	conn, display, err := connect(e, g)
	if err != nil {
		return err
	}
	log := serverLogger(e, g)
	keys, err := keyringOf(e)
	if err != nil {
		return err
	}
	warnRedis(log, e, g, keys)
	if *logContent {
		log.Warn("--log-document-content: the log will hold document text and answers; turn it off outside debugging")
	}
	if err := pingConn(ctx, conn); err != nil {
		return err
	}
	store, err := blobStoreOf(ctx, e, g)
	if err != nil {
		return err
	}
	if store != nil {
		log.Info("documents in object storage", "blob_store", store.String())
		if store.Lifecycle != nil {
			log.Warn("no lifecycle rule on the bucket: expired documents are refused on read but stay until removed", "blob_store", store.String(), "why", store.Lifecycle.Error())
		}
	}
	w, err := worker.New(conn, worker.Concurrency(*concurrency), worker.Queues(queues...), worker.Logger(log),
		worker.ShutdownTimeout(*drain), worker.BlobCache(int64(*cacheMB)<<20),
		worker.InflateBudget(int64(*inflateMB)<<20), worker.Keyring(keys), worker.LogContent(*logContent),
		worker.NotifySecret([]byte(*notifySecret)), worker.NotifyAllow(policy), worker.KeepFailures(keep), worker.BlobStore(blobStore(store)))
	if err != nil {
		return err
	}
	if *metrics != "" {
		stop, err := serveMetrics(*metrics, w.Handler(), log)
		if err != nil {
			return err
		}
		defer stop()
	}
	stopDash, err := dash.serve(conn, log)
	if err != nil {
		return err
	}
	defer stopDash()
	log.Info("worker starting", "redis", display, "concurrency", *concurrency, "queues", queues)
	return w.Run(ctx)
}

// pingConn fails fast, with a clear message, when Redis does not answer.
func pingConn(ctx context.Context, conn asynq.RedisConnOpt) error {
	c := jobs.NewClient(conn)
	defer c.Close()
	return c.Ping(ctx)
}

// serveMetrics serves h on addr in the background; stop shuts it down.
func serveMetrics(addr string, h http.Handler, log *slog.Logger) (stop func(), err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("--metrics %s: %w", addr, err)
	}
	stop = serveOn(ln, h, "metrics", log)
	log.Info("metrics listening", "addr", ln.Addr().String())
	return stop, nil
}

// serveOn serves h on ln in the background; stop shuts it down. name
// names the server in the log.
func serveOn(ln net.Listener, h http.Handler, name string, log *slog.Logger) (stop func()) {
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error(name+" server stopped", "error", err)
		}
	}()
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
	}
}
