package mcp

import (
	"slices"
	"testing"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/formfill/formfill/jobs"
)

// TestToolsFollowTheOperationTable checks that tools/list offers exactly
// the operations the table gives a tool, plus the job tools, and that each
// tool says what its operation declares: its parameters, which of them are
// required, and hints that match whether it only reads.
func TestToolsFollowTheOperationTable(t *testing.T) {
	s := newTestServer(t, newMemStore(), workdir(t))
	rpc(t, s, "", 1, "initialize", map[string]any{"protocolVersion": mcpgo.LATEST_PROTOCOL_VERSION, "clientInfo": map[string]any{"name": "t", "version": "1"}, "capabilities": map[string]any{}})
	listed := map[string]map[string]any{}
	tools, _ := field(rpc(t, s, "", 2, "tools/list", map[string]any{}), "result", "tools").([]any)
	for _, tl := range tools {
		tm := tl.(map[string]any)
		listed[tm["name"].(string)] = tm
	}
	want := []string{ToolGetJob, ToolCancelJob, ToolListJobs}
	for _, op := range jobs.Operations {
		if op.Tool == "" {
			continue
		}
		want = append(want, op.Tool)
		tm, ok := listed[op.Tool]
		if !ok {
			t.Errorf("operation %s: tool %s is not listed", op.Kind, op.Tool)
			continue
		}
		props, _ := field(tm, "inputSchema", "properties").(map[string]any)
		required, _ := field(tm, "inputSchema", "required").([]any)
		for _, p := range op.Params {
			if _, ok := props[p.Name]; !ok {
				t.Errorf("%s: parameter %s missing from the input schema", op.Tool, p.Name)
			}
			if p.Required != slices.Contains(required, any(p.Name)) {
				t.Errorf("%s: parameter %s required=%v in the table but not in the schema %v", op.Tool, p.Name, p.Required, required)
			}
		}
		if _, ok := props["file_path"]; ok != op.Document {
			t.Errorf("%s: takes file_path=%v, but the operation reads a document=%v", op.Tool, ok, op.Document)
		}
		if ro := field(tm, "annotations", "readOnlyHint"); ro != op.ReadOnly {
			t.Errorf("%s: readOnlyHint %v, want %v", op.Tool, ro, op.ReadOnly)
		}
		if d := field(tm, "annotations", "destructiveHint"); d != false {
			t.Errorf("%s: destructiveHint %v; no document tool changes its input", op.Tool, d)
		}
	}
	for _, name := range want {
		delete(listed, name)
	}
	for name := range listed {
		t.Errorf("tool %s is listed but is neither an operation's nor a job tool", name)
	}
	for _, name := range []string{ToolExtractCompact, ToolExtractRaw, ToolExtractText, ToolValidate, ToolBuildInsertion, ToolWrite, ToolListFields, ToolVerify} {
		if jobs.OperationForTool(name) == nil {
			t.Errorf("the tests call %s, which no operation offers", name)
		}
	}
}

// Every local parameter in the table is one this server can resolve.
func TestEveryLocalParameterIsResolved(t *testing.T) {
	for _, op := range jobs.Operations {
		for _, p := range op.Params {
			if _, ok := localParams[p.Name]; p.Local && !ok {
				t.Errorf("%s: local parameter %s has no resolver in localParams", op.Kind, p.Name)
			}
		}
	}
}
