package mcp

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/embedded"
)

// helperEnv makes the test binary act as an MCP stdio server (embedded
// Redis and worker, roots = working directory), so the Inspector test runs
// even while cmd/formfill does not build.
const helperEnv = "FORMFILL_MCP_TEST_HELPER"

func TestMain(m *testing.M) {
	if os.Getenv(helperEnv) == "stdio" {
		os.Exit(serveHelper())
	}
	code := m.Run()
	removeFormfillBinary()
	os.Exit(code)
}

func serveHelper() int {
	ctx := context.Background()
	emb, err := embedded.Start(embedded.Logger(quietLogger()), embedded.Concurrency(2))
	if err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		return 1
	}
	defer emb.Close()
	s, err := New(emb.Backend(), Logger(quietLogger()))
	if err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		return 1
	}
	if err := s.ServeStdio(ctx, os.Stdin, os.Stdout); err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		return 1
	}
	return 0
}

// inspectorBin finds the MCP Inspector installed by .ci/install-inspector.
func inspectorBin(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("MCP Inspector test: node not installed")
	}
	bin := filepath.Join(repoRoot(t), ".ci", "inspector", "node_modules", ".bin", "mcp-inspector")
	if _, err := os.Stat(bin); err != nil {
		t.Skipf("MCP Inspector test: not installed (run .ci/install-inspector): %v", err)
	}
	return bin
}

// serverCommand returns the command the Inspector should launch: the
// formfill binary (`formfill mcp`) when cmd/formfill builds, else this test
// binary in helper mode.
func serverCommand(t *testing.T) (argv []string, env []string) {
	t.Helper()
	bin, err := formfillBinary(repoRoot(t))
	if err == nil {
		return []string{bin, "mcp"}, nil
	}
	t.Logf("cmd/formfill does not build, the Inspector launches the test binary instead: %v", err)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return []string{self}, []string{"-e", helperEnv + "=stdio"}
}

func runInspector(t *testing.T, dir string, server, env []string, method ...string) []byte {
	t.Helper()
	return runInspectorExit(t, 0, dir, server, env, method...)
}

// inspectorToolError is the Inspector CLI's exit status when a tool answered
// with isError (its result is printed all the same); a result the CLI's
// client refuses, such as one not matching the tool's output schema, exits
// 1 instead.
const inspectorToolError = 5

// runInspectorExit runs the Inspector CLI and requires exit status want.
func runInspectorExit(t *testing.T, want int, dir string, server, env []string, method ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	args := append([]string{"--cli"}, env...)
	args = append(args, server...)
	args = append(args, method...)
	cmd := exec.CommandContext(ctx, inspectorBin(t), args...)
	cmd.Dir = dir
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if got := cmd.ProcessState.ExitCode(); got != want {
		t.Fatalf("inspector %v: exit %d (%v), want %d\nstdout: %s\nstderr: %s", method, got, err, want, out, stderr.String())
	}
	return out
}

// The official MCP Inspector, a client nobody on the project wrote, lists
// the tools and calls extract_structure_compact over stdio.
func TestInspectorCLI(t *testing.T) {
	inspectorBin(t)
	root := workdir(t)
	server, env := serverCommand(t)

	// --strict: the CLI also fails on tool schemas other clients could not use.
	out := runInspector(t, root, server, env, "--method", "tools/list", "--strict")
	var list struct {
		Tools []struct {
			Name        string         `json:"name"`
			InputSchema map[string]any `json:"inputSchema"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(out, &list); err != nil {
		t.Fatalf("tools/list output: %v\n%s", err, out)
	}
	names := map[string]bool{}
	for _, tl := range list.Tools {
		names[tl.Name] = true
	}
	for _, want := range []string{ToolExtractCompact, ToolExtractRaw, ToolExtractText, ToolValidate, ToolBuildInsertion, ToolWrite, ToolListFields, ToolVerify, ToolGetJob, ToolCancelJob, ToolListJobs} {
		if !names[want] {
			t.Errorf("the Inspector does not list %s (got %v)", want, names)
		}
	}

	out = runInspector(t, root, server, env, "--method", "tools/call", "--tool-name", ToolExtractCompact, "--tool-arg", "file_path=two_column.docx")
	var res struct {
		IsError bool `json:"isError"`
		Content []struct {
			Text string `json:"text"`
		} `json:"content"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("tools/call output: %v\n%s", err, out)
	}
	if res.IsError || len(res.Content) == 0 || !strings.Contains(res.Content[0].Text, "T1-R2-C2") {
		t.Fatalf("extract_structure_compact through the Inspector: %s", out)
	}

	// A tool error is a result the Inspector accepts and prints (its client
	// validates error results against the output schema too), saying what
	// to fix.
	out = runInspectorExit(t, inspectorToolError, root, server, env, "--method", "tools/call", "--tool-name", ToolExtractCompact, "--tool-arg", "file_path=missing.docx")
	res.IsError, res.Content = false, nil
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("tools/call output: %v\n%s", err, out)
	}
	if !res.IsError || len(res.Content) == 0 || !strings.Contains(res.Content[0].Text, "does not exist") || !strings.Contains(res.Content[0].Text, "How to fix") {
		t.Fatalf("a missing file through the Inspector: %s", out)
	}
}
