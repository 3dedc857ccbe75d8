package mcp

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/formfill/formfill/jobs"

	"github.com/formfill/formfill/formats"
)

// Tool arguments come from any agent: turning them into a job (decoding,
// filling the payload, resolving local files, uploading a document) never
// panics, and what it refuses is a typed input error.
func FuzzDecodeArgs(f *testing.F) {
	f.Add(ToolWrite, `{"file_path":"a.docx","answers":[{"pair_id":"T1-R1-C1","answer_text":"x"}],"dry_run":true}`)
	f.Add(ToolValidate, `{"locations":"oops"}`)
	f.Add(ToolBuildInsertion, `{"answer_text":null,"answer_type":7}`)
	f.Add(ToolExtractText, `[1,2,3]`)
	f.Add(ToolVerify, `{"expected_answers":[{"pair_id":1}]}`)
	s, err := NewWithStore(newMemStore(), Roots([]string{f.TempDir()}), Logger(quietLogger()))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, tool, raw string) {
		op := jobs.OperationForTool(tool)
		if op == nil {
			op = jobs.OperationForTool(ToolWrite)
		}
		r, err := s.prepare(context.Background(), Principal{Name: "fuzz"}, op, json.RawMessage(raw))
		if err != nil && !formats.IsInputError(err) {
			t.Fatalf("prepare(%s, %q) error is not an input error: %v", op.Tool, raw, err)
		}
		if err == nil && (r == nil || r.payload.Kind != op.Kind) {
			t.Fatalf("prepare(%s, %q) gave %+v without an error", op.Tool, raw, r)
		}
	})
}

// Raw JSON-RPC lines reach the task interceptor before mcp-go: it never
// panics, and what it claims is answered with a result or an error.
func FuzzInterceptTasks(f *testing.F) {
	f.Add(`{"jsonrpc":"2.0","id":1,"method":"tasks/get","params":{"taskId":"x"}}`)
	f.Add(`{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"extract_text","task":{},"arguments":{"file_path":"../x"}}}`)
	f.Add(`{"jsonrpc":"2.0","id":2,"method":"tasks/list"}`)
	f.Add(`{"jsonrpc":"2.0","id":null,"method":"tasks/cancel","params":[]}`)
	f.Add(`{"id":3,"method":"tools/call","params":{"task":null}}`)
	modern := `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"extensions":{"io.modelcontextprotocol/tasks":{}}}}`
	f.Add(`{"jsonrpc":"2.0","id":4,"method":"tasks/get","params":{"taskId":"x",` + modern + `}}`)
	f.Add(`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"extract_text","arguments":{"file_path":"x.pdf","wait_seconds":0},` + modern + `}}`)
	f.Add(`{"jsonrpc":"2.0","id":6,"method":"tasks/update","params":{"taskId":"x","inputResponses":{},` + modern + `}}`)
	f.Add(`{"jsonrpc":"2.0","id":7,"method":"resources/read","params":{"uri":"formfill://jobs/x/filled.docx"}}`)
	s, err := NewWithStore(newMemStore(), Roots([]string{f.TempDir()}), Logger(quietLogger()))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		resp, ok := s.intercept(withPrincipal(ctx, Principal{Name: "fuzz"}), json.RawMessage(raw), nil)
		if ok && resp == nil {
			t.Fatalf("claimed %q without answering", raw)
		}
		if intercepted([]byte(raw)) != ok && ok {
			t.Fatalf("answered %q that the stdio pre-check would not route here", raw)
		}
	})
}
