package mcp

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/jobs"
)

// toolArgs is the union of the document tools' arguments. Each tool accepts
// only its own subset (see allowedArgs), so a misspelt argument is reported
// instead of silently ignored.
type toolArgs struct {
	FilePath         string                   `json:"file_path"`
	FileBytesB64     string                   `json:"file_bytes_b64"`
	FileType         string                   `json:"file_type"`
	DocID            string                   `json:"doc_id"`
	WaitSeconds      *float64                 `json:"wait_seconds"`
	Locations        []formats.Location       `json:"locations"`
	Answers          []formats.Answer         `json:"answers"`
	AnswersFilePath  string                   `json:"answers_file_path"`
	DryRun           bool                     `json:"dry_run"`
	OutputFilePath   string                   `json:"output_file_path"`
	ExpectedAnswers  []formats.ExpectedAnswer `json:"expected_answers"`
	AnswerText       *string                  `json:"answer_text"`
	TargetContextXML *string                  `json:"target_context_xml"`
	AnswerType       string                   `json:"answer_type"`
}

var docArgNames = []string{"file_path", "file_bytes_b64", "file_type", "doc_id", "wait_seconds"}

var allowedArgs = map[string][]string{
	ToolExtractCompact: docArgNames,
	ToolExtractRaw:     docArgNames,
	ToolExtractText:    docArgNames,
	ToolListFields:     docArgNames,
	ToolValidate:       append([]string{"locations"}, docArgNames...),
	ToolWrite:          append([]string{"answers", "answers_file_path", "dry_run", "output_file_path"}, docArgNames...),
	ToolVerify:         append([]string{"expected_answers"}, docArgNames...),
	ToolBuildInsertion: {"answer_text", "target_context_xml", "answer_type", "wait_seconds"},
}

var toolKinds = map[string]jobs.Kind{
	ToolExtractCompact: jobs.KindExtractCompact,
	ToolExtractRaw:     jobs.KindExtractRaw,
	ToolExtractText:    jobs.KindExtractText,
	ToolListFields:     jobs.KindListFields,
	ToolValidate:       jobs.KindValidate,
	ToolWrite:          jobs.KindWrite,
	ToolVerify:         jobs.KindVerify,
	ToolBuildInsertion: jobs.KindBuildInsertion,
}

// request is a document tool call turned into a job to submit.
type request struct {
	tool       string
	payload    jobs.Payload
	wait       time.Duration
	outputPath string // confined; write_answers only
}

// decodeArgs parses raw arguments strictly: unknown names and wrong types
// become errors naming the argument and what was expected.
func decodeArgs(tool string, raw json.RawMessage) (*toolArgs, error) {
	var names map[string]json.RawMessage
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		raw = []byte("{}")
	}
	if err := json.Unmarshal(raw, &names); err != nil {
		return nil, formats.Errorf(formats.ErrInvalidArgument, "arguments", "expected a JSON object of arguments: %v", err)
	}
	allowed := allowedArgs[tool]
	for name := range names {
		if !contains(allowed, name) {
			return nil, formats.Errorf(formats.ErrInvalidArgument, name, "%s takes no argument %q; valid arguments: %s", tool, name, strings.Join(sorted(allowed), ", "))
		}
	}
	var a toolArgs
	if err := json.Unmarshal(raw, &a); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return nil, formats.Errorf(formats.ErrInvalidArgument, te.Field, "expected %s, got a JSON %s", describeType(te.Type.String()), te.Value)
		}
		return nil, formats.Errorf(formats.ErrInvalidArgument, "arguments", "%v", err)
	}
	return &a, nil
}

func describeType(goType string) string {
	switch {
	case strings.HasPrefix(goType, "[]"):
		return "an array"
	case strings.Contains(goType, "formats."):
		return "an object"
	case goType == "bool":
		return "true or false"
	case goType == "float64":
		return "a number"
	}
	return "a " + goType
}

