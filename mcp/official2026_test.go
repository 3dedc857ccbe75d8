package mcp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/formfill/formfill/internal/redistest"
	"github.com/formfill/formfill/jobs"
)

// The official TypeScript client of the 2026-07-28 era
// (@modelcontextprotocol/client 2.x with @modelcontextprotocol/ext-tasks,
// pinned in .ci/install-inspector) drives the real formfill binary: stdio on
// the embedded default, HTTP on one Redis with two replicas and a worker
// process, and a replica no worker serves. The script is
// testdata/official/client2026.mjs.

// Versions the script is written against.
const (
	client2026Version = "2.4.0"
	extTasksVersion   = "0.2.2"
)

// idleRedisDB is the database of the replica no worker serves, so that its
// jobs stay pending until canceled.
const idleRedisDB = 11

// officialModules returns the node_modules holding the official clients,
// installing them with .ci/install-inspector when one is missing.
func officialModules(tb testing.TB) string {
	tb.Helper()
	sdk := officialSDK(tb) // skips without node, installs the 1.x SDK
	modules := filepath.Dir(filepath.Dir(sdk))
	installed := func() bool {
		return packageVersion(modules, "client") == client2026Version && packageVersion(modules, "ext-tasks") == extTasksVersion
	}
	if !installed() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		out, err := exec.CommandContext(ctx, "bash", filepath.Join(repoRoot(tb), ".ci", "install-inspector")).CombinedOutput()
		if err != nil || !installed() {
			tb.Fatalf("@modelcontextprotocol/client@%s and ext-tasks@%s are not installed and .ci/install-inspector did not install them (%v):\n%s",
				client2026Version, extTasksVersion, err, out)
		}
	}
	return modules
}

// packageVersion reads the version of @modelcontextprotocol/name.
func packageVersion(modules, name string) string {
	b, err := os.ReadFile(filepath.Join(modules, "@modelcontextprotocol", name, "package.json"))
	if err != nil {
		return ""
	}
	var p struct {
		Version string `json:"version"`
	}
	json.Unmarshal(b, &p)
	return p.Version
}

// The 2026-07-28 client over stdio and HTTP negotiates that revision through
// server/discover, lists and calls tools (validated against their output
// schemas), reads a produced document through its resource_link, gets
// progress while a call waits; with the tasks extension it gets a task handle for a long call
// and settles it by polling (on either replica), another principal sees
// none of it, and a cancel reaches the job.
func TestOfficialClient2026(t *testing.T) {
	modules := officialModules(t)
	redistest.Conn(t, testRedisDB)
	redistest.Conn(t, idleRedisDB)
	redisURL := redistest.URL(testRedisDB)
	bin := buildFormfill(t)
	root := workdir(t)
	startProcess(t, nil, bin, "worker", "--redis", redisURL, "--concurrency", "2")
	const token = "client-2026-token"
	others := envMCPTokensForTest + "=" + tokensFile(t, "other other-token")
	r1 := startHTTPReplica(t, bin, root, redisURL, token, others)
	var tools []string
	for i := range jobs.Operations {
		if op := &jobs.Operations[i]; op.Tool != "" {
			tools = append(tools, op.Tool)
		}
	}
	tools = append(tools, ToolGetJob, ToolCancelJob, ToolListJobs)
	sort.Strings(tools)
	cfg := map[string]any{
		"modules": modules,
		"tools":   tools,
		"stdio":   stdioTransport(bin, root),
		"http": []any{
			map[string]any{"url": r1, "token": token},
			map[string]any{"url": startHTTPReplica(t, bin, root, redisURL, token, others), "token": token},
		},
		"other": map[string]any{"url": r1, "token": "other-token"},
		"idle":  map[string]any{"url": startHTTPReplica(t, bin, root, redistest.URL(idleRedisDB), token), "token": token},
	}
	out := runNode(t, "client2026.mjs", cfg, 5*time.Minute)
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
	// 2 transports × 5 checks, 6 task checks.
	if want := 2*5 + 6; checks != want {
		t.Fatalf("the script reported %d checks, want %d:\n%s", checks, want, out)
	}
}
