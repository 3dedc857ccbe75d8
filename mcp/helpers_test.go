package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/santhosh-tekuri/jsonschema/v6"
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
	checkOutputSchema(t, c, tool, res)
	return res
}

// outputSchemas holds each client's compiled tool output schemas.
var outputSchemas sync.Map // *client.Client → map[string]*jsonschema.Schema

// checkOutputSchema fails the test when a result's structured content —
// of a success or an error alike — does not validate against the output
// schema the tool declares, as validating clients (the official TypeScript
// SDK, the MCP Inspector) check it and refuse the result when it does not.
func checkOutputSchema(t testing.TB, c *client.Client, tool string, res *mcpgo.CallToolResult) {
	t.Helper()
	if res.StructuredContent == nil {
		return
	}
	schemas, ok := outputSchemas.Load(c)
	if !ok {
		schemas = compileOutputSchemas(t, c)
		outputSchemas.Store(c, schemas)
	}
	sch := schemas.(map[string]*jsonschema.Schema)[tool]
	if sch == nil {
		return
	}
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(v); err != nil {
		t.Fatalf("%s: structured content %s does not match its output schema: %v", tool, clip(string(b), 300), err)
	}
}

func compileOutputSchemas(t testing.TB, c *client.Client) map[string]*jsonschema.Schema {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	list, err := c.ListTools(ctx, mcpgo.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*jsonschema.Schema{}
	for _, tl := range list.Tools {
		b, err := json.Marshal(tl) // the schema as the client received it
		if err != nil {
			t.Fatal(err)
		}
		var listed struct {
			OutputSchema json.RawMessage `json:"outputSchema"`
		}
		if json.Unmarshal(b, &listed); len(listed.OutputSchema) == 0 {
			continue
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(listed.OutputSchema))
		if err != nil {
			t.Fatalf("%s: output schema: %v", tl.Name, err)
		}
		comp := jsonschema.NewCompiler()
		url := "mem://" + tl.Name + ".json"
		if err := comp.AddResource(url, doc); err != nil {
			t.Fatal(err)
		}
		if out[tl.Name], err = comp.Compile(url); err != nil {
			t.Fatalf("%s: output schema does not compile: %v", tl.Name, err)
		}
	}
	return out
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
