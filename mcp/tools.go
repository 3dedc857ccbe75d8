package mcp

import (
	"encoding/json"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// Tool names: the specification's document tools and formfill's job tools.
const (
	ToolExtractCompact = "extract_structure_compact"
	ToolExtractRaw     = "extract_structure"
	ToolExtractText    = "extract_text"
	ToolValidate       = "validate_locations"
	ToolBuildInsertion = "build_insertion_xml"
	ToolWrite          = "write_answers"
	ToolListFields     = "list_form_fields"
	ToolVerify         = "verify_output"
	ToolGetJob         = "get_job"
	ToolCancelJob      = "cancel_job"
	ToolListJobs       = "list_jobs"
)

// outputSchema is shared by the document tools: the same envelope whether
// the job finished within wait_seconds (status "completed", result set) or
// not (job_id and poll_after_ms to poll get_job with).
var outputSchema = json.RawMessage(`{
  "type": "object",
  "properties": {
    "status": {"type": "string", "enum": ["pending", "active", "retry", "completed", "failed", "canceled"], "description": "state of the job; only completed carries result"},
    "job_id": {"type": "string", "description": "ID for get_job / cancel_job / tasks/get"},
    "kind": {"type": "string"},
    "poll_after_ms": {"type": "integer", "description": "suggested wait before calling get_job again"},
    "doc_id": {"type": "string", "description": "content ID of the uploaded document: pass it as doc_id to later calls instead of the file"},
    "output_doc_id": {"type": "string", "description": "content ID of the filled document (write_answers)"},
    "output_file_path": {"type": "string", "description": "where the filled document was written"},
    "file_bytes_b64": {"type": "string", "description": "the filled document, base64 (write_answers without output_file_path)"},
    "result": {"type": "object", "description": "the tool's result, shaped as the specification describes"},
    "next": {"type": "string", "description": "what to do next"}
  },
  "required": ["status", "job_id"]
}`)

func docInputOptions() []mcpgo.ToolOption {
	return []mcpgo.ToolOption{
		mcpgo.WithString("file_path", mcpgo.Description("Path of the document on the server's disk, inside its allowed roots; relative paths start at the first root. Preferred input; wins over file_bytes_b64 and doc_id.")),
		mcpgo.WithString("file_bytes_b64", mcpgo.Description("The document as base64, when you cannot give a path. Needs file_type.")),
		mcpgo.WithString("file_type", mcpgo.Enum("word", "excel", "pdf"), mcpgo.Description("Type of file_bytes_b64 (or a hint for file_path/doc_id): word (.docx), excel (.xlsx) or pdf.")),
		mcpgo.WithString("doc_id", mcpgo.Description("ID of a document uploaded by an earlier call (its doc_id), so you need not send it again. Kept about a day.")),
		waitOption(),
	}
}

func waitOption() mcpgo.ToolOption {
	return mcpgo.WithNumber("wait_seconds", mcpgo.Min(0), mcpgo.Max(maxWait.Seconds()),
		mcpgo.Description("How long to wait for the job before answering with {job_id, status} to poll with get_job (default 20). 0 answers at once."))
}

func docTool(name, title, desc string, extra ...mcpgo.ToolOption) mcpgo.Tool {
	opts := []mcpgo.ToolOption{
		mcpgo.WithDescription(desc),
		mcpgo.WithTitleAnnotation(title),
		mcpgo.WithTaskSupport(mcpgo.TaskSupportOptional),
		mcpgo.WithRawOutputSchema(outputSchema),
		mcpgo.WithOpenWorldHintAnnotation(false),
	}
	opts = append(opts, docInputOptions()...)
	opts = append(opts, extra...)
	return mcpgo.NewTool(name, opts...)
}

var locationItems = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"pair_id": map[string]any{"type": "string", "description": "an element ID from the compact map (T1-R2-C2, P5, S1-R2-C3, F4): the fast path. With a snippet, your own label, echoed back"},
		"snippet": map[string]any{"type": "string", "description": "optional: a piece of the document's own markup to locate (Word OOXML, an Excel reference such as Sheet1!B2, a PDF field name)"},
	},
	"required": []string{"pair_id"},
}

