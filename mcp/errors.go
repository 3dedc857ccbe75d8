package mcp

import (
	"fmt"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/formfill/formfill/jobs"
)

// errorInfo is the structured content of a tool error, so an agent can
// branch on kind and field instead of parsing prose.
type errorInfo struct {
	Error string         `json:"error"`
	Kind  jobs.ErrorKind `json:"kind"`
	Field string         `json:"field,omitempty"`
	Fix   string         `json:"fix,omitempty"`
}

// toolError turns err into a tool error (isError) saying which field was
// wrong and how to fix the call.
func toolError(tool string, err error) *mcpgo.CallToolResult {
	je := jobs.ErrorOf(err)
	if je.Kind == jobs.ErrorInternal {
		// Not an input error and not a job's stored failure: the store or
		// the transport failed on the way.
		je = &jobs.Error{Kind: jobs.ErrorUnavailable, Field: je.Field, Message: je.Message}
	}
	info := errorInfo{Kind: je.Kind, Field: je.Field, Fix: fixFor(je.Kind, je.Field)}
	info.Error = fmt.Sprintf("%s: %v", tool, err)
	if info.Field != "" && !strings.Contains(info.Error, info.Field) {
		info.Error = fmt.Sprintf("%s: %s: %v", tool, info.Field, err)
	}
	return errorResult(info)
}

// jobResultError reports the failure a worker stored with a job's result.
func jobResultError(tool, jobID string, je *jobs.Error) *mcpgo.CallToolResult {
	info := errorInfo{Kind: je.Kind, Field: je.Field, Error: fmt.Sprintf("%s (job %s): %s", tool, jobID, je.Message)}
	if je.Field != "" {
		info.Error = fmt.Sprintf("%s (job %s): %s: %s", tool, jobID, je.Field, je.Message)
	}
	info.Fix = fixFor(je.Kind, je.Field)
	return errorResult(info)
}

// fixFor is the kind's advice, worded for a caller of tools (the
// interrupted call can be resumed through get_job).
func fixFor(kind jobs.ErrorKind, field string) string {
	if kind == jobs.ErrorCanceled && field == "" {
		return "the call was interrupted; call the tool again (or get_job with the job_id if one was returned)"
	}
	return kind.Fix(field)
}

func errorResult(info errorInfo) *mcpgo.CallToolResult {
	text := info.Error
	if info.Fix != "" {
		text += "\nHow to fix: " + info.Fix
	}
	res := mcpgo.NewToolResultStructured(info, text)
	res.IsError = true
	return res
}

func jobError(id string, err error) error {
	if strings.Contains(err.Error(), id) {
		return err // the store already names the job
	}
	return fmt.Errorf("job %s: %w", id, err)
}
