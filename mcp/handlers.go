package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/formfill/formfill/jobs"
)

// rawArguments returns a call's arguments as JSON, however mcp-go holds them.
func rawArguments(req mcpgo.CallToolRequest) json.RawMessage {
	if len(req.Params.RawArguments) > 0 {
		return req.Params.RawArguments
	}
	if raw, ok := req.Params.Arguments.(json.RawMessage); ok {
		return raw
	}
	b, err := json.Marshal(req.Params.Arguments)
	if err != nil {
		return nil
	}
	return b
}

// documentHandler runs a document tool: submit a job on the interactive
// queue, wait up to wait_seconds, answer with the result or with the job ID.
func (s *Server) documentHandler(op *jobs.Operation) server.ToolHandlerFunc {
	tool := op.Tool
	return func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		r, err := s.prepare(ctx, op, rawArguments(req))
		if err != nil {
			return toolError(tool, err), nil
		}
		id, err := s.submit(ctx, sessionOf(ctx), r)
		if err != nil {
			return toolError(tool, err), nil
		}
		st, err := s.await(ctx, id, r.wait, progressToken(req))
		if err != nil {
			return toolError(tool, err), nil
		}
		return s.render(ctx, st), nil
	}
}

// submit enqueues the job and remembers it for this session.
func (s *Server) submit(ctx context.Context, session string, r *request) (string, error) {
	id, err := s.store.Submit(ctx, r.payload, jobs.Queue(jobs.QueueInteractive))
	if err != nil {
		return "", fmt.Errorf("submitting the %s job: %w", r.payload.Kind, err)
	}
	s.index.add(ctx, jobMeta{ID: id, Tool: r.op.Tool, Session: session, DocID: r.payload.DocID, OutputPath: r.outputPath, Created: time.Now()})
	s.log.Debug("mcp: job submitted", "job_id", id, "tool", r.op.Tool, "session", session)
	return id, nil
}

func progressToken(req mcpgo.CallToolRequest) mcpgo.ProgressToken {
	if req.Params.Meta == nil {
		return nil
	}
	return req.Params.Meta.ProgressToken
}

// await waits up to wait for job id, sending a progress notification on
// each state change when the client asked for them. Running out of time is
// not an error: the caller answers with the job's current status.
func (s *Server) await(ctx context.Context, id string, wait time.Duration, token mcpgo.ProgressToken) (*jobs.Status, error) {
	var onState func(*jobs.Status)
	if token != nil {
		step := 0.0
		onState = func(st *jobs.Status) {
			step++
			s.notifyProgress(ctx, token, step, st)
		}
	}
	st, err := s.store.Await(ctx, id, wait, onState)
	if err != nil {
		return nil, jobError(id, err)
	}
	return st, nil
}

func (s *Server) notifyProgress(ctx context.Context, token mcpgo.ProgressToken, step float64, st *jobs.Status) {
	if token == nil {
		return
	}
	params := map[string]any{
		"progressToken": token,
		"progress":      step,
		"message":       fmt.Sprintf("job %s %s", st.ID, st.State),
	}
	if finished(st.State) {
		params["total"] = step
	}
	if err := s.mcp.SendNotificationToClient(ctx, "notifications/progress", params); err != nil {
		s.log.Debug("mcp: progress notification not sent", "job_id", st.ID, "err", err)
	}
}

func finished(s jobs.State) bool {
	return s.Final()
}

// Short names for the job states used throughout this package.
const (
	statePending   = jobs.StatePending
	stateActive    = jobs.StateActive
	stateCompleted = jobs.StateCompleted
	stateFailed    = jobs.StateFailed
	stateCanceled  = jobs.StateCanceled
	stateUnknown   = jobs.StateUnknown
)
