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
		readOnly, destructive, idempotent, openWorld := op.Annotations()
		wantHints(t, tm, readOnly, destructive, idempotent, openWorld)
		if op.ReadOnly && destructive {
			t.Errorf("%s: read-only yet destructive", op.Tool)
		}
	}
	// The job tools act on formfill's own jobs; only cancel_job changes one.
	wantHints(t, listed[ToolGetJob], true, false, true, false)
	wantHints(t, listed[ToolListJobs], true, false, true, false)
	wantHints(t, listed[ToolCancelJob], false, true, true, false)
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

// wantHints checks that a listed tool states all four behaviour hints, with
// these values: hosts take a missing hint at its default (not read-only,
// destructive, open world), the opposite of most formfill tools.
func wantHints(t *testing.T, tool map[string]any, readOnly, destructive, idempotent, openWorld bool) {
	t.Helper()
	for name, want := range map[string]bool{"readOnlyHint": readOnly, "destructiveHint": destructive, "idempotentHint": idempotent, "openWorldHint": openWorld} {
		if got := field(tool, "annotations", name); got != want {
			t.Errorf("%s: %s = %v, want %v", tool["name"], name, got, want)
		}
	}
}

// Write tools that can save over an existing file say they may destroy;
// the read-only tools say they only read.
func TestAnnotationsFollowWhatToolsDo(t *testing.T) {
	for _, tc := range []struct {
		tool                  string
		readOnly, destructive bool
	}{
		{ToolExtractCompact, true, false},
		{ToolVerify, true, false},
		{ToolWrite, false, true},
	} {
		op := jobs.OperationForTool(tc.tool)
		if op == nil {
			t.Fatalf("no operation offers %s", tc.tool)
		}
		if ro, d, _, _ := op.Annotations(); ro != tc.readOnly || d != tc.destructive {
			t.Errorf("%s: readOnly %v destructive %v; want %v, %v", tc.tool, ro, d, tc.readOnly, tc.destructive)
		}
	}
}
