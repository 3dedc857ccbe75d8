package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/jobs"
)

// jobArgs are the job tools' arguments.
type jobArgs struct {
	JobID       string   `json:"job_id"`
	WaitSeconds *float64 `json:"wait_seconds"`
	Limit       *int     `json:"limit"`
}

// decodeJobArgs parses a job tool's arguments strictly, as decodeArgs does
// a document tool's: unknown names and wrong types become errors naming the
// argument and what was expected.
func decodeJobArgs(tool string, req mcpgo.CallToolRequest, allowed ...string) (*jobArgs, error) {
	raw := rawArguments(req)
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		raw = []byte("{}")
	}
	var names map[string]json.RawMessage
	if err := json.Unmarshal(raw, &names); err != nil {
		return nil, formats.Wrap(formats.ErrInvalidArgument, "arguments", err, "expected a JSON object of arguments")
	}
	for n := range names {
		if !slices.Contains(allowed, n) {
			return nil, formats.Errorf(formats.ErrInvalidArgument, n, "%s takes no argument %q; valid arguments: %s", tool, n, strings.Join(allowed, ", "))
		}
	}
	var a jobArgs
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, typeError("arguments", "", err)
	}
	if slices.Contains(allowed, "job_id") && strings.TrimSpace(a.JobID) == "" {
		return nil, formats.Errorf(formats.ErrInvalidArgument, "job_id", "required: the job_id a document tool returned (list_jobs shows recent ones)")
	}
	if a.Limit != nil && (*a.Limit < 1 || *a.Limit > maxListJobs) {
		return nil, formats.Errorf(formats.ErrInvalidArgument, "limit", "must be between 1 and %d, got %d", maxListJobs, *a.Limit)
	}
	return &a, nil
}

// maxListJobs is the most jobs one list_jobs call lists.
const maxListJobs = 200

// getJob answers with a job's status and, once it is finished, the result
// shaped as the tool that created it would have answered. Only the
// principal's own jobs are found.
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
	if _, err := s.owned(ctx, principalOf(ctx), a.JobID); err != nil {
		return toolError(ToolGetJob, err), nil
	}
	st, err := s.await(ctx, a.JobID, wait, s.progressViaMCP(ctx, progressToken(req)))
	if err != nil {
		return toolError(ToolGetJob, err), nil
	}
	return s.render(ctx, st), nil
}

// cancelOutput is cancel_job's structured content.
type cancelOutput struct {
	JobID    string     `json:"job_id"`
	Status   jobs.State `json:"status"`
	Canceled bool       `json:"canceled"`
}

func (s *Server) cancelJob(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
	a, err := decodeJobArgs(ToolCancelJob, req, "job_id")
	if err != nil {
		return toolError(ToolCancelJob, err), nil
	}
	// A read-only principal may cancel its own jobs: they change no
	// document.
	if _, err := s.owned(ctx, principalOf(ctx), a.JobID); err != nil {
		return toolError(ToolCancelJob, err), nil
	}
	st, err := s.store.Status(ctx, a.JobID)
	if err != nil {
		return toolError(ToolCancelJob, jobError(a.JobID, err)), nil
	}
	if st.State.Final() {
		out := cancelOutput{JobID: st.ID, Status: st.State}
		return mcpgo.NewToolResultStructured(out, fmt.Sprintf("job %s has already %s; nothing to cancel (get_job shows its result)", st.ID, st.State)), nil
	}
	if err := s.store.Cancel(ctx, a.JobID); err != nil {
		return toolError(ToolCancelJob, jobError(a.JobID, err)), nil
	}
	if st, err = s.store.Status(ctx, a.JobID); err != nil {
		return toolError(ToolCancelJob, jobError(a.JobID, err)), nil
	}
	out := cancelOutput{JobID: st.ID, Status: st.State, Canceled: true}
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
	limit := 20
	if a.Limit != nil {
		limit = *a.Limit
	}
	list, err := s.principalJobs(ctx, principalOf(ctx), limit)
	if err != nil {
		return toolError(ToolListJobs, err), nil
	}
	out := map[string]any{"jobs": list}
	b, _ := json.MarshalIndent(out, "", "  ")
	return mcpgo.NewToolResultStructured(out, string(b)), nil
}

// principalJobs reads the current status of the principal's recent jobs.
// Jobs whose records expired are left out.
func (s *Server) principalJobs(ctx context.Context, owner Principal, limit int) ([]jobSummary, error) {
	if owner.Name == "" {
		return []jobSummary{}, nil
	}
	ids, err := s.index.list(ctx, owner.Name)
	if err != nil {
		return nil, err
	}
	ids = ids[:min(limit, len(ids))]
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
