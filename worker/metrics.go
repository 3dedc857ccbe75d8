package worker

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"sort"
	"sync"
	"time"

	"github.com/formfill/formfill/jobs"
)

// durationBuckets are the upper bounds, in seconds, of the job duration
// histogram.
var durationBuckets = []float64{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60}

type metrics struct {
	mu       sync.Mutex
	outcomes map[[2]string]uint64 // kind, outcome → count
	hist     map[string]*histogram
}

type histogram struct {
	counts []uint64 // per bucket, cumulative at write time
	sum    float64
	n      uint64
}

func newMetrics() *metrics {
	return &metrics{outcomes: map[[2]string]uint64{}, hist: map[string]*histogram{}}
}

func (m *metrics) observe(kind jobs.Kind, outcome string, d time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.outcomes[[2]string{string(kind), outcome}]++
	h := m.hist[string(kind)]
	if h == nil {
		h = &histogram{counts: make([]uint64, len(durationBuckets))}
		m.hist[string(kind)] = h
	}
	s := d.Seconds()
	for i, b := range durationBuckets {
		if s <= b {
			h.counts[i]++
		}
	}
	h.sum += s
	h.n++
}

// write renders the metrics in the Prometheus text exposition format.
func (m *metrics) write(wr io.Writer, queues []jobs.QueueInfo, abandoned int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	fmt.Fprintln(wr, "# HELP formfill_abandoned_engine_calls Engine calls still running after their job was stopped (timeout or cancel).")
	fmt.Fprintln(wr, "# TYPE formfill_abandoned_engine_calls gauge")
	fmt.Fprintf(wr, "formfill_abandoned_engine_calls %d\n", abandoned)
	fmt.Fprintln(wr, "# HELP formfill_jobs_total Jobs handled by this worker, by kind and outcome.")
	fmt.Fprintln(wr, "# TYPE formfill_jobs_total counter")
	keys := make([][2]string, 0, len(m.outcomes))
	for k := range m.outcomes {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i][0]+keys[i][1] < keys[j][0]+keys[j][1] })
	for _, k := range keys {
		fmt.Fprintf(wr, "formfill_jobs_total{kind=%q,outcome=%q} %d\n", k[0], k[1], m.outcomes[k])
	}
	fmt.Fprintln(wr, "# HELP formfill_job_duration_seconds Time to run a job on this worker, by kind.")
	fmt.Fprintln(wr, "# TYPE formfill_job_duration_seconds histogram")
	kinds := make([]string, 0, len(m.hist))
	for k := range m.hist {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		h := m.hist[k]
		for i, b := range durationBuckets {
			fmt.Fprintf(wr, "formfill_job_duration_seconds_bucket{kind=%q,le=\"%g\"} %d\n", k, b, h.counts[i])
		}
		fmt.Fprintf(wr, "formfill_job_duration_seconds_bucket{kind=%q,le=\"+Inf\"} %d\n", k, h.n)
		fmt.Fprintf(wr, "formfill_job_duration_seconds_sum{kind=%q} %g\n", k, h.sum)
		fmt.Fprintf(wr, "formfill_job_duration_seconds_count{kind=%q} %d\n", k, h.n)
	}
	fmt.Fprintln(wr, "# HELP formfill_queue_jobs Jobs in each queue, by state.")
	fmt.Fprintln(wr, "# TYPE formfill_queue_jobs gauge")
	for _, q := range queues {
		for _, s := range []struct {
			state string
			n     int
		}{{"pending", q.Pending}, {"active", q.Active}, {"retry", q.Retry}, {"failed", q.Failed}, {"completed", q.Completed}} {
			fmt.Fprintf(wr, "formfill_queue_jobs{queue=%q,state=%q} %d\n", q.Queue, s.state, s.n)
		}
	}
	fmt.Fprintln(wr, "# HELP formfill_queue_latency_seconds Age of the oldest pending job in each queue.")
	fmt.Fprintln(wr, "# TYPE formfill_queue_latency_seconds gauge")
	for _, q := range queues {
		fmt.Fprintf(wr, "formfill_queue_latency_seconds{queue=%q} %g\n", q.Queue, float64(q.LatencyMS)/1000)
	}
}

// Handler serves /healthz and /metrics (Prometheus text format) for the
// worker. /healthz answers 503 when Redis does not answer, or when as many
// engine calls as the worker has slots are still running after their jobs
// were stopped. Engines stop within milliseconds of their job's context
// ending, so calls left running mean something is stuck (a library loop
// no check reaches), and only a restart (which a liveness probe on
// /healthz brings) takes that CPU back. Their jobs are already failed and
// reported, so a restart loses nothing.
func (w *Worker) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/healthz", func(rw http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 3*time.Second)
		defer cancel()
		if err := w.client.Ping(ctx); err != nil {
			http.Error(rw, "unhealthy: "+err.Error(), http.StatusServiceUnavailable)
			return
		}
		if n := w.abandoned.Load(); n >= int64(w.concurrency) {
			http.Error(rw, fmt.Sprintf("unhealthy: %d engine calls are still running after their jobs timed out or were canceled (limit: %d, the worker's concurrency); restart the worker to stop them", n, w.concurrency), http.StatusServiceUnavailable)
			return
		}
		fmt.Fprintln(rw, "ok")
	})
	mux.HandleFunc("/metrics", func(rw http.ResponseWriter, r *http.Request) {
		queues, err := w.client.Queues(r.Context())
		if err != nil {
			w.log.Warn("metrics: queue depth unavailable", "error", err)
		}
		rw.Header().Set("Content-Type", "text/plain; version=0.0.4")
		w.metrics.write(rw, queues, w.abandoned.Load())
	})
	return mux
}
