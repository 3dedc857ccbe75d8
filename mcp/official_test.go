package mcp

import (
	"bufio"
	"bytes"
	"context"
	"debug/buildinfo"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/formfill/formfill/internal/readers"
	"github.com/formfill/formfill/internal/redistest"
	"github.com/formfill/formfill/jobs"
)

// The official MCP TypeScript SDK (@modelcontextprotocol/sdk, pinned in
// .ci/install-inspector) drives the real formfill binary — stdio on the
// embedded default, stdio and streamable HTTP on one Redis with two
// replicas and a worker process — as agents' hosts do. The scripts are in
// testdata/official.

// sdkVersion is the pinned SDK version the scripts are written against.
const sdkVersion = "1.32.2"

// officialSDK returns the SDK's directory, installing it with
// .ci/install-inspector when it is missing. Without node the test skips,
// or fails when readers are required (CI).
func officialSDK(tb testing.TB) string {
	tb.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		msg := "official MCP SDK tests: node not installed (apt-get install nodejs npm)"
		if os.Getenv(readers.RequireEnv) != "" {
			tb.Fatalf("%s; %s is set, so the official clients are required", msg, readers.RequireEnv)
		}
		tb.Skip(msg)
	}
	dir := filepath.Join(repoRoot(tb), ".ci", "inspector", "node_modules", "@modelcontextprotocol", "sdk")
	if !sdkInstalled(dir) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		out, err := exec.CommandContext(ctx, "bash", filepath.Join(repoRoot(tb), ".ci", "install-inspector")).CombinedOutput()
		if err != nil || !sdkInstalled(dir) {
			tb.Fatalf("@modelcontextprotocol/sdk@%s is not installed and .ci/install-inspector did not install it (%v):\n%s", sdkVersion, err, out)
		}
	}
	return dir
}

func sdkInstalled(dir string) bool {
	b, err := os.ReadFile(filepath.Join(dir, "package.json"))
	return err == nil && bytes.Contains(b, []byte(`"version": "`+sdkVersion+`"`))
}

// The formfill binary, built once for the tests that run it.
var built struct {
	once     sync.Once
	dir, bin string
	err      error
}

// formfillBinary builds cmd/formfill (once) and returns its path.
func formfillBinary(root string) (string, error) {
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "formfill-mcp-test"); built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "formfill")
		build := exec.Command("go", "build", "-o", built.bin, "./cmd/formfill")
		build.Dir = root
		if out, err := build.CombinedOutput(); err != nil {
			built.err = fmt.Errorf("building formfill: %v\n%s", err, out)
		}
	})
	return built.bin, built.err
}

// removeFormfillBinary deletes the binary formfillBinary built, if any.
func removeFormfillBinary() {
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
}

// buildFormfill returns the formfill binary, failing tb when it does not
// build.
func buildFormfill(tb testing.TB) string {
	tb.Helper()
	bin, err := formfillBinary(repoRoot(tb))
	if err != nil {
		tb.Fatal(err)
	}
	return bin
}

// process is a formfill command the test started; it is stopped (SIGINT,
// then killed) when the test ends, and its stderr, kept in a file, shown
// if the test failed.
type process struct {
	cmd    *exec.Cmd
	stderr string // the file its stderr goes to
}

// log returns what the process wrote to stderr so far.
func (p *process) log() string {
	b, _ := os.ReadFile(p.stderr)
	return string(b)
}

func startProcess(tb testing.TB, env []string, bin string, args ...string) *process {
	tb.Helper()
	f, err := os.CreateTemp(tb.TempDir(), "stderr-*.log")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close() // the child has its own descriptor
	p := &process{cmd: exec.Command(bin, args...), stderr: f.Name()}
	p.cmd.Env = append(os.Environ(), env...)
	p.cmd.Stderr = f
	if err := p.cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		p.cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { p.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(15 * time.Second):
			p.cmd.Process.Kill()
			<-done
		}
		if tb.Failed() {
			tb.Logf("%s %s stderr:\n%s", filepath.Base(bin), strings.Join(args, " "), p.log())
		}
	})
	return p
}

