package mcp

import (
	"encoding/json"
	"fmt"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/formfill/formfill/jobs"
)

// The job tools' names. The document tools' names are the Tool of their
// operations in jobs.Operations.
const (
	ToolGetJob    = "get_job"
	ToolCancelJob = "cancel_job"
	ToolListJobs  = "list_jobs"
)

// The output schemas. Every one admits the error object of a tool error
// (see errors.go), so that error results validate as well.
var (
	// outputSchema is shared by the document tools and get_job: the same
	// envelope whether the job finished within wait_seconds (status
	// "completed", result set), not (job_id and poll_after_ms to poll
	// get_job with), or failed (error set, isError).
	outputSchema = mustJSON(map[string]any{
		"type": "object",
		"properties": map[string]any{
			"status":           map[string]any{"type": "string", "enum": []jobs.State{statePending, stateActive, jobs.StateRetry, stateCompleted, stateFailed, stateCanceled}, "description": "state of the job (failed also when the call was refused before a job was made); only completed carries result"},
			"job_id":           map[string]any{"type": "string", "description": "ID for get_job / cancel_job / tasks/get; absent when the call was refused before a job was made"},
			"kind":             map[string]any{"type": "string"},
			"poll_after_ms":    map[string]any{"type": "integer", "description": "suggested wait before calling get_job again"},
			"doc_id":           map[string]any{"type": "string", "description": "content ID of the uploaded document: pass it as doc_id to later calls instead of the file"},
			"output_doc_id":    map[string]any{"type": "string", "description": "content ID of the filled document (write_answers)"},
			"output_file_path": map[string]any{"type": "string", "description": "where the filled document was written"},
			"output_uri":       map[string]any{"type": "string", "description": "the filled document as a resource (also a resource_link in the content): resources/read returns it; pass it as resource_uri to later calls"},
			"file_bytes_b64":   map[string]any{"type": "string", "description": "the filled document, base64 (write_answers without output_file_path)"},
			"result":           map[string]any{"type": "object", "description": "the tool's result, shaped as the tool's description says"},
			"next":             map[string]any{"type": "string", "description": "what to do next"},
			"error":            errorSchema,
		},
		"required": []string{"status"},
	})
	cancelOutputSchema = mustJSON(map[string]any{
		"type": "object",
		"properties": map[string]any{
			"job_id":   map[string]any{"type": "string"},
			"status":   map[string]any{"type": "string", "description": "the job's state after the call"},
			"canceled": map[string]any{"type": "boolean", "description": "whether this call canceled the job (false: it had already finished)"},
			"error":    errorSchema,
		},
		"required": []string{"status"},
	})
	listOutputSchema = mustJSON(map[string]any{
		"type": "object",
		"properties": map[string]any{
			"jobs": map[string]any{"type": "array", "items": map[string]any{
				"type": "object",
				"properties": map[string]any{
					"job_id":    map[string]any{"type": "string"},
					"tool":      map[string]any{"type": "string"},
					"status":    map[string]any{"type": "string"},
					"submitted": map[string]any{"type": "string", "description": "RFC 3339 time"},
					"error":     map[string]any{"type": "string"},
				},
				"required": []string{"job_id", "status"},
			}},
			"status": map[string]any{"type": "string", "description": "failed when the call failed"},
			"error":  errorSchema,
		},
	})
)

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func docInputOptions() []mcpgo.ToolOption {
	return []mcpgo.ToolOption{
		mcpgo.WithString("file_path", mcpgo.Description("Path of the document on the server's disk, inside its allowed roots; relative paths start at the first root. Preferred input; wins over file_bytes_b64 and doc_id.")),
		mcpgo.WithString("file_bytes_b64", mcpgo.Description("The document as base64, when you cannot give a path. Needs file_type.")),
		mcpgo.WithString("file_type", mcpgo.Enum("word", "excel", "pdf"), mcpgo.Description("Type of file_bytes_b64 (or a hint for file_path/doc_id): word (.docx), excel (.xlsx) or pdf.")),
		mcpgo.WithString("doc_id", mcpgo.Description("ID of a document uploaded by an earlier call (its doc_id), so you need not send it again. Kept about a day.")),
		mcpgo.WithString("resource_uri", mcpgo.Description("URI of a document an earlier call produced (its output_uri, the uri of its resource_link), instead of a file.")),
		waitOption(),
	}
}

func waitOption() mcpgo.ToolOption {
	return mcpgo.WithNumber("wait_seconds", mcpgo.Min(0), mcpgo.Max(maxWait.Seconds()),
		mcpgo.Description("How long to wait for the job before answering with {job_id, status} to poll with get_job, or with a task handle for a client of the tasks extension (default 20). 0 answers at once."))
}

