package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/jobs"
)

// BenchmarkToolCall measures the MCP layer's cost around a job (argument
// decoding, upload, submit, polling, rendering) with an in-memory store
// running the engine, through mcp-go's in-process client.
func BenchmarkToolCall(b *testing.B) {
	root := workdir(b)
	s := newTestServer(b, newMemStore(), root)
	c := inProcessClient(b, s)
	args := map[string]any{"file_path": "form.pdf"}
	b.ResetTimer()
	for b.Loop() {
		if res := call(b, c, ToolExtractText, args); res.IsError {
			b.Fatal(textOf(res))
		}
	}
}

// BenchmarkTasksGet measures the interception of a task method.
func BenchmarkTasksGet(b *testing.B) {
	store := newMemStore()
	s := newTestServer(b, store, workdir(b))
	id, _ := store.Submit(context.Background(), jobs.Payload{Kind: jobs.KindExtractText, FileType: formats.PDF})
	msg := json.RawMessage(fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":"tasks/get","params":{"taskId":%q}}`, id))
	b.ResetTimer()
	for b.Loop() {
		if _, ok := s.intercept(withPrincipal(context.Background(), Principal{Name: "b"}), msg, nil); !ok {
			b.Fatal("not intercepted")
		}
	}
}

// BenchmarkToolCallRealRedis measures one extract_text call end to end:
// upload, enqueue on Redis, a real worker, result back. Skips without Redis.
func BenchmarkToolCallRealRedis(b *testing.B) {
	jc, startWorker := redisStackB(b)
	startWorker()
	s := newTestServer(b, clientStore{jc}, workdir(b))
	c := inProcessClient(b, s)
	args := map[string]any{"file_path": "form.pdf"}
	b.ResetTimer()
	for b.Loop() {
		if res := call(b, c, ToolExtractText, args); res.IsError {
			b.Fatal(textOf(res))
		}
	}
}
