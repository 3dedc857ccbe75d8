package worker

import (
	"bufio"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/jobstest"
	"github.com/formfill/formfill/internal/syncbuf"
	"github.com/formfill/formfill/jobs"
	"go.opentelemetry.io/otel"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
)

// jsonLines decodes the worker's JSON log lines.
func jsonLines(l *syncbuf.Buffer) []map[string]any {
	var out []map[string]any
	sc := bufio.NewScanner(strings.NewReader(l.String()))
	for sc.Scan() {
		var m map[string]any
		if json.Unmarshal(sc.Bytes(), &m) == nil {
			out = append(out, m)
		}
	}
	return out
}

// Every log line the worker writes about a job carries the trace ID of
// the trace the job's submitter started, so a log search finds the trace.
func TestJobLogLinesCarryTheTraceID(t *testing.T) {
	tp := sdktrace.NewTracerProvider()
	prev := otel.GetTracerProvider()
	otel.SetTracerProvider(tp)
	t.Cleanup(func() { otel.SetTracerProvider(prev); tp.Shutdown(context.Background()) })
	logs := &syncbuf.Buffer{}
	c, _ := setup(t, Concurrency(1), Logger(slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))))

	ctx, root := tp.Tracer("test").Start(context.Background(), "caller")
	doc, err := c.PutBlob(ctx, fixture(t, fixtures.WordTwoColumn))
	if err != nil {
		t.Fatal(err)
	}
	id, err := c.Submit(ctx, jobs.Payload{Kind: jobs.KindFill, DocID: doc, FileType: formats.Word,
		Answers: []formats.Answer{{PairID: "T1-R2-C2", AnswerText: "yes"}}})
	if err != nil {
		t.Fatal(err)
	}
	root.End()
	wctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if st, err := jobstest.Settled(wctx, c, id, 20*time.Millisecond); err != nil || st.State != jobs.StateCompleted {
		t.Fatalf("fill: %+v, %v", st, err)
	}
	want := root.SpanContext().TraceID().String()
	seen := 0
	for _, l := range jsonLines(logs) {
		if l["job_id"] != id {
			continue
		}
		seen++
		if l["trace_id"] != want {
			t.Errorf("log line %q of job %s has trace_id %v, want %s", l["msg"], id, l["trace_id"], want)
		}
	}
	if seen == 0 {
		t.Fatalf("no log line names job %s", id)
	}
}
