package mcp

import (
	"errors"
	"fmt"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/formfill/formfill/jobs"
)

// A tool error is an isError result whose text says what was wrong and how
// to fix it, and whose structured content — the status "failed" (or
// "canceled"), the job if there is one, and the error's kind, field and fix
// for agents that branch on them — validates against the tool's output
// schema. Clients that validate (the official TypeScript SDK's callTool,
// the MCP Inspector) check error results too, and refuse the whole result
// when they do not match.

// errorOutput is the structured content of a tool error.
type errorOutput struct {
	Status jobs.State `json:"status"`
	JobID  string     `json:"job_id,omitempty"`
	Kind   jobs.Kind  `json:"kind,omitempty"`
	Error  errorInfo  `json:"error"`
}

// errorInfo says what went wrong.
type errorInfo struct {
	Message string         `json:"message"`
	Kind    jobs.ErrorKind `json:"kind"`
	Field   string         `json:"field,omitempty"`
	Fix     string         `json:"fix,omitempty"`
}

// errorSchema is the JSON Schema of errorInfo, in every output schema.
var errorSchema = map[string]any{
	"type":        "object",
	"description": "set when the call failed (isError): what was wrong and how to fix it",
	"properties": map[string]any{
		"message": map[string]any{"type": "string"},
		"kind":    map[string]any{"type": "string", "description": "invalid_argument, invalid_document, too_large, unsupported, document_not_found, not_found, forbidden (the caller's to fix) or timeout, canceled, internal, failed, unavailable"},
		"field":   map[string]any{"type": "string", "description": "the argument or element the error concerns"},
		"fix":     map[string]any{"type": "string", "description": "how to fix the call"},
	},
	"required": []string{"message", "kind"},
}

// toolError turns err into a tool error saying which field was wrong and
// how to fix the call.
func toolError(tool string, err error) *mcpgo.CallToolResult {
	var forbidden *forbiddenError
	if errors.As(err, &forbidden) {
		return errorResult(errorOutput{Status: stateFailed, Error: errorInfo{Kind: errorForbidden,
			Message: fmt.Sprintf("%s: %v", tool, err), Fix: "use a read-only tool, or ask the operator for a token with write access"}})
	}
	je := jobs.ErrorOf(err)
	if je.Kind == jobs.ErrorInternal {
		// Not an input error and not a job's stored failure: the store or
		// the transport failed on the way.
		je = &jobs.Error{Kind: jobs.ErrorUnavailable, Field: je.Field, Message: je.Message}
	}
	info := errorInfo{Kind: je.Kind, Field: je.Field, Fix: fixFor(je.Kind, je.Field)}
	info.Message = fmt.Sprintf("%s: %v", tool, err)
	if info.Field != "" && !strings.Contains(info.Message, info.Field) {
		info.Message = fmt.Sprintf("%s: %s: %v", tool, info.Field, err)
	}
	return errorResult(errorOutput{Status: stateFailed, Error: info})
}

// jobResultError reports the failure a worker stored with a job's result.
func jobResultError(tool string, st *jobs.Status, je *jobs.Error) *mcpgo.CallToolResult {
	info := errorInfo{Kind: je.Kind, Field: je.Field, Message: fmt.Sprintf("%s (job %s): %s", tool, st.ID, je.Message)}
	if je.Field != "" && !strings.Contains(je.Message, je.Field) {
		info.Message = fmt.Sprintf("%s (job %s): %s: %s", tool, st.ID, je.Field, je.Message)
	}
	info.Fix = je.Kind.Fix(je.Field)
	status := st.State
	if status != stateCanceled {
		status = stateFailed
	}
	return errorResult(errorOutput{Status: status, JobID: st.ID, Kind: st.Kind, Error: info})
}

// fixFor is the kind's advice, worded for a caller of tools (the
// interrupted call can be resumed through get_job).
func fixFor(kind jobs.ErrorKind, field string) string {
	if kind == jobs.ErrorCanceled && field == "" {
		return "the call was interrupted; call the tool again (or get_job with the job_id if one was returned)"
	}
	return kind.Fix(field)
}

func errorResult(out errorOutput) *mcpgo.CallToolResult {
	text := out.Error.Message
	if out.Error.Fix != "" {
		text += "\nHow to fix: " + out.Error.Fix
	}
	res := mcpgo.NewToolResultStructured(out, text)
	res.IsError = true
	return res
}

// jobNotFound is the answer for a job the caller may not see: unknown,
// expired, or another principal's.
func jobNotFound(id string) error {
	return fmt.Errorf("job %s: %w", id, jobs.ErrJobNotFound)
}

func jobError(id string, err error) error {
	if strings.Contains(err.Error(), id) {
		return err // the store already names the job
	}
	return fmt.Errorf("job %s: %w", id, err)
}