// prepare validates a document tool call, uploads its document and builds
// the job's payload. It does not submit the job.
func (s *Server) prepare(ctx context.Context, tool string, raw json.RawMessage) (*request, error) {
	kind, ok := toolKinds[tool]
	if !ok {
		return nil, formats.Errorf(formats.ErrInvalidArgument, "name", "unknown tool %q", tool)
	}
	a, err := decodeArgs(tool, raw)
	if err != nil {
		return nil, err
	}
	wait, err := s.waitFor(a.WaitSeconds)
	if err != nil {
		return nil, err
	}
	r := &request{tool: tool, wait: wait, payload: jobs.Payload{Kind: kind}}
	if tool == ToolBuildInsertion {
		return r, s.prepareInsertion(r, a)
	}
	if err := s.prepareArgs(r, a); err != nil {
		return nil, err
	}
	if err := s.attachDocument(ctx, r, a); err != nil {
		return nil, err
	}
	return r, nil
}

func (s *Server) prepareInsertion(r *request, a *toolArgs) error {
	switch {
	case a.AnswerText == nil:
		return formats.Errorf(formats.ErrInvalidArgument, "answer_text", "required: the answer to turn into OOXML")
	case a.TargetContextXML == nil || strings.TrimSpace(*a.TargetContextXML) == "":
		return formats.Errorf(formats.ErrInvalidArgument, "target_context_xml", "required: the target's XML, e.g. the context validate_locations returned")
	}
	at := formats.AnswerType(a.AnswerType)
	if at != formats.PlainText && at != formats.Structured {
		return formats.Errorf(formats.ErrInvalidArgument, "answer_type", "expected plain_text or structured, got %q", a.AnswerType)
	}
	r.payload.FileType = formats.Word
	r.payload.Insertion = &formats.BuildInsertionRequest{AnswerText: *a.AnswerText, TargetContextXML: *a.TargetContextXML, AnswerType: at}
	return nil
}

// prepareArgs checks the tool-specific arguments.
func (s *Server) prepareArgs(r *request, a *toolArgs) error {
	p := &r.payload
	switch r.tool {
	case ToolValidate:
		if len(a.Locations) == 0 {
			return formats.Errorf(formats.ErrInvalidArgument, "locations", `required: a non-empty array such as [{"pair_id": "T1-R2-C2"}]`)
		}
		p.Locations = a.Locations
		return formats.CheckCount("locations", len(a.Locations))
	case ToolVerify:
		if len(a.ExpectedAnswers) == 0 {
			return formats.Errorf(formats.ErrInvalidArgument, "expected_answers", `required: a non-empty array such as [{"pair_id": "T1-R2-C2", "expected_text": "Acme"}]`)
		}
		p.Expected = a.ExpectedAnswers
		return formats.CheckCount("expected_answers", len(a.ExpectedAnswers))
	case ToolWrite:
		return s.prepareWrite(r, a)
	}
	return nil
}

func (s *Server) prepareWrite(r *request, a *toolArgs) error {
	answers := a.Answers
	if len(answers) > 0 && a.AnswersFilePath != "" {
		// Silently preferring one would write answers the caller did not mean.
		return formats.Errorf(formats.ErrInvalidArgument, "answers_file_path", "give the answers either inline in answers or in answers_file_path, not both")
	}
	if a.AnswersFilePath != "" {
		var err error
		if answers, err = s.readAnswersFile(a.AnswersFilePath); err != nil {
			return err
		}
	}
	if len(answers) == 0 {
		return formats.Errorf(formats.ErrInvalidArgument, "answers", `required: a non-empty array such as [{"pair_id": "T1-R2-C2", "answer_text": "Acme Ltd"}], or answers_file_path`)
	}
	if err := formats.CheckCount("answers", len(answers)); err != nil {
		return err
	}
	for i, an := range answers {
		if an.PairID == "" && an.XPath == "" {
			return formats.Errorf(formats.ErrInvalidArgument, fmt.Sprintf("answers[%d].pair_id", i), "each answer needs a target: pair_id (an element ID) or xpath")
		}
	}
	if a.OutputFilePath != "" && !a.DryRun {
		out, err := s.roots.Output("output_file_path", a.OutputFilePath)
		if err != nil {
			return err
		}
		r.outputPath = out
	}
	r.payload.Answers = answers
	r.payload.DryRun = a.DryRun
	return nil
}

