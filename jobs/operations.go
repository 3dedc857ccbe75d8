package jobs

import (
	"context"
	"fmt"
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
			"pair_id":       map[string]any{"type": "string", "description": "target element ID from extract_structure_compact (T1-R2-C2, P5, S1-R2-C3, F4) or a PDF field name"},
			"xpath":         map[string]any{"type": "string", "description": "alternative target: a Word XPath from id_to_xpath or an Excel reference Sheet1!B2"},
			"answer_text":   map[string]any{"type": "string", "description": "plain text; formatting is inherited from the target. \"SKIP\" leaves the target alone. Checkboxes take yes/no, true/false, x"},
			"insertion_xml": map[string]any{"type": "string", "description": "Word only: validated OOXML from build_insertion_xml; wins over answer_text"},
			"mode":          map[string]any{"type": "string", "enum": []string{"replace_content", "append", "replace_placeholder"}, "description": "default replace_content"},
			"confidence":    map[string]any{"type": "string", "enum": []string{"known", "uncertain", "unknown"}, "description": "your confidence, counted by verify_output"},
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
)

// answersParams are the parameters of the operations that write answers.
var answersParams = []Param{
	{Name: "answers", Schema: arrayOf(answerItems), Description: "answers to write (required unless answers_file_path is given; not both)"},
	{Name: "answers_file_path", Schema: stringType, Local: true, Description: "a JSON file (inside the roots) holding the answers array, for long lists"},
	{Name: "dry_run", Schema: booleanType, Description: "report what would change without producing a document"},
	{Name: "output_file_path", Schema: stringType, Local: true, Description: "save the filled document here (inside the roots) instead of returning base64"},
}

var operations = []Operation{
	{
		Kind: KindExtractCompact, Tool: "extract_structure_compact", Command: "extract", Mode: "compact",
		Title: "Map a form (compact)", Document: true, ReadOnly: true,
		Description: "Start here. Reads a Word, Excel or PDF form and returns a compact map: one line per element with a stable ID " +
			"(Word T1-R2-C1 / P5, Excel S1-R2-C3, PDF F1…), its text, and markers such as [empty], [dropdown: A|B] or COMPLEX(sdt); " +
			"each answer target ends ← answer to <question ID> \"<question>\", and targets lists them as JSON. " +
			"Use the IDs as pair_id in write_answers. Also returns doc_id: pass it to later calls instead of the file. " +
			`Example: {"file_path": "forms/vendor.docx"}`,
		Run: func(_ context.Context, e formats.Engine, _ *Payload, doc []byte) (*Result, []byte, error) {
			c, err := e.ExtractCompact(doc)
			return &Result{Kind: KindExtractCompact, Compact: c}, nil, err
		},
		Body: func(r *Result) any { return r.Compact },
		Text: func(r *Result) string { return r.Compact.CompactText },
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
			if err := formats.CheckCount("locations", len(p.Locations)); err != nil {
				return nil, nil, err
			}
			v, err := e.Validate(doc, p.Locations)
			return &Result{Kind: KindValidate, Validated: v}, nil, err
		},
		Body: func(r *Result) any { return map[string]any{"results": r.Validated} },
	},
	{
		Kind: KindBuildInsertion, Tool: "build_insertion_xml", Command: "build-insertion",
		Title: "Build insertion OOXML", ReadOnly: true,
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
			"without writing. Then call verify_output on output_doc_id. " +
			`Example: {"file_path": "f.docx", "answers": [{"pair_id": "T1-R2-C2", "answer_text": "Acme Ltd"}], "output_file_path": "f.filled.docx"}`,
		Params: answersParams,
		Check:  checkAnswers,
		Run: func(_ context.Context, e formats.Engine, p *Payload, doc []byte) (*Result, []byte, error) {
			w, err := e.Write(doc, p.Answers, formats.WriteOptions{DryRun: p.DryRun})
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
			"confidence. Pass the output_doc_id from write_answers as doc_id. " +
			`Example: {"doc_id": "<output_doc_id>", "expected_answers": [{"pair_id": "T1-R2-C2", "expected_text": "Acme Ltd"}]}`,
		Params: []Param{{Name: "expected_answers", Field: "expected", Schema: arrayOf(expectedItems), Required: true, Description: "what each target should now contain"}},
		Run: func(_ context.Context, e formats.Engine, p *Payload, doc []byte) (*Result, []byte, error) {
			if err := formats.CheckCount("expected", len(p.Expected)); err != nil {
				return nil, nil, err
			}
			rep, err := e.Verify(doc, p.Expected)
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
			w, rep, err := formats.Fill(e, doc, p.Answers, formats.WriteOptions{DryRun: p.DryRun})
			if err != nil {
				return nil, nil, err
			}
			return &Result{Kind: KindFill, Write: w, Report: rep}, w.Document, nil
		},
		Body: func(r *Result) any { return map[string]any{"write": r.Write, "report": r.Report} },
	},
	{
		// Formfill batch makes fill_group jobs; the worker runs each of its
		// fills through the fill operation.
		Kind: KindFillGroup, Title: "Fill a group of documents", Internal: true,
		Description: "Several fill payloads as one task, so the queue's fixed cost per task is paid once per group.",
		Body:        func(r *Result) any { return r.Group },
	},
}

// checkAnswers checks that a write or fill has answers, each with a target.
func checkAnswers(p *Payload) error {
	if len(p.Answers) == 0 {
		return formats.Errorf(formats.ErrInvalidArgument, "answers", `required: a non-empty array such as [{"pair_id": "T1-R2-C2", "answer_text": "Acme Ltd"}], or answers_file_path`)
	}
	if err := formats.CheckCount("answers", len(p.Answers)); err != nil {
		return err
	}
	for i, an := range p.Answers {
		if an.PairID == "" && an.XPath == "" {
			return formats.Errorf(formats.ErrInvalidArgument, fmt.Sprintf("answers[%d].pair_id", i), "each answer needs a target: pair_id (an element ID) or xpath")
		}
	}
	return nil
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
