package mcp

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/propagation"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/formfill/formfill/embedded"
	"github.com/formfill/formfill/internal/syncbuf"
)

// One MCP fill is one connected trace: the client's span (sent as
// traceparent in the call's _meta), the tools/call span, the submit, the
// worker's job, its execute span and the engine's phases under it, every
// one in the client's trace and each the child of the one before.
func TestOneMCPFillIsOneConnectedTrace(t *testing.T) {
	tp, exp := inMemoryTracing(t)
	emb, err := embedded.Start(embedded.Logger(quietLogger()), embedded.Concurrency(1))
	if err != nil {
		t.Fatal(err)
	}
	defer emb.Close()
	jc := emb.Backend()
	defer jc.Close()
	var logs syncbuf.Buffer
	c := inProcessClient(t, newTestServer(t, clientStore{jc}, workdir(t),
		Logger(slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})))))

	rootCtx, root := tp.Tracer("test").Start(context.Background(), "agent turn")
	meta := propagation.MapCarrier{}
	propagation.TraceContext{}.Inject(rootCtx, meta)
	req := mcpgo.CallToolRequest{}
	req.Params.Name = ToolWrite
	req.Params.Arguments = map[string]any{"file_path": "two_column.docx", "wait_seconds": 30,
		"answers": []map[string]any{{"pair_id": "T1-R2-C2", "answer_text": "Acme"}}}
	req.Params.Meta = &mcpgo.Meta{AdditionalFields: map[string]any{"traceparent": meta["traceparent"]}}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	res, err := c.CallTool(ctx, req)
	root.End()
	if err != nil || res.IsError {
		t.Fatalf("write_answers: %v %s", err, textOf(res))
	}
	tp.ForceFlush(context.Background())

	spans := exp.GetSpans()
	chain := checkChain(t, spans, "agent turn", "tools/call "+ToolWrite, "formfill.submit ", "formfill.job ", "formfill.execute")
	for _, s := range spans {
		if s.SpanContext.TraceID() != root.SpanContext().TraceID() {
			t.Errorf("span %q is in trace %s, not the client's %s", s.Name, s.SpanContext.TraceID(), root.SpanContext().TraceID())
		}
	}
	checkPhases(t, spans, chain[len(chain)-1], "formfill.open", "formfill.write", "formfill.save")
	// The MCP server's log line of the submit names the trace.
	if want := `"trace_id":"` + root.SpanContext().TraceID().String() + `"`; !strings.Contains(logs.String(), `"msg":"mcp: job submitted"`) ||
		!strings.Contains(logs.String(), want) {
		t.Errorf("MCP log lacks the submit with %s:\n%s", want, logs.String())
	}
	attrs := map[string]string{}
	for _, a := range chain[1].Attributes {
		attrs[string(a.Key)] = a.Value.Emit()
	}
	if attrs["gen_ai.tool.name"] != ToolWrite || attrs["formfill.job_id"] == "" || attrs["mcp.method.name"] != "tools/call" {
		t.Errorf("tools/call span attributes %v", attrs)
	}
}

// inMemoryTracing installs a TracerProvider exporting to memory for the
// test's length.
func inMemoryTracing(t *testing.T) (*sdktrace.TracerProvider, *tracetest.InMemoryExporter) {
	t.Helper()
	exp := tracetest.NewInMemoryExporter()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(exp))
	prev := otel.GetTracerProvider()
	otel.SetTracerProvider(tp)
	t.Cleanup(func() { otel.SetTracerProvider(prev); tp.Shutdown(context.Background()) })
	return tp, exp
}

// checkChain finds the one span named by each prefix and checks each is
// the child of the one before; it returns them in order.
func checkChain(t *testing.T, spans tracetest.SpanStubs, prefixes ...string) []tracetest.SpanStub {
	t.Helper()
	var chain []tracetest.SpanStub
	for _, prefix := range prefixes {
		var found []tracetest.SpanStub
		for _, s := range spans {
			if strings.HasPrefix(s.Name, prefix) {
				found = append(found, s)
			}
		}
		if len(found) != 1 {
			t.Fatalf("%d spans named %s…, want 1 (spans: %v)", len(found), prefix, names(spans))
		}
		chain = append(chain, found[0])
	}
	for i := 1; i < len(chain); i++ {
		if chain[i].Parent.SpanID() != chain[i-1].SpanContext.SpanID() {
			t.Errorf("span %q is not a child of %q", chain[i].Name, chain[i-1].Name)
		}
	}
	return chain
}

// checkPhases wants the engine phases among the children of execute.
func checkPhases(t *testing.T, spans tracetest.SpanStubs, execute tracetest.SpanStub, want ...string) {
	t.Helper()
	var phases []string
	for _, s := range spans {
		if s.Parent.SpanID() == execute.SpanContext.SpanID() {
			phases = append(phases, s.Name)
		}
	}
	for _, w := range want {
		if !slices.Contains(phases, w) {
			t.Errorf("engine phases under formfill.execute: %v, lack %s", phases, w)
		}
	}
}

// Over the HTTP transport the call continues the trace of the request's
// W3C traceparent header.
func TestMCPCallOverHTTPContinuesTheTraceparentHeader(t *testing.T) {
	tp, exp := inMemoryTracing(t)

	ts := httptest.NewServer(newTestServer(t, newMemStore(), workdir(t)).Handler())
	defer ts.Close()
	rootCtx, root := tp.Tracer("test").Start(context.Background(), "agent turn")
	root.End()
	headers := propagation.MapCarrier{}
	propagation.TraceContext{}.Inject(rootCtx, headers)
	cl, err := client.NewStreamableHttpClient(ts.URL+EndpointPath, transport.WithHTTPHeaders(map[string]string{
		"Authorization": "Bearer s3cret", "traceparent": headers["traceparent"]}))
	if err != nil {
		t.Fatal(err)
	}
	c := startClient(t, cl)
	mustOK(t, c, ToolExtractCompact, map[string]any{"file_path": "two_column.docx"})
	tp.ForceFlush(context.Background())
	var call *tracetest.SpanStub
	for _, s := range exp.GetSpans() {
		if s.Name == "tools/call "+ToolExtractCompact {
			call = &s
		}
	}
	if call == nil {
		t.Fatalf("no tools/call span; spans: %v", names(exp.GetSpans()))
	}
	if call.SpanContext.TraceID() != root.SpanContext().TraceID() || call.Parent.SpanID() != root.SpanContext().SpanID() {
		t.Fatalf("tools/call span in trace %s under %s, want the header's %s under %s", call.SpanContext.TraceID(),
			call.Parent.SpanID(), root.SpanContext().TraceID(), root.SpanContext().SpanID())
	}
}

func names(spans tracetest.SpanStubs) []string {
	var n []string
	for _, s := range spans {
		n = append(n, s.Name)
	}
	return n
}
