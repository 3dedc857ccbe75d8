package mcp

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// With a root per principal, principals who share a server share no files:
// each one's paths resolve in <root>/<principal>, and another's directory
// is outside its roots.
func TestRootPerPrincipal(t *testing.T) {
	root := workdir(t)
	s := newTestServer(t, newMemStore(), root, RootPerPrincipal(), TokensFile(tokensFile(t, "alice alice-token", "bob bob-token")))
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	aliceDir := filepath.Join(root, "alice")
	if err := os.MkdirAll(aliceDir, 0o700); err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(filepath.Join(root, "two_column.docx"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(aliceDir, "form.docx"), doc, 0o600); err != nil {
		t.Fatal(err)
	}
	alice := modernHTTPClient(t, ts.URL, "alice-token")
	if res := call(t, alice, ToolExtractCompact, map[string]any{"file_path": "two_column.docx"}); !res.IsError {
		t.Fatal("alice read a file of the shared root, outside her directory")
	}
	out := mustOK(t, alice, ToolWrite, map[string]any{"file_path": "form.docx", "output_file_path": "filled.docx",
		"answers": []map[string]any{{"pair_id": "T1-R2-C2", "answer_text": "Acme Ltd"}}})
	if out.OutputFilePath != filepath.Join(aliceDir, "filled.docx") {
		t.Fatalf("alice's output went to %q, want her directory", out.OutputFilePath)
	}

	bob := modernHTTPClient(t, ts.URL, "bob-token")
	for _, path := range []string{"filled.docx", "../alice/filled.docx", filepath.Join(aliceDir, "filled.docx")} {
		res := call(t, bob, ToolExtractText, map[string]any{"file_path": path})
		if !res.IsError || strings.Contains(textOf(res), "Acme") {
			t.Errorf("bob read %s: %s", path, textOf(res))
		}
	}
	if fi, err := os.Stat(filepath.Join(root, "bob")); err != nil || !fi.IsDir() || fi.Mode().Perm() != 0o700 {
		t.Fatalf("bob's directory: %v %v", fi, err)
	}
	for name, want := range map[string]string{"alice": "alice", "oauth:a/../../b": "principal-", "..": "principal-"} {
		if got := principalDir(name); !strings.HasPrefix(got, want) || strings.ContainsAny(got, "/:") || got == ".." {
			t.Errorf("principalDir(%q) = %q", name, got)
		}
	}
}
