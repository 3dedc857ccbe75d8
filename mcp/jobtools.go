package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/formfill/formfill/formats"
)

type jobArgs struct {
	JobID       string   `json:"job_id"`
	WaitSeconds *float64 `json:"wait_seconds"`
	Limit       int      `json:"limit"`
}

func decodeJobArgs(tool string, req mcpgo.CallToolRequest, allowed ...string) (*jobArgs, error) {
	raw := rawArguments(req)
	var names map[string]json.RawMessage
	if len(raw) > 0 && string(raw) != "null" {
		if err := json.Unmarshal(raw, &names); err != nil {
			return nil, formats.Errorf(formats.ErrInvalidArgument, "arguments", "expected a JSON object: %v", err)
		}
	}
	for n := range names {
		if !slices.Contains(allowed, n) {
			return nil, formats.Errorf(formats.ErrInvalidArgument, n, "%s takes no argument %q; valid arguments: %s", tool, n, strings.Join(allowed, ", "))
		}
	}
	var a jobArgs
	if len(names) > 0 {
		if err := json.Unmarshal(raw, &a); err != nil {
			return nil, formats.Errorf(formats.ErrInvalidArgument, "arguments", "%v", err)
		}
	}
	if slices.Contains(allowed, "job_id") && strings.TrimSpace(a.JobID) == "" {
		return nil, formats.Errorf(formats.ErrInvalidArgument, "job_id", "required: the job_id a document tool returned (list_jobs shows recent ones)")
	}
	return &a, nil
}

// getJob answers with a job's status and, once it is finished, the result
// shaped as the tool that created it would have answered.
func (s *Server) getJob(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
	a, err := decodeJobArgs(ToolGetJob, req, "job_id", "wait_seconds")
	if err != nil {
		return toolError(ToolGetJob, err), nil
	}
	wait := time.Duration(0)
	if a.WaitSeconds != nil {
		if wait, err = s.waitFor(a.WaitSeconds); err != nil {
			return toolError(ToolGetJob, err), nil
		}
	}
	st, err := s.await(ctx, a.JobID, wait, progressToken(req))
	if err != nil {
		return toolError(ToolGetJob, err), nil
	}
	return s.render(ctx, st), nil
}

func (s *Server) cancelJob(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
	a, err := decodeJobArgs(ToolCancelJob, req, "job_id")
	if err != nil {
		return toolError(ToolCancelJob, err), nil
	}
	st, err := s.store.Status(ctx, a.JobID)
	if err != nil {
		return toolError(ToolCancelJob, jobError(a.JobID, err)), nil
	}
	if st.State.Final() {
		out := map[string]any{"job_id": st.ID, "status": st.State, "canceled": false}
		return mcpgo.NewToolResultStructured(out, fmt.Sprintf("job %s has already %s; nothing to cancel (get_job shows its result)", st.ID, st.State)), nil
	}
	if err := s.store.Cancel(ctx, a.JobID); err != nil {
		return toolError(ToolCancelJob, jobError(a.JobID, err)), nil
	}
	if st, err = s.store.Status(ctx, a.JobID); err != nil {
		return toolError(ToolCancelJob, jobError(a.JobID, err)), nil
	}
	out := map[string]any{"job_id": st.ID, "status": st.State, "canceled": true}
	return mcpgo.NewToolResultStructured(out, fmt.Sprintf("job %s: cancellation requested; now %s", st.ID, st.State)), nil
}

// jobSummary is one line of list_jobs.
type jobSummary struct {
	JobID     string    `json:"job_id"`
	Tool      string    `json:"tool"`
	Status    string    `json:"status"`
	Submitted time.Time `json:"submitted"`
	Error     string    `json:"error,omitempty"`
}

func (s *Server) listJobs(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
	a, err := decodeJobArgs(ToolListJobs, req, "limit")
	if err != nil {
		return toolError(ToolListJobs, err), nil
	}
	limit := a.Limit
	if limit <= 0 || limit > 200 {
		limit = 20
	}
	list, err := s.sessionJobs(ctx, sessionOf(ctx), limit)
	if err != nil {
		return toolError(ToolListJobs, err), nil
	}
	out := map[string]any{"jobs": list}
	b, _ := json.MarshalIndent(out, "", "  ")
	return mcpgo.NewToolResultStructured(out, string(b)), nil
}

// sessionJobs reads the current status of the session's recent jobs. Jobs
// whose records expired are left out.
func (s *Server) sessionJobs(ctx context.Context, session string, limit int) ([]jobSummary, error) {
	ids := s.index.recent(ctx, session, limit)
	list := make([]jobSummary, 0, len(ids))
	if len(ids) == 0 {
		return list, nil
	}
	sts, err := s.store.Jobs(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("reading job statuses: %w", err)
	}
	byID := map[string]int{}
	for i, st := range sts {
		if st != nil {
			byID[st.ID] = i
		}
	}
	for _, id := range ids {
		meta, _ := s.index.get(ctx, id)
		i, ok := byID[id]
		if !ok || sts[i].State == stateUnknown {
			continue
		}
		st := sts[i]
		js := jobSummary{JobID: id, Tool: meta.Tool, Status: string(st.State), Submitted: meta.Created}
		if st.Result != nil && st.Result.Error != nil {
			js.Error = st.Result.Error.Message
		} else if st.State == stateFailed {
			js.Error = st.LastError
		}
		list = append(list, js)
	}
	return list, nil
}
