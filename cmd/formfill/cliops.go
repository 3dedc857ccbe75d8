package main

import (
	"context"
	"fmt"
)

// cliCommand is what a command says to a person beyond its operation's
// declaration in jobs.Operations: the CLI's analogue of the MCP server's
// localParams. An operation without an entry gets its command from the
// declaration alone; an entry only re-words, renames and judges.
type cliCommand struct {
	summary   string   // the overview's line; "" for the operation's Title
	args      string   // help's arguments; "" for FILE and the positional parameters
	desc      string   // help's paragraph; "" for the operation's Description
	examples  []string // nil for two made from the declaration
	typeUsage string   // --type's usage; "" for the usual one
	noNotify  bool     // the command has no --notify
	// flags re-word, rename and load parameters' flags, by parameter name.
	flags map[string]cliFlag
	// check runs after each flag's own checks, before any file is read: a
	// usage check across flags ("-o is required unless --dry-run").
	check func(r *opRun) error
	// print prints the result and decides the exit status (a report that
	// is not clean exits 1); nil prints the operation's text or body.
	print func(e *env, g *globals, r *opRun) error
}

// cliFlag is the CLI's form of one parameter.
type cliFlag struct {
	name  string // the flag's name; "" for the parameter's, '-' for '_'
	usage string // "" for the parameter's description
	value string // the flag's default
	// missing, when set, makes the flag required on the command line with
	// this usage error.
	missing string
	// check checks the flag's text: a usage error.
	check func(v string) error
	// load reads the value from what the flag names (a file): its errors
	// are the command's, exit 1.
	load func(v string) (any, error)
	// upload puts what the flag names in the job store once the backend is
	// open and returns the value (a blob ID).
	upload func(ctx context.Context, b *backend, v, typ string) (any, error)
}

// cliCommands are the commands' entries, by command name.
var cliCommands = map[string]cliCommand{
	"extract":  extractCommand,
	"validate": validateCommand,
}

var extractCommand = cliCommand{
	summary:  "print a document's compact map, raw structure, text or form fields",
	noNotify: true,
	desc: `Reads a Word (.docx), Excel (.xlsx) or fillable PDF document and prints
its compact map (element IDs such as T1-R2-C2, S1-R3-C3 or F1 with their
text; the default), its raw structure (JSON), its plain text, or its form
fields. The type comes from the extension, confirmed by the file's content.
The map is printed whole unless --limit or --max-tokens asks for a page;
--view targets lists only the answer targets, --ids prints elements in full.`,
	examples: []string{
		"formfill extract questionnaire.docx",
		"formfill extract questionnaire.docx --max-tokens 4000 --offset 212",
		"formfill extract workbook.xlsx --view targets",
		"formfill extract agreement.docx --ids P9,T2-R3-C2",
		"formfill extract form.pdf --mode fields --json",
		"formfill extract filled.xlsx --mode text",
	},
	print: func(e *env, g *globals, r *opRun) error {
		if r.res.Fields != nil && !g.json {
			printFields(e.stdout, r.res.Fields)
			return nil
		}
		return printDefault(e, g, r)
	},
}

var validateCommand = cliCommand{
	summary:  "check that element IDs or snippets point at one place in a document",
	noNotify: true,
	desc: `Checks that each location points at exactly one place in the document.
--locations is a JSON file of [{"pair_id": "T1-R2-C2", "snippet": "…"}] or
a comma-separated list of element IDs. Prints matched / not_found /
ambiguous per location; exits 1 when any location is not matched.`,
	examples: []string{
		"formfill validate questionnaire.docx --locations T1-R2-C2,T1-R3-C2",
		"formfill validate questionnaire.docx --locations locations.json --json",
	},
	flags: map[string]cliFlag{
		"locations": {usage: "JSON file of [{pair_id, snippet}], or element IDs separated by commas (required)",
			missing: "--locations is required", load: func(v string) (any, error) { return loadLocations(v) }},
	},
	print: func(e *env, g *globals, r *opRun) error {
		var err error
		if g.json {
			err = printJSON(e.stdout, r.op.Body(r.res))
		} else {
			printValidated(e.stdout, r.res.Validated)
		}
		bad := 0
		for _, v := range r.res.Validated {
			if v.Status != "matched" {
				bad++
			}
		}
		if err == nil && bad > 0 {
			if !g.json {
				fmt.Fprintf(e.stderr, "%d of %d locations not matched\n", bad, len(r.res.Validated))
			}
			return &silentError{exitFailure}
		}
		return err
	},
}
