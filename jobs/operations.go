package jobs

import (
	"context"
	"errors"
	"strings"

	"github.com/formfill/formfill/formats"
)

// The JSON Schemas of the array parameters' items.
var (
	locationItems = map[string]any{
		"type": "object",
		"properties": map[string]any{
			"pair_id": map[string]any{"type": "string", "description": "an element ID from the compact map (T1-R2-C2, P5, S1-R2-C3, F4): the fast path. With a snippet, your own label, echoed back"},
			"snippet": map[string]any{"type": "string", "description": "optional: a piece of the document's own markup to locate (Word OOXML, an Excel reference such as Sheet1!B2, a PDF field name)"},
		},
		"required": []string{"pair_id"},
	}
	answerItems = map[string]any{
		"type": "object",
		"properties": map[string]any{
			"pair_id": map[string]any{"type": "string", "description": "target element ID from extract_structure_compact (T1-R2-C2, P5, S1-R2-C3, F4) or a PDF field name"},
			"xpath":   map[string]any{"type": "string", "description": "alternative target: a Word XPath from id_to_xpath or an Excel reference Sheet1!B2"},
			"answer_text": map[string]any{"type": "string", "description": "plain text; formatting is inherited from the target. \"SKIP\" leaves the target alone. Checkboxes take yes/no, true/false, x, or (PDF) the box's own option as list_form_fields gives it. " +
				"Word: inline tags <b> <i> <u>, <definition>Term</definition> and <header>Title</header> (or <RunInHeader>) are rendered like the document's own bold, defined terms and run-in headers; any other <tag> is refused (write a literal < as &lt;)"},
			"insertion_xml": map[string]any{"type": "string", "description": "Word only: validated OOXML from build_insertion_xml; wins over answer_text"},
			"mode": map[string]any{"type": "string", "enum": []string{"replace_content", "append", "replace_placeholder", "replace_text", "delete", "insert_after", "insert_before"},
				"description": "default: Word does what the compact map says the target takes (its \"write with\" note, e.g. replace_content over a <hint>), else fills a blank the target shows (replace_placeholder), writes an empty target (replace_content), else appends; Excel and PDF replace. replace_text: replace find (keeps everything else); delete: remove find, or the whole paragraph/row (Excel cell, PDF field: clear it); insert_after/insert_before (Word): answer_text as new paragraphs next to the target, formatted like it"},
			"find": map[string]any{"type": "string", "description": "replace_text and delete: the exact text of the target to replace or remove (as extract_text shows it; straight and curly quotes match)"},
			"occurrence": map[string]any{"oneOf": []any{map[string]any{"type": "integer", "minimum": 1}, map[string]any{"type": "string", "enum": []string{"all"}}},
				"description": "which match of find: 1 (default) for the first, n for the n-th, \"all\" for every one"},
			"force":      map[string]any{"type": "boolean", "description": "Word: allow a write that removes fields, footnote references, bookmarks, comments or content controls (refused otherwise, naming them)"},
			"confidence": map[string]any{"type": "string", "enum": []string{"known", "uncertain", "unknown"}, "description": "your confidence, counted by verify_output; uncertain and unknown answers are listed for review"},
			"note":       map[string]any{"type": "string", "description": "your reason or source for the answer, free text; shown in the review comment of an uncertain answer"},
			// carry_over_answers' answers go to write_answers as they are.
			"from": map[string]any{"type": "object", "description": "set by carry_over_answers: the previous document's id and question the answer came from; writing ignores it",
				"properties": map[string]any{"id": map[string]any{"type": "string"}, "question": map[string]any{"type": "string"}}},
			"score": map[string]any{"type": "number", "description": "set by carry_over_answers: how close the previous question is to this one (0–1); writing ignores it"},
		},
		"required": []string{"pair_id"},
	}
	expectedItems = map[string]any{
		"type": "object",
		"properties": map[string]any{
			"pair_id":       map[string]any{"type": "string", "description": "element ID or PDF field name written earlier"},
			"xpath":         map[string]any{"type": "string"},
			"expected_text": map[string]any{"type": "string", "description": "the text that should now be there"},
			"confidence":    map[string]any{"type": "string", "enum": []string{"known", "uncertain", "unknown"}},
			"note":          map[string]any{"type": "string", "description": "the answer's note, repeated in the review list"},
		},
		"required": []string{"pair_id", "expected_text"},
	}
)

