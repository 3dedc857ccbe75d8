package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/reuse"
	"github.com/formfill/formfill/internal/safefile"
	"github.com/formfill/formfill/jobs"
)

// docArgs are the arguments every document tool takes besides its
// operation's own: the document input and the wait.
type docArgs struct {
	FilePath     string   `json:"file_path"`
	FileBytesB64 string   `json:"file_bytes_b64"`
	FileType     string   `json:"file_type"`
	DocID        string   `json:"doc_id"`
	ResourceURI  string   `json:"resource_uri"`
	WaitSeconds  *float64 `json:"wait_seconds"`
	NotifyURL    string   `json:"notify_url"`
}

var docArgNames = []string{"file_path", "file_bytes_b64", "file_type", "doc_id", "resource_uri"}

// allowedArgs lists the arguments the tool of op accepts.
func allowedArgs(op *jobs.Operation) []string {
	names := []string{"wait_seconds", "notify_url"}
	if op.Document {
		names = append(names, docArgNames...)
	}
	for _, p := range op.Params {
		names = append(names, p.Name)
	}
	return names
}

// request is a document tool call turned into a job to submit.
type request struct {
	op         *jobs.Operation
	payload    jobs.Payload
	wait       time.Duration
	outputPath string          // confined; operations that produce a document only
	notify     string          // webhook URL (notify_url)
	roots      *safefile.Roots // where the caller's paths resolve
}

// decodeArgs parses raw arguments strictly: unknown names and wrong types
// become errors naming the argument and what was expected.
func decodeArgs(op *jobs.Operation, raw json.RawMessage) (map[string]json.RawMessage, *docArgs, error) {
	var args map[string]json.RawMessage
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		raw = []byte("{}")
	}
	if err := json.Unmarshal(raw, &args); err != nil {
		return nil, nil, formats.Wrap(formats.ErrInvalidArgument, "arguments", err, "expected a JSON object of arguments")
	}
	allowed := allowedArgs(op)
	for name := range args {
		if !slices.Contains(allowed, name) {
			return nil, nil, formats.Errorf(formats.ErrInvalidArgument, name, "%s takes no argument %q; valid arguments: %s", op.Tool, name, strings.Join(sorted(allowed), ", "))
		}
	}
	var d docArgs
	if err := json.Unmarshal(raw, &d); err != nil {
		return nil, nil, typeError("arguments", "", err)
	}
	return args, &d, nil
}

// typeError names the argument a JSON value of the wrong type was given
// for, and what was expected.
func typeError(name, field string, err error) error {
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) {
		return formats.Wrap(formats.ErrInvalidArgument, name, err, "")
	}
	switch {
	case field == "" && te.Field != "":
		name = te.Field // the arguments object: the field is the argument
	case te.Field != "" && te.Field != field:
		// A value inside the argument: say where, in the argument's terms.
		name = strings.TrimPrefix(strings.Replace(te.Field, field, name, 1), ".")
	}
	return formats.Errorf(formats.ErrInvalidArgument, name, "expected %s, got a JSON %s", describeType(te.Type.String()), te.Value)
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
	case strings.HasPrefix(goType, "int"):
		return "a whole number"
	}
	return "a " + goType
}

// prepare validates a document tool call, uploads its document and builds
// the job's payload. It does not submit the job.
func (s *Server) prepare(ctx context.Context, caller Principal, op *jobs.Operation, raw json.RawMessage) (*request, error) {
	args, d, err := decodeArgs(op, raw)
	if err != nil {
		return nil, err
	}
	wait, err := s.waitFor(d.WaitSeconds)
	if err != nil {
		return nil, err
	}
	roots, err := s.rootsFor(caller.Name)
	if err != nil {
		return nil, err
	}
	r := &request{op: op, wait: wait, payload: jobs.Payload{Kind: op.Kind}, roots: roots, notify: d.NotifyURL}
	if r.notify != "" {
		if err := jobs.CheckNotifyURL(r.notify); err != nil {
			return nil, formats.Wrap(formats.ErrInvalidArgument, "notify_url", err, "")
		}
		if err := s.cfg.notifyAllow.Check(ctx, r.notify); err != nil {
			return nil, formats.Wrap(formats.ErrInvalidArgument, "notify_url", err, "")
		}
	}
	for _, p := range op.Params {
		value, given := args[p.Name], argGiven(args, p.Name)
		if !given && p.NoDefaultWith != "" && argGiven(args, p.NoDefaultWith) {
			continue // the caller's own bound stands in for the default
		}
		if err := s.setParam(r, p, value, given); err != nil {
			return nil, err
		}
	}
	// Every answer over MCP carries its page twice, as the text an agent
	// reads and as structured content: the budget counts both.
	r.payload.Structured = op.Pages()
	if op.Check != nil {
		if err := op.Check(&r.payload); err != nil {
			return nil, err
		}
	}
	if op.Document {
		if err := s.attachDocument(ctx, caller, r, d); err != nil {
			return nil, err
		}
	}
	if v := r.payload.Verify; v != nil && v.SourceDocID != "" && !s.index.owns(ctx, caller.Name, v.SourceDocID) {
		return nil, formats.Errorf(formats.ErrInvalidArgument, "source_doc_id", "%q is unknown or expired; pass a doc_id an earlier call of yours returned", v.SourceDocID)
	}
	if err := s.attachPrevious(ctx, caller, r); err != nil {
		return nil, err
	}
	return r, nil
}

