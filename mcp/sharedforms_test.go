package mcp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formfill/formfill/internal/realdocs"
)

// Real forms nobody on the project wrote (the shared forms, read in place):
// through MCP each maps to a compact structure and a field list, or fails
// with a tool error that says how to fix the call — never a protocol error.
func TestSharedFormsThroughMCP(t *testing.T) {
	dir := realdocs.SharedForms()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Skipf("shared forms: not present (%v)", err)
	}
	s := newTestServer(t, newMemStore(), dir)
	c := inProcessClient(t, s)
	seen := 0
	for _, e := range entries {
		ext := strings.ToLower(filepath.Ext(e.Name()))
		if ext != ".docx" && ext != ".xlsx" && ext != ".pdf" {
			continue
		}
		seen++
		t.Run(e.Name(), func(t *testing.T) {
			res := call(t, c, ToolExtractCompact, map[string]any{"file_path": e.Name(), "wait_seconds": 60})
			if res.IsError {
				if !strings.Contains(textOf(res), "How to fix") {
					t.Fatalf("error without a fix: %s", textOf(res))
				}
				t.Logf("refused with a tool error: %s", textOf(res))
				return
			}
			out := decodeOutput(t, res)
			if out.Status != stateCompleted || out.DocID == "" || !strings.Contains(textOf(res), "doc_id") {
				t.Fatalf("extract: %+v", out)
			}
			fields := call(t, c, ToolListFields, map[string]any{"doc_id": out.DocID, "wait_seconds": 60})
			if fields.IsError && !strings.Contains(textOf(fields), "How to fix") {
				t.Fatalf("list_form_fields error without a fix: %s", textOf(fields))
			}
		})
	}
	if seen == 0 {
		t.Skip("shared forms: no .docx/.xlsx/.pdf files")
	}
}
