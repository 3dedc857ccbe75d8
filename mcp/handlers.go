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
	return func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		st, res := s.runTool(ctx, principalOf(ctx), op, rawArguments(req), req.Params.Meta, s.progressViaMCP(ctx, progressToken(req)), false)
		if res != nil {
			return res, nil
		}
		return s.render(ctx, st), nil
	}
}

// runTool runs a document tool call for caller: it checks the call, submits
// its job and waits up to wait_seconds, reporting progress to progress (if
// not nil). It returns the job's status, finished or not, or the tool error
// the call ends with. A call the client cancels (notifications/cancelled,
// or a closed stream) cancels its job: nobody waits for it any more. With
// noLookAtZero, wait_seconds 0 returns the submitted job without looking at
// it, for a task handle that does not depend on how fast a worker is.
// The call is a span (trace.go), continuing the trace meta carries.
func (s *Server) runTool(ctx context.Context, caller Principal, op *jobs.Operation, args json.RawMessage, meta *mcpgo.Meta, progress progressSink, noLookAtZero bool) (*jobs.Status, *mcpgo.CallToolResult) {
	ctx, span := startToolSpan(ctx, op.Tool, caller, meta)
	st, res := s.runCall(ctx, caller, op, args, progress, noLookAtZero)
	endToolSpan(span, st, res)
	return st, res
}

// runCall is runTool within the call's span.
func (s *Server) runCall(ctx context.Context, caller Principal, op *jobs.Operation, args json.RawMessage, progress progressSink, noLookAtZero bool) (*jobs.Status, *mcpgo.CallToolResult) {
	tool := op.Tool
	if err := checkWrite(caller, tool, readOnlyTool(op)); err != nil {
		return nil, toolError(tool, err)
	}
	r, err := s.prepare(ctx, caller, op, args)
	if err != nil {
		return nil, toolError(tool, err)
	}
	id, err := s.submit(ctx, caller, r)
	if err != nil {
		return nil, toolError(tool, err)
	}
	if noLookAtZero && r.wait == 0 {
		return &jobs.Status{ID: id, Kind: op.Kind, Queue: jobs.QueueInteractive, State: statePending}, nil
	}
	st, err := s.await(ctx, id, r.wait, progress)
	if ctx.Err() != nil && (st == nil || !finished(st.State)) {
		// The wait ends with the call, with or without an error.
		s.cancelAbandoned(id)
	}
	if err != nil {
		return nil, toolError(tool, err)
	}
	return st, nil
}

// cancelAbandoned cancels the job of a call its client canceled.
func (s *Server) cancelAbandoned(id string) {
	ctx, cancel := context.WithTimeout(context.Background(), sessionOpTimeout)
	defer cancel()
	if err := s.store.Cancel(ctx, id); err != nil {
		s.log.Debug("mcp: job of a canceled call not canceled", "job_id", id, "err", err)
		return
	}
	s.log.Debug("mcp: job of a canceled call canceled", "job_id", id)
}

// submit enqueues the job and notes it as the principal's.
func (s *Server) submit(ctx context.Context, owner Principal, r *request) (string, error) {
	id, err := s.store.Submit(ctx, r.payload, jobs.Queue(jobs.QueueInteractive), jobs.Notify(r.notify))
	if err != nil {
		return "", fmt.Errorf("submitting the %s job: %w", r.payload.Kind, err)
	}
	s.index.add(ctx, jobMeta{ID: id, Tool: r.op.Tool, Owner: owner.Name, DocID: r.payload.DocID, OutputPath: r.outputPath, Created: time.Now()})
	jobs.WithTraceID(ctx, s.log).Debug("mcp: job submitted", "job_id", id, "tool", r.op.Tool, "principal", owner.Name)
	return id, nil
}

func progressToken(req mcpgo.CallToolRequest) mcpgo.ProgressToken {
	if req.Params.Meta == nil {
		return nil
	}
	return req.Params.Meta.ProgressToken
}

// await waits up to wait for job id, reporting each change of its state to
// progress when the client asked for progress. Running out of time is not
// an error: the caller answers with the job's current status.
func (s *Server) await(ctx context.Context, id string, wait time.Duration, progress progressSink) (*jobs.Status, error) {
	var onState func(*jobs.Status)
	if progress != nil {
		steps := newProgressSteps(progress)
		onState = steps.see
	}
	st, err := s.store.Await(ctx, id, wait, onState)
	if err != nil {
		return nil, jobError(id, err)
	}
	return st, nil
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
