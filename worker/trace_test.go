package worker

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/jobstest"
	"github.com/formfill/formfill/jobs"
	"go.opentelemetry.io/otel"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
)

// One fill makes one connected trace: the caller's span, the submit, and
// on the worker the job with its execute and store spans, their trace
// context carried by the asynq task's headers.
func TestOneFillIsOneConnectedTrace(t *testing.T) {
	exp := tracetest.NewInMemoryExporter()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(exp))
	prev := otel.GetTracerProvider()
	otel.SetTracerProvider(tp)
	t.Cleanup(func() { otel.SetTracerProvider(prev); tp.Shutdown(context.Background()) })

	c, _ := setup(t, Concurrency(1))
	ctx, root := tp.Tracer("test").Start(context.Background(), "cli fill")
	doc, _ := c.PutBlob(ctx, fixture(t, fixtures.WordTwoColumn))
	id, err := c.Submit(ctx, jobs.Payload{Kind: jobs.KindFill, DocID: doc, FileType: formats.Word,
		Answers: []formats.Answer{{PairID: "T1-R2-C2", AnswerText: "yes"}}})
	if err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	st, err := jobstest.Settled(wctx, c, id, 20*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	root.End()
	if st.State != jobs.StateCompleted {
		t.Fatalf("fill: %s", st.State)
	}
	tp.ForceFlush(context.Background())
	spans := exp.GetSpans()
	byName := map[string]tracetest.SpanStub{}
	for _, s := range spans {
		byName[s.Name] = s
		if s.SpanContext.TraceID() != root.SpanContext().TraceID() {
			t.Errorf("span %q is in trace %s, not the caller's %s", s.Name, s.SpanContext.TraceID(), root.SpanContext().TraceID())
		}
	}
	parentOf := func(name, parent string) {
		s, ok := byName[name]
		p, pok := byName[parent]
		if !ok || !pok || s.Parent.SpanID() != p.SpanContext.SpanID() {
			t.Errorf("span %q (seen %v) is not a child of %q (seen %v)", name, ok, parent, pok)
		}
	}
	parentOf("formfill.submit fill", "cli fill")
	parentOf("formfill.job fill", "formfill.submit fill")
	parentOf("formfill.execute", "formfill.job fill")
	parentOf("formfill.store", "formfill.job fill")
	// The engine's phases, in the order they ran, under formfill.execute.
	var phases []string
	for _, s := range spans {
		if p, ok := byName["formfill.execute"]; ok && s.Parent.SpanID() == p.SpanContext.SpanID() {
			phases = append(phases, s.Name)
		}
	}
	// Spans are exported as they end: order them by start.
	slices.SortFunc(phases, func(a, b string) int { return byName[a].StartTime.Compare(byName[b].StartTime) })
	want := []string{"formfill.guard", "formfill.open", "formfill.write", "formfill.save", "formfill.verify"}
	if !slices.Equal(phases, want) {
		t.Errorf("engine phases under formfill.execute: %v, want %v", phases, want)
	}
}