func arrayOf(items map[string]any) map[string]any {
	return map[string]any{"type": "array", "items": items}
}

var (
	stringType  = map[string]any{"type": "string"}
	booleanType = map[string]any{"type": "boolean"}
	countType   = map[string]any{"type": "integer", "minimum": 0}
)

// pageParams bound what a reading operation returns. Over MCP a page holds
// about formats.DefaultToolTokens tokens unless the caller gives a limit or
// a budget of its own; the CLI prints everything unless asked for less.
var pageParams = []Param{
	{Name: "offset", Schema: countType, Description: "first element to return, 0-based: the next_offset of the previous page (0 or absent: from the start)"},
	{Name: "limit", Schema: countType, Description: "at most this many elements"},
	{Name: "max_tokens", Schema: countType, ToolDefault: formats.DefaultToolTokens, NoDefaultWith: "limit",
		Description: "at most about this many tokens (bytes / 4) per page; with limit, the page ends at whichever comes first. 0: no budget"},
}

// answersParams are the parameters of the operations that write answers.
var answersParams = []Param{
	{Name: "answers", Schema: arrayOf(answerItems), Description: "answers to write (required unless answers_file_path is given; not both)"},
	{Name: "answers_file_path", Schema: stringType, Local: true, Description: "a JSON file (inside the roots) holding the answers array, for long lists"},
	{Name: "dry_run", Schema: booleanType, Description: "report what would change without producing a document"},
	{Name: "output_file_path", Schema: stringType, Local: true, Replaces: true, Description: "save the filled document here (inside the roots; a file already there is replaced) instead of returning base64"},
	{Name: "track_changes", Schema: booleanType, Description: "Word only: write every answer as a tracked change (insertion, and deletion of the text it replaces) that the reviewer accepts or rejects in Word"},
	{Name: "comment_uncertain", Schema: booleanType, Description: "flag every answer of confidence uncertain or unknown with a comment giving the confidence and its note: a Word comment, an Excel cell note, a PDF text annotation"},
	{Name: "author", Schema: stringType, Description: "who the tracked changes and comments are by (default formfill)"},
	{Name: "date", Schema: stringType, Description: "RFC 3339 date-time the tracked changes and comments carry, e.g. 2025-03-01T09:30:00Z (default now); fix it for reproducible output"},
	{Name: "flatten", Schema: booleanType, Description: "PDF only: burn the filled fields into the pages (each field's appearance becomes page content; the fields and the form are removed), so the answers print and show alike everywhere and can no longer be edited as fields. Signature fields stay fields, with a warning, unless flatten_signatures"},
	{Name: "flatten_signatures", Schema: booleanType, Description: "PDF only, with flatten: burn signature fields in too"},
	{Name: "strip_active_content", Schema: booleanType, Description: "remove what the filled document would run or fetch when opened (PDF JavaScript and launch actions; Word remote templates, altChunks, external links, fields that fetch URLs) and list it in removed_active_content; without it, warnings list it"},
}

