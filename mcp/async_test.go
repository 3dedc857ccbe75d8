package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/jobs"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/formfill/formfill/formats"
)

// A job that outlasts wait_seconds answers with its ID; get_job polls it
// to completion and then answers as the tool would have.
func TestAsyncJobPolledWithGetJob(t *testing.T) {
	root := workdir(t)
	store := newMemStore()
	s := newTestServer(t, store, root)
	c := inProcessClient(t, s)

	store.hold()
	first := mustOK(t, c, ToolExtractCompact, map[string]any{"file_path": "two_column.docx", "wait_seconds": 0.2})
	if first.Status != statePending || first.JobID == "" || first.PollAfterMS <= 0 || first.Result != nil {
		t.Fatalf("held job answered %+v; want pending with job_id and poll_after_ms, no result", first)
	}
	if !strings.Contains(first.Next, "get_job") {
		t.Fatalf("next step %q does not mention get_job", first.Next)
	}
	still := mustOK(t, c, ToolGetJob, map[string]any{"job_id": first.JobID})
	if still.Status != statePending {
		t.Fatalf("get_job on a held job: %+v", still)
	}
	store.release()
	done := mustOK(t, c, ToolGetJob, map[string]any{"job_id": first.JobID, "wait_seconds": 10})
	if done.Status != stateCompleted || done.DocID != first.DocID {
		t.Fatalf("get_job after release: %+v", done)
	}
	var cs formats.CompactStructure
	resultAs(t, done, &cs)
	if !strings.Contains(cs.CompactText, "T1-R2-C2") {
		t.Fatalf("polled result lacks the compact map: %q", cs.CompactText)
	}

	list := call(t, c, ToolListJobs, nil)
	if list.IsError || !strings.Contains(textOf(list), first.JobID) || !strings.Contains(textOf(list), ToolExtractCompact) {
		t.Fatalf("list_jobs lacks the job: %s", textOf(list))
	}
}

func TestCancelJob(t *testing.T) {
	root := workdir(t)
	store := newMemStore()
	s := newTestServer(t, store, root)
	c := inProcessClient(t, s)
	store.hold()
	pending := mustOK(t, c, ToolExtractText, map[string]any{"file_path": "form.pdf", "wait_seconds": 0})
	res := call(t, c, ToolCancelJob, map[string]any{"job_id": pending.JobID})
	if res.IsError || !strings.Contains(textOf(res), "canceled") {
		t.Fatalf("cancel_job: %s", textOf(res))
	}
	store.release()
	after := call(t, c, ToolGetJob, map[string]any{"job_id": pending.JobID, "wait_seconds": 1})
	if !after.IsError || !strings.Contains(textOf(after), "canceled") {
		t.Fatalf("get_job on a canceled job should be a tool error saying so: %s", textOf(after))
	}
	again := call(t, c, ToolCancelJob, map[string]any{"job_id": pending.JobID})
	if again.IsError || !strings.Contains(textOf(again), "nothing to cancel") {
		t.Fatalf("second cancel_job: %s", textOf(again))
	}
}

