package main

import (
	"encoding/json"
	"flag"
	"os"
	"strconv"
	"strings"

	"github.com/formfill/formfill/jobs"
)

// opFlags are the flags of an operation's command, one per parameter.
type opFlags struct {
	strings map[string]*string
	bools   map[string]*bool
	ints    map[string]*int
	names   map[string]string    // parameter → its flag's name
	owners  map[string]jobs.Kind // flag → the operation whose parameter it is
	// positional are the parameters given as arguments, not flags: the
	// declared ones and those the command's entry makes so.
	positional map[string]bool
	out        *string            // -o: output_file_path
	extra      map[string]*string // flags of the command's entry, by name
	typ        *string
}

// registerCommandFlags adds --type (for a command that reads a document)
// and a flag for each non-positional parameter of ops: strings, numbers
// and booleans as themselves, arrays and objects as a JSON file (or inline
// JSON), as the command's entry in cliCommands renames or re-words them.
func registerCommandFlags(fs *flag.FlagSet, ops []*jobs.Operation, c cliCommand) *opFlags {
	f := &opFlags{strings: map[string]*string{}, bools: map[string]*bool{}, ints: map[string]*int{},
		names: map[string]string{}, owners: map[string]jobs.Kind{}, positional: map[string]bool{}, extra: map[string]*string{}, typ: new(string)}
	for _, x := range c.extra {
		f.extra[x.name] = fs.String(x.name, x.value, x.usage)
	}
	if ops[0].Document {
		usage := c.typeUsage
		if usage == "" {
			usage = "document type word, excel or pdf (default: from the extension)"
		}
		f.typ = fs.String("type", "", usage)
	}
	for _, op := range ops {
		for _, p := range op.Params {
			cf := c.flags[p.Name]
			if p.Positional || cf.positional {
				f.positional[p.Name] = true
				continue
			}
			if _, done := f.names[p.Name]; done || cf.skip {
				continue
			}
			name := cf.name
			if name == "" {
				name = strings.ReplaceAll(p.Name, "_", "-")
			}
			if p.Name == "output_file_path" {
				name = "o"
			}
			if p.Local && cf.load == nil && p.Name != "output_file_path" {
				// A file the MCP server reads for its caller; the CLI reads
				// the same content from the array parameter's file.
				continue
			}
			f.names[p.Name], f.owners[name] = name, op.Kind
			f.register(fs, p, name, cf)
		}
	}
	return f
}

// register adds the flag of parameter p.
func (f *opFlags) register(fs *flag.FlagSet, p jobs.Param, name string, cf cliFlag) {
	usage := cf.usage
	switch {
	case usage != "":
	case p.Name == "output_file_path":
		usage = "output file for the document the job produces"
	case stringItems(p):
		usage = p.Description + " (comma-separated, a JSON file, or inline JSON)"
	case (p.Type() == "array" || p.Type() == "object") && cf.load == nil:
		usage = p.Description + " (a JSON file, or inline JSON)"
	default:
		usage = p.Description
	}
	switch {
	case p.Name == "output_file_path":
		f.out = fs.String(name, "", usage)
	case p.Type() == "boolean":
		f.bools[p.Name] = fs.Bool(name, false, usage)
	case p.Type() == "integer":
		f.ints[p.Name] = fs.Int(name, 0, usage)
	default:
		f.strings[p.Name] = fs.String(name, cf.value, usage)
	}
}

// value is the text given for parameter p, taking positional parameters
// from pos; false when it was not given (a flag left at its zero value).
func (f *opFlags) value(p jobs.Param, pos *[]string) (string, bool) {
	switch {
	case f.positional[p.Name]:
		if pos == nil || len(*pos) == 0 {
			return "", false
		}
		v := (*pos)[0]
		*pos = (*pos)[1:]
		return v, true
	case p.Name == "output_file_path":
		return f.outValue(), f.outValue() != ""
	case f.bools[p.Name] != nil:
		return "true", *f.bools[p.Name]
	case f.ints[p.Name] != nil:
		return strconv.Itoa(*f.ints[p.Name]), *f.ints[p.Name] != 0
	case f.strings[p.Name] != nil:
		return *f.strings[p.Name], *f.strings[p.Name] != ""
	}
	return "", false
}