// freeAddr returns a local address nothing listens on now.
func freeAddr(tb testing.TB) string {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// startHTTPReplica runs `formfill mcp --http` on redisURL, with token as
// the principal "default" and the environment env, and waits until it
// answers /healthz.
func startHTTPReplica(tb testing.TB, bin, root, redisURL, token string, env ...string) string {
	tb.Helper()
	addr := freeAddr(tb)
	p := startProcess(tb, append([]string{envMCPTokenForTest + "=" + token}, env...), bin, "mcp", "--http", addr, "--redis", redisURL, "--root", root)
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		resp, err := http.Get("http://" + addr + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return "http://" + addr + EndpointPath
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	tb.Fatalf("formfill mcp --http %s did not come up:\n%s", addr, p.log())
	return ""
}

// cmd/formfill's FORMFILL_MCP_TOKEN and FORMFILL_MCP_TOKENS.
const (
	envMCPTokenForTest  = "FORMFILL_MCP_TOKEN"
	envMCPTokensForTest = "FORMFILL_MCP_TOKENS"
)

// stdioTransport is the scripts' description of a stdio server to spawn.
func stdioTransport(bin, root string, args ...string) map[string]any {
	return map[string]any{"stdio": map[string]any{"command": bin, "args": append([]string{"mcp", "--root", root}, args...), "cwd": root}}
}

// runNode runs a script of testdata/official with cfg as its argument and
// returns its stdout.
func runNode(tb testing.TB, script string, cfg any, timeout time.Duration) []byte {
	tb.Helper()
	arg, err := json.Marshal(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", filepath.Join(repoRoot(tb), "mcp", "testdata", "official", script), string(arg))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		tb.Fatalf("node %s: %v\nstdout:\n%s\nstderr:\n%s", script, err, out, stderr.String())
	}
	return out
}

// officialCalls are successful calls of the tools that read no document;
// a document tool is called on a fixture with the arguments fileArgTools
// gives it.
var officialCalls = map[string]map[string]any{
	ToolBuildInsertion: {"answer_text": "Acme & Sons", "answer_type": "plain_text",
		"target_context_xml": `<w:p xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:r><w:t>Name</w:t></w:r></w:p>`},
}

// officialFiles picks the fixture a document tool is called on, where the
// scripts look for what it holds (the form's fields).
var officialFiles = map[string]string{ToolListFields: "form.pdf"}

// conformanceConfig says what the scripts must find: every tool of the
// table and the job tools with their hints, a call of each, the bad calls.
func conformanceConfig(t *testing.T, outside string) map[string]any {
	tools := map[string]any{
		ToolGetJob:    hintsOf(true, false, true, false),
		ToolListJobs:  hintsOf(true, false, true, false),
		ToolCancelJob: hintsOf(false, true, true, false),
	}
	calls := map[string]any{}
	for i := range jobs.Operations {
		op := &jobs.Operations[i]
		if op.Tool == "" {
			continue
		}
		tools[op.Tool] = hintsOf(op.Annotations())
		switch {
		case op.Document:
			file := officialFiles[op.Tool]
			if file == "" {
				file = "two_column.docx"
			}
			calls[op.Tool] = withArgs(fileArgTools[op.Tool], "file_path", file)
		case officialCalls[op.Tool] != nil:
			calls[op.Tool] = officialCalls[op.Tool]
		default:
			t.Fatalf("%s reads no document and has no call in officialCalls: add one", op.Tool)
		}
	}
	return map[string]any{"tools": tools, "calls": calls, "errors": errorCases(outside)}
}

func hintsOf(readOnly, destructive, idempotent, openWorld bool) map[string]bool {
	return map[string]bool{"readOnly": readOnly, "destructive": destructive, "idempotent": idempotent, "openWorld": openWorld}
}

// The official SDK's Client (1.x, of the session era), over stdio and
// streamable HTTP: every tool called and validated against its output
// schema, every error path a readable isError result that validates too,
// hints as the table says, serverInfo.version from the build, two stdio
// servers on one Redis kept apart, tasks across two HTTP replicas with a
// worker process — seen from another session of the same principal, not
// from another principal — paginated, and no task call without a session.
func TestOfficialSDKConformance(t *testing.T) {
	sdk := officialSDK(t)
	redistest.Conn(t, testRedisDB) // empty, or skip/fail saying why
	redisURL := redistest.URL(testRedisDB)
	bin := buildFormfill(t)
	info, err := buildinfo.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	root, outside := errorRoot(t)
	startProcess(t, nil, bin, "worker", "--redis", redisURL, "--concurrency", "2")
	const token = "conformance-token"
	others := envMCPTokensForTest + "=" + tokensFile(t, "other other-token")
	cfg := conformanceConfig(t, outside)
	cfg["sdk"] = sdk
	cfg["version"] = versionOf(info)
	cfg["stdioEmbedded"] = stdioTransport(bin, root)
	cfg["stdioRedis"] = []any{stdioTransport(bin, root, "--redis", redisURL), stdioTransport(bin, root, "--redis", redisURL)}
	cfg["http"] = []any{
		map[string]any{"url": startHTTPReplica(t, bin, root, redisURL, token, others), "token": token},
		map[string]any{"url": startHTTPReplica(t, bin, root, redisURL, token, others), "token": token},
	}
	cfg["otherToken"] = "other-token"
	out := runNode(t, "conformance.mjs", cfg, 5*time.Minute)
	checks := 0
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var c struct {
			Check  string `json:"check"`
			OK     bool   `json:"ok"`
			Detail string `json:"detail"`
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil || c.Check == "" {
			t.Errorf("unexpected output line: %s", sc.Text())
			continue
		}
		checks++
		t.Run(c.Check, func(t *testing.T) {
			if !c.OK {
				t.Fatal(c.Detail)
			}
		})
	}
	// 2 transports × (version, tools, text, job tools + a call, an empty
	// call and every error per tool), 2 + 6 isolation and task checks.
	perTransport := 4 + 2*len(cfg["calls"].(map[string]any)) + 3 + len(errorCases(outside))
	if want := 2*perTransport + 8; checks != want {
		t.Fatalf("the script reported %d checks, want %d:\n%s", checks, want, out)
	}
}

// BenchmarkOfficialSDKRoundTrip times tools/call of
// extract_structure_compact on a small .docx from the official SDK's
// Client (1.x, session era) and from the 2026-07-28 client (2.x), call
// after call, on the embedded default over stdio and over HTTP with Redis
// and one worker process. The script times each call; ns/op is the median,
// with p50-ms and p95-ms beside it. Run it with a fixed count:
//
//	go test -run '^$' -bench OfficialSDK -benchtime 300x ./mcp
func BenchmarkOfficialSDKRoundTrip(b *testing.B) {
	sdk := officialSDK(b)
	modules := officialModules(b)
	bin := buildFormfill(b)
	root := workdir(b)
	call := map[string]any{"tool": ToolExtractCompact, "args": map[string]any{"file_path": "two_column.docx"}, "sdk": sdk, "modules": modules, "warmup": 20}
	b.Run("stdio-embedded", func(b *testing.B) {
		benchNode(b, "bench.mjs", call, stdioTransport(bin, root))
	})
	b.Run("stdio-embedded-2026", func(b *testing.B) {
		benchNode(b, "bench2026.mjs", call, stdioTransport(bin, root))
	})
	redistest.Conn(b, testRedisDB)
	redisURL := redistest.URL(testRedisDB)
	startProcess(b, nil, bin, "worker", "--redis", redisURL)
	url := startHTTPReplica(b, bin, root, redisURL, "bench")
	b.Run("http-redis-1-worker", func(b *testing.B) {
		benchNode(b, "bench.mjs", call, map[string]any{"http": map[string]any{"url": url, "token": "bench"}})
	})
	b.Run("http-redis-1-worker-2026", func(b *testing.B) {
		benchNode(b, "bench2026.mjs", call, map[string]any{"http": map[string]any{"url": url, "token": "bench"}})
	})
}

func benchNode(b *testing.B, script string, call map[string]any, transport map[string]any) {
	cfg := map[string]any{"transport": transport, "n": b.N}
	for k, v := range call {
		cfg[k] = v
	}
	b.StopTimer() // the script times the calls; node and the server start outside them
	out := runNode(b, script, cfg, 10*time.Minute)
	var r struct {
		N    int     `json:"n"`
		P50  float64 `json:"p50_ms"`
		P95  float64 `json:"p95_ms"`
		Mean float64 `json:"mean_ms"`
		Max  float64 `json:"max_ms"`
	}
	if err := json.Unmarshal(bytes.TrimSpace(out), &r); err != nil {
		b.Fatalf("bench output %s: %v", out, err)
	}
	if r.N != b.N {
		b.Fatalf("the script timed %d calls, want %d", r.N, b.N)
	}
	b.ReportMetric(r.P50*1e6, "ns/op")
	b.ReportMetric(r.P50, "p50-ms")
	b.ReportMetric(r.P95, "p95-ms")
	b.ReportMetric(r.Mean, "mean-ms")
	b.Logf("%s: n=%d p50 %.2f ms, p95 %.2f ms, mean %.2f ms, max %.1f ms", b.Name(), b.N, r.P50, r.P95, r.Mean, r.Max)
}