// Progress notifications flow when the client sends a progress token.
func TestProgressNotifications(t *testing.T) {
	root := workdir(t)
	s := newTestServer(t, newMemStore(), root)
	c := inProcessClient(t, s)
	got := make(chan mcpgo.JSONRPCNotification, 16)
	c.OnNotification(func(n mcpgo.JSONRPCNotification) {
		if n.Method == "notifications/progress" {
			got <- n
		}
	})
	req := mcpgo.CallToolRequest{}
	req.Params.Name = ToolExtractText
	req.Params.Arguments = map[string]any{"file_path": "form.pdf"}
	req.Params.Meta = &mcpgo.Meta{ProgressToken: "tok-1"}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if res, err := c.CallTool(ctx, req); err != nil || res.IsError {
		t.Fatalf("extract_text: %v %v", err, res)
	}
	select {
	case n := <-got:
		if fmt.Sprint(n.Params.AdditionalFields["progressToken"]) != "tok-1" {
			t.Fatalf("progress notification for the wrong token: %+v", n.Params.AdditionalFields)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("no progress notification")
	}
}

// rpc sends one raw JSON-RPC request through Server.HandleMessage, as the
// principal named principal.
func rpc(t *testing.T, s *Server, principal string, id int, method string, params any) map[string]any {
	t.Helper()
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	resp := s.HandleMessage(ctx, Principal{Name: principal}, b)
	out, _ := json.Marshal(resp)
	var m map[string]any
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func field(m map[string]any, path ...string) any {
	var cur any = m
	for _, p := range path {
		mm, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = mm[p]
	}
	return cur
}

// MCP tasks: a task-augmented call returns at once with the job ID as task
// ID; tasks/get, tasks/list, tasks/result and tasks/cancel read the job
// store, for the session that made the task and no other (replicas sharing
// it through Redis: TestRealRedisReplicasShareTasks).
func TestTasksFromJobStore(t *testing.T) {
	root := workdir(t)
	store := newMemStore()
	s := newTestServer(t, store, root)

	store.hold()
	created := rpc(t, s, "sess-A", 1, "tools/call", map[string]any{
		"name": ToolExtractCompact, "arguments": map[string]any{"file_path": "vendor_assessment.xlsx"}, "task": map[string]any{"ttl": 60000}})
	taskID, _ := field(created, "result", "task", "taskId").(string)
	if taskID == "" || field(created, "result", "task", "status") != "working" {
		t.Fatalf("task-augmented call: %v", created)
	}
	if store.payload(taskID).Kind == "" {
		t.Fatalf("task ID %q is not a job ID of the store", taskID)
	}

	got := rpc(t, s, "sess-A", 2, "tasks/get", map[string]any{"taskId": taskID})
	if field(got, "result", "status") != "working" || field(got, "result", "taskId") != taskID {
		t.Fatalf("tasks/get: %v", got)
	}
	for _, method := range []string{"tasks/get", "tasks/result", "tasks/cancel"} {
		if got := rpc(t, s, "sess-B", 2, method, map[string]any{"taskId": taskID}); field(got, "error", "code") != float64(mcpgo.INVALID_PARAMS) {
			t.Fatalf("%s by another session: %v; want not found", method, got)
		}
	}
	list := rpc(t, s, "sess-A", 3, "tasks/list", map[string]any{})
	if !strings.Contains(fmt.Sprint(field(list, "result", "tasks")), taskID) {
		t.Fatalf("tasks/list lacks %s: %v", taskID, list)
	}

	store.release()
	res := rpc(t, s, "sess-A", 4, "tasks/result", map[string]any{"taskId": taskID})
	if field(res, "result", "isError") == true || !strings.Contains(fmt.Sprint(field(res, "result", "content")), "S1-R3-C3") {
		t.Fatalf("tasks/result: %v", res)
	}
	if field(res, "result", "_meta", mcpgo.RelatedTaskMetaKey, "taskId") != taskID {
		t.Fatalf("tasks/result lacks the related-task meta: %v", field(res, "result", "_meta"))
	}
	done := rpc(t, s, "sess-A", 5, "tasks/get", map[string]any{"taskId": taskID})
	if field(done, "result", "status") != "completed" {
		t.Fatalf("tasks/get after the result: %v", done)
	}

	store.hold()
	second := rpc(t, s, "sess-A", 6, "tools/call", map[string]any{
		"name": ToolExtractText, "arguments": map[string]any{"file_path": "form.pdf"}, "task": map[string]any{}})
	id2, _ := field(second, "result", "task", "taskId").(string)
	canceled := rpc(t, s, "sess-A", 7, "tasks/cancel", map[string]any{"taskId": id2})
	if field(canceled, "result", "status") != "cancelled" {
		t.Fatalf("tasks/cancel: %v", canceled)
	}
	again := rpc(t, s, "sess-A", 8, "tasks/cancel", map[string]any{"taskId": id2})
	if field(again, "error", "code") != float64(mcpgo.INVALID_PARAMS) {
		t.Fatalf("cancelling a cancelled task should be invalid params: %v", again)
	}
	store.release()
}

func TestTaskErrors(t *testing.T) {
	root := workdir(t)
	s := newTestServer(t, newMemStore(), root)
	tests := []struct {
		name, method string
		params       any
		code         int
		msgHas       string
	}{
		{"unknown task", "tasks/get", map[string]any{"taskId": "interactive:nope"}, mcpgo.INVALID_PARAMS, "not found"},
		{"missing taskId", "tasks/result", map[string]any{}, mcpgo.INVALID_PARAMS, "taskId is required"},
		{"job tool as task", "tools/call", map[string]any{"name": ToolListJobs, "task": map[string]any{}}, mcpgo.METHOD_NOT_FOUND, "does not support task"},
		{"unknown tool as task", "tools/call", map[string]any{"name": "fill_everything", "task": map[string]any{}}, mcpgo.INVALID_PARAMS, "not found"},
		{"bad input as task", "tools/call", map[string]any{"name": ToolExtractText, "arguments": map[string]any{"file_path": "../x.pdf"}, "task": map[string]any{}}, mcpgo.INVALID_PARAMS, "outside the allowed roots"},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := rpc(t, s, "sess", i+1, tc.method, tc.params)
			if field(m, "error", "code") != float64(tc.code) || !strings.Contains(fmt.Sprint(field(m, "error", "message")), tc.msgHas) {
				t.Fatalf("got %v; want code %d with %q", m, tc.code, tc.msgHas)
			}
		})
	}
}

