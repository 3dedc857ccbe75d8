package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"
	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/formfill/formfill/internal/redistest"
	"github.com/formfill/formfill/jobs"
)

// replica is one `formfill mcp --http` replica: its own job client and
// server on the shared Redis.
type replica struct {
	url  string
	stop func()
}

func startReplica(t *testing.T, root string, opts ...Option) *replica {
	t.Helper()
	jc := jobs.NewBackend(asynq.RedisClientOpt{Addr: redistest.Addr(), DB: testRedisDB})
	s := newTestServer(t, clientStore{jc}, root, opts...)
	ts := httptest.NewServer(s.Handler())
	r := &replica{url: ts.URL}
	stopped := false
	r.stop = func() {
		if !stopped {
			stopped = true
			ts.Close()
			jc.Close()
		}
	}
	t.Cleanup(r.stop)
	return r
}

// legacyHTTPClient is mcp-go's client kept on a session-based revision.
func legacyHTTPClient(t *testing.T, url, token string) *client.Client {
	t.Helper()
	tr, err := transport.NewStreamableHTTP(url+EndpointPath, transport.WithHTTPHeaders(map[string]string{"Authorization": "Bearer " + token}))
	if err != nil {
		t.Fatal(err)
	}
	c := startClient(t, client.NewClient(tr, client.WithLegacyProtocolOnly()))
	if c.GetSessionId() == "" || c.ProtocolVersion() != mcpgo.LATEST_LEGACY_PROTOCOL_VERSION {
		t.Fatalf("legacy client: session %q, version %q", c.GetSessionId(), c.ProtocolVersion())
	}
	return c
}

// aliceWork is what alice made on the first replica.
type aliceWork struct {
	job, writeJob, legacyTask, modernTask string
	link                                  mcpgo.ResourceLink
}

