package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/formfill/formfill/jobs"
)

// customCommands are the operations' commands written by hand, for flags
// and output the table cannot express (several operations behind one
// command, exit statuses that judge the result). Every other operation in
// jobs.Operations gets a command made from its declaration by opCommand.
var customCommands = map[string]command{
	"extract":         {"extract", "print a document's compact map, raw structure, text or form fields", runExtract},
	"validate":        {"validate", "check that element IDs or snippets point at one place in a document", runValidate},
	"write":           {"write", "write answers into a document", runWrite},
	"verify":          {"verify", "check a filled document against the expected answers", runVerify},
	"fill":            {"fill", "write answers and verify them (exit 1 on a missing or wrong answer)", runFill},
	"carry-over":      {"carry-over", "carry a previously filled document's answers onto a new document's targets", runCarryOver},
	"build-insertion": {"build-insertion", "build validated OOXML for an answer from its target's context", runBuildInsertion},
}

// operationCommands returns the command of every operation that has one,
// in the table's order, once per command.
func operationCommands() []command {
	var out []command
	seen := map[string]bool{}
	for i := range jobs.Operations {
		op := &jobs.Operations[i]
		if op.Command == "" || seen[op.Command] {
			continue
		}
		seen[op.Command] = true
		if c, ok := customCommands[op.Command]; ok {
			out = append(out, c)
			continue
		}
		out = append(out, command{op.Command, strings.ToLower(op.Title[:1]) + op.Title[1:],
			func(ctx context.Context, e *env, args []string) error { return runOperation(ctx, e, op, args) }})
	}
	return out
}

// opFlags are the values of an operation command's flags.
type opFlags struct {
	strings map[string]*string
	bools   map[string]*bool
	ints    map[string]*int
	out     *string
	typ     *string
}

// runOperation runs an operation's command as its declaration describes
// it: FILE (when it reads a document), its positional parameters, a flag
// for each other parameter, -o for an output document.
func runOperation(ctx context.Context, e *env, op *jobs.Operation, args []string) error {
	fs, g := newFlags(e, opSpec(op))
	f := registerOpFlags(fs.FlagSet, op)
	notify := addNotifyFlag(fs.FlagSet, e)
	minArgs := positionalCount(op)
	if op.Document {
		minArgs++
	}
	pos, err := parse(fs, args, minArgs, minArgs)
	if err != nil {
		return err
	}
	j := docJob{typ: *f.typ, payload: jobs.Payload{Kind: op.Kind}}
	if op.Document {
		j.path, pos = pos[0], pos[1:]
	}
	if err := fillPayload(&j.payload, op, f, pos); err != nil {
		return err
	}
	if op.Check != nil {
		if err := op.Check(&j.payload); err != nil {
			return &usageError{err}
		}
	}
	if j.opts, err = notify.apply(ctx, j.opts); err != nil {
		return err
	}
	b, err := openBackend(ctx, e, g, backendOptions{allowEmbedded: true})
	if err != nil {
		return err
	}
	defer b.Close()
	res, err := runDocJob(ctx, b, j)
	notify.await(ctx, e, b, res)
	if err != nil {
		return err
	}
	if f.out != nil && *f.out != "" {
		if err := saveOutput(ctx, b.client, res, *f.out); err != nil {
			return err
		}
	}
	switch {
	case g.json || op.Text == nil:
		return printJSON(e.stdout, op.Body(res))
	default:
		fmt.Fprintln(e.stdout, strings.TrimRight(op.Text(res), "\n"))
	}
	return nil
}

func opSpec(op *jobs.Operation) spec {
	args := ""
	if op.Document {
		args = "FILE"
	}
	example := "formfill " + op.Command
	if op.Document {
		example += " form.docx"
	}
	for _, p := range op.Params {
		if p.Positional {
			args += " " + strings.ToUpper(p.Name)
			example += " " + strings.ToUpper(p.Name)
		}
	}
	return spec{name: op.Command, args: strings.TrimSpace(args), desc: op.Description, examples: []string{example, example + " --json"}}
}

// registerOpFlags adds a flag for each non-positional parameter: strings,
// numbers and booleans as themselves, arrays and objects as a JSON file
// (or inline JSON).
func registerOpFlags(fs *flag.FlagSet, op *jobs.Operation) *opFlags {
	f := &opFlags{strings: map[string]*string{}, bools: map[string]*bool{}, ints: map[string]*int{}}
	f.typ = fs.String("type", "", "document type word, excel or pdf (default: from the extension)")
	for _, p := range op.Params {
		name := strings.ReplaceAll(p.Name, "_", "-")
		switch {
		case p.Positional:
		case p.Name == "output_file_path":
			f.out = fs.String("o", "", "output file for the document the job produces")
		case p.Local:
			// A file the MCP server reads for its caller; the CLI reads
			// the same content from the array parameter's file.
		case p.Type() == "boolean":
			f.bools[p.Name] = fs.Bool(name, false, p.Description)
		case p.Type() == "integer":
			f.ints[p.Name] = fs.Int(name, 0, p.Description)
		case stringItems(p):
			f.strings[p.Name] = fs.String(name, "", p.Description+" (comma-separated, a JSON file, or inline JSON)")
		case p.Type() == "array" || p.Type() == "object":
			f.strings[p.Name] = fs.String(name, "", p.Description+" (a JSON file, or inline JSON)")
		default:
			f.strings[p.Name] = fs.String(name, "", p.Description)
		}
	}
	return f
}

func positionalCount(op *jobs.Operation) int {
	n := 0
	for _, p := range op.Params {
		if p.Positional {
			n++
		}
	}
	return n
}

// fillPayload sets the payload fields of the parameters given on the
// command line, as the MCP server does for a tool's arguments.
func fillPayload(pl *jobs.Payload, op *jobs.Operation, f *opFlags, pos []string) error {
	for _, p := range op.Params {
		var raw json.RawMessage
		switch {
		case p.Positional:
			raw, _ = json.Marshal(pos[0])
			pos = pos[1:]
		case f.bools[p.Name] != nil && *f.bools[p.Name]:
			raw = json.RawMessage("true")
		case f.ints[p.Name] != nil && *f.ints[p.Name] != 0:
			raw, _ = json.Marshal(*f.ints[p.Name])
		case f.strings[p.Name] != nil && *f.strings[p.Name] != "":
			v := *f.strings[p.Name]
			if t := p.Type(); t != "array" && t != "object" {
				raw, _ = json.Marshal(v)
			} else if raw = json.RawMessage(v); !json.Valid(raw) {
				data, err := os.ReadFile(v)
				switch {
				case err == nil:
					raw = data
				case stringItems(p):
					// A list of words needs no file: P9,T2-R3-C2.
					raw, _ = json.Marshal(strings.Split(v, ","))
				default:
					return usagef("--%s: %v (expected a JSON file or inline JSON)", strings.ReplaceAll(p.Name, "_", "-"), err)
				}
			}
		}
		if raw == nil {
			if p.Required && !p.Local {
				return usagef("--%s is required: %s", strings.ReplaceAll(p.Name, "_", "-"), p.Description)
			}
			continue
		}
		if err := pl.Set(p.PayloadField(), raw); err != nil {
			return usagef("--%s: %v", strings.ReplaceAll(p.Name, "_", "-"), err)
		}
	}
	return nil
}

// stringItems reports an array parameter whose items are strings: its flag
// also takes a comma-separated list.
func stringItems(p jobs.Param) bool {
	items, _ := p.Schema["items"].(map[string]any)
	return p.Type() == "array" && items["type"] == "string"
}
