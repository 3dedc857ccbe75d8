package mcp

import (
	"context"
	"net/http"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"

	"github.com/formfill/formfill/jobs"
)

// Traces start at the MCP call: each document tool call is a span
// ("tools/call <tool>", kind server, the OpenTelemetry MCP conventions'
// name and attributes) that the upload, the submit and, through the asynq
// task's headers, the worker's job and the engine's phases join. The call
// continues the client's trace when it sends one: W3C trace context in
// the HTTP transport's headers, or traceparent / tracestate in the call's
// params._meta (the MCP convention, which works over stdio too). Without
// a TracerProvider (none installed) the spans cost nothing.

var traceContext = propagation.TraceContext{}

// withHTTPTrace returns r's context carrying the trace context of its
// headers, if any.
func withHTTPTrace(r *http.Request) context.Context {
	return traceContext.Extract(r.Context(), propagation.HeaderCarrier(r.Header))
}

// metaCarrier reads traceparent and tracestate from a request's _meta.
type metaCarrier struct{ fields map[string]any }

func (m metaCarrier) Get(key string) string {
	s, _ := m.fields[key].(string)
	return s
}
func (m metaCarrier) Set(string, string) {}
func (m metaCarrier) Keys() []string {
	keys := make([]string, 0, len(m.fields))
	for k := range m.fields {
		keys = append(keys, k)
	}
	return keys
}

// startToolSpan starts the span of a tools/call of tool by caller, as a
// child of the trace context meta carries, else of ctx's.
func startToolSpan(ctx context.Context, tool string, caller Principal, meta *mcpgo.Meta) (context.Context, trace.Span) {
	if meta != nil {
		// Extract leaves ctx as it is unless meta holds a valid context.
		ctx = traceContext.Extract(ctx, metaCarrier{meta.AdditionalFields})
	}
	return jobs.Tracer().Start(ctx, "tools/call "+tool, trace.WithSpanKind(trace.SpanKindServer),
		trace.WithAttributes(attribute.String("mcp.method.name", "tools/call"), attribute.String("gen_ai.tool.name", tool),
			attribute.String("formfill.principal", caller.Name)))
}

// endToolSpan ends a call's span with the job it made and its outcome: a
// tool error sets the span's status.
func endToolSpan(span trace.Span, st *jobs.Status, res *mcpgo.CallToolResult) {
	if st != nil && st.ID != "" {
		span.SetAttributes(attribute.String("formfill.job_id", st.ID), attribute.String("formfill.state", string(st.State)))
	}
	if res != nil && res.IsError {
		span.SetStatus(codes.Error, "tool error")
	}
	span.End()
}

// endTaskSpan ends the span of a task-augmented call, which made job id or
// failed with err.
func endTaskSpan(span trace.Span, id string, err error) {
	if err != nil {
		// No message: spans never carry one, as it may quote a document.
		span.SetStatus(codes.Error, "tools/call refused")
	} else {
		span.SetAttributes(attribute.String("formfill.job_id", id))
	}
	span.End()
}