func notifyOption() mcpgo.ToolOption {
	return mcpgo.WithString("notify_url", mcpgo.Description("An http(s) URL the server POSTs to when the job ends: a signed webhook with the job_id, status and a summary of the result (docs/WEBHOOKS.md), instead of polling get_job."))
}

// toolOf builds the MCP tool of an operation from its declaration.
func toolOf(op *jobs.Operation) mcpgo.Tool {
	readOnly, destructive, idempotent, openWorld := op.Annotations()
	opts := []mcpgo.ToolOption{
		mcpgo.WithDescription(op.Description),
		mcpgo.WithTitleAnnotation(op.Title),
		mcpgo.WithTaskSupport(mcpgo.TaskSupportOptional),
		mcpgo.WithRawOutputSchema(outputSchema),
		mcpgo.WithReadOnlyHintAnnotation(readOnly),
		mcpgo.WithDestructiveHintAnnotation(destructive),
		mcpgo.WithIdempotentHintAnnotation(idempotent),
		mcpgo.WithOpenWorldHintAnnotation(openWorld),
	}
	if op.Document {
		opts = append(opts, docInputOptions()...)
	} else {
		opts = append(opts, waitOption())
	}
	opts = append(opts, notifyOption())
	for _, p := range op.Params {
		opts = append(opts, paramOption(p))
	}
	return mcpgo.NewTool(op.Tool, opts...)
}

// paramOption adds a parameter's JSON Schema to a tool's input schema.
func paramOption(p jobs.Param) mcpgo.ToolOption {
	return func(t *mcpgo.Tool) {
		schema := make(map[string]any, len(p.Schema)+1)
		for k, v := range p.Schema {
			schema[k] = v
		}
		if p.Description != "" {
			schema["description"] = p.Description
		}
		if p.ToolDefault != nil {
			schema["default"] = p.ToolDefault
			if p.NoDefaultWith != "" {
				schema["description"] = fmt.Sprintf("%s (default %v unless %s is given)", p.Description, p.ToolDefault, p.NoDefaultWith)
			}
		}
		if p.Required {
			t.InputSchema.Required = append(t.InputSchema.Required, p.Name)
			if p.Type() == "array" {
				schema["minItems"] = 1
			}
		}
		t.InputSchema.Properties[p.Name] = schema
	}
}

func (s *Server) registerTools() {
	for i := range jobs.Operations {
		if op := &jobs.Operations[i]; op.Tool != "" {
			s.mcp.AddTool(toolOf(op), s.documentHandler(op))
		}
	}
	s.registerJobTools()
}

func (s *Server) registerJobTools() {
	s.mcp.AddTool(mcpgo.NewTool(ToolGetJob,
		mcpgo.WithDescription("Status of a job a document tool answered with {job_id, status}; when completed, its result shaped as "+
			"that tool's. Poll after poll_after_ms. "+`Example: {"job_id": "…"}`),
		hints(true, false),
		mcpgo.WithRawOutputSchema(outputSchema),
		mcpgo.WithString("job_id", mcpgo.Required(), mcpgo.Description("the job_id a document tool returned")),
		mcpgo.WithNumber("wait_seconds", mcpgo.Min(0), mcpgo.Max(maxWait.Seconds()), mcpgo.Description("wait up to this long for the job to finish (default 0)")),
	), s.getJob)
	s.mcp.AddTool(mcpgo.NewTool(ToolCancelJob,
		mcpgo.WithDescription("Cancels a pending or running job. A finished job is left as is. "+`Example: {"job_id": "…"}`),
		hints(false, true),
		mcpgo.WithRawOutputSchema(cancelOutputSchema),
		mcpgo.WithString("job_id", mcpgo.Required(), mcpgo.Description("the job to cancel")),
	), s.cancelJob)
	s.mcp.AddTool(mcpgo.NewTool(ToolListJobs,
		mcpgo.WithDescription("Lists your recent jobs (newest first) with their status, to find a job_id again. "+`Example: {"limit": 10}`),
		hints(true, false),
		mcpgo.WithRawOutputSchema(listOutputSchema),
		mcpgo.WithInteger("limit", mcpgo.Min(1), mcpgo.Max(maxListJobs), mcpgo.Description("how many jobs (default 20)")),
	), s.listJobs)
}

// hints sets all four behaviour hints of a job tool: mcp-go's defaults
// (not read-only, destructive, open world) would tell hosts the opposite of
// the truth. Job tools act on formfill's own jobs only, and calling one
// twice has the effect of calling it once.
func hints(readOnly, destructive bool) mcpgo.ToolOption {
	return func(t *mcpgo.Tool) {
		for _, o := range []mcpgo.ToolOption{
			mcpgo.WithReadOnlyHintAnnotation(readOnly), mcpgo.WithDestructiveHintAnnotation(destructive),
			mcpgo.WithIdempotentHintAnnotation(true), mcpgo.WithOpenWorldHintAnnotation(false),
		} {
			o(t)
		}
	}
}
