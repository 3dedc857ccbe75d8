package mcp

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// modernHTTP sends raw JSON-RPC requests of protocol 2026-07-28 to an HTTP
// transport, with the _meta and headers the revision requires.
type modernHTTP struct {
	t     *testing.T
	url   string
	token string
	// noTasks leaves the tasks extension out of the client capabilities.
	noTasks bool
	// header, if set, changes the request's headers before it is sent.
	header func(http.Header)
}

// reply is an HTTP answer: its status, the JSON-RPC response and the
// notifications sent before it on an SSE stream.
type reply struct {
	status        int
	msg           map[string]any
	notifications []map[string]any
	header        http.Header
}

func (h *modernHTTP) meta(extra map[string]any) map[string]any {
	caps := map[string]any{}
	if !h.noTasks {
		caps["extensions"] = map[string]any{TasksExtension: map[string]any{}}
	}
	m := map[string]any{mcpgo.MetaKeyProtocolVersion: mcpgo.ProtocolVersion20260728,
		mcpgo.MetaKeyClientCapabilities: caps, mcpgo.MetaKeyClientInfo: map[string]any{"name": "raw-2026", "version": "1"}}
	for k, v := range extra {
		m[k] = v
	}
	return m
}

func (h *modernHTTP) call(id int, method string, params map[string]any) reply {
	h.t.Helper()
	if params == nil {
		params = map[string]any{}
	}
	meta, _ := params["_meta"].(map[string]any)
	params["_meta"] = h.meta(meta)
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	req, _ := http.NewRequest(http.MethodPost, h.url+EndpointPath, strings.NewReader(string(body)))
	token := h.token
	if token == "" {
		token = "s3cret"
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set(mcpgo.HeaderProtocolVersion, mcpgo.ProtocolVersion20260728)
	req.Header.Set(mcpgo.HeaderMethod, method)
	for _, key := range []string{"name", "uri", "taskId"} {
		if v, ok := params[key].(string); ok {
			req.Header.Set(mcpgo.HeaderName, v)
		}
	}
	if h.header != nil {
		h.header(req.Header)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	r := reply{status: resp.StatusCode, header: resp.Header}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 1<<20), 16<<20)
		for sc.Scan() {
			data, ok := strings.CutPrefix(sc.Text(), "data: ")
			if !ok {
				continue
			}
			var m map[string]any
			if err := json.Unmarshal([]byte(data), &m); err != nil {
				h.t.Fatalf("SSE data %q: %v", data, err)
			}
			if _, isResponse := m["id"]; isResponse {
				r.msg = m
			} else {
				r.notifications = append(r.notifications, m)
			}
		}
		return r
	}
	b, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(b, &r.msg); err != nil {
		h.t.Fatalf("%s: HTTP %d, not JSON-RPC: %s", method, resp.StatusCode, b)
	}
	return r
}

// A raw server/discover, as a 2026-07-28 client starts: the versions of both
// eras, the tasks extension and the resources, and no session.
func TestServerDiscover(t *testing.T) {
	s := newTestServer(t, newMemStore(), workdir(t))
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	h := &modernHTTP{t: t, url: ts.URL}
	r := h.call(1, "server/discover", nil)
	if r.status != http.StatusOK || r.header.Get("Mcp-Session-Id") != "" {
		t.Fatalf("HTTP %d, session %q: %v", r.status, r.header.Get("Mcp-Session-Id"), r.msg)
	}
	versions := fmt.Sprint(field(r.msg, "result", "supportedVersions"))
	for _, v := range mcpgo.ValidProtocolVersions {
		if !strings.Contains(versions, v) {
			t.Errorf("supportedVersions %s lacks %s", versions, v)
		}
	}
	if field(r.msg, "result", "capabilities", "extensions", TasksExtension) == nil || field(r.msg, "result", "capabilities", "tools") == nil ||
		field(r.msg, "result", "capabilities", "resources") == nil {
		t.Errorf("capabilities: %v", field(r.msg, "result", "capabilities"))
	}
	if field(r.msg, "result", "resultType") != "complete" || field(r.msg, "result", "_meta", mcpgo.MetaKeyServerInfo, "name") != "formfill" {
		t.Errorf("result metadata: %v", r.msg)
	}
	// Over stdio too.
	lines := stdioExchange(t, s, `{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`)
	if !strings.Contains(lines[0], `"2026-07-28"`) || !strings.Contains(lines[0], `"2024-11-05"`) {
		t.Errorf("server/discover over stdio: %s", lines[0])
	}
}

