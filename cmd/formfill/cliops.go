package main

import (
	"context"
	"fmt"
	"os"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/jobs"
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
	// docLast puts FILE after the positional parameters: carry-over
	// PREVIOUS NEW, as a person says it ("from last year's into this
	// year's").
	docLast bool
	// save saves to -o what the command keeps of the result (carry-over's
	// answers) when the operation produces no document; saveUsage is -o's
	// usage.
	save      func(r *opRun) error
	saveUsage string
	// extra are string flags the command has beyond its parameters (fill
	// --previous, --queue), read by its hooks through opFlags.extra.
	extra []extraFlag
	// options are the job options the command line asks for (a queue).
	options func(r *opRun) []jobs.Option
	// opened completes the payload once the backend is open, before the
	// operation's Check (fill --previous carries the answers over first).
	opened func(ctx context.Context, e *env, g *globals, b *backend, r *opRun) error
	// flags re-word, rename and load parameters' flags, by parameter name.
	flags map[string]cliFlag
	// check runs after each flag's own checks, before any file is read: a
	// usage check across flags ("-o is required unless --dry-run").
	check func(r *opRun) error
	// print prints the result and decides the exit status (a report that
	// is not clean exits 1); nil prints the operation's text or body.
	print func(e *env, g *globals, r *opRun) error
}

// extraFlag is a string flag of a command's own.
type extraFlag struct{ name, value, usage string }

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
	// positional gives the parameter as an argument, not a flag.
	positional bool
	// skip leaves the parameter off the command line.
	skip bool
	// field is the payload field an upload fills, for a parameter that is
	// local to an MCP server (previous_file_path fills previous_doc_id).
	field string
	// upload puts what the flag names in the job store once the backend is
	// open and returns the value (a blob ID).
	upload func(ctx context.Context, b *backend, v, typ string) (any, error)
}

// cliCommands are the commands' entries, by command name.
var cliCommands = map[string]cliCommand{
	"fill":            fillCommand,
	"carry-over":      carryOverCommand,
	"build-insertion": buildInsertionCommand,
	"extract":         extractCommand,
	"validate":        validateCommand,
	"verify":          verifyCommand,
	"write":           writeCommand,
	"search":          searchCommand,
	"read":            readCommand,
	"harvest":         harvestCommand,
}

var writeCommand = cliCommand{
	summary:  "write answers into a document",
	noNotify: true,
	desc: `Writes answers into the document and saves the result to -o. The answers
file is the JSON array write_answers takes:
  [{"pair_id": "T1-R2-C2", "answer_text": "Acme Ltd", "mode": "replace_content"}]
Without mode, Word does what extract's map says the target takes (its
"write with" note: replace_content over a <hint>), else fills a blank the
target shows (replace_placeholder), writes an empty target
(replace_content), else appends; Excel and PDF replace. Legal templates are edited in place with:
  replace_text   {"pair_id": "P9", "mode": "replace_text", "find": "[___]", "occurrence": 2, "answer_text": "Acme"}
  delete         {"pair_id": "P14", "mode": "delete"}   (with "find": only that text)
  insert_after   {"pair_id": "P33", "mode": "insert_after", "answer_text": "<definition>Closing Cash</definition> means …"}
  insert_before  likewise, before the target
Word answer_text may carry <b> <i> <u> <definition> <header> tags; a write
that would remove a field, footnote reference or bookmark is refused unless
the answer says "force": true. insertion_xml may replace answer_text for
structured content. --dry-run shows what would change without writing.
For a reviewer: --track-changes (Word) writes each answer as a tracked change
by --author, and --comment-uncertain flags every answer whose confidence is
uncertain or unknown with its "note": a Word comment, an Excel cell note, a
PDF text annotation that does not print.`,
	examples: []string{
		"formfill write questionnaire.docx --answers answers.json -o filled.docx",
		"formfill write form.pdf --answers answers.json --dry-run",
		`formfill write nda.docx --answers answers.json -o nda.review.docx --track-changes --comment-uncertain --author "Jane Doe"`,
	},
	flags: reviewFlagsOf(map[string]cliFlag{
		"answers": {usage: "JSON file of answers (required)", missing: "--answers is required",
			load: func(v string) (any, error) { return loadAnswers(v) }},
		"output_file_path": {usage: "output file for the filled document (required unless --dry-run)"},
		"dry_run":          {usage: "report the changes without producing a document"},
	}),
	check: func(r *opRun) error {
		if r.out() == "" && !*r.f.bools["dry_run"] {
			return usagef("-o OUT is required (or --dry-run)")
		}
		return nil
	},
	print: func(e *env, g *globals, r *opRun) error {
		if g.json {
			return printJSON(e.stdout, writeJSON{Write: r.res.Write, Output: outputName(r.out(), r.dryRun())})
		}
		printWrite(e.stdout, r.res.Write)
		if r.saves() {
			fmt.Fprintf(e.stdout, "saved %s\n", r.out())
		}
		return nil
	},
}

