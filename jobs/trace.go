package jobs

import (
	"context"
	"log/slog"

	"github.com/hibiken/asynq"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
)

// Traces. A job's trace starts where it is submitted (the CLI, an MCP
// call) and travels to the worker in the asynq task's headers, as W3C
// Trace Context (traceparent, tracestate), whatever propagator the process
// set: a worker continues it however its clients were configured. Spans
// are made by the global TracerProvider: none (no cost) unless the process
// installed one (cmd/formfill does from the standard OTEL_* variables).

// Tracer is formfill's tracer.
func Tracer() trace.Tracer { return otel.Tracer("github.com/formfill/formfill") }

var traceContext = propagation.TraceContext{}

// traceHeaders adds ctx's trace context to headers.
func traceHeaders(ctx context.Context, headers map[string]string) {
	traceContext.Inject(ctx, propagation.MapCarrier(headers))
}

// TraceFrom returns ctx carrying the trace context a task's headers
// brought, for the worker's span of the job.
func TraceFrom(ctx context.Context, t *asynq.Task) context.Context {
	return traceContext.Extract(ctx, propagation.MapCarrier(t.Headers()))
}

// WithTraceID returns l with the trace ID of ctx's span, if any, so log
// lines about a job or a call lead to its trace.
func WithTraceID(ctx context.Context, l *slog.Logger) *slog.Logger {
	if sc := trace.SpanContextFromContext(ctx); sc.IsValid() {
		return l.With("trace_id", sc.TraceID().String())
	}
	return l
}

// endSpan records err on span and ends it.
func endSpan(span trace.Span, err error) {
	if err != nil {
		span.RecordError(err)
		span.SetStatus(codes.Error, err.Error())
	}
	span.End()
}

func kindAttr(k Kind) attribute.KeyValue { return attribute.String("formfill.kind", string(k)) }
