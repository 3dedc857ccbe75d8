package mcp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

func httpClient(t testing.TB, url, token string) *client.Client {
	t.Helper()
	c, err := client.NewStreamableHttpClient(url+EndpointPath,
		transport.WithHTTPHeaders(map[string]string{"Authorization": "Bearer " + token}))
	if err != nil {
		t.Fatal(err)
	}
	return startClient(t, c)
}

// stdioClient serves s over in-memory pipes and returns a client on them.
func stdioClient(t testing.TB, s *Server) *client.Client {
	t.Helper()
	return stdioClientWith(t, s)
}

// stdioClientWith is stdioClient with client options.
func stdioClientWith(t testing.TB, s *Server, opts ...client.ClientOption) *client.Client {
	t.Helper()
	clientToServerR, clientToServerW := io.Pipe()
	serverToClientR, serverToClientW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- s.ServeStdio(ctx, clientToServerR, serverToClientW)
		serverToClientW.Close()
	}()
	t.Cleanup(func() {
		cancel()
		clientToServerW.Close()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			t.Error("ServeStdio did not return after its input closed")
		}
	})
	c := client.NewClient(transport.NewIO(serverToClientR, clientToServerW, io.NopCloser(strings.NewReader(""))), opts...)
	return startClient(t, c)
}

func TestPipelineOverHTTP(t *testing.T) {
	root := workdir(t)
	s := newTestServer(t, newMemStore(), root)
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	c := httpClient(t, ts.URL, "s3cret")
	for _, f := range fixtureFiles {
		t.Run(f.format, func(t *testing.T) { runPipeline(t, c, root, f.file, f.field) })
	}
}

func TestPipelineOverStdio(t *testing.T) {
	root := workdir(t)
	s := newTestServer(t, newMemStore(), root)
	c := stdioClient(t, s)
	for _, f := range fixtureFiles {
		t.Run(f.format, func(t *testing.T) { runPipeline(t, c, root, f.file, f.field) })
	}
}

// A task-augmented call and tasks/result over raw stdio lines: the path
// mcp-go's Go client cannot take (it fails to parse CreateTaskResult).
func TestTasksOverStdio(t *testing.T) {
	root := workdir(t)
	s := newTestServer(t, newMemStore(), root)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go s.ServeStdio(ctx, inR, outW)
	defer inW.Close()
	lines := bufio.NewScanner(outR)
	lines.Buffer(make([]byte, 1<<20), 64<<20)
	send := func(id int, method string, params any) map[string]any {
		b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
		if _, err := inW.Write(append(b, '\n')); err != nil {
			t.Fatal(err)
		}
		for lines.Scan() {
			var m map[string]any
			if json.Unmarshal(lines.Bytes(), &m) == nil && fmt.Sprint(m["id"]) == fmt.Sprint(id) {
				return m
			}
		}
		t.Fatalf("no answer to %s: %v", method, lines.Err())
		return nil
	}
	send(1, "initialize", map[string]any{"protocolVersion": mcpgo.LATEST_PROTOCOL_VERSION, "clientInfo": map[string]any{"name": "raw", "version": "1"}, "capabilities": map[string]any{}})
	created := send(2, "tools/call", map[string]any{"name": ToolListFields, "arguments": map[string]any{"file_path": "form.pdf"}, "task": map[string]any{"ttl": 1000}})
	id, _ := field(created, "result", "task", "taskId").(string)
	if id == "" {
		t.Fatalf("no task ID: %v", created)
	}
	res := send(3, "tasks/result", map[string]any{"taskId": id})
	if !strings.Contains(fmt.Sprint(field(res, "result", "structuredContent", "result")), "customer_id") {
		t.Fatalf("tasks/result over stdio: %v", res)
	}
	list := send(4, "tools/call", map[string]any{"name": ToolListJobs, "arguments": map[string]any{}})
	if !strings.Contains(fmt.Sprint(list), id) {
		t.Fatalf("list_jobs over stdio does not show the task's job: %v", list)
	}
}

