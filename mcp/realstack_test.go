package mcp

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"
	"github.com/mark3labs/mcp-go/client"

	"github.com/formfill/formfill/embedded"
	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/redistest"
	"github.com/formfill/formfill/jobs"
	"github.com/formfill/formfill/worker"
)

// testRedisDB is the database the MCP tests flush and use on the test
// Redis (internal/redistest), apart from the other packages' tests.
const testRedisDB = 14

// redisStack connects to the real Redis (DB 14, flushed) and returns a job
// client and a function starting a real worker on it. Skips when Redis is
// not running (fails when FORMFILL_REQUIRE_REDIS is set).
func redisStack(t *testing.T) (*jobs.Backend, func() *worker.Worker) {
	return redisStackB(t)
}

func redisStackB(t testing.TB) (*jobs.Backend, func() *worker.Worker) {
	t.Helper()
	opt := redistest.Conn(t, testRedisDB)
	client := jobs.NewBackend(opt)
	t.Cleanup(func() { client.Close() })
	startWorker := func() *worker.Worker {
		w, err := worker.New(opt, worker.Concurrency(2), worker.Logger(quietLogger()), worker.ShutdownTimeout(2*time.Second))
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(w.Shutdown)
		return w
	}
	return client, startWorker
}

func TestRealRedisPipelineOverHTTPAndStdio(t *testing.T) {
	jc, startWorker := redisStack(t)
	startWorker()
	root := workdir(t)
	s := newTestServer(t, clientStore{jc}, root)
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	transports := []struct {
		name string
		c    func() *client.Client
	}{
		{"http", func() *client.Client { return httpClient(t, ts.URL, "s3cret") }},
		{"stdio", func() *client.Client { return stdioClient(t, s) }},
	}
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			c := tr.c()
			for _, f := range fixtureFiles {
				t.Run(f.format, func(t *testing.T) { runPipeline(t, c, root, f.file, f.field) })
			}
		})
	}
}

func TestEmbeddedPipeline(t *testing.T) {
	emb, err := embedded.Start(embedded.Logger(quietLogger()), embedded.Concurrency(2))
	if err != nil {
		t.Fatal(err)
	}
	defer emb.Close()
	jc := emb.Backend()
	defer jc.Close()
	root := workdir(t)
	s := newTestServer(t, clientStore{jc}, root)
	c := inProcessClient(t, s)
	for _, f := range fixtureFiles {
		t.Run(f.format, func(t *testing.T) { runPipeline(t, c, root, f.file, f.field) })
	}
}

// With no worker running, a job outlasts wait_seconds: the tool answers
// with the job ID, get_job and the MCP task methods see it pending, and once
// a worker starts both polls reach the result.
func TestRealRedisAsyncWithStoppedWorker(t *testing.T) {
	jc, startWorker := redisStack(t)
	root := workdir(t)
	s := newTestServer(t, clientStore{jc}, root)
	c := inProcessClient(t, s)

	pending := mustOK(t, c, ToolExtractCompact, map[string]any{"file_path": "two_column.docx", "wait_seconds": 0.5})
	if pending.Status != statePending || pending.JobID == "" {
		t.Fatalf("with no worker: %+v, want pending with a job_id", pending)
	}
	created := rpc(t, s, "sess", 1, "tools/call", map[string]any{
		"name": ToolVerify, "task": map[string]any{},
		"arguments": map[string]any{"file_path": "form.pdf", "expected_answers": []map[string]any{{"pair_id": "F6", "expected_text": "ABC-123"}}}})
	taskID, _ := field(created, "result", "task", "taskId").(string)
	if got := rpc(t, s, "sess", 2, "tasks/get", map[string]any{"taskId": taskID}); field(got, "result", "status") != "working" {
		t.Fatalf("tasks/get with no worker: %v", got)
	}
	doomed := mustOK(t, c, ToolExtractText, map[string]any{"file_path": "form.pdf", "wait_seconds": 0})
	if res := call(t, c, ToolCancelJob, map[string]any{"job_id": doomed.JobID}); res.IsError {
		t.Fatalf("cancel_job: %s", textOf(res))
	}

	startWorker()
	done := mustOK(t, c, ToolGetJob, map[string]any{"job_id": pending.JobID, "wait_seconds": 30})
	if done.Status != stateCompleted || !strings.Contains(fmt.Sprint(done.Result), "T1-R2-C2") {
		t.Fatalf("get_job after the worker started: %+v", done)
	}
	res := rpc(t, s, "sess", 3, "tasks/result", map[string]any{"taskId": taskID})
	if field(res, "result", "isError") == true || !strings.Contains(fmt.Sprint(field(res, "result", "structuredContent")), "matched") {
		t.Fatalf("tasks/result: %v", res)
	}
	if got := rpc(t, s, "sess", 4, "tasks/get", map[string]any{"taskId": taskID}); field(got, "result", "status") != "completed" {
		t.Fatalf("tasks/get after the result: %v", got)
	}
	st, err := jc.Status(context.Background(), doomed.JobID)
	if err != nil || st.State != stateCanceled {
		t.Fatalf("the canceled job: %+v %v", st, err)
	}
	if res := call(t, c, ToolGetJob, map[string]any{"job_id": doomed.JobID}); !res.IsError || !strings.Contains(textOf(res), "canceled") {
		t.Fatalf("get_job on the canceled job: %s", textOf(res))
	}
}