// stdioExchange writes lines to a stdio server and returns one answer per
// request line.
func stdioExchange(t *testing.T, s *Server, requests ...string) []string {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- s.ServeStdio(t.Context(), inR, outW); outW.Close() }()
	go func() {
		for _, r := range requests {
			inW.Write([]byte(r + "\n"))
		}
	}()
	sc := bufio.NewScanner(outR)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	var got []string
	for len(got) < len(requests) && sc.Scan() {
		if strings.Contains(sc.Text(), `"id"`) {
			got = append(got, sc.Text())
		}
	}
	inW.Close()
	<-done
	if len(got) < len(requests) {
		t.Fatalf("%d answers to %d requests: %q", len(got), len(requests), got)
	}
	return got
}

// A 2026-07-28 client that declares the tasks extension gets a task handle
// for a call whose job outlasts wait_seconds, polls it with tasks/get until
// the task carries the tool's result, and cancels another with
// tasks/cancel, which reaches the job.
func TestModernTasks(t *testing.T) {
	store := newMemStore()
	s := newTestServer(t, store, workdir(t), TokensFile(tokensFile(t, "bob bob-token")))
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	h := &modernHTTP{t: t, url: ts.URL}
	store.hold()
	r := h.call(1, "tools/call", map[string]any{"name": ToolExtractText, "arguments": map[string]any{"file_path": "form.pdf", "wait_seconds": 0}})
	id, _ := field(r.msg, "result", "taskId").(string)
	if r.status != http.StatusOK || field(r.msg, "result", "resultType") != "task" || id == "" || field(r.msg, "result", "status") != "working" ||
		field(r.msg, "result", "ttlMs") == nil || field(r.msg, "result", "pollIntervalMs") == nil || field(r.msg, "result", "content") != nil {
		t.Fatalf("a long call of a client with the extension: HTTP %d %v; want a task handle", r.status, r.msg)
	}
	if got := h.call(2, "tasks/get", map[string]any{"taskId": id}); field(got.msg, "result", "status") != "working" || field(got.msg, "result", "resultType") != "complete" {
		t.Fatalf("tasks/get of a held job: %v", got.msg)
	}
	store.release()
	var done reply
	for i := 0; i < 2000; i++ {
		if done = h.call(3, "tasks/get", map[string]any{"taskId": id}); field(done.msg, "result", "status") != "working" {
			break
		}
	}
	if field(done.msg, "result", "status") != "completed" || !strings.Contains(fmt.Sprint(field(done.msg, "result", "result", "content")), "Full name") ||
		field(done.msg, "result", "result", "isError") != nil {
		t.Fatalf("tasks/get of the finished job: %v", done.msg)
	}

	// Another principal: not found, in the extension's words.
	bob := &modernHTTP{t: t, url: ts.URL, token: "bob-token"}
	for _, method := range []string{"tasks/get", "tasks/cancel", "tasks/update"} {
		if got := bob.call(4, method, map[string]any{"taskId": id, "inputResponses": map[string]any{}}); got.status != http.StatusBadRequest || field(got.msg, "error", "code") != float64(mcpgo.INVALID_PARAMS) {
			t.Errorf("bob's %s of alice's task: HTTP %d %v", method, got.status, got.msg)
		}
	}

	// Cancel a held one: the job is canceled, and the task says so.
	store.hold()
	r = h.call(5, "tools/call", map[string]any{"name": ToolExtractText, "arguments": map[string]any{"file_path": "form.pdf", "wait_seconds": 0}})
	held, _ := field(r.msg, "result", "taskId").(string)
	if got := h.call(6, "tasks/cancel", map[string]any{"taskId": held}); got.status != http.StatusOK || field(got.msg, "error") != nil || field(got.msg, "result", "resultType") != "complete" {
		t.Fatalf("tasks/cancel: HTTP %d %v", got.status, got.msg)
	}
	if st, _ := store.Status(t.Context(), held); st.State != stateCanceled {
		t.Fatalf("the job after tasks/cancel: %s", st.State)
	}
	if got := h.call(7, "tasks/get", map[string]any{"taskId": held}); field(got.msg, "result", "status") != "cancelled" {
		t.Fatalf("tasks/get of the canceled task: %v", got.msg)
	}
	if got := h.call(8, "tasks/update", map[string]any{"taskId": id, "inputResponses": map[string]any{"x": map[string]any{}}}); field(got.msg, "result", "resultType") != "complete" {
		t.Fatalf("tasks/update: %v", got.msg)
	}
	store.release()
}

