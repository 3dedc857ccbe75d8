package mcp

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/embedded"
)

// A piped client writes its requests and closes stdin at once; every request
// already read must still be answered.
func TestStdioAnswersRequestsReadBeforeStdinCloses(t *testing.T) {
	emb, err := embedded.Start(embedded.Logger(quietLogger()))
	if err != nil {
		t.Fatal(err)
	}
	defer emb.Close()
	client := emb.Backend()
	defer client.Close()
	srv, err := New(client, Roots([]string{t.TempDir()}), Logger(quietLogger()))
	if err != nil {
		t.Fatal(err)
	}
	in := strings.NewReader(strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"pipe","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"build_insertion_xml","arguments":{"answer_text":"Yes","target_context_xml":"<w:r xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\"><w:t>Q</w:t></w:r>","answer_type":"plain_text"}}}`,
	}, "\n") + "\n")
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := srv.ServeStdio(ctx, in, &out); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{`"id":1`, `"id":2`, `"id":3`} {
		if !strings.Contains(out.String(), id) {
			t.Errorf("no response with %s after stdin closed:\n%s", id, out.String())
		}
	}
	if !strings.Contains(out.String(), "extract_structure_compact") {
		t.Errorf("tools/list answer missing")
	}
}