// Two principals share one Redis, its workers and two replicas: each sees
// only its own jobs, tasks of both eras and produced documents — alice from
// another session, on another replica, and after the first replica is
// restarted; bob never, even with their IDs.
func TestRealRedisPrincipals(t *testing.T) {
	_, startWorker := redisStack(t)
	startWorker()
	root := workdir(t)
	tokens := TokensFile(tokensFile(t, "alice alice-token", "bob "+HashToken("bob-token")))
	a, b := startReplica(t, root, tokens), startReplica(t, root, tokens)

	var w aliceWork
	first := legacyHTTPClient(t, a.url, "alice-token")
	compact := mustOK(t, first, ToolExtractCompact, map[string]any{"file_path": "two_column.docx"})
	w.job = compact.JobID
	written := call(t, first, ToolWrite, map[string]any{"doc_id": compact.DocID, "answers": []map[string]any{{"pair_id": "T1-R2-C2", "answer_text": "Acme Ltd"}}})
	w.writeJob, w.link = decodeOutput(t, written).JobID, resourceLinkOf(t, written)
	raw := &rawHTTP{t: t, url: a.url, token: "alice-token"}
	raw.initialize()
	created := raw.call(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_form_fields","task":{},"arguments":{"file_path":"form.pdf"}}}`)
	w.legacyTask, _ = field(created, "result", "task", "taskId").(string)
	modern := modernHTTPClient(t, a.url, "alice-token")
	handle, err := rawRequest(t, modern, "tools/call", map[string]any{"name": ToolExtractText, "arguments": map[string]any{"file_path": "form.pdf", "wait_seconds": 0}})
	var h struct {
		TaskID string `json:"taskId"`
	}
	if err != nil || json.Unmarshal(handle, &h) != nil || h.TaskID == "" || w.legacyTask == "" {
		t.Fatalf("tasks: legacy %v; modern %s, %v", created, handle, err)
	}
	w.modernTask = h.TaskID

	aliceSees(t, "another session on the other replica", b.url, w)
	bobSeesNothing(t, b.url, w)

	a.stop()
	restarted := startReplica(t, root, tokens)
	aliceSees(t, "a new session on the restarted replica", restarted.url, w)
	bobSeesNothing(t, restarted.url, w)
}

// aliceSees checks alice finds all her work from new sessions of both
// eras on the replica at url.
func aliceSees(t *testing.T, where, url string, w aliceWork) {
	t.Helper()
	legacy := legacyHTTPClient(t, url, "alice-token")
	list := textOf(call(t, legacy, ToolListJobs, map[string]any{"limit": 200}))
	for _, id := range []string{w.job, w.writeJob, w.legacyTask, w.modernTask} {
		if !strings.Contains(list, id) {
			t.Errorf("%s: list_jobs lacks %s: %s", where, id, list)
		}
	}
	if res := call(t, legacy, ToolGetJob, map[string]any{"job_id": w.job, "wait_seconds": 30}); res.IsError || !strings.Contains(textOf(res), "T1-R2-C2") {
		t.Errorf("%s: get_job: %s", where, textOf(res))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if res, err := legacy.TaskResult(ctx, mcpgo.TaskResultRequest{Params: mcpgo.TaskResultParams{TaskId: w.legacyTask}}); err != nil || !strings.Contains(fmt.Sprint(res.StructuredContent), "customer_id") {
		t.Errorf("%s: tasks/result of the legacy task: %+v, %v", where, res, err)
	}
	read, err := legacy.ReadResource(ctx, mcpgo.ReadResourceRequest{Params: mcpgo.ReadResourceParams{URI: w.link.URI}})
	if err != nil {
		t.Errorf("%s: resources/read: %v", where, err)
	} else {
		checkDocumentBlob(t, read.Contents, w.link)
	}
	modern := modernHTTPClient(t, url, "alice-token")
	// Wait for the worker through get_job, then poll once.
	if res := call(t, modern, ToolGetJob, map[string]any{"job_id": w.modernTask, "wait_seconds": 60}); res.IsError {
		t.Errorf("%s: get_job of the modern task: %s", where, textOf(res))
	}
	got, err := rawRequest(t, modern, "tasks/get", map[string]any{"taskId": w.modernTask})
	if err != nil || !strings.Contains(string(got), `"completed"`) || !strings.Contains(string(got), "Full name") {
		t.Errorf("%s: tasks/get of the modern task: %s, %v", where, got, err)
	}
	if _, err := rawRequest(t, modern, "tasks/get", map[string]any{"taskId": w.legacyTask}); err != nil {
		t.Errorf("%s: the legacy task through the modern era: %v", where, err)
	}
}

// bobSeesNothing checks bob finds none of alice's work, in either era.
func bobSeesNothing(t *testing.T, url string, w aliceWork) {
	t.Helper()
	ids := []string{w.job, w.writeJob, w.legacyTask, w.modernTask}
	legacy := legacyHTTPClient(t, url, "bob-token")
	list := textOf(call(t, legacy, ToolListJobs, map[string]any{"limit": 200}))
	for _, id := range ids {
		if strings.Contains(list, id) {
			t.Errorf("bob's list_jobs shows %s", id)
		}
		for _, tool := range []string{ToolGetJob, ToolCancelJob} {
			if res := call(t, legacy, tool, map[string]any{"job_id": id}); !res.IsError || !strings.Contains(textOf(res), "not found") {
				t.Errorf("bob's %s of %s: %s", tool, id, textOf(res))
			}
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := legacy.GetTask(ctx, mcpgo.GetTaskRequest{Params: mcpgo.GetTaskParams{TaskId: w.legacyTask}}); err == nil {
		t.Error("bob's legacy tasks/get of alice's task")
	}
	if tasks, err := legacy.ListTasks(ctx, mcpgo.ListTasksRequest{}); err != nil || strings.Contains(fmt.Sprint(tasks), w.legacyTask) {
		t.Errorf("bob's tasks/list: %v, %v", tasks, err)
	}
	if _, err := legacy.ReadResource(ctx, mcpgo.ReadResourceRequest{Params: mcpgo.ReadResourceParams{URI: w.link.URI}}); err == nil {
		t.Error("bob reads alice's document")
	}
	modern := modernHTTPClient(t, url, "bob-token")
	for _, id := range []string{w.modernTask, w.legacyTask} {
		for _, method := range []string{"tasks/get", "tasks/cancel"} {
			if got, err := rawRequest(t, modern, method, map[string]any{"taskId": id}); err == nil {
				t.Errorf("bob's modern %s of %s: %s", method, id, got)
			}
		}
	}
}

// A stdio server named for its principal finds, once restarted, the jobs it
// made before; a server of another principal, or of none named, does not.
func TestRealRedisStdioPrincipalOutlivesItsProcess(t *testing.T) {
	jc, startWorker := redisStack(t)
	startWorker()
	root := workdir(t)
	first := stdioClient(t, newTestServer(t, clientStore{jc}, root, StdioPrincipal("alice")))
	done := mustOK(t, first, ToolExtractCompact, map[string]any{"file_path": "two_column.docx"})

	other := jobs.NewBackend(asynq.RedisClientOpt{Addr: redistest.Addr(), DB: testRedisDB})
	defer other.Close()
	restarted := stdioClient(t, newTestServer(t, clientStore{other}, root, StdioPrincipal("alice")))
	if res := call(t, restarted, ToolGetJob, map[string]any{"job_id": done.JobID}); res.IsError || !strings.Contains(textOf(res), "T1-R2-C2") {
		t.Fatalf("alice's restarted server: get_job %s", textOf(res))
	}
	if list := textOf(call(t, restarted, ToolListJobs, nil)); !strings.Contains(list, done.JobID) {
		t.Fatalf("alice's restarted server: list_jobs %s", list)
	}
	for name, opts := range map[string][]Option{"bob": {StdioPrincipal("bob")}, "unnamed": nil} {
		c := stdioClient(t, newTestServer(t, clientStore{other}, root, opts...))
		if res := call(t, c, ToolGetJob, map[string]any{"job_id": done.JobID}); !res.IsError || !strings.Contains(textOf(res), "not found") {
			t.Errorf("%s's server: get_job of alice's job: %s", name, textOf(res))
		}
		if res := call(t, c, ToolExtractText, map[string]any{"doc_id": done.DocID}); !res.IsError {
			t.Errorf("%s's server opened alice's doc_id: %s", name, textOf(res))
		}
	}
}
