package mcp

import (
	"context"
	"errors"
	"fmt"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/jobs"
)

// errorInfo is the structured content of a tool error, so an agent can
// branch on kind and field instead of parsing prose.
type errorInfo struct {
	Error string `json:"error"`
	Kind  string `json:"kind"`
	Field string `json:"field,omitempty"`
	Fix   string `json:"fix,omitempty"`
}

// toolError turns err into a tool error (isError) saying which field was
// wrong and how to fix the call.
func toolError(tool string, err error) *mcpgo.CallToolResult {
	var ie *formats.InputError
	info := errorInfo{Kind: "internal"}
	switch {
	case errors.As(err, &ie):
		info.Kind, info.Field = kindName(ie.Kind), ie.Field
		info.Fix = fixFor(ie.Kind, ie.Field)
	case errors.Is(err, jobs.ErrJobNotFound):
		info.Kind, info.Field = "not_found", "job_id"
		info.Fix = "the job is unknown or its result expired; list_jobs shows this session's recent jobs, or rerun the tool"
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		info.Kind = "interrupted"
		info.Fix = "the call was interrupted; call the tool again (or get_job with the job_id if one was returned)"
	default:
		info.Kind = "unavailable"
		info.Fix = "the job store or workers did not answer; retry in a few seconds"
	}
	info.Error = fmt.Sprintf("%s: %v", tool, err)
	if info.Field != "" && !strings.Contains(info.Error, info.Field) {
		info.Error = fmt.Sprintf("%s: %s: %v", tool, info.Field, err)
	}
	text := info.Error
	if info.Fix != "" {
		text += "\nHow to fix: " + info.Fix
	}
	res := mcpgo.NewToolResultStructured(info, text)
	res.IsError = true
	return res
}

// jobResultError reports bad input a worker found (a JobError stored with
// the job's result).
func jobResultError(tool, jobID string, je *jobs.JobError) *mcpgo.CallToolResult {
	info := errorInfo{Kind: je.Kind, Field: je.Field, Error: fmt.Sprintf("%s (job %s): %s", tool, jobID, je.Message)}
	if je.Field != "" {
		info.Error = fmt.Sprintf("%s (job %s): %s: %s", tool, jobID, je.Field, je.Message)
	}
	if je.Kind == "document_not_found" {
		info.Fix = "the document expired from the job store; send it again with file_path or file_bytes_b64"
	} else if k := kindError(je.Kind); k != nil {
		info.Fix = fixFor(k, je.Field)
	} else {
		info.Kind = "failed"
		info.Fix = "the job failed on the server side, not because of your input; retry later"
	}
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

var kindNames = map[error]string{
	formats.ErrInvalidDocument: "invalid_document",
	formats.ErrTooLarge:        "too_large",
	formats.ErrUnsupported:     "unsupported",
	formats.ErrInvalidArgument: "invalid_argument",
}

// kindAliases are other JobError kinds workers store for input errors.
var kindAliases = map[string]error{"invalid_input": formats.ErrInvalidArgument}

func kindName(k error) string {
	if n, ok := kindNames[k]; ok {
		return n
	}
	return "invalid_argument"
}

// kindError maps a JobError kind back to a formats error; workers may store
// either the snake_case name or the error's text. Other kinds (such as
// "failed") are not input errors: it returns nil.
func kindError(kind string) error {
	if err, ok := kindAliases[kind]; ok {
		return err
	}
	for err, name := range kindNames {
		if kind == name || kind == err.Error() || strings.ReplaceAll(kind, " ", "_") == name {
			return err
		}
	}
	return nil
}

func fixFor(kind error, field string) string {
	switch kind {
	case formats.ErrInvalidDocument:
		return "the document is corrupt or not of the stated type; check file_type and that the file opens in its application"
	case formats.ErrTooLarge:
		return "the input exceeds a limit (50 MB per document, 10000 answers per call); split the work or shrink the file"
	case formats.ErrUnsupported:
		return "formfill cannot fill this document (encrypted, XFA-only or an unknown type); supported: .docx, .xlsx, fillable .pdf"
	}
	if field != "" {
		return fmt.Sprintf("correct the argument %q as described and call again", field)
	}
	return "correct the call as described and call again"
}
