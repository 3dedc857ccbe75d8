package mcp

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// fixtureFiles are the committed fixtures the pipeline tests fill, one per
// format, with the field each test answers.
var fixtureFiles = []struct {
	format, file, field string
}{
	{"word", "testdata/word/two_column.docx", "T1-R2-C2"},
	{"excel", "testdata/excel/vendor_assessment.xlsx", "S1-R3-C4"},
	{"pdf", "testdata/pdf/form.pdf", "F1"},
}

// repoRoot finds the module root from this file's location.
func repoRoot(t testing.TB) string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(filepath.Dir(file))
}

// workdir makes a root directory holding copies of the fixtures.
func workdir(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range fixtureFiles {
		data, err := os.ReadFile(filepath.Join(repoRoot(t), f.file))
		if err != nil {
			t.Skipf("fixture %s missing: %v", f.file, err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f.file)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func quietLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func newTestServer(t testing.TB, store Store, root string, opts ...Option) *Server {
	t.Helper()
	opts = append([]Option{Roots([]string{root}), Logger(quietLogger()), Token("s3cret")}, opts...)
	s, err := NewWithStore(store, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func startClient(t testing.TB, c *client.Client) *client.Client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	init := mcpgo.InitializeRequest{}
	init.Params.ProtocolVersion = mcpgo.LATEST_PROTOCOL_VERSION
	init.Params.ClientInfo = mcpgo.Implementation{Name: "formfill-test", Version: "1"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func inProcessClient(t testing.TB, s *Server) *client.Client {
	t.Helper()
	c, err := client.NewInProcessClient(s.MCPServer())
	if err != nil {
		t.Fatal(err)
	}
	return startClient(t, c)
}

func call(t testing.TB, c *client.Client, tool string, args map[string]any) *mcpgo.CallToolResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	req := mcpgo.CallToolRequest{}
	req.Params.Name = tool
	req.Params.Arguments = args
	res, err := c.CallTool(ctx, req)
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	return res
}

// mustOK calls a tool and decodes its structured output, failing on a tool
// error.
func mustOK(t testing.TB, c *client.Client, tool string, args map[string]any) output {
	t.Helper()
	res := call(t, c, tool, args)
	if res.IsError {
		t.Fatalf("%s(%v) failed: %s", tool, args, textOf(res))
	}
	return decodeOutput(t, res)
}

func decodeOutput(t testing.TB, res *mcpgo.CallToolResult) output {
	t.Helper()
	var out output
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("structured content %s: %v", b, err)
	}
	return out
}

// resultAs re-decodes an output's result into v.
func resultAs(t testing.TB, out output, v any) {
	t.Helper()
	b, _ := json.Marshal(out.Result)
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("result %s: %v", b, err)
	}
}

func textOf(res *mcpgo.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := mcpgo.AsTextContent(c); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}