func TestHTTPGuard(t *testing.T) {
	s := newTestServer(t, newMemStore(), workdir(t), MaxBodyBytes(4096), AllowOrigins("https://allowed.example"))
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	initBody := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","clientInfo":{"name":"t","version":"1"},"capabilities":{}}}`
	tests := []struct {
		name, auth, origin, body string
		want                     int
	}{
		{"no token", "", "", initBody, http.StatusUnauthorized},
		{"wrong token", "Bearer nope", "", initBody, http.StatusUnauthorized},
		{"token prefix only", "Bearer s3cre", "", initBody, http.StatusUnauthorized},
		{"basic scheme", "Basic s3cret", "", initBody, http.StatusUnauthorized},
		{"foreign origin", "Bearer s3cret", "https://evil.example", initBody, http.StatusForbidden},
		{"foreign origin without token", "", "https://evil.example", initBody, http.StatusForbidden},
		{"body too large", "Bearer s3cret", "", `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"` + strings.Repeat("x", 5000) + `"}}`, http.StatusRequestEntityTooLarge},
		{"right token", "Bearer s3cret", "", initBody, http.StatusOK},
		{"lowercase scheme", "bearer s3cret", "", initBody, http.StatusOK},
		{"localhost origin", "Bearer s3cret", "http://localhost:6274", initBody, http.StatusOK},
		{"allowed origin", "Bearer s3cret", "https://allowed.example", initBody, http.StatusOK},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodPost, ts.URL+EndpointPath, strings.NewReader(tc.body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			if tc.auth != "" {
				req.Header.Set("Authorization", tc.auth)
			}
			if tc.origin != "" {
				req.Header.Set("Origin", tc.origin)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.want {
				t.Fatalf("status %d (%s), want %d", resp.StatusCode, body, tc.want)
			}
			if tc.want == http.StatusUnauthorized && resp.Header.Get("WWW-Authenticate") == "" {
				t.Fatal("401 without WWW-Authenticate")
			}
		})
	}
	// The Go client with a wrong token fails to initialise.
	c, err := client.NewStreamableHttpClient(ts.URL+EndpointPath, transport.WithHTTPHeaders(map[string]string{"Authorization": "Bearer wrong"}))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c.Start(ctx)
	init := mcpgo.InitializeRequest{}
	init.Params.ProtocolVersion = mcpgo.LATEST_PROTOCOL_VERSION
	if _, err := c.Initialize(ctx, init); err == nil {
		t.Fatal("a client with a wrong token initialised")
	}
}

func TestHTTPWithoutTokenRefusesEverything(t *testing.T) {
	s, err := NewWithStore(newMemStore(), Roots([]string{t.TempDir()}), Logger(quietLogger()))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.ListenAndServe(context.Background(), "127.0.0.1:0"); err != ErrNoToken {
		t.Fatalf("ListenAndServe without a token: %v, want ErrNoToken", err)
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	req, _ := http.NewRequest(http.MethodPost, ts.URL+EndpointPath, strings.NewReader(`{}`))
	req.Header.Set("Authorization", "Bearer ")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("empty configured token let a request through: %d", resp.StatusCode)
	}
}

// rawHTTP posts JSON-RPC bodies to an HTTP transport, in the session an
// initialize opened (or none), with a bearer token (default s3cret).
type rawHTTP struct {
	t       *testing.T
	url     string
	session string
	token   string
}

func (h *rawHTTP) post(body string) (int, string, http.Header) {
	h.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, h.url+EndpointPath, strings.NewReader(body))
	token := h.token
	if token == "" {
		token = "s3cret"
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if h.session != "" {
		req.Header.Set("Mcp-Session-Id", h.session)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), resp.Header
}

// call posts a request and decodes its JSON-RPC answer.
func (h *rawHTTP) call(body string) map[string]any {
	h.t.Helper()
	code, text, _ := h.post(body)
	var m map[string]any
	if err := json.Unmarshal([]byte(text), &m); err != nil {
		h.t.Fatalf("HTTP %d, not JSON: %s", code, text)
	}
	return m
}

