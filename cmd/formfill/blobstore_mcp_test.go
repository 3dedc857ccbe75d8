package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/formfill/formfill/internal/s3test"
	"github.com/formfill/formfill/jobs"
)

// formfill mcp with FORMFILL_BLOB_STORE (and the embedded Redis and
// worker) uploads the document a tool reads to S3, and the tool answers.
func TestMCPKeepsDocumentsInS3(t *testing.T) {
	srv := s3test.Start(t)
	root := t.TempDir()
	doc, _ := writeFixture(t, root, fixtureDocs[0])
	env := append(cleanEnv(), "FORMFILL_BLOB_STORE=s3://formfill/mcp")
	for k, v := range srv.Env() {
		env = append(env, k+"="+v)
	}
	call, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 2, "method": "tools/call",
		"params": map[string]any{"name": "extract_structure_compact", "arguments": map[string]any{"file_path": doc}}})
	line := mcpStdioCall(t, env, string(call), "--root", root)
	var msg struct {
		Result struct {
			IsError bool `json:"isError"`
		} `json:"result"`
	}
	if err := json.Unmarshal([]byte(line), &msg); err != nil || msg.Result.IsError {
		t.Fatalf("extract_structure_compact failed: %s", line)
	}
	data, err := os.ReadFile(filepath.Clean(doc))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	store, err := jobs.NewS3BlobStore(ctx, "s3://formfill/mcp", time.Hour, srv.Getenv)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.Get(ctx, jobs.DocID(data), time.Hour); err != nil {
		t.Errorf("the document the tool read is not in S3: %v", err)
	}
}
