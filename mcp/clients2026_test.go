package mcp

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// tasksCapability is what a client declares to take task handles.
var tasksCapability = mcpgo.ClientCapabilities{Extensions: map[string]any{TasksExtension: map[string]any{}}}

// modernHTTPClient is mcp-go's client over HTTP, declaring the tasks
// extension; it negotiates 2026-07-28 through server/discover.
func modernHTTPClient(t *testing.T, url, token string) *client.Client {
	t.Helper()
	tr, err := transport.NewStreamableHTTP(url+EndpointPath, transport.WithHTTPHeaders(map[string]string{"Authorization": "Bearer " + token}))
	if err != nil {
		t.Fatal(err)
	}
	c := startClient(t, client.NewClient(tr, client.WithClientCapabilities(tasksCapability)))
	if v := c.ProtocolVersion(); v != mcpgo.ProtocolVersion20260728 {
		t.Fatalf("mcp-go's client negotiated %q, want %s", v, mcpgo.ProtocolVersion20260728)
	}
	return c
}

var rawIDs atomic.Int64

// rawRequest sends one request on a modern client's transport, with the
// _meta and headers of 2026-07-28, and returns the raw result. mcp-go's
// typed calls cannot read a task handle (CallTool wants content) nor the
// result a completed task carries.
func rawRequest(t *testing.T, c *client.Client, method string, params map[string]any) (json.RawMessage, error) {
	t.Helper()
	params["_meta"] = map[string]any{mcpgo.MetaKeyProtocolVersion: mcpgo.ProtocolVersion20260728, mcpgo.MetaKeyClientCapabilities: tasksCapability}
	b, _ := json.Marshal(params)
	hdr := http.Header{}
	for k, v := range mcpgo.StandardHeaders(mcpgo.ProtocolVersion20260728, mcpgo.MCPMethod(method), b) {
		hdr.Set(k, v)
	}
	if id, ok := params["taskId"].(string); ok {
		hdr.Set(mcpgo.HeaderName, id)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	resp, err := c.GetTransport().SendRequest(ctx, transport.JSONRPCRequest{JSONRPC: "2.0", ID: mcpgo.NewRequestId(rawIDs.Add(1)), Method: method, Params: params, Header: hdr})
	if err != nil {
		return nil, err
	}
	if resp.Error != nil {
		return nil, resp.Error.AsError()
	}
	return resp.Result, nil
}

// mcp-go's own client speaking 2026-07-28, over HTTP and stdio: it
// discovers, calls tools, reads a produced document as a resource, gets a
// task handle for a long call, polls it and cancels another.
func TestMCPGoClientSpeaks2026(t *testing.T) {
	store := newMemStore()
	root := workdir(t)
	s := newTestServer(t, store, root)
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	for name, c := range map[string]*client.Client{
		"http":  modernHTTPClient(t, ts.URL, "s3cret"),
		"stdio": modernStdioClient(t, s),
	} {
		t.Run(name, func(t *testing.T) {
			if c.ProtocolVersion() != mcpgo.ProtocolVersion20260728 {
				t.Fatalf("negotiated %q", c.ProtocolVersion())
			}
			compact := mustOK(t, c, ToolExtractCompact, map[string]any{"file_path": "two_column.docx"})
			written := call(t, c, ToolWrite, map[string]any{"doc_id": compact.DocID,
				"answers": []map[string]any{{"pair_id": "T1-R2-C2", "answer_text": "Acme Ltd"}}})
			link := resourceLinkOf(t, written)
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			read, err := c.ReadResource(ctx, mcpgo.ReadResourceRequest{Params: mcpgo.ReadResourceParams{URI: link.URI}})
			if err != nil {
				t.Fatalf("resources/read %s: %v", link.URI, err)
			}
			checkDocumentBlob(t, read.Contents, link)

			store.hold()
			raw, err := rawRequest(t, c, "tools/call", map[string]any{"name": ToolExtractText, "arguments": map[string]any{"file_path": "form.pdf", "wait_seconds": 0}})
			var handle struct {
				ResultType string `json:"resultType"`
				TaskID     string `json:"taskId"`
				Status     string `json:"status"`
			}
			if err != nil || json.Unmarshal(raw, &handle) != nil || handle.ResultType != "task" || handle.Status != "working" {
				t.Fatalf("a long call: %s, %v; want a task handle", raw, err)
			}
			got, err := c.GetTask(ctx, mcpgo.GetTaskRequest{Params: mcpgo.GetTaskParams{TaskId: handle.TaskID}})
			if err != nil || got.Status != mcpgo.TaskStatusWorking {
				t.Fatalf("tasks/get by mcp-go's client: %+v, %v", got, err)
			}
			store.release()
			var done json.RawMessage
			for i := 0; i < 2000; i++ {
				if done, err = rawRequest(t, c, "tasks/get", map[string]any{"taskId": handle.TaskID}); err != nil || !bytes.Contains(done, []byte(`"working"`)) {
					break
				}
			}
			if err != nil || !bytes.Contains(done, []byte(`"status":"completed"`)) || !bytes.Contains(done, []byte("Full name")) {
				t.Fatalf("tasks/get of the finished task: %s, %v", done, err)
			}

			store.hold()
			raw, _ = rawRequest(t, c, "tools/call", map[string]any{"name": ToolExtractText, "arguments": map[string]any{"file_path": "form.pdf", "wait_seconds": 0}})
			json.Unmarshal(raw, &handle)
			if _, err := c.CancelTask(ctx, mcpgo.CancelTaskRequest{Params: mcpgo.CancelTaskParams{TaskId: handle.TaskID}}); err != nil {
				t.Fatalf("tasks/cancel by mcp-go's client: %v", err)
			}
			if st, _ := store.Status(ctx, handle.TaskID); st.State != stateCanceled {
				t.Fatalf("the job after tasks/cancel: %s", st.State)
			}
			store.release()
		})
	}
}

// modernStdioClient is mcp-go's client over ServeStdio, declaring the
// tasks extension.
func modernStdioClient(t *testing.T, s *Server) *client.Client {
	t.Helper()
	c := stdioClientWith(t, s, client.WithClientCapabilities(tasksCapability))
	return c
}

// resourceLinkOf returns a result's resource_link, checking that the
// structured output names the same URI.
func resourceLinkOf(t *testing.T, res *mcpgo.CallToolResult) mcpgo.ResourceLink {
	t.Helper()
	if res.IsError {
		t.Fatalf("the call failed: %s", textOf(res))
	}
	for _, c := range res.Content {
		if l, ok := c.(mcpgo.ResourceLink); ok {
			if out := decodeOutput(t, res); out.OutputURI != l.URI {
				t.Fatalf("output_uri %q, resource_link %q", out.OutputURI, l.URI)
			}
			if !strings.HasPrefix(l.URI, documentURIPrefix) || l.Name == "" || l.MIMEType == "" || l.Size == nil || *l.Size == 0 {
				t.Fatalf("resource_link %+v: want uri, name, mimeType and size", l)
			}
			return l
		}
	}
	t.Fatalf("no resource_link in %+v", res.Content)
	return mcpgo.ResourceLink{}
}

// checkDocumentBlob checks a resources/read answer holds the linked
// document.
func checkDocumentBlob(t *testing.T, contents []mcpgo.ResourceContents, link mcpgo.ResourceLink) []byte {
	t.Helper()
	if len(contents) != 1 {
		t.Fatalf("%d contents", len(contents))
	}
	blob, ok := contents[0].(mcpgo.BlobResourceContents)
	if !ok {
		t.Fatalf("contents %T, want a blob", contents[0])
	}
	data, err := base64.StdEncoding.DecodeString(blob.Blob)
	if err != nil || int64(len(data)) != *link.Size || blob.MIMEType != link.MIMEType || blob.URI != link.URI || !bytes.HasPrefix(data, []byte("PK")) {
		t.Fatalf("blob of %d bytes (%v), %s %s; want %d bytes of %s", len(data), err, blob.URI, blob.MIMEType, *link.Size, link.MIMEType)
	}
	return data
}

// A produced document is a resource of its principal only; a document tool
// takes it back as resource_uri; and doc_id opens only the caller's own
// documents.
func TestProducedDocumentsBelongToTheirPrincipal(t *testing.T) {
	root := workdir(t)
	s := newTestServer(t, newMemStore(), root, TokensFile(tokensFile(t, "bob bob-token")))
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	alice := modernHTTPClient(t, ts.URL, "s3cret")
	compact := mustOK(t, alice, ToolExtractCompact, map[string]any{"file_path": "two_column.docx"})
	written := call(t, alice, ToolWrite, map[string]any{"doc_id": compact.DocID, "output_file_path": "out/../filled-by-alice.docx",
		"answers": []map[string]any{{"pair_id": "T1-R2-C2", "answer_text": "Acme Ltd"}}})
	link := resourceLinkOf(t, written)
	if link.Name != "filled-by-alice.docx" || decodeOutput(t, written).OutputFilePath == "" {
		t.Fatalf("with output_file_path: link %+v, output %+v", link, decodeOutput(t, written))
	}
	verified := mustOK(t, alice, ToolVerify, map[string]any{"resource_uri": link.URI,
		"expected_answers": []map[string]any{{"pair_id": "T1-R2-C2", "expected_text": "Acme Ltd"}}})
	if !strings.Contains(fmt.Sprint(verified.Result), "matched") {
		t.Fatalf("verify_output of the resource: %+v", verified.Result)
	}

	// Legacy clients read it too, in a session.
	legacy := &rawHTTP{t: t, url: ts.URL}
	legacy.initialize()
	if got := legacy.call(fmt.Sprintf(`{"jsonrpc":"2.0","id":2,"method":"resources/read","params":{"uri":%q}}`, link.URI)); field(got, "result", "contents") == nil {
		t.Fatalf("legacy resources/read: %v", got)
	}

	bob := modernHTTPClient(t, ts.URL, "bob-token")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := bob.ReadResource(ctx, mcpgo.ReadResourceRequest{Params: mcpgo.ReadResourceParams{URI: link.URI}}); err == nil || !strings.Contains(err.Error(), "not yours") {
		t.Fatalf("bob reads alice's document: %v", err)
	}
	bobLegacy := &rawHTTP{t: t, url: ts.URL, token: "bob-token"}
	bobLegacy.initialize()
	if got := bobLegacy.call(fmt.Sprintf(`{"jsonrpc":"2.0","id":2,"method":"resources/read","params":{"uri":%q}}`, link.URI)); field(got, "error", "code") != float64(mcpgo.RESOURCE_NOT_FOUND) {
		t.Fatalf("bob's legacy resources/read: %v; want -32002", got)
	}
	out := decodeOutput(t, written)
	for name, args := range map[string]map[string]any{
		"resource_uri":  {"resource_uri": link.URI},
		"doc_id":        {"doc_id": out.OutputDocID},
		"input doc_id":  {"doc_id": compact.DocID},
		"source_doc_id": {"file_path": "two_column.docx", "source_doc_id": compact.DocID},
	} {
		args["expected_answers"] = []map[string]any{{"pair_id": "T1-R2-C2", "expected_text": "Acme Ltd"}}
		res := call(t, bob, ToolVerify, args)
		if !res.IsError || strings.Contains(textOf(res), "Acme") {
			t.Errorf("bob's verify_output with alice's %s: %s; want refused", name, textOf(res))
		}
	}
}

// A read-only principal reads and verifies but does not write; it may
// cancel its own jobs.
func TestReadOnlyPrincipal(t *testing.T) {
	store := newMemStore()
	s := newTestServer(t, store, workdir(t), TokensFile(tokensFile(t, "auditor "+HashToken("audit-token")+" read-only")))
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	c := modernHTTPClient(t, ts.URL, "audit-token")
	compact := mustOK(t, c, ToolExtractCompact, map[string]any{"file_path": "two_column.docx"})
	res := call(t, c, ToolWrite, map[string]any{"doc_id": compact.DocID, "answers": []map[string]any{{"pair_id": "T1-R2-C2", "answer_text": "x"}}})
	if kind := errorKindOf(t, res); !res.IsError || kind != string(errorForbidden) || !strings.Contains(textOf(res), "read-only") {
		t.Fatalf("write_answers by a read-only principal: %s (kind %q)", textOf(res), kind)
	}
	// Its own jobs it may cancel: that changes no document.
	store.hold()
	legacy := legacyHTTPClient(t, ts.URL, "audit-token")
	pending := mustOK(t, legacy, ToolExtractText, map[string]any{"file_path": "form.pdf", "wait_seconds": 0})
	if res := call(t, legacy, ToolCancelJob, map[string]any{"job_id": pending.JobID}); res.IsError {
		t.Fatalf("cancel_job of its own job by a read-only principal: %s", textOf(res))
	}
	store.release()
	h := &rawHTTP{t: t, url: ts.URL, token: "audit-token"}
	h.initialize()
	got := h.call(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"write_answers","task":{},"arguments":{"file_path":"two_column.docx","answers":[{"pair_id":"T1-R2-C2","answer_text":"x"}]}}}`)
	if field(got, "error") == nil || !strings.Contains(fmt.Sprint(got), "read-only") {
		t.Fatalf("a task-augmented write by a read-only principal: %v", got)
	}
}

// errorKindOf returns a tool error's error.kind as sent.
func errorKindOf(t *testing.T, res *mcpgo.CallToolResult) string {
	t.Helper()
	b, _ := json.Marshal(res.StructuredContent)
	var out struct {
		Error struct {
			Kind string `json:"kind"`
		} `json:"error"`
	}
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out.Error.Kind
}
