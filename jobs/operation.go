package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/formfill/formfill/formats"
)

// Operation declares one document operation, once: its job kind, how a
// worker runs it, and how the MCP server and the CLI offer it. The worker
// dispatches jobs through Run, the MCP server builds a tool from Tool,
// Description and Params, and the CLI finds the operation behind a command
// in the same table (Operations). A new operation is one entry here, beside
// its Kind, its engine method, its payload arguments and the root package's
// function (docs/ARCHITECTURE.md, "Adding an operation"); its CLI command,
// and formfill submit for its kind, are made from Params and, where the
// command line differs from the tool (flag names, help, printing), its
// entry in cmd/formfill's cliCommands.
type Operation struct {
	Kind Kind
	// Tool is the MCP tool's name; "" when the operation is not offered
	// over MCP.
	Tool string
	// Command is the CLI command that runs the operation and Mode the value
	// of that command's --mode flag that selects it, for a command serving
	// several operations ("extract --mode raw"). "" when the CLI has none.
	Command, Mode string
	// Title names the operation for people (the MCP tool's title).
	Title string
	// Description says what the operation does, when to use it and gives
	// an example call: the MCP tool's description.
	Description string
	// Params are the operation's arguments beyond the document input
	// (file_path, file_bytes_b64, file_type, doc_id).
	Params []Param
	// Document says whether the operation reads a document.
	Document bool
	// DefaultType is the document type the operation works in when its
	// payload names none (build_insertion, which reads no document,
	// builds Word XML); "" when the payload must name it.
	DefaultType formats.FileType
	// ReadOnly operations only read: they produce no document and change
	// nothing, so running them twice is harmless.
	ReadOnly bool
	// Internal operations are run only by formfill itself (fill_group,
	// which formfill batch makes), never submitted by hand.
	Internal bool
	// Check validates a payload before it is submitted, beyond what Params
	// say: the MCP server and the CLI call it. nil: nothing to check.
	Check func(p *Payload) error
	// Run does the work on a worker: the engine of the document's type, the
	// payload and the document; it returns the result and, for operations
	// that produce one, the output document. Internal operations that the
	// worker runs itself (fill_group) have none.
	Run func(ctx context.Context, e formats.Engine, p *Payload, doc []byte) (*Result, []byte, error)
	// Body picks the operation's answer out of a result: what the MCP tool
	// returns as its result and what the CLI prints with --json.
	Body func(r *Result) any
	// Text is the answer as a person reads it, for operations whose answer
	// is text (the compact map, the plain text); nil when it is data.
	Text func(r *Result) string
}

// Param is one argument of an operation: an MCP tool argument, a CLI flag,
// and the payload field it fills.
type Param struct {
	// Name is the MCP argument; the CLI flag is Name with '-' for '_'.
	Name string
	// Field is the payload's JSON field the value fills, with dots for
	// nested objects ("insertion.answer_text"); "" means Name. Local
	// parameters fill none.
	Field string
	// Schema is the JSON Schema of the value ({"type": "string"}, ...).
	Schema map[string]any
	// Description says what the value is, with an example where it helps.
	Description string
	// Required parameters must be given (arrays non-empty).
	Required bool
	// Local parameters name something on the caller's side — a file on the
	// MCP server's or the CLI's disk — and are resolved there, never sent
	// to a worker.
	Local bool
	// Replaces marks a local parameter naming a file the call writes,
	// replacing any file already there (output_file_path): it makes the
	// operation destructive in MCP's terms.
	Replaces bool
	// Positional parameters are given on the CLI's command line after the
	// document, in their order in Params (formfill search FILE PATTERN),
	// instead of as flags.
	Positional bool
	// ToolDefault is the value the MCP tool uses when its caller gives
	// none; the CLI, where a person asks for what they want, has no
	// default. An agent's context is small, so reading operations page
	// their answers over MCP by default (max_tokens) while the CLI prints
	// everything. nil: no default.
	ToolDefault any
	// NoDefaultWith names a parameter that, when the caller gives it,
	// stands in for ToolDefault: a caller who sets a page's limit gets
	// that many elements, not the default budget's worth.
	NoDefaultWith string
}

