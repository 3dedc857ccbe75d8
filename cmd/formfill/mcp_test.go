package main

import (
	"bufio"
	"encoding/json"
	"io"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/internal/syncbuf"
)

// formfill mcp on stdio with the embedded default answers a real MCP
// handshake and lists the specification's tools.
func TestMCPOverStdioListsTheTools(t *testing.T) {
	line := mcpStdioCall(t, cleanEnv(), `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, "--root", t.TempDir())
	var msg struct {
		Result struct {
			Tools []struct{ Name string } `json:"tools"`
		} `json:"result"`
	}
	if err := json.Unmarshal([]byte(line), &msg); err != nil {
		t.Fatalf("tools/list answer %s: %v", line, err)
	}
	var names []string
	for _, tool := range msg.Result.Tools {
		names = append(names, tool.Name)
	}
	all := strings.Join(names, " ")
	for _, want := range []string{"extract_structure_compact", "write_answers", "verify_output", "list_form_fields"} {
		if !strings.Contains(all, want) {
			t.Errorf("tools/list lacks %s: %s", want, all)
		}
	}
}

// mcpStdioCall runs formfill mcp (args) with env on stdio, makes the MCP
// handshake, sends request, which must carry id 2, and returns the line
// answering it; the test fails if mcp exits or 60 s pass first.
func mcpStdioCall(t *testing.T, env []string, request string, args ...string) string {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"mcp"}, args...)...)
	cmd.Env = env
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	var stderr syncbuf.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { stdin.Close(); cmd.Process.Kill(); cmd.Wait() }()
	io.WriteString(stdin, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"cli-test","version":"1"}}}`+"\n")
	io.WriteString(stdin, `{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n")
	io.WriteString(stdin, request+"\n")
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
	for {
		select {
		case line, ok := <-lines:
			if !ok {
				t.Fatalf("mcp exited before answering; stderr:\n%s", stderr.String())
			}
			var msg struct {
				ID int `json:"id"`
			}
			if json.Unmarshal([]byte(line), &msg) == nil && msg.ID == 2 {
				return line
			}
		case <-timeout:
			t.Fatalf("no answer to %s within 60 s; stderr:\n%s", request, stderr.String())
		}
	}
}
