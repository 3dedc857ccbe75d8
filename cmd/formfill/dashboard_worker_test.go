package main

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/internal/readers"
)

// dashboardTokens writes a tokens file of two principals, alice (an
// operator) and bob (a client), readable by its owner only.
func dashboardTokens(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(path, []byte("alice alice-token\nbob bob-token\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// freeAddr returns a loopback address nothing listens on.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// dashGet requests the dashboard at addr with the given Authorization.
func dashGet(t *testing.T, method, url, authorization string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(method, url, nil)
	if authorization != "" {
		req.Header.Set("Authorization", authorization)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// startDashboardWorker starts a worker serving the dashboard to alice
// from the tokens file, runs one fill through it and returns the
// dashboard's base URL once it answers.
func startDashboardWorker(t *testing.T) (base string, w *proc) {
	t.Helper()
	env := redisEnv(t, 13)
	addr := freeAddr(t)
	w = startWorker(t, env, "--concurrency", "1", "--dashboard", addr, "--tokens", dashboardTokens(t), "--dashboard-principal", "alice")
	fillAndCheck(t, env, fixtureDocs[0])
	base = "http://" + addr
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) && !strings.Contains(httpGet(base+"/healthz"), "ok") {
		time.Sleep(50 * time.Millisecond)
	}
	return base, w
}

// formfill worker --dashboard serves asynqmon behind the MCP transport's
// authentication: a tokens file's principals, only those named by
// --dashboard-principal, read-only.
func TestWorkerDashboardAuthentication(t *testing.T) {
	base, w := startDashboardWorker(t)
	basic := func(user, pass string) string {
		req, _ := http.NewRequest("GET", base, nil)
		req.SetBasicAuth(user, pass)
		return req.Header.Get("Authorization")
	}
	tests := []struct {
		name, method, path, auth string
		want                     int
		body                     string
	}{
		{"no credentials", "GET", "/dashboard/", "", http.StatusUnauthorized, "token as the password"},
		{"wrong token", "GET", "/dashboard/", basic("alice", "guess"), http.StatusUnauthorized, ""},
		{"principal not on the list", "GET", "/dashboard/", basic("bob", "bob-token"), http.StatusForbidden, "principal bob may not see the dashboard"},
		{"principal not on the list, API", "GET", "/dashboard/api/queues", "Bearer bob-token", http.StatusForbidden, ""},
		{"operator in a browser", "GET", "/dashboard/", basic("ops", "alice-token"), http.StatusOK, "<html"},
		{"operator reads the queues", "GET", "/dashboard/api/queues", "Bearer alice-token", http.StatusOK, `"interactive"`},
		{"operator may not pause a queue", "POST", "/dashboard/api/queues/interactive:pause", "Bearer alice-token", http.StatusMethodNotAllowed, "read-only"},
		{"health needs no token", "GET", "/healthz", "", http.StatusOK, "ok"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, body := dashGet(t, tc.method, base+tc.path, tc.auth)
			if code != tc.want || !strings.Contains(body, tc.body) {
				t.Fatalf("%s %s: %d %.300q, want %d with %q; worker log:\n%s", tc.method, tc.path, code, body, tc.want, tc.body, w.log.String())
			}
		})
	}
}

// A worker's dashboard refuses to start without credentials: it never
// runs open.
func TestWorkerDashboardNeedsCredentials(t *testing.T) {
	for _, args := range [][]string{{"worker", "--dashboard", "127.0.0.1:0"}, {"serve", "--dashboard", "127.0.0.1:0"}, {"worker", "--dashboard-principal", "alice"}} {
		r := cli(t, nil, args...)
		if r.code != 2 || !(strings.Contains(r.stderr, "bearer token") || strings.Contains(r.stderr, "needs --dashboard")) {
			t.Errorf("%v: exit %d, %s", args, r.code, r.stderr)
		}
	}
}

// The dashboard in a real browser: headless Chromium renders asynqmon's
// React pages, which show the queues and the finished fill job. The
// screenshots are kept as artifacts ($FORMFILL_TEST_ARTIFACTS, else the
// test's temporary directory).
func TestWorkerDashboardInChromium(t *testing.T) {
	base, _ := startDashboardWorker(t)
	code, body := dashGet(t, "GET", base+"/dashboard/api/queues/interactive/completed_tasks", "Bearer alice-token")
	var completed struct {
		Tasks []struct {
			ID   string `json:"id"`
			Type string `json:"type"`
		} `json:"tasks"`
	}
	if err := json.Unmarshal([]byte(body), &completed); code != http.StatusOK || err != nil {
		t.Fatalf("completed tasks: %d %v %.300s", code, err, body)
	}
	id := "" // the fill's job (fill also ran extract jobs to check its output)
	for _, task := range completed.Tasks {
		if task.Type == "formfill:fill" {
			id = task.ID
		}
	}
	if id == "" {
		t.Fatalf("no completed fill job: %.500s", body)
	}
	dir := os.Getenv("FORMFILL_TEST_ARTIFACTS")
	if dir == "" {
		dir = t.TempDir()
	}
	dir = filepath.Join(dir, t.Name())
	// Credentials in the URL answer the dashboard's Basic challenge.
	auth := strings.Replace(base, "http://", "http://ops:alice-token@", 1)
	pages := []struct {
		name, path string
		want       []string
	}{
		{"queues", "/dashboard/", []string{"interactive", "Queues"}},
		{"completed", "/dashboard/queues/interactive?status=completed", []string{"formfill:fill", "formfill:extract_text"}},
		{"task", "/dashboard/queues/interactive/tasks/" + id, []string{id, "formfill:fill"}},
	}
	for _, p := range pages {
		page := readers.Browse(t, auth+p.path, filepath.Join(dir, p.name+".png"), 10*time.Second)
		t.Logf("screenshot of %s: %s", p.path, page.Screenshot)
		for _, want := range p.want {
			if !strings.Contains(page.DOM, want) {
				t.Errorf("%s: the rendered page lacks %q:\n%.2000s", p.path, want, page.DOM)
			}
		}
		for _, a := range fixtureDocs[0].answers {
			if strings.Contains(page.DOM, a.AnswerText) {
				t.Errorf("%s shows the answer %q: the dashboard must show payload summaries only", p.path, a.AnswerText)
			}
		}
	}
}

// formfill serve --dashboard serves the embedded Redis's dashboard behind
// the single MCP token (principal "default", the default dashboard
// principal).
func TestServeDashboardBehindTheToken(t *testing.T) {
	addr := freeAddr(t)
	cmd := exec.Command(bin, "serve", "--addr", freeAddr(t), "--concurrency", "1", "--dashboard", addr)
	cmd.Env = append(cleanEnv(), "FORMFILL_MCP_TOKEN=serve-token")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	base := "http://" + addr
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) && !strings.Contains(httpGet(base+"/healthz"), "ok") {
		time.Sleep(50 * time.Millisecond)
	}
	for _, tc := range []struct {
		auth string
		want int
	}{{"", http.StatusUnauthorized}, {"Bearer wrong", http.StatusUnauthorized}, {"Bearer serve-token", http.StatusOK}} {
		if code, body := dashGet(t, "GET", base+"/dashboard/api/queues", tc.auth); code != tc.want {
			t.Errorf("Authorization %q: %d %.200s, want %d", tc.auth, code, body, tc.want)
		}
	}
}