// A bad answer is found by the worker and comes back as a tool error
// naming the element.
func TestRealRedisWorkerInputError(t *testing.T) {
	jc, startWorker := redisStack(t)
	startWorker()
	s := newTestServer(t, clientStore{jc}, workdir(t))
	c := inProcessClient(t, s)
	res := call(t, c, ToolWrite, map[string]any{"file_path": "vendor_assessment.xlsx",
		"answers": []map[string]any{{"pair_id": "S1-R3-C3", "answer_text": "Perhaps"}}})
	if !res.IsError || !strings.Contains(textOf(res), "Yes") || !strings.Contains(textOf(res), "How to fix") {
		t.Fatalf("an answer outside the list options: %s", textOf(res))
	}
	ins := mustOK(t, c, ToolBuildInsertion, map[string]any{"answer_text": "Acme & Sons",
		"target_context_xml": `<w:p xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:r><w:rPr><w:b/></w:rPr><w:t>Name</w:t></w:r></w:p>`,
		"answer_type":        "plain_text"})
	var br formats.BuildInsertionResult
	resultAs(t, ins, &br)
	if !br.Valid || !strings.Contains(br.InsertionXML, "Acme &amp; Sons") {
		t.Fatalf("build_insertion_xml through a worker: %+v", br)
	}
}

// Two MCP servers with their own job clients on one Redis stand for two
// replicas: a task made on one is listed, read and answered by the other.
func TestRealRedisReplicasShareTasks(t *testing.T) {
	jc, startWorker := redisStack(t)
	startWorker()
	root := workdir(t)
	a := newTestServer(t, clientStore{jc}, root)
	other := jobs.NewBackend(asynq.RedisClientOpt{Addr: redistest.Addr(), DB: testRedisDB})
	defer other.Close()
	b := newTestServer(t, clientStore{other}, root)

	created := rpc(t, a, "sess-X", 1, "tools/call", map[string]any{"name": ToolListFields, "task": map[string]any{},
		"arguments": map[string]any{"file_path": "form.pdf"}})
	id, _ := field(created, "result", "task", "taskId").(string)
	if id == "" {
		t.Fatalf("task-augmented call: %v", created)
	}
	list := rpc(t, b, "sess-X", 2, "tasks/list", map[string]any{})
	if !strings.Contains(fmt.Sprint(field(list, "result", "tasks")), id) {
		t.Fatalf("replica B's tasks/list for the session lacks %s: %v", id, list)
	}
	if other := rpc(t, b, "sess-Y", 3, "tasks/list", map[string]any{}); strings.Contains(fmt.Sprint(other), id) {
		t.Fatalf("another session sees the task: %v", other)
	}
	if other := rpc(t, b, "sess-Y", 3, "tasks/get", map[string]any{"taskId": id}); field(other, "error", "code") != float64(-32602) {
		t.Fatalf("another session's tasks/get: %v; want not found", other)
	}
	res := rpc(t, b, "sess-X", 4, "tasks/result", map[string]any{"taskId": id})
	if !strings.Contains(fmt.Sprint(field(res, "result", "structuredContent")), "customer_id") {
		t.Fatalf("replica B's tasks/result: %v", res)
	}
	if kind := field(res, "result", "structuredContent", "kind"); kind != string(jobs.KindListFields) {
		t.Fatalf("result kind %v", kind)
	}
}

// Two stdio servers on one Redis — two users' agents, say — are two
// sessions: neither lists, reads, cancels or waits for the other's jobs,
// though both run on the same workers.
func TestRealRedisStdioServersAreKeptApart(t *testing.T) {
	jc, startWorker := redisStack(t)
	startWorker()
	root := workdir(t)
	other := jobs.NewBackend(asynq.RedisClientOpt{Addr: redistest.Addr(), DB: testRedisDB})
	defer other.Close()
	alice := stdioClient(t, newTestServer(t, clientStore{jc}, root))
	bob := stdioClient(t, newTestServer(t, clientStore{other}, root))

	done := mustOK(t, alice, ToolExtractCompact, map[string]any{"file_path": "two_column.docx"})
	if done.Status != stateCompleted {
		t.Fatalf("alice's call: %+v", done)
	}
	if list := textOf(call(t, alice, ToolListJobs, nil)); !strings.Contains(list, done.JobID) {
		t.Fatalf("alice's list_jobs lacks her job: %s", list)
	}
	if list := textOf(call(t, bob, ToolListJobs, nil)); strings.Contains(list, done.JobID) {
		t.Fatalf("bob's list_jobs shows alice's job: %s", list)
	}
	for _, tool := range []string{ToolGetJob, ToolCancelJob} {
		res := call(t, bob, tool, map[string]any{"job_id": done.JobID})
		if !res.IsError || !strings.Contains(textOf(res), "not found") || strings.Contains(textOf(res), "T1-R2-C2") {
			t.Fatalf("bob's %s on alice's job: %s; want not found", tool, textOf(res))
		}
	}
	if res := call(t, alice, ToolGetJob, map[string]any{"job_id": done.JobID}); res.IsError || !strings.Contains(textOf(res), "T1-R2-C2") {
		t.Fatalf("alice's get_job: %s", textOf(res))
	}
}