var answerItems = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"pair_id": map[string]any{"type": "string", "description": "target element ID from extract_structure_compact (T1-R2-C2, P5, S1-R2-C3, F4) or a PDF field name"},
		"xpath":   map[string]any{"type": "string", "description": "alternative target: a Word XPath from id_to_xpath or an Excel reference Sheet1!B2"},
		"answer_text": map[string]any{"type": "string", "description": "plain text; formatting is inherited from the target. \"SKIP\" leaves the target alone. Checkboxes take yes/no, true/false, x. " +
			"Word: inline tags <b> <i> <u>, <definition>Term</definition> and <header>Title</header> (or <RunInHeader>) are rendered like the document's own bold, defined terms and run-in headers; any other <tag> is refused (write a literal < as &lt;)"},
		"insertion_xml": map[string]any{"type": "string", "description": "Word only: validated OOXML from build_insertion_xml; wins over answer_text"},
		"mode": map[string]any{"type": "string", "enum": []string{"replace_content", "append", "replace_placeholder", "replace_text", "delete", "insert_after", "insert_before"},
			"description": "default: Word fills a blank the target shows (replace_placeholder), writes an empty target (replace_content), else appends; Excel and PDF replace. replace_text: replace find (keeps everything else); delete: remove find, or the whole paragraph/row (Excel cell, PDF field: clear it); insert_after/insert_before (Word): answer_text as new paragraphs next to the target, formatted like it"},
		"find": map[string]any{"type": "string", "description": "replace_text and delete: the exact text of the target to replace or remove (as extract_text shows it; straight and curly quotes match)"},
		"occurrence": map[string]any{"oneOf": []any{map[string]any{"type": "integer", "minimum": 1}, map[string]any{"type": "string", "enum": []string{"all"}}},
			"description": "which match of find: 1 (default) for the first, n for the n-th, \"all\" for every one"},
		"force":      map[string]any{"type": "boolean", "description": "Word: allow a write that removes fields, footnote references, bookmarks, comments or content controls (refused otherwise, naming them)"},
		"confidence": map[string]any{"type": "string", "enum": []string{"known", "uncertain", "unknown"}, "description": "your confidence, counted by verify_output"},
	},
	"required": []string{"pair_id"},
}

var expectedItems = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"pair_id":       map[string]any{"type": "string", "description": "element ID or PDF field name written earlier"},
		"xpath":         map[string]any{"type": "string"},
		"expected_text": map[string]any{"type": "string", "description": "the text that should now be there"},
		"confidence":    map[string]any{"type": "string", "enum": []string{"known", "uncertain", "unknown"}},
	},
	"required": []string{"pair_id", "expected_text"},
}