// outValue is the -o file, "" when the command has no -o or none was given.
func (f *opFlags) outValue() string {
	if f.out == nil {
		return ""
	}
	return *f.out
}

// commandSpec is the help of the command of ops: its cliCommands entry's
// words, else the operation's declaration.
func commandSpec(ops []*jobs.Operation, c cliCommand) spec {
	// c.args names the arguments of a command whose entry adds or moves
	// some (carry-over PREVIOUS NEW).
	op := ops[0]
	s := spec{name: op.Command, args: c.args, desc: c.desc, examples: c.examples}
	if s.desc == "" {
		s.desc = op.Description
	}
	args, example := "", "formfill "+op.Command
	if op.Document {
		args, example = "FILE", example+" form.docx"
	}
	for _, p := range op.Params {
		if p.Positional {
			args += " " + strings.ToUpper(p.Name)
			example += " " + strings.ToUpper(p.Name)
		}
	}
	if c.args == "" {
		s.args = strings.TrimSpace(args)
	}
	if s.examples == nil {
		s.examples = []string{example, example + " --json"}
	}
	return s
}

// registerOutput adds -o for a command whose entry saves something of its
// own there (carry-over's answers), when no parameter gave one.
func (f *opFlags) registerOutput(fs *flag.FlagSet, c cliCommand) {
	if c.save != nil && f.out == nil {
		f.out = fs.String("o", "", c.saveUsage)
	}
}

// positionalCount is the number of op's parameters given as arguments.
func (f *opFlags) positionalCount(op *jobs.Operation) int {
	n := 0
	for _, p := range op.Params {
		if f.positional[p.Name] {
			n++
		}
	}
	return n
}

// decodeFlag turns a flag's text into the parameter's JSON value: strings
// as themselves, arrays and objects as inline JSON or a JSON file, a list
// of strings also as words separated by commas.
func decodeFlag(p jobs.Param, name, v string) (json.RawMessage, error) {
	switch p.Type() {
	case "boolean", "integer":
		return json.RawMessage(v), nil
	case "array", "object":
	default:
		return json.Marshal(v)
	}
	if raw := json.RawMessage(v); json.Valid(raw) {
		return raw, nil
	}
	data, err := os.ReadFile(v)
	switch {
	case err == nil:
		return data, nil
	case stringItems(p):
		// A list of words needs no file: P9,T2-R3-C2.
		return json.Marshal(strings.Split(v, ","))
	default:
		return nil, usagef("--%s: %v (expected a JSON file or inline JSON)", name, err)
	}
}

// stringItems reports an array parameter whose items are strings: its flag
// also takes a comma-separated list.
func stringItems(p jobs.Param) bool {
	items, _ := p.Schema["items"].(map[string]any)
	return p.Type() == "array" && items["type"] == "string"
}

// selectMode picks the operation --mode names, refusing flags of the
// command's other operations.
func selectMode(fs *flag.FlagSet, ops []*jobs.Operation, mode *string, f *opFlags) (*jobs.Operation, error) {
	if mode == nil {
		return ops[0], nil
	}
	var op *jobs.Operation
	for _, o := range ops {
		if o.Mode == *mode {
			op = o
		}
	}
	if op == nil {
		return nil, usagef("--mode %q: expected %s", *mode, modeList(ops))
	}
	var misplaced []string
	fs.Visit(func(fl *flag.Flag) {
		if owner, ok := f.owners[fl.Name]; ok && owner != op.Kind {
			misplaced = append(misplaced, "--"+fl.Name)
		}
	})
	if len(misplaced) > 0 {
		return nil, usagef("%s apply to --mode %s only", strings.Join(misplaced, ", "), jobs.OperationOf(f.owners[misplaced[0][2:]]).Mode)
	}
	return op, nil
}

// addModeFlag adds --mode to a command behind several operations; nil for
// a command of one.
func addModeFlag(fs *flag.FlagSet, ops []*jobs.Operation) *string {
	if len(ops) < 2 {
		return nil
	}
	return fs.String("mode", ops[0].Mode, "what to print: "+modeList(ops))
}

// modeList names the --mode values: "compact, raw, text or fields".
func modeList(ops []*jobs.Operation) string {
	s := ""
	for i, op := range ops {
		switch {
		case i == 0:
		case i == len(ops)-1:
			s += " or "
		default:
			s += ", "
		}
		s += op.Mode
	}
	return s
}
