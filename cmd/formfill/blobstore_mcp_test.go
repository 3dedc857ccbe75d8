package main

import (
	"bufio"
	"context"
	"encoding/json"
	"github.com/formfill/formfill/internal/syncbuf"
	"io"
	"os"
	"os/exec"
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
	cmd := exec.Command(bin, "mcp", "--root", root)
	cmd.Env = append(cleanEnv(), "FORMFILL_BLOB_STORE=s3://formfill/mcp")
	for k, v := range srv.Env() {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	var stderr syncbuf.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { stdin.Close(); cmd.Process.Kill(); cmd.Wait() }()
	call, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 2, "method": "tools/call",
		"params": map[string]any{"name": "extract_structure_compact", "arguments": map[string]any{"file_path": doc}}})
	io.WriteString(stdin, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"cli-test","version":"1"}}}`+"\n")
	io.WriteString(stdin, `{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n")
	io.WriteString(stdin, string(call)+"\n")
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 4<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	timeout := time.After(60 * time.Second)
	for done := false; !done; {
		select {
		case line, ok := <-lines:
			if !ok {
				t.Fatalf("mcp exited; stderr:\n%s", stderr.String())
			}
			var msg struct {
				ID     int `json:"id"`
				Result struct {
					IsError bool `json:"isError"`
				} `json:"result"`
			}
			if json.Unmarshal([]byte(line), &msg) != nil || msg.ID != 2 {
				continue
			}
			if msg.Result.IsError {
				t.Fatalf("extract_structure_compact failed: %s", line)
			}
			done = true
		case <-timeout:
			t.Fatalf("no tools/call answer within 60 s; stderr:\n%s", stderr.String())
		}
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