// reviewFlagsOf adds the review flags' usages (reviewUsages) to flags.
func reviewFlagsOf(flags map[string]cliFlag) map[string]cliFlag {
	for name, usage := range reviewUsages {
		flags[name] = cliFlag{usage: usage}
	}
	return flags
}

var verifyCommand = cliCommand{
	summary:  "check a filled document against the expected answers",
	noNotify: true,
	desc: `Checks a filled document: structural soundness, and for each expected
answer whether the text at its target matches. --expected is a JSON array of
{"pair_id", "expected_text", "confidence"}; an answers file (answer_text) is
accepted too. With --source, the document it was written from, verify also
reports fields, footnote references and bookmarks the write lost (Word),
and for a workbook each formula the write lost and, as warnings, each
formula that now shows another value. Exits 1
when an answer is missing or mismatched or the document has a structural
issue.`,
	examples: []string{
		"formfill verify filled.docx --expected expected.json",
		"formfill verify filled.docx --expected expected.json --source agreement.docx",
		"formfill verify filled.xlsx --expected answers.json --source questionnaire.xlsx",
		"formfill verify filled.xlsx --expected answers.json --json",
	},
	flags: map[string]cliFlag{
		"expected_answers": {name: "expected", usage: "JSON file of expected answers, or the answers file (required)",
			missing: "--expected is required", load: func(v string) (any, error) { return loadExpected(v) }},
		"source_doc_id": {name: "source", usage: "the document FILE was written from, to report what the write lost",
			upload: uploadDocument("--source")},
	},
	print: func(e *env, g *globals, r *opRun) error {
		return reportOutcome(e, g, r.res.Report, func() error { return printJSON(e.stdout, r.res.Report) })
	},
}

// insertionRequired is build-insertion's usage error for a missing input.
const insertionRequired = "--text and --context-xml are required"

var buildInsertionCommand = cliCommand{
	summary:  "build validated OOXML for an answer from its target's context",
	noNotify: true,
	desc: `Builds the OOXML to insert for an answer, inheriting the formatting of
the target's context (a w:tc, w:p or w:r snippet from extract --mode raw),
and validates it. Use its output as insertion_xml in an answers file.
--context-xml @FILE reads the context from a file.`,
	examples: []string{
		`formfill build-insertion --text "Acme Ltd" --context-xml '<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>x</w:t></w:r></w:p>'`,
		`formfill build-insertion --text "<w:r><w:t>Yes</w:t></w:r>" --answer-type structured --context-xml @cell.xml --json`,
	},
	flags: map[string]cliFlag{
		"answer_text": {name: "text", usage: "the answer text, or OOXML runs with --answer-type structured (required)", missing: insertionRequired},
		"target_context_xml": {name: "context-xml", usage: "the target's XML, or @FILE to read it from a file (required)", missing: insertionRequired,
			load: func(v string) (any, error) {
				if len(v) < 2 || v[0] != '@' {
					return v, nil
				}
				data, err := os.ReadFile(v[1:])
				if err != nil {
					return nil, fmt.Errorf("--context-xml: %w", err)
				}
				return string(data), nil
			}},
		"answer_type": {usage: "plain_text or structured", value: string(formats.PlainText), missing: `--answer-type "": expected plain_text or structured`,
			check: func(v string) error {
				if at := formats.AnswerType(v); at != formats.PlainText && at != formats.Structured {
					return fmt.Errorf("--answer-type %q: expected plain_text or structured", v)
				}
				return nil
			}},
	},
	print: func(e *env, g *globals, r *opRun) error {
		if g.json {
			return printDefault(e, g, r)
		}
		printInsertion(e.stdout, r.res.Insertion)
		return nil
	},
}