// Messages that are not task messages reach mcp-go unchanged.
func TestHandleMessagePassesOtherMethods(t *testing.T) {
	s := newTestServer(t, newMemStore(), workdir(t))
	rpc(t, s, "", 1, "initialize", map[string]any{"protocolVersion": mcpgo.LATEST_PROTOCOL_VERSION, "clientInfo": map[string]any{"name": "t", "version": "1"}, "capabilities": map[string]any{}})
	m := rpc(t, s, "", 2, "tools/list", map[string]any{})
	tools, _ := field(m, "result", "tools").([]any)
	want := 3 // the job tools
	for _, op := range jobs.Operations {
		if op.Tool != "" {
			want++
		}
	}
	if len(tools) != want {
		t.Fatalf("tools/list returned %d tools, want %d (one per operation with a tool, and the job tools)", len(tools), want)
	}
	for _, tl := range tools {
		tm := tl.(map[string]any)
		isDoc := jobs.OperationForTool(tm["name"].(string)) != nil
		support := field(tm, "execution", "taskSupport")
		if isDoc && support != "optional" {
			t.Errorf("%s: taskSupport %v, want optional", tm["name"], support)
		}
		if desc, _ := tm["description"].(string); !strings.Contains(desc, "Example") {
			t.Errorf("%s: description has no example: %q", tm["name"], desc)
		}
	}
}

// Polling a finished write_answers job again must not write its output
// file again: the agent may have opened the document and changed it. A
// file that is gone is written again.
func TestGetJobWritesTheOutputFileOnce(t *testing.T) {
	root := workdir(t)
	c := inProcessClient(t, newTestServer(t, newMemStore(), root))
	done := mustOK(t, c, ToolWrite, map[string]any{"file_path": "two_column.docx", "wait_seconds": 10,
		"answers": []map[string]any{{"pair_id": "T1-R2-C2", "answer_text": "Acme"}}, "output_file_path": "filled.docx"})
	path := filepath.Join(root, "filled.docx")
	if done.Status != stateCompleted || done.OutputFilePath != path {
		t.Fatalf("write_answers: %+v", done)
	}
	edited := []byte("the user's own edits")
	mustDo(t, os.WriteFile(path, edited, 0o644))
	again := mustOK(t, c, ToolGetJob, map[string]any{"job_id": done.JobID})
	if again.OutputFilePath != path {
		t.Fatalf("get_job again reports %q, want %q", again.OutputFilePath, path)
	}
	if b, _ := os.ReadFile(path); !bytes.Equal(b, edited) {
		t.Fatalf("get_job wrote the output again over the user's edits (%d bytes)", len(b))
	}
	mustDo(t, os.Remove(path))
	mustOK(t, c, ToolGetJob, map[string]any{"job_id": done.JobID})
	if b, err := os.ReadFile(path); err != nil || !bytes.HasPrefix(b, []byte("PK")) {
		t.Fatalf("a deleted output was not written again: %v", err)
	}
}

