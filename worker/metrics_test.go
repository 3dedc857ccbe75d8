package worker

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/jobs"
	"github.com/hibiken/asynq"
)

func get(t *testing.T, h http.Handler, path string) (int, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	body, _ := io.ReadAll(rec.Body)
	return rec.Code, string(body)
}

func TestMetricsCountJobsAndShowQueues(t *testing.T) {
	c, conn := setup(t)
	w := startWorker(t, conn, Concurrency(1))
	docID, _ := c.PutBlob(t.Context(), fixture(t, fixtures.WordTwoColumn))
	runJob(t, c, jobs.Payload{Kind: jobs.KindListFields, DocID: docID, FileType: formats.Word})
	bad, _ := c.PutBlob(t.Context(), []byte("PK\x03\x04 corrupt"))
	runJob(t, c, jobs.Payload{Kind: jobs.KindExtractText, DocID: bad, FileType: formats.Word})

	code, body := get(t, w.Handler(), "/metrics")
	if code != http.StatusOK {
		t.Fatalf("/metrics status %d", code)
	}
	for _, want := range []string{
		`formfill_jobs_total{kind="list_fields",outcome="completed"} 1`,
		`formfill_jobs_total{kind="extract_text",outcome="failed"} 1`,
		`formfill_job_duration_seconds_count{kind="list_fields"} 1`,
		`formfill_queue_jobs{queue="interactive",state="completed"} 1`,
		`formfill_queue_jobs{queue="bulk",state="pending"} 0`,
		"# TYPE formfill_job_duration_seconds histogram",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q:\n%s", want, body)
		}
	}
	if code, body := get(t, w.Handler(), "/healthz"); code != http.StatusOK || !strings.Contains(body, "ok") {
		t.Fatalf("/healthz = %d %q", code, body)
	}
}

func TestHealthzReportsUnreachableRedis(t *testing.T) {
	w, err := New(asynq.RedisClientOpt{Addr: "127.0.0.1:1", DialTimeout: 200 * time.Millisecond}, Logger(quiet))
	if err != nil {
		t.Fatal(err)
	}
	code, body := get(t, w.Handler(), "/healthz")
	if code != http.StatusServiceUnavailable || !strings.Contains(body, "127.0.0.1:1") {
		t.Fatalf("/healthz with Redis down = %d %q; want 503 naming the server", code, body)
	}
}

func TestAbandonedEngineCallsMakeTheWorkerUnhealthyUntilTheyReturn(t *testing.T) {
	release := make(chan struct{})
	stuck := executeFunc(func(ctx context.Context, p jobs.Payload, doc []byte) (*jobs.Result, []byte, error) {
		<-release // an engine that ignores its job's timeout
		return &jobs.Result{Kind: p.Kind}, nil, nil
	})
	c, conn := setup(t)
	w := startWorker(t, conn, Concurrency(1), withExecute(stuck))
	docID, _ := c.PutBlob(t.Context(), []byte("x"))
	st := runJob(t, c, jobs.Payload{Kind: jobs.KindExtractText, DocID: docID, FileType: formats.Word}, jobs.Timeout(time.Second), jobs.MaxRetry(0))
	if st.State != jobs.StateFailed {
		t.Fatalf("stuck job: state %s, want failed at its timeout", st.State)
	}
	if _, body := get(t, w.Handler(), "/metrics"); !strings.Contains(body, "formfill_abandoned_engine_calls 1\n") {
		t.Fatalf("/metrics does not count the abandoned call:\n%s", body)
	}
	if code, body := get(t, w.Handler(), "/healthz"); code != http.StatusServiceUnavailable || !strings.Contains(body, "still running") {
		t.Fatalf("/healthz with a runaway engine call = %d %q; want 503 saying why", code, body)
	}
	close(release)
	deadline := time.Now().Add(30 * time.Second)
	for {
		code, body := get(t, w.Handler(), "/healthz")
		if code == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("/healthz still %d %q after the engine call returned", code, body)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if _, body := get(t, w.Handler(), "/metrics"); !strings.Contains(body, "formfill_abandoned_engine_calls 0\n") {
		t.Fatalf("/metrics still counts the call after it returned:\n%s", body)
	}
}
