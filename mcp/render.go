package mcp

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/jobs"
)

// output is the structured content of every document tool and of get_job
// (see outputSchema).
type output struct {
	Status         jobs.State `json:"status"`
	JobID          string     `json:"job_id"`
	Kind           jobs.Kind  `json:"kind,omitempty"`
	PollAfterMS    int64      `json:"poll_after_ms,omitempty"`
	DocID          string     `json:"doc_id,omitempty"`
	OutputDocID    string     `json:"output_doc_id,omitempty"`
	OutputFilePath string     `json:"output_file_path,omitempty"`
	OutputURI      string     `json:"output_uri,omitempty"`
	FileBytesB64   string     `json:"file_bytes_b64,omitempty"`
	Result         any        `json:"result,omitempty"`
	Next           string     `json:"next,omitempty"`
}

// render turns a job's status into the tool's answer: the result when the
// job completed, a tool error when it failed, else the job ID to poll.
func (s *Server) render(ctx context.Context, st *jobs.Status) *mcpgo.CallToolResult {
	meta, _ := s.index.get(ctx, st.ID)
	op := jobs.OperationOf(st.Kind)
	tool := meta.Tool
	if tool == "" && op != nil {
		tool = op.Tool
	}
	out := output{Status: st.State, JobID: st.ID, Kind: st.Kind, DocID: meta.DocID}
	if !st.State.Final() {
		out.PollAfterMS = pollAfter.Milliseconds()
		out.Next = fmt.Sprintf(`the job is still %s: call get_job {"job_id": %q} after poll_after_ms, or cancel_job`, st.State, st.ID)
		return structured(out, "")
	}
	if err := st.Err(); err != nil {
		var fe *jobs.FailedError
		if errors.As(err, &fe) && fe.Err != nil {
			if fe.State == stateCanceled && fe.Err.Kind == jobs.ErrorCanceled {
				return jobResultError(tool, st, &jobs.Error{Kind: jobs.ErrorCanceled, Message: "the job was canceled"})
			}
			return jobResultError(tool, st, fe.Err)
		}
		return jobResultError(tool, st, &jobs.Error{Kind: jobs.ErrorFailed, Message: err.Error()})
	}
	res := st.Result
	if op != nil && op.Body != nil {
		out.Result = op.Body(res)
	}
	var link *mcpgo.ResourceLink
	if res.OutputDocID != "" {
		out.OutputDocID = res.OutputDocID
		data, errRes := s.deliver(ctx, tool, st, &out, meta)
		if errRes != nil {
			return errRes
		}
		l := documentLink(st.ID, meta, data)
		link, out.OutputURI = &l, l.URI
		// The filled document is the principal's to name by doc_id.
		s.index.own(ctx, meta.Owner, res.OutputDocID)
	}
	out.Next = nextStep(st.Kind, &out)
	text := ""
	if op != nil && op.Text != nil {
		// A text answer (the compact map) is meant to be read: give it as
		// text, not JSON-escaped, with the IDs a text-only client needs.
		text = op.Text(res) + "\n\n" + fmt.Sprintf("job_id: %s\ndoc_id: %s (pass it as doc_id to later calls)", out.JobID, out.DocID)
	}
	result := structured(out, text)
	if link != nil {
		result.Content = append(result.Content, *link)
	}
	return result
}

// deliver hands the filled document over — written to the call's
// output_file_path when it asked for one, else as base64 — and returns it.
// The file is written once: polling get_job again must not overwrite a
// document the user has opened and changed since (it is written again only
// if gone).
func (s *Server) deliver(ctx context.Context, tool string, st *jobs.Status, out *output, meta jobMeta) ([]byte, *mcpgo.CallToolResult) {
	data, err := s.store.GetBlob(ctx, out.OutputDocID)
	if err != nil {
		return nil, jobResultError(tool, st, &jobs.Error{Kind: jobs.ErrorUnavailable,
			Message: fmt.Sprintf("the filled document %s could not be fetched: %v; call get_job {\"job_id\": %q} again", out.OutputDocID, err, out.JobID)})
	}
	if meta.Delivered != "" {
		if _, err := os.Lstat(meta.Delivered); err == nil {
			out.OutputFilePath = meta.Delivered
			return data, nil
		}
	}
	if meta.OutputPath == "" {
		out.FileBytesB64 = base64.StdEncoding.EncodeToString(data)
		return data, nil
	}
	roots, err := s.rootsFor(meta.Owner)
	if err != nil {
		return nil, jobResultError(tool, st, &jobs.Error{Kind: jobs.ErrorUnavailable, Message: err.Error()})
	}
	written, err := roots.WriteFile("output_file_path", meta.OutputPath, data)
	if formats.IsInputError(err) {
		return nil, toolError(tool, err) // the path leads outside the roots since the call
	}
	if err != nil {
		return nil, jobResultError(tool, st, &jobs.Error{Kind: jobs.ErrorInvalidArgument, Field: "output_file_path",
			Message: fmt.Sprintf("%v; pick another path, or omit output_file_path to get the document as base64", err)})
	}
	out.OutputFilePath = written
	s.index.markDelivered(out.JobID, written)
	return data, nil
}

func nextStep(kind jobs.Kind, out *output) string {
	switch kind {
	case jobs.KindExtractCompact, jobs.KindListFields:
		return "write_answers with pair_id = an element ID and answer_text; reuse doc_id"
	case jobs.KindWrite:
		if out.OutputDocID != "" {
			return fmt.Sprintf("verify_output with doc_id %q and your expected answers", out.OutputDocID)
		}
	}
	return ""
}

func structured(out output, text string) *mcpgo.CallToolResult {
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return toolError(string(out.Kind), fmt.Errorf("internal error encoding the result: %w", err))
	}
	if text == "" {
		text = string(b)
	}
	return mcpgo.NewToolResultStructured(out, text)
}