// tasks/list pages through a session's tasks, newest first, with an opaque
// nextCursor until the last page; a cursor that is garbage, or another
// session's, is invalid params (-32602).
func TestTasksListPaginates(t *testing.T) {
	defer func(n int) { taskPageSize = n }(taskPageSize)
	taskPageSize = 3
	s := newTestServer(t, newMemStore(), workdir(t))
	var made []string
	for i := range 7 {
		created := rpc(t, s, "sess-P", i, "tools/call", map[string]any{"name": ToolExtractText, "arguments": map[string]any{"file_path": "form.pdf"}, "task": map[string]any{}})
		id, _ := field(created, "result", "task", "taskId").(string)
		if id == "" {
			t.Fatalf("task %d: %v", i, created)
		}
		made = append([]string{id}, made...) // newest first
	}
	other := rpc(t, s, "sess-Q", 99, "tools/call", map[string]any{"name": ToolExtractText, "arguments": map[string]any{"file_path": "form.pdf"}, "task": map[string]any{}})
	otherID, _ := field(other, "result", "task", "taskId").(string)

	var seen []string
	var cursors []string
	params := map[string]any{}
	for page := 0; ; page++ {
		res := rpc(t, s, "sess-P", 100+page, "tasks/list", params)
		tasks, _ := field(res, "result", "tasks").([]any)
		if len(tasks) == 0 || len(tasks) > 3 {
			t.Fatalf("page %d holds %d tasks: %v", page, len(tasks), res)
		}
		for _, tk := range tasks {
			seen = append(seen, tk.(map[string]any)["taskId"].(string))
		}
		next, _ := field(res, "result", "nextCursor").(string)
		if next == "" {
			break
		}
		cursors = append(cursors, next)
		params = map[string]any{"cursor": next}
	}
	if fmt.Sprint(seen) != fmt.Sprint(made) {
		t.Fatalf("pages listed %v; want every task of the session, newest first: %v", seen, made)
	}
	if len(cursors) != 2 {
		t.Fatalf("%d cursors for 7 tasks in pages of 3", len(cursors))
	}
	otherList := rpc(t, s, "sess-Q", 200, "tasks/list", nil)
	otherCursor := encodeCursor(otherID)
	if strings.Contains(fmt.Sprint(otherList), made[0]) {
		t.Fatalf("another session lists sess-P's tasks: %v", otherList)
	}
	for name, cursor := range map[string]any{
		"garbage":                "not-a-cursor!",
		"unknown task":           encodeCursor("interactive:job-999"),
		"another session's task": otherCursor,
		"not a string":           42,
	} {
		res := rpc(t, s, "sess-P", 300, "tasks/list", map[string]any{"cursor": cursor})
		if field(res, "error", "code") != float64(mcpgo.INVALID_PARAMS) {
			t.Errorf("cursor %s: %v; want -32602", name, res)
		}
	}
}

// A principal keeps its newest maxOwnerJobs jobs: an older one is gone from
// tasks/list and, so that the two agree, from tasks/get and get_job too —
// in one process's memory and through Redis alike.
func TestForgottenTasksAreGoneEverywhere(t *testing.T) {
	defer func(n int) { maxOwnerJobs = n }(maxOwnerJobs)
	maxOwnerJobs = 3
	stores := map[string]func(t *testing.T) Store{
		"memory": func(*testing.T) Store { return newMemStore() },
		"redis": func(t *testing.T) Store {
			jc, _ := redisStack(t)
			return clientStore{jc}
		},
	}
	for name, store := range stores {
		t.Run(name, func(t *testing.T) {
			s := newTestServer(t, store(t), workdir(t))
			var ids []string
			for i := range 5 {
				created := rpc(t, s, "sess-F", i, "tools/call", map[string]any{"name": ToolExtractText, "arguments": map[string]any{"file_path": "form.pdf", "wait_seconds": 0}, "task": map[string]any{}})
				id, _ := field(created, "result", "task", "taskId").(string)
				if id == "" {
					t.Fatalf("task %d: %v", i, created)
				}
				ids = append(ids, id)
			}
			list := fmt.Sprint(rpc(t, s, "sess-F", 10, "tasks/list", nil))
			for i, id := range ids {
				kept := i >= 2
				if strings.Contains(list, id) != kept {
					t.Errorf("task %d listed=%v, want %v", i, !kept, kept)
				}
				got := rpc(t, s, "sess-F", 11, "tasks/get", map[string]any{"taskId": id})
				if found := field(got, "error") == nil; found != kept {
					t.Errorf("tasks/get of task %d found=%v, want %v: %v", i, found, kept, got)
				}
			}
		})
	}
}