// initialize opens a session.
func (h *rawHTTP) initialize() {
	h.t.Helper()
	code, text, header := h.post(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","clientInfo":{"name":"raw","version":"1"},"capabilities":{}}}`)
	if h.session = header.Get("Mcp-Session-Id"); code != http.StatusOK || h.session == "" {
		h.t.Fatalf("initialize: HTTP %d, session %q: %s", code, h.session, text)
	}
}

// Task methods over HTTP are answered from the job store too, for the
// principal of the caller: like any other legacy call, they need a session
// that initialize opened; another session of the same principal sees the
// task, another principal does not.
func TestTasksOverHTTP(t *testing.T) {
	root := workdir(t)
	s := newTestServer(t, newMemStore(), root, TokensFile(tokensFile(t, "bob bob-token")))
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	h := &rawHTTP{t: t, url: ts.URL}
	h.initialize()
	created := h.call(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"extract_text","arguments":{"file_path":"form.pdf"},"task":{}}}`)
	id, _ := field(created, "result", "task", "taskId").(string)
	if id == "" {
		t.Fatalf("task-augmented call over HTTP: %v", created)
	}
	res := h.call(fmt.Sprintf(`{"jsonrpc":"2.0","id":2,"method":"tasks/result","params":{"taskId":%q}}`, id))
	if !strings.Contains(fmt.Sprint(field(res, "result", "content")), "Full name") {
		t.Fatalf("tasks/result over HTTP: %v", res)
	}

	same := &rawHTTP{t: t, url: ts.URL}
	same.initialize()
	if got := same.call(fmt.Sprintf(`{"jsonrpc":"2.0","id":3,"method":"tasks/get","params":{"taskId":%q}}`, id)); field(got, "result", "status") != "completed" {
		t.Errorf("tasks/get in another session of the same principal: %v", got)
	}
	if list := same.call(`{"jsonrpc":"2.0","id":4,"method":"tasks/list"}`); !strings.Contains(fmt.Sprint(list), id) {
		t.Errorf("another session of the same principal does not list the task: %v", list)
	}

	other := &rawHTTP{t: t, url: ts.URL, token: "bob-token"}
	other.initialize()
	for _, method := range []string{"tasks/get", "tasks/result", "tasks/cancel"} {
		got := other.call(fmt.Sprintf(`{"jsonrpc":"2.0","id":3,"method":%q,"params":{"taskId":%q}}`, method, id))
		if field(got, "error", "code") != float64(mcpgo.INVALID_PARAMS) || !strings.Contains(fmt.Sprint(field(got, "error", "message")), "not found") {
			t.Errorf("%s of another principal's task: %v; want not found", method, got)
		}
	}
	if list := other.call(`{"jsonrpc":"2.0","id":4,"method":"tasks/list"}`); strings.Contains(fmt.Sprint(list), id) {
		t.Errorf("another principal's tasks/list shows the task: %v", list)
	}

	// The spec says 400 without a session (the task methods answer so);
	// mcp-go answers 404 for the other methods.
	for _, tc := range []struct {
		name, session string
		want          []int
	}{
		{"no session", "", []int{http.StatusBadRequest, http.StatusNotFound}},
		{"session nobody opened", "mcp-session-" + uuid.NewString(), []int{http.StatusNotFound}},
		{"malformed session", "stdio-guess", []int{http.StatusNotFound}},
	} {
		for _, body := range []string{
			`{"jsonrpc":"2.0","id":5,"method":"tasks/list"}`,
			fmt.Sprintf(`{"jsonrpc":"2.0","id":6,"method":"tasks/get","params":{"taskId":%q}}`, id),
			`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"extract_text","arguments":{"file_path":"form.pdf"},"task":{}}}`,
			`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"list_jobs","arguments":{}}}`,
		} {
			stranger := &rawHTTP{t: t, url: ts.URL, session: tc.session}
			if code, text, _ := stranger.post(body); !slices.Contains(tc.want, code) || strings.Contains(text, id) {
				t.Errorf("%s: %s answered HTTP %d (%.200s); want %d", tc.name, body, code, text, tc.want)
			}
		}
	}
}

// An oversize stdio message is refused with an error and the session goes
// on with the next line.
func TestStdioOversizeMessage(t *testing.T) {
	s := newTestServer(t, newMemStore(), workdir(t), MaxBodyBytes(2048))
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go s.ServeStdio(ctx, inR, outW)
	defer inW.Close()
	lines := bufio.NewScanner(outR)
	go func() {
		big := `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"` + strings.Repeat("x", 10000) + `"}}` + "\n"
		inW.Write([]byte(big))
		inW.Write([]byte(`{"jsonrpc":"2.0","id":2,"method":"ping"}` + "\n"))
	}()
	var got []string
	for len(got) < 2 && lines.Scan() {
		got = append(got, lines.Text())
	}
	if len(got) < 2 || !strings.Contains(got[0], "longer than 2048 bytes") || !strings.Contains(got[1], `"id":2`) {
		t.Fatalf("answers: %q", got)
	}
}