// argGiven reports whether the call gives name a value other than null.
func argGiven(args map[string]json.RawMessage, name string) bool {
	v, ok := args[name]
	return ok && string(bytes.TrimSpace(v)) != "null"
}

// setParam puts one argument's value where its parameter says: into the
// payload, or, for a local parameter, through this server's own handling.
func (s *Server) setParam(r *request, p jobs.Param, value json.RawMessage, given bool) error {
	if p.Local {
		local, ok := localParams[p.Name]
		if !ok {
			return fmt.Errorf("internal error: %s has a local parameter %q this server cannot resolve", r.op.Tool, p.Name)
		}
		if !given {
			return nil
		}
		return local(s, r, value)
	}
	if !given && p.ToolDefault != nil {
		// The operation's default for callers over MCP (a page budget).
		def, err := json.Marshal(p.ToolDefault)
		if err != nil {
			return fmt.Errorf("internal error: %s's default for %s: %w", r.op.Tool, p.Name, err)
		}
		value, given = def, true
	}
	if !given {
		if p.Required {
			return formats.Errorf(formats.ErrInvalidArgument, p.Name, "required: %s", p.Description)
		}
		return nil
	}
	if p.Type() == "array" {
		var items []json.RawMessage
		if err := json.Unmarshal(value, &items); err != nil {
			return formats.Errorf(formats.ErrInvalidArgument, p.Name, "expected an array (%s), got %s", p.Description, clip(string(value), 40))
		}
		if p.Required && len(items) == 0 {
			return formats.Errorf(formats.ErrInvalidArgument, p.Name, "required: a non-empty array (%s)", p.Description)
		}
		if err := formats.CheckCount(p.Name, len(items)); err != nil {
			return err
		}
	}
	if err := r.payload.Set(p.PayloadField(), value); err != nil {
		return typeError(p.Name, p.PayloadField(), err)
	}
	return nil
}

// localParams resolve the parameters that name something on this server's
// side: they never travel to a worker.
var localParams = map[string]func(s *Server, r *request, value json.RawMessage) error{
	"answers_file_path": func(s *Server, r *request, value json.RawMessage) error {
		path, err := stringArg("answers_file_path", value)
		if err != nil || path == "" {
			return err
		}
		if len(r.payload.Answers) > 0 {
			// Silently preferring one would write answers the caller did not mean.
			return formats.Errorf(formats.ErrInvalidArgument, "answers_file_path", "give the answers either inline in answers or in answers_file_path, not both")
		}
		r.payload.Answers, err = readAnswersFile(r.roots, path)
		return err
	},
	"previous_file_path": func(s *Server, r *request, value json.RawMessage) error {
		path, err := stringArg("previous_file_path", value)
		if err != nil || path == "" {
			return err
		}
		if path, err = r.roots.Input("previous_file_path", path); err != nil {
			return err
		}
		data, err := r.roots.ReadFile("previous_file_path", path, formats.MaxFileSize)
		if err != nil {
			return err
		}
		carryOverOf(&r.payload).Previous = data
		return nil
	},
	"map_file_path": func(s *Server, r *request, value json.RawMessage) error {
		path, err := stringArg("map_file_path", value)
		if err != nil || path == "" {
			return err
		}
		if c := r.payload.CarryOver; c != nil && c.Map != nil {
			return formats.Errorf(formats.ErrInvalidArgument, "map_file_path", "give the crosswalk either inline in map or in map_file_path, not both")
		}
		if path, err = r.roots.Input("map_file_path", path); err != nil {
			return err
		}
		data, err := r.roots.ReadFile("map_file_path", path, formats.MaxFileSize)
		if err != nil {
			return err
		}
		cw, err := reuse.ParseCrosswalk(filepath.Base(path), data)
		if err != nil {
			return err
		}
		carryOverOf(&r.payload).Map = cw
		return nil
	},
	"output_file_path": func(s *Server, r *request, value json.RawMessage) error {
		path, err := stringArg("output_file_path", value)
		if err != nil || path == "" || r.payload.WriteOptions().DryRun {
			return err
		}
		r.outputPath, err = r.roots.Output("output_file_path", path)
		return err
	},
}

func stringArg(name string, value json.RawMessage) (string, error) {
	var v string
	if err := json.Unmarshal(value, &v); err != nil {
		return "", typeError(name, "", err)
	}
	return v, nil
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

func readAnswersFile(roots *safefile.Roots, p string) ([]formats.Answer, error) {
	path, err := roots.Input("answers_file_path", p)
	if err != nil {
		return nil, err
	}
	data, err := roots.ReadFile("answers_file_path", path, formats.MaxBase64Size)
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

func sorted(list []string) []string {
	out := append([]string(nil), list...)
	sort.Strings(out)
	return out
}