// The extension's rules: no task methods without declaring it, no
// tasks/list or tasks/result in this revision, no task handle for a client
// that did not declare it, and the headers must match the body.
func TestModernTaskRules(t *testing.T) {
	store := newMemStore()
	s := newTestServer(t, store, workdir(t))
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	plain := &modernHTTP{t: t, url: ts.URL, noTasks: true}
	store.hold()
	r := plain.call(1, "tools/call", map[string]any{"name": ToolExtractText, "arguments": map[string]any{"file_path": "form.pdf", "wait_seconds": 0}})
	if field(r.msg, "result", "resultType") != "complete" || field(r.msg, "result", "structuredContent", "status") != "pending" {
		t.Fatalf("a long call without the extension: %v; want the job to poll with get_job", r.msg)
	}
	id, _ := field(r.msg, "result", "structuredContent", "job_id").(string)
	store.release()
	if got := plain.call(2, "tasks/get", map[string]any{"taskId": id}); got.status != http.StatusBadRequest ||
		field(got.msg, "error", "code") != float64(mcpgo.MISSING_REQUIRED_CLIENT_CAPABILITY) ||
		field(got.msg, "error", "data", "requiredCapabilities", "extensions", TasksExtension) == nil {
		t.Errorf("tasks/get without the extension: HTTP %d %v", got.status, got.msg)
	}
	h := &modernHTTP{t: t, url: ts.URL}
	for _, method := range []string{"tasks/list", "tasks/result"} {
		if got := h.call(3, method, map[string]any{"taskId": id}); got.status != http.StatusNotFound || field(got.msg, "error", "code") != float64(mcpgo.METHOD_NOT_FOUND) {
			t.Errorf("%s in 2026-07-28: HTTP %d %v", method, got.status, got.msg)
		}
	}
	for name, change := range map[string]func(http.Header){
		"no protocol header":   func(hd http.Header) { hd.Del(mcpgo.HeaderProtocolVersion) },
		"other version header": func(hd http.Header) { hd.Set(mcpgo.HeaderProtocolVersion, "2025-11-25") },
		"wrong method header":  func(hd http.Header) { hd.Set(mcpgo.HeaderMethod, "tools/list") },
		"wrong task name":      func(hd http.Header) { hd.Set(mcpgo.HeaderName, "another-task") },
	} {
		bad := &modernHTTP{t: t, url: ts.URL, header: change}
		if got := bad.call(4, "tasks/get", map[string]any{"taskId": id}); got.status != http.StatusBadRequest || field(got.msg, "error") == nil {
			t.Errorf("%s: HTTP %d %v", name, got.status, got.msg)
		}
	}
	// A finished job's tasks/get works with the extension declared.
	if got := h.call(5, "tasks/get", map[string]any{"taskId": id}); field(got.msg, "error") != nil {
		t.Errorf("tasks/get with the extension: %v", got.msg)
	}
}

// A long call of a 2026-07-28 client with a progress token streams
// notifications/progress on the POST's SSE response before its answer:
// queued, running, completed.
func TestModernProgress(t *testing.T) {
	store := newMemStore()
	s := newTestServer(t, store, workdir(t))
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	h := &modernHTTP{t: t, url: ts.URL}
	r := h.call(1, "tools/call", map[string]any{"name": ToolExtractText, "arguments": map[string]any{"file_path": "form.pdf"},
		"_meta": map[string]any{"progressToken": "p-1"}})
	if field(r.msg, "result", "resultType") != "complete" || !strings.Contains(fmt.Sprint(field(r.msg, "result", "content")), "Full name") {
		t.Fatalf("the call: %v", r.msg)
	}
	var steps []string
	last := 0.0
	for _, n := range r.notifications {
		if n["method"] != "notifications/progress" || field(n, "params", "progressToken") != "p-1" {
			t.Fatalf("notification %v", n)
		}
		p, _ := field(n, "params", "progress").(float64)
		if p <= last {
			t.Fatalf("progress did not grow: %v", r.notifications)
		}
		last = p
		msg, _ := field(n, "params", "message").(string)
		steps = append(steps, msg[strings.LastIndex(msg, " ")+1:])
	}
	if !slices.Equal(steps, []string{"queued", "running", "completed"}) {
		t.Fatalf("progress steps %q, want queued, running, completed", steps)
	}
	if total := field(r.notifications[len(r.notifications)-1], "params", "total"); total != last {
		t.Fatalf("the last notification's total %v, want %v", total, last)
	}
}
