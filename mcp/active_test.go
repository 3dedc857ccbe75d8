package mcp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formfill/formfill/embedded"
	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
)

// TestActiveContentOverMCP: the map lists a document's active content as
// warnings, and write_answers with strip_active_content (a parameter of the
// operation table) removes it and says what it removed.
func TestActiveContentOverMCP(t *testing.T) {
	emb, err := embedded.Start(embedded.Logger(quietLogger()), embedded.Concurrency(1))
	if err != nil {
		t.Fatal(err)
	}
	defer emb.Close()
	jc := emb.Backend()
	defer jc.Close()
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "active.docx"), fixtures.ActiveDocx(), 0o600); err != nil {
		t.Fatal(err)
	}
	c := inProcessClient(t, newTestServer(t, clientStore{jc}, root))

	var m formats.CompactStructure
	resultAs(t, mustOK(t, c, ToolExtractCompact, map[string]any{"file_path": "active.docx"}), &m)
	if len(m.Warnings) != 5 || !strings.Contains(strings.Join(m.Warnings, "\n"), fixtures.ActiveURL+"template.dotm") {
		t.Fatalf("map warnings %q, want the 5 items of the fixture", m.Warnings)
	}
	var w formats.WriteResult
	resultAs(t, mustOK(t, c, ToolWrite, map[string]any{"file_path": "active.docx", "strip_active_content": true,
		"answers": []map[string]any{{"pair_id": "T1-R2-C2", "answer_text": "Acme Ltd"}}, "output_file_path": "filled.docx"}), &w)
	if len(w.Removed) != 5 {
		t.Fatalf("removed %v, want the 5 items", w.Removed)
	}
	out, err := os.ReadFile(filepath.Join(root, "filled.docx"))
	if err != nil {
		t.Fatal(err)
	}
	if left, err := formats.FindActive(mustEngine(t, formats.Word), out); err != nil || len(left) != 0 {
		t.Fatalf("the saved output still holds %v (%v)", left, err)
	}
	fi, _ := os.Stat(filepath.Join(root, "filled.docx"))
	t.Logf("saved with mode %v", fi.Mode().Perm())
}

func mustEngine(t *testing.T, ft formats.FileType) formats.Engine {
	t.Helper()
	e, err := formats.Lookup(ft)
	if err != nil {
		t.Fatal(err)
	}
	return e
}