func (s *Server) registerTools() {
	docTools := []mcpgo.Tool{
		docTool(ToolExtractCompact, "Map a form (compact)",
			"Start here. Reads a Word, Excel or PDF form and returns a compact map: one line per element with a stable ID "+
				"(Word T1-R2-C1 / P5, Excel S1-R2-C3, PDF F1…), its text, and markers such as [empty] ← answer target or COMPLEX(sdt). "+
				"Use the IDs as pair_id in write_answers. Also returns doc_id: pass it to later calls instead of the file. "+
				`Example: {"file_path": "forms/vendor.docx"}`),
		docTool(ToolExtractRaw, "Raw structure",
			"Returns the document's raw structure when the compact map is not enough: Word body XML, Excel sheets as rows with merges "+
				"and validations, PDF fields. Large; prefer extract_structure_compact. "+`Example: {"doc_id": "<from a previous call>"}`),
		docTool(ToolExtractText, "Plain text",
			"Returns the document's plain text, to read the questions in order. "+`Example: {"file_path": "q.pdf"}`),
		docTool(ToolValidate, "Validate locations",
			"Checks where answers would go before writing: each location (an element ID as pair_id, or a snippet of the document's markup) "+
				"comes back matched with its XPath and context, not_found or ambiguous. Optional when you use IDs from the compact map. "+
				`Example: {"doc_id": "…", "locations": [{"pair_id": "T1-R2-C2"}]}`,
			mcpgo.WithArray("locations", mcpgo.Required(), mcpgo.Items(locationItems), mcpgo.Description("locations to check"))),
		docTool(ToolListFields, "List fillable fields",
			"Lists what can be filled: PDF form fields (name, type, options, current value), Excel answer cells, Word content controls "+
				"and empty answer cells, each with a field_id usable as pair_id. "+`Example: {"file_path": "application.pdf"}`),
		docTool(ToolWrite, "Write answers",
			"Writes answers into the document and returns the filled copy: base64 in file_bytes_b64 (plus output_doc_id), or saved to "+
				"output_file_path. One call for all answers; answer_text inherits the target's formatting. dry_run reports the changes "+
				"without writing. Then call verify_output on output_doc_id. "+
				`Example: {"file_path": "f.docx", "answers": [{"pair_id": "T1-R2-C2", "answer_text": "Acme Ltd"}], "output_file_path": "f.filled.docx"}. `+
				"Legal templates are edited in place (IDs name the document as given, even after inserts and deletes in the same call): "+
				`replace_text {"pair_id": "P9", "mode": "replace_text", "find": "[___]", "occurrence": 2, "answer_text": "A"} keeps the formatting around and of the text replaced; `+
				`delete {"pair_id": "P14", "mode": "delete"} removes a paragraph or row, with "find" only that text; `+
				`insert_after {"pair_id": "P33", "mode": "insert_after", "answer_text": "<definition>Closing Cash</definition> means cash at the Closing."} adds a paragraph styled and numbered like P33 (blank lines split paragraphs); `+
				`a write that would remove a field, footnote reference or bookmark is refused unless "force": true.`,
			mcpgo.WithArray("answers", mcpgo.Items(answerItems), mcpgo.Description("answers to write (required unless answers_file_path is given; not both)")),
			mcpgo.WithString("answers_file_path", mcpgo.Description("a JSON file (inside the roots) holding the answers array, for long lists")),
			mcpgo.WithBoolean("dry_run", mcpgo.Description("report what would change without producing a document")),
			mcpgo.WithString("output_file_path", mcpgo.Description("save the filled document here (inside the roots) instead of returning base64")),
			mcpgo.WithDestructiveHintAnnotation(false)),
		docTool(ToolVerify, "Verify a filled document",
			"Checks a filled document: structural issues, and per expected answer matched / mismatched / missing, with a summary by "+
				"confidence. Pass the output_doc_id from write_answers as doc_id. "+
				`Example: {"doc_id": "<output_doc_id>", "expected_answers": [{"pair_id": "T1-R2-C2", "expected_text": "Acme Ltd"}]}`,
			mcpgo.WithArray("expected_answers", mcpgo.Required(), mcpgo.Items(expectedItems), mcpgo.Description("what each target should now contain"))),
	}
	for _, t := range docTools {
		s.mcp.AddTool(t, s.documentHandler(t.Name))
	}
	s.mcp.AddTool(mcpgo.NewTool(ToolBuildInsertion,
		mcpgo.WithDescription("Word only, rarely needed: turns an answer into validated OOXML matching the target's formatting, for "+
			"write_answers' insertion_xml (e.g. multi-paragraph or structured answers). answer_text in write_answers covers plain answers. "+
			`Example: {"answer_text": "Yes", "target_context_xml": "<w:p>…</w:p>", "answer_type": "plain_text"}`),
		mcpgo.WithTitleAnnotation("Build insertion OOXML"),
		mcpgo.WithTaskSupport(mcpgo.TaskSupportOptional),
		mcpgo.WithRawOutputSchema(outputSchema),
		mcpgo.WithString("answer_text", mcpgo.Required(), mcpgo.Description("the answer; for structured, OOXML runs/paragraphs")),
		mcpgo.WithString("target_context_xml", mcpgo.Required(), mcpgo.Description("the target's XML (a validate_locations context or a snippet)")),
		mcpgo.WithString("answer_type", mcpgo.Required(), mcpgo.Enum("plain_text", "structured"), mcpgo.Description("plain_text: text to wrap in the target's formatting; structured: OOXML to validate")),
		waitOption(),
	), s.documentHandler(ToolBuildInsertion))
	s.registerJobTools()
}

func (s *Server) registerJobTools() {
	s.mcp.AddTool(mcpgo.NewTool(ToolGetJob,
		mcpgo.WithDescription("Status of a job a document tool answered with {job_id, status}; when completed, its result shaped as "+
			"that tool's. Poll after poll_after_ms. "+`Example: {"job_id": "…"}`),
		mcpgo.WithReadOnlyHintAnnotation(true),
		mcpgo.WithRawOutputSchema(outputSchema),
		mcpgo.WithString("job_id", mcpgo.Required(), mcpgo.Description("the job_id a document tool returned")),
		mcpgo.WithNumber("wait_seconds", mcpgo.Min(0), mcpgo.Max(maxWait.Seconds()), mcpgo.Description("wait up to this long for the job to finish (default 0)")),
	), s.getJob)
	s.mcp.AddTool(mcpgo.NewTool(ToolCancelJob,
		mcpgo.WithDescription("Cancels a pending or running job. A finished job is left as is. "+`Example: {"job_id": "…"}`),
		mcpgo.WithDestructiveHintAnnotation(false),
		mcpgo.WithString("job_id", mcpgo.Required(), mcpgo.Description("the job to cancel")),
	), s.cancelJob)
	s.mcp.AddTool(mcpgo.NewTool(ToolListJobs,
		mcpgo.WithDescription("Lists this session's recent jobs (newest first) with their status, to find a job_id again. "+`Example: {"limit": 10}`),
		mcpgo.WithReadOnlyHintAnnotation(true),
		mcpgo.WithNumber("limit", mcpgo.Min(1), mcpgo.Max(200), mcpgo.Description("how many jobs (default 20)")),
	), s.listJobs)
}