var carryOverCommand = cliCommand{
	summary:  "carry a previously filled document's answers onto a new document's targets",
	args:     "PREVIOUS NEW",
	noNotify: true,
	docLast:  true,
	desc: `Carries the answers of PREVIOUS, a filled document of any format, onto the
answer targets of NEW. Questions match by number (when the wording agrees),
then by normalised text, then by similarity. -o saves the answers array that
write, fill and batch take; each answer says where it came from (from, score),
its confidence (known or uncertain) and why (note). The targets left without
an answer are listed with the reason.`,
	examples: []string{
		"formfill carry-over 2025.filled.docx 2026.xlsx -o answers.json",
		"formfill carry-over caiq-v3.filled.xlsx caiq-v4.xlsx --json",
	},
	typeUsage: "NEW's document type word, excel or pdf (default: from the extension)",
	flags: map[string]cliFlag{
		"previous_file_path": {positional: true, field: "previous_doc_id",
			upload: func(ctx context.Context, b *backend, v, _ string) (any, error) {
				// PREVIOUS's type is its own, whatever --type says of NEW.
				return uploadDocument("previous")(ctx, b, v, "")
			}},
		"previous_doc_id": {skip: true},
		"map": {usage: "a crosswalk of question numbers, new to previous: CSV of new,old lines, or JSON (pairs, an object NEW: OLD, or CSA's published CCM mapping)",
			load: func(v string) (any, error) { return loadCrosswalk(v) }},
	},
	saveUsage: "save the carried answers here (a JSON array for write, fill and batch)",
	save: func(r *opRun) error {
		if r.res.CarryOver == nil {
			return fmt.Errorf("the carry_over job returned no answers")
		}
		return saveAnswers(r.out(), r.res.CarryOver.Answers)
	},
	print: func(e *env, g *globals, r *opRun) error {
		if r.res.CarryOver == nil {
			return fmt.Errorf("the carry_over job returned no answers")
		}
		if g.json {
			return printJSON(e.stdout, r.res.CarryOver)
		}
		printCarry(e.stdout, r.res.CarryOver)
		if r.out() != "" {
			fmt.Fprintf(e.stdout, "saved %s\n", r.out())
		}
		return nil
	},
}

// uploadDocument reads the document a flag names and puts it in the job
// store, for a parameter that takes a doc_id.
func uploadDocument(flagName string) func(ctx context.Context, b *backend, v, typ string) (any, error) {
	return func(ctx context.Context, b *backend, v, typ string) (any, error) {
		return putDocument(ctx, b, flagName, v, typ)
	}
}

// putDocument reads the document at path (of type typ, "" for its
// extension's) and puts it in the job store, returning its blob ID; a read
// error names flagName.
func putDocument(ctx context.Context, b *backend, flagName, path, typ string) (string, error) {
	data, _, err := readDocument(path, typ)
	if err != nil {
		return "", fmt.Errorf("%s: %w", flagName, err)
	}
	return b.client.PutBlob(ctx, data)
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