var operations = []Operation{
	{
		Kind: KindExtractCompact, Tool: "extract_structure_compact", Command: "extract", Mode: "compact",
		Title: "Map a form (compact)", Document: true, ReadOnly: true,
		Description: "Start here. Reads a Word, Excel or PDF form and returns a compact map: one line per element with a stable ID " +
			"(Word T1-R2-C1 / P5, Excel S1-R2-C3, PDF F1…), its text, and markers such as [empty], [dropdown: A|B] or COMPLEX(sdt); " +
			"each answer target ends ← answer to <question ID> \"<question>\", and targets lists them as JSON. " +
			"Use the IDs as pair_id in write_answers. Also returns doc_id: pass it to later calls instead of the file. " +
			"Long maps come in pages: total counts the elements, next_offset is where the next page starts (absent on the last). " +
			`view "targets" lists only the answer targets with their questions; ids returns elements in full. ` +
			`Example: {"file_path": "forms/vendor.docx"}, then {"doc_id": "…", "offset": 212}, {"doc_id": "…", "view": "targets"}, {"doc_id": "…", "ids": ["P9"]}`,
		Params: append([]Param{
			{Name: "view", Schema: map[string]any{"type": "string", "enum": []string{formats.ViewMap, formats.ViewTargets}},
				Description: "map (default): every element; targets: only the answer targets, each with its question and what it accepts"},
			{Name: "ids", Schema: arrayOf(stringType), Description: `elements to return in full, untruncated, e.g. ["P9", "T2-R3-C2"]`},
		}, pageParams...),
		Check: checkCompact,
		Run: func(ctx context.Context, e formats.Engine, p *Payload, doc []byte) (*Result, []byte, error) {
			if err := checkCompact(p); err != nil {
				return nil, nil, err
			}
			c, err := compactOf(ctx, e, p, doc)
			if err != nil {
				return nil, nil, err
			}
			switch args := p.compactArgs(); {
			case len(args.IDs) > 0:
				c, err = c.Select(args.IDs)
			default:
				whole := c
				if args.View == formats.ViewTargets {
					c, err = c.TargetsView(p.Page)
				} else {
					c, err = c.Paged(p.Page)
				}
				completeLater(ctx, p.DocID, whole)
			}
			if err != nil {
				return nil, nil, err
			}
			warnings, err := activeWarnings(e, p, doc)
			if err != nil {
				return nil, nil, err
			}
			page := *c // c may be the cached map itself: never write to it
			page.Warnings = warnings
			return &Result{Kind: KindExtractCompact, Compact: &page}, nil, nil
		},
		Body: func(r *Result) any { return r.Compact },
		Text: func(r *Result) string {
			return withWarnings(withNote(r.Compact.CompactText, r.Compact.More), r.Compact.Warnings)
		},
	},
	{
		Kind: KindExtractRaw, Tool: "extract_structure", Command: "extract", Mode: "raw",
		Title: "Raw structure", Document: true, ReadOnly: true,
		Description: "Returns the document's raw structure when the compact map is not enough: Word body XML, Excel sheets as rows with merges " +
			"and validations, PDF fields. Large; prefer extract_structure_compact. " + `Example: {"doc_id": "<from a previous call>"}`,
		Run: func(_ context.Context, e formats.Engine, _ *Payload, doc []byte) (*Result, []byte, error) {
			raw, err := e.ExtractRaw(doc)
			return &Result{Kind: KindExtractRaw, Raw: raw}, nil, err
		},
		Body: func(r *Result) any { return r.Raw },
	},
	{
		Kind: KindExtractText, Tool: "extract_text", Command: "extract", Mode: "text",
		Title: "Plain text", Document: true, ReadOnly: true,
		Description: "Returns the document's plain text, to read the questions in order. " + `Example: {"file_path": "q.pdf"}`,
		Run: func(_ context.Context, e formats.Engine, _ *Payload, doc []byte) (*Result, []byte, error) {
			text, err := e.ExtractText(doc)
			return &Result{Kind: KindExtractText, Text: text}, nil, err
		},
		Body: func(r *Result) any { return map[string]any{"text": r.Text} },
		Text: func(r *Result) string { return r.Text },
	},
	{
		Kind: KindValidate, Tool: "validate_locations", Command: "validate",
		Title: "Validate locations", Document: true, ReadOnly: true,
		Description: "Checks where answers would go before writing: each location (an element ID as pair_id, or a snippet of the document's markup) " +
			"comes back matched with its XPath and context, not_found or ambiguous. Optional when you use IDs from the compact map. " +
			`Example: {"doc_id": "…", "locations": [{"pair_id": "T1-R2-C2"}]}`,
		Params: []Param{{Name: "locations", Schema: arrayOf(locationItems), Required: true, Description: "locations to check"}},
		Run: func(_ context.Context, e formats.Engine, p *Payload, doc []byte) (*Result, []byte, error) {
			a := p.validateArgs()
			if err := formats.CheckCount("locations", len(a.Locations)); err != nil {
				return nil, nil, err
			}
			v, err := e.Validate(doc, a.Locations)
			return &Result{Kind: KindValidate, Validated: v}, nil, err
		},
		Body: func(r *Result) any { return map[string]any{"results": r.Validated} },
	},
	{
		Kind: KindBuildInsertion, Tool: "build_insertion_xml", Command: "build-insertion",
		Title: "Build insertion OOXML", ReadOnly: true, DefaultType: formats.Word,
		Description: "Word only, rarely needed: turns an answer into validated OOXML matching the target's formatting, for " +
			"write_answers' insertion_xml (e.g. multi-paragraph or structured answers). answer_text in write_answers covers plain answers. " +
			`Example: {"answer_text": "Yes", "target_context_xml": "<w:p>…</w:p>", "answer_type": "plain_text"}`,
		Params: []Param{
			{Name: "answer_text", Field: "insertion.answer_text", Schema: stringType, Required: true, Description: "the answer; for structured, OOXML runs/paragraphs"},
			{Name: "target_context_xml", Field: "insertion.target_context_xml", Schema: stringType, Required: true, Description: "the target's XML (a validate_locations context or a snippet)"},
			{Name: "answer_type", Field: "insertion.answer_type", Schema: map[string]any{"type": "string", "enum": []string{"plain_text", "structured"}}, Required: true,
				Description: "plain_text: text to wrap in the target's formatting; structured: OOXML to validate"},
		},
		Check: checkInsertion,
		Run: func(_ context.Context, e formats.Engine, p *Payload, _ []byte) (*Result, []byte, error) {
			if err := checkInsertion(p); err != nil {
				return nil, nil, err
			}
			ins, err := e.BuildInsertion(*p.Insertion)
			return &Result{Kind: KindBuildInsertion, Insertion: ins}, nil, err
		},
		Body: func(r *Result) any { return r.Insertion },
	},
	{
		Kind: KindWrite, Tool: "write_answers", Command: "write",
		Title: "Write answers", Document: true,
		Description: "Writes answers into the document and returns the filled copy: base64 in file_bytes_b64 (plus output_doc_id), or saved to " +
			"output_file_path. One call for all answers; answer_text inherits the target's formatting. dry_run reports the changes " +
			"without writing. For a person to review: track_changes (Word) writes each answer as a tracked change, comment_uncertain " +
			"comments every uncertain or unknown answer with its note. flatten (PDF) burns the filled fields into the pages. Then call verify_output on output_doc_id. " +
			`Example: {"file_path": "f.docx", "answers": [{"pair_id": "T1-R2-C2", "answer_text": "Acme Ltd"}], "output_file_path": "f.filled.docx"}. ` +
			"Legal templates are edited in place (IDs name the document as given, even after inserts and deletes in the same call): " +
			`replace_text {"pair_id": "P9", "mode": "replace_text", "find": "[___]", "occurrence": 2, "answer_text": "A"} keeps the formatting around and of the text replaced; ` +
			`delete {"pair_id": "P14", "mode": "delete"} removes a paragraph or row, with "find" only that text; ` +
			`insert_after {"pair_id": "P33", "mode": "insert_after", "answer_text": "<definition>Closing Cash</definition> means cash at the Closing."} adds a paragraph styled and numbered like P33 (blank lines split paragraphs); ` +
			`a write that would remove a field, footnote reference or bookmark is refused unless "force": true.`,
		Params: answersParams,
		Check:  checkAnswers,
		Run: func(_ context.Context, e formats.Engine, p *Payload, doc []byte) (*Result, []byte, error) {
			w, err := formats.Write(e, doc, p.Answers, p.WriteOptions())
			if err != nil {
				return nil, nil, err
			}
			return &Result{Kind: KindWrite, Write: w}, w.Document, nil
		},
		Body: func(r *Result) any { return r.Write },
	},
	{
		Kind: KindVerify, Tool: "verify_output", Command: "verify",
		Title: "Verify a filled document", Document: true, ReadOnly: true,
		Description: "Checks a filled document: structural issues, and per expected answer matched / mismatched / missing, with a summary by " +
			"confidence and a review list of the answers that are not known (question, answer, note, where its comment is). Pass the output_doc_id from write_answers as doc_id. " +
			`Example: {"doc_id": "<output_doc_id>", "expected_answers": [{"pair_id": "T1-R2-C2", "expected_text": "Acme Ltd"}]}`,
		Params: []Param{
			{Name: "expected_answers", Field: "expected", Schema: arrayOf(expectedItems), Required: true, Description: "what each target should now contain"},
			{Name: "source_doc_id", Schema: stringType, Description: "optional: the doc_id of the document before it was written; verify then also reports fields, footnote references and bookmarks the write lost, or for a workbook the formulas it lost and those now showing other values"},
		},
		Run: func(_ context.Context, e formats.Engine, p *Payload, doc []byte) (*Result, []byte, error) {
			a := p.verifyArgs()
			if err := formats.CheckCount("expected", len(a.Expected)); err != nil {
				return nil, nil, err
			}
			rep, err := formats.Verify(e, a.Source, doc, a.Expected)
			return &Result{Kind: KindVerify, Report: rep}, nil, err
		},
		Body: func(r *Result) any { return r.Report },
	},
	{
		Kind: KindListFields, Tool: "list_form_fields", Command: "extract", Mode: "fields",
		Title: "List fillable fields", Document: true, ReadOnly: true,
		Description: "Lists what can be filled: PDF form fields (name, type, options, current value), Excel answer cells, Word content controls " +
			"and empty answer cells, each with a field_id usable as pair_id. " + `Example: {"file_path": "application.pdf"}`,
		Run: func(_ context.Context, e formats.Engine, _ *Payload, doc []byte) (*Result, []byte, error) {
			f, err := e.ListFields(doc)
			return &Result{Kind: KindListFields, Fields: f}, nil, err
		},
		Body: func(r *Result) any {
			if r.Fields == nil {
				return map[string]any{"fields": []any{}}
			}
			return map[string]any{"fields": r.Fields}
		},
	},
	{
		Kind: KindFill, Command: "fill",
		Title: "Fill and verify", Document: true,
		Description: "Writes the answers and verifies them on one parse of the document: the job of bulk runs.",
		Params:      answersParams,
		Check:       checkAnswers,
		Run: func(_ context.Context, e formats.Engine, p *Payload, doc []byte) (*Result, []byte, error) {
			w, rep, err := formats.Fill(e, doc, p.Answers, p.WriteOptions())
			if err != nil {
				return nil, nil, err
			}
			return &Result{Kind: KindFill, Write: w, Report: rep}, w.Document, nil
		},
		Body: func(r *Result) any { return map[string]any{"write": r.Write, "report": r.Report} },
	},
	{
		Kind: KindSearch, Tool: "search_document", Command: "search",
		Title: "Search a document", Document: true, ReadOnly: true,
		Description: "Finds text in a Word, Excel or PDF document and returns the IDs of the elements that hold it, each with its first match " +
			"in context (…before>>>match<<<after…) and how many matches it holds, in document order. Letter case is ignored; regex makes the " +
			"pattern a regular expression (RE2). Read a whole element with extract_structure_compact's ids. " +
			`Example: {"doc_id": "…", "pattern": "Effective Date"}, {"doc_id": "…", "pattern": "Section \\d+\\.\\d+", "regex": true}`,
		Params: append([]Param{
			{Name: "pattern", Schema: stringType, Required: true, Positional: true, Description: "the text to find (or a regular expression with regex)"},
			{Name: "regex", Schema: booleanType, Description: "the pattern is a regular expression (RE2 syntax)"},
		}, pageParams...),
		Run: func(ctx context.Context, e formats.Engine, p *Payload, doc []byte) (*Result, []byte, error) {
			c, err := compactOf(ctx, e, p, doc)
			if err != nil {
				return nil, nil, err
			}
			args := p.searchArgs()
			res, err := c.Search(args.Pattern, args.Regex, p.Page)
			return &Result{Kind: KindSearch, Search: res}, nil, err
		},
		Body: func(r *Result) any { return r.Search },
		Text: func(r *Result) string { return r.Search.Text() },
	},
	{
		Kind: KindReadDocument, Tool: "read_document", Command: "read",
		Title: "Read a document", Document: true, ReadOnly: true,
		Description: "Reads a document as rows an agent can follow: for Word one row per paragraph and table cell (the compact map's IDs) as TOON, " +
			"#SCHEMA id | list_label | header | style | text, where list_label is the clause number Word shows (1.1, (a), Article II), header a " +
			"run-in header (\"Closing Deliverables\") moved out of the text, and style a readable ID of the paragraph's formatting (body, " +
			"heading_2, definition); for Excel one row per worksheet row, for PDF one per field. format json adds style_fingerprint, " +
			"header_formatting and numbering {num_id, ilvl}. Pages as extract_structure_compact does (total, next_offset). " +
			`Example: {"file_path": "agreement.docx"}, then {"doc_id": "…", "offset": 180}`,
		Params: append([]Param{
			{Name: "format", Schema: map[string]any{"type": "string", "enum": []string{formats.ViewTOON, formats.ViewJSON}},
				Description: "toon (default): one line per row; json: the rows as objects with their formatting metadata"},
		}, pageParams...),
		Run: func(_ context.Context, e formats.Engine, p *Payload, doc []byte) (*Result, []byte, error) {
			nodes, err := cached("view", p, func() ([]formats.ViewNode, error) { return e.ReadDocument(doc) })
			if err != nil {
				return nil, nil, err
			}
			v, err := formats.NewDocumentView(nodes, p.readArgs().Format, p.Page)
			return &Result{Kind: KindReadDocument, View: v}, nil, err
		},
		Body: func(r *Result) any { return r.View },
		Text: func(r *Result) string { return r.View.Text() },
	},
	harvestOperation,
	carryOverOperation,
	{
		// Formfill batch makes fill_group jobs; the worker runs each of its
		// fills through the fill operation.
		Kind: KindFillGroup, Title: "Fill a group of documents", Internal: true,
		Description: "Several fill payloads as one task, so the queue's fixed cost per task is paid once per group.",
		Body:        func(r *Result) any { return r.Group },
	},
}