// Pages reports whether the operation's answer comes in pages (it takes the
// page parameters, pageParams).
func (op *Operation) Pages() bool {
	for _, p := range op.Params {
		if p.Name == "max_tokens" {
			return true
		}
	}
	return false
}

// PayloadField is the payload JSON path the parameter fills.
func (p Param) PayloadField() string {
	if p.Field != "" {
		return p.Field
	}
	return p.Name
}

// Type is the JSON type of the parameter's value.
func (p Param) Type() string {
	t, _ := p.Schema["type"].(string)
	return t
}

// Annotations are the MCP tool hints of an operation, derived from its
// declaration: a read-only operation reads only. The others produce a new
// document (never change the input in the job store) and give the same
// output for the same input, so calling one twice has the effect of calling
// it once; one that can save its document over a file already there (a
// parameter that Replaces) is destructive. None reaches beyond the
// documents it is given.
func (op *Operation) Annotations() (readOnly, destructive, idempotent, openWorld bool) {
	if !op.ReadOnly {
		destructive = slices.ContainsFunc(op.Params, func(p Param) bool { return p.Replaces })
	}
	return op.ReadOnly, destructive, true, false
}

// Operations is the table of every operation, in a stable order.
var Operations = operations

// OperationOf returns the operation of kind k, or nil.
func OperationOf(k Kind) *Operation {
	for i := range Operations {
		if Operations[i].Kind == k {
			return &Operations[i]
		}
	}
	return nil
}

// OperationForTool returns the operation offered as MCP tool name, or nil.
func OperationForTool(name string) *Operation {
	for i := range Operations {
		if name != "" && Operations[i].Tool == name {
			return &Operations[i]
		}
	}
	return nil
}

// Kinds lists every job kind a user submits, in a stable order.
var Kinds = kindsWhere(func(op *Operation) bool { return !op.Internal })

// TaskKinds lists every kind a worker runs: Kinds and the internal ones.
var TaskKinds = kindsWhere(func(*Operation) bool { return true })

func kindsWhere(keep func(*Operation) bool) []Kind {
	var out []Kind
	for i := range operations {
		if keep(&operations[i]) {
			out = append(out, operations[i].Kind)
		}
	}
	return out
}

// ParseKind turns a user-given kind into a Kind.
func ParseKind(s string) (Kind, error) {
	if slices.Contains(Kinds, Kind(s)) {
		return Kind(s), nil
	}
	names := make([]string, len(Kinds))
	for i, k := range Kinds {
		names[i] = string(k)
	}
	return "", fmt.Errorf("unknown job kind %q; expected one of %s", s, strings.Join(names, ", "))
}

// NeedsDocument reports whether a job of kind k reads a document blob of
// its own (a fill_group's documents are its items').
func (k Kind) NeedsDocument() bool {
	op := OperationOf(k)
	return op != nil && op.Document
}

// FileTypeOf is the document type a payload's job works in: its own, or
// its operation's default.
func FileTypeOf(p *Payload) formats.FileType {
	if p.FileType != "" {
		return p.FileType
	}
	if op := OperationOf(p.Kind); op != nil {
		return op.DefaultType
	}
	return ""
}

// Execute runs payload p against doc with the engine e through its
// operation's Run: the work of one job, without the queue around it.
func Execute(ctx context.Context, e formats.Engine, p *Payload, doc []byte) (*Result, []byte, error) {
	op := OperationOf(p.Kind)
	if op == nil || op.Run == nil {
		return nil, nil, formats.Errorf(formats.ErrInvalidArgument, "kind", "no operation runs job kind %q here", p.Kind)
	}
	return op.Run(ctx, e, p, doc)
}

// Set decodes value into the payload field named by its JSON path, with
// dots for nested objects ("insertion.answer_type"): how the MCP server and
// the CLI fill a payload from an operation's parameters. A value of the
// wrong type is a *json.UnmarshalTypeError naming the field.
func (p *Payload) Set(field string, value json.RawMessage) error {
	path := strings.Split(field, ".")
	wrapped := value
	for i := len(path) - 1; i >= 0; i-- {
		var err error
		if wrapped, err = json.Marshal(map[string]json.RawMessage{path[i]: wrapped}); err != nil {
			return fmt.Errorf("payload field %s: %w", field, err)
		}
	}
	return json.Unmarshal(wrapped, p)
}
