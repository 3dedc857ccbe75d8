package mcp

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/formfill/formfill/jobs"
)

// The steps a wait sees become progress notifications: each new state or
// phase once, progress growing, the total on the last.
func TestProgressStepsNameStatesAndPhases(t *testing.T) {
	doc := func(i int) *jobs.Phase { return &jobs.Phase{Step: "fill and verify", Doc: i, Docs: 2} }
	seen := []*jobs.Status{
		{ID: "j", State: statePending},
		{ID: "j", State: statePending},
		{ID: "j", State: stateActive},
		{ID: "j", State: stateActive, Phase: doc(1)},
		{ID: "j", State: stateActive, Phase: doc(1)},
		{ID: "j", State: stateActive, Phase: doc(2)},
		{ID: "j", State: stateCompleted},
	}
	var msgs []string
	var progress, totals []float64
	steps := newProgressSteps(func(p, total float64, msg string) {
		msgs, progress, totals = append(msgs, msg), append(progress, p), append(totals, total)
	})
	for _, st := range seen {
		steps.see(st)
	}
	want := []string{"job j queued", "job j running", "job j running: document 1 of 2: fill and verify",
		"job j running: document 2 of 2: fill and verify", "job j completed"}
	if !slices.Equal(msgs, want) {
		t.Fatalf("messages %q, want %q", msgs, want)
	}
	for i := range progress {
		if i > 0 && progress[i] <= progress[i-1] {
			t.Fatalf("progress %v does not grow", progress)
		}
		if last := i == len(progress)-1; (totals[i] != 0) != last || (last && totals[i] != progress[i]) {
			t.Fatalf("totals %v for progress %v: want the total on the last only", totals, progress)
		}
	}
}

// On stdio every progress notification of a call is written before its
// response, in both eras, so a client that drops progress once the call
// has answered misses none.
func TestStdioProgressComesBeforeTheResponse(t *testing.T) {
	for name, opts := range map[string][]client.ClientOption{"legacy": {client.WithLegacyProtocolOnly()}, "2026-07-28": nil} {
		t.Run(name, func(t *testing.T) {
			s := newTestServer(t, newMemStore(), workdir(t))
			c := stdioClientWith(t, s, opts...)
			var mu sync.Mutex
			var msgs []string
			c.OnNotification(func(n mcpgo.JSONRPCNotification) {
				if n.Method == "notifications/progress" {
					mu.Lock()
					msgs = append(msgs, fmt.Sprint(n.Params.AdditionalFields["message"]))
					mu.Unlock()
				}
			})
			req := mcpgo.CallToolRequest{}
			req.Params.Name = ToolExtractText
			req.Params.Arguments = map[string]any{"file_path": "form.pdf"}
			req.Params.Meta = &mcpgo.Meta{ProgressToken: "p"}
			res, err := c.CallTool(t.Context(), req)
			if err != nil || res.IsError {
				t.Fatalf("extract_text: %v %v", err, res)
			}
			mu.Lock()
			defer mu.Unlock()
			var steps []string
			for _, m := range msgs {
				steps = append(steps, m[strings.LastIndex(m, " ")+1:])
			}
			if !slices.Equal(steps, []string{"queued", "running", "completed"}) {
				t.Fatalf("progress before the response: %q", msgs)
			}
		})
	}
}