// checkCompact checks extract_structure_compact's options.
func checkCompact(p *Payload) error {
	switch view := p.compactArgs().View; view {
	case "", formats.ViewMap, formats.ViewTargets:
	default:
		return formats.Errorf(formats.ErrInvalidArgument, "view", "expected %s or %s, got %q", formats.ViewMap, formats.ViewTargets, view)
	}
	return p.Page.Check()
}

// withNote appends a page's note on how to get the rest of the answer.
func withNote(text, more string) string {
	if more == "" {
		return text
	}
	return strings.TrimRight(text, "\n") + "\n(" + more + ")\n"
}

// checkAnswers checks a write's or fill's answers before it is queued
// (formats.RequireAnswers), so a bad answer fails the call, not the job.
func checkAnswers(p *Payload) error {
	err := formats.RequireAnswers(p.Answers)
	if errors.Is(err, formats.ErrNoAnswers) {
		return formats.Errorf(formats.ErrInvalidArgument, "answers", `required: a non-empty array such as [{"pair_id": "T1-R2-C2", "answer_text": "Acme Ltd"}], or answers_file_path`)
	}
	return err
}

// checkInsertion checks build_insertion's request.
func checkInsertion(p *Payload) error {
	in := p.Insertion
	switch {
	case in == nil:
		return formats.Errorf(formats.ErrInvalidArgument, "insertion", "build_insertion needs answer_text, target_context_xml and answer_type")
	case strings.TrimSpace(in.TargetContextXML) == "":
		return formats.Errorf(formats.ErrInvalidArgument, "target_context_xml", "required: the target's XML, e.g. the context validate_locations returned")
	case in.AnswerType != formats.PlainText && in.AnswerType != formats.Structured:
		return formats.Errorf(formats.ErrInvalidArgument, "answer_type", "expected plain_text or structured, got %q", in.AnswerType)
	}
	return nil
}
