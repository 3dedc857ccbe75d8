package mcp

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// A client that gives up on a tool call — notifications/cancelled in the
// session era and on stdio, the closed stream over HTTP in 2026-07-28 —
// cancels the call's job too: nobody waits for its result any more.
func TestCanceledCallCancelsItsJob(t *testing.T) {
	for name, connect := range map[string]func(t *testing.T, s *Server) *client.Client{
		"legacy stdio": func(t *testing.T, s *Server) *client.Client {
			return stdioClientWith(t, s, client.WithLegacyProtocolOnly())
		},
		"2026-07-28 stdio": func(t *testing.T, s *Server) *client.Client { return stdioClientWith(t, s) },
		"2026-07-28 http": func(t *testing.T, s *Server) *client.Client {
			ts := httptest.NewServer(s.Handler())
			t.Cleanup(ts.Close)
			return modernHTTPClient(t, ts.URL, "s3cret")
		},
	} {
		t.Run(name, func(t *testing.T) {
			store := newMemStore()
			s := newTestServer(t, store, workdir(t))
			c := connect(t, s)
			store.hold()
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() {
				req := mcpgo.CallToolRequest{}
				req.Params.Name = ToolExtractText
				req.Params.Arguments = map[string]any{"file_path": "form.pdf", "wait_seconds": 60}
				_, err := c.CallTool(ctx, req)
				done <- err
			}()
			job := waitFor(t, "the call's job", func() (string, bool) {
				q := store.queued()
				return firstOf(q), len(q) > 0
			})
			cancel()
			if err := <-done; err == nil {
				t.Fatal("the canceled call returned no error")
			}
			waitFor(t, "the job to be canceled", func() (string, bool) {
				st, err := store.Status(context.Background(), job)
				return "", err == nil && st.State == stateCanceled
			})
			store.release()
		})
	}
}

func firstOf(list []string) string {
	if len(list) == 0 {
		return ""
	}
	return list[0]
}

// waitFor polls cond until it holds, failing after a generous bound: what
// it waits for happens on another goroutine, at its own pace.
func waitFor(t *testing.T, what string, cond func() (string, bool)) string {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if v, ok := cond(); ok {
			return v
		}
		time.Sleep(2 * time.Millisecond)
	}
	t.Fatalf("waited 30 s for %s", what)
	return ""
}