func (s *Server) readAnswersFile(p string) ([]formats.Answer, error) {
	path, err := s.roots.Input("answers_file_path", p)
	if err != nil {
		return nil, err
	}
	data, err := s.roots.ReadFile("answers_file_path", path, formats.MaxBase64Size)
	if err != nil {
		return nil, err
	}
	var answers []formats.Answer
	if err := json.Unmarshal(data, &answers); err != nil {
		var wrapped struct {
			Answers []formats.Answer `json:"answers"`
		}
		if err2 := json.Unmarshal(data, &wrapped); err2 != nil {
			return nil, formats.Wrap(formats.ErrInvalidArgument, "answers_file_path", err, `%q must hold a JSON array of answers (or {"answers": [...]})`, p)
		}
		answers = wrapped.Answers
	}
	return answers, nil
}

// attachDocument resolves the document input (file_path wins, then
// file_bytes_b64, then doc_id), checks its type and uploads it.
func (s *Server) attachDocument(ctx context.Context, r *request, a *toolArgs) error {
	var data []byte
	var name string
	var err error
	switch {
	case a.FilePath != "":
		path, perr := s.roots.Input("file_path", a.FilePath)
		if perr != nil {
			return perr
		}
		name = path
		if data, err = s.roots.ReadFile("file_path", path, formats.MaxFileSize); err != nil {
			return err
		}
	case a.FileBytesB64 != "":
		if a.FileType == "" {
			return formats.Errorf(formats.ErrInvalidArgument, "file_type", "required with file_bytes_b64: word, excel or pdf")
		}
		if data, err = formats.DecodeBase64(a.FileBytesB64); err != nil {
			return err
		}
	case a.DocID != "":
		if data, err = s.store.GetBlob(ctx, a.DocID); err != nil {
			return blobError(a.DocID, err)
		}
		r.payload.DocID = a.DocID
	default:
		return formats.Errorf(formats.ErrInvalidArgument, "file_path", "no document given: pass file_path (a path inside %s), file_bytes_b64 with file_type, or doc_id from an earlier call", strings.Join(s.roots.Dirs(), ", "))
	}
	explicit := a.FileType
	if explicit == "" && name == "" {
		explicit = sniffZip(data) // doc_id: no name, and zip magic fits docx and xlsx alike
	}
	ft, err := formats.Detect(name, explicit, data)
	if err != nil {
		return err
	}
	r.payload.FileType = ft
	if r.payload.DocID == "" {
		if r.payload.DocID, err = s.store.PutBlob(ctx, data); err != nil {
			return fmt.Errorf("uploading the document: %w", err)
		}
	}
	return nil
}

// sniffZip tells a docx from an xlsx by their main part, reading only the
// zip's central directory. It returns "" when it cannot tell.
func sniffZip(data []byte) string {
	if !bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		return ""
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return ""
	}
	for _, f := range zr.File {
		switch f.Name {
		case "word/document.xml":
			return string(formats.Word)
		case "xl/workbook.xml":
			return string(formats.Excel)
		}
	}
	return ""
}

func blobError(docID string, err error) error {
	if errors.Is(err, jobs.ErrBlobNotFound) {
		return formats.Errorf(formats.ErrInvalidArgument, "doc_id", "%q is unknown or expired; send the document again with file_path or file_bytes_b64", docID)
	}
	return fmt.Errorf("fetching doc_id %s: %w", docID, err)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func sorted(list []string) []string {
	out := append([]string(nil), list...)
	sort.Strings(out)
	return out
}
