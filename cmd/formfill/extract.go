package main

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/formfill/formfill/jobs"
)

// extractModes are the --mode values of extract: the operations the table
// puts behind the extract command.
var extractModes = func() map[string]jobs.Kind {
	m := map[string]jobs.Kind{}
	for _, op := range jobs.Operations {
		if op.Command == "extract" {
			m[op.Mode] = op.Kind
		}
	}
	return m
}()

func runExtract(ctx context.Context, e *env, args []string) error {
	fs, g := newFlags(e, spec{name: "extract", args: "FILE",
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
		}})
	mode := fs.String("mode", "compact", "what to print: compact, raw, text or fields")
	compact := jobs.OperationOf(jobs.KindExtractCompact)
	f := registerOpFlags(fs.FlagSet, compact)
	pos, err := parse(fs, args, 1, 1)
	if err != nil {
		return err
	}
	kind, ok := extractModes[*mode]
	if !ok {
		return usagef("--mode %q: expected compact, raw, text or fields", *mode)
	}
	j := docJob{path: pos[0], typ: *f.typ, payload: jobs.Payload{Kind: kind}}
	if kind != jobs.KindExtractCompact {
		var misplaced []string
		fs.Visit(func(fl *flag.Flag) {
			if fl.Name != "mode" && fl.Name != "type" && fl.Name != "json" && fl.Name != "redis" {
				misplaced = append(misplaced, "--"+fl.Name)
			}
		})
		if len(misplaced) > 0 {
			return usagef("%s apply to --mode compact only", strings.Join(misplaced, ", "))
		}
		return runSimple(ctx, e, g, j)
	}
	if err := fillPayload(&j.payload, compact, f, nil); err != nil {
		return err
	}
	if err := compact.Check(&j.payload); err != nil {
		return &usageError{err}
	}
	return runSimple(ctx, e, g, j)
}

// runSimple runs one document job and prints its result.
func runSimple(ctx context.Context, e *env, g *globals, j docJob) error {
	b, err := openBackend(ctx, e, g, backendOptions{allowEmbedded: true})
	if err != nil {
		return err
	}
	defer b.Close()
	res, err := runDocJob(ctx, b, j)
	if err != nil {
		return err
	}
	if g.json {
		return printJSON(e.stdout, resultBody(res))
	}
	printResult(e.stdout, res)
	return nil
}

// resultBody is the part of a result worth printing for --json: the
// answer of its operation, not the envelope.
func resultBody(r *jobs.Result) any {
	if op := jobs.OperationOf(r.Kind); op != nil && op.Body != nil {
		return op.Body(r)
	}
	return r
}

func runValidate(ctx context.Context, e *env, args []string) error {
	fs, g := newFlags(e, spec{name: "validate", args: "FILE",
		desc: `Checks that each location points at exactly one place in the document.
--locations is a JSON file of [{"pair_id": "T1-R2-C2", "snippet": "…"}] or
a comma-separated list of element IDs. Prints matched / not_found /
ambiguous per location; exits 1 when any location is not matched.`,
		examples: []string{
			"formfill validate questionnaire.docx --locations T1-R2-C2,T1-R3-C2",
			"formfill validate questionnaire.docx --locations locations.json --json",
		}})
	locArg := fs.String("locations", "", "JSON file of [{pair_id, snippet}], or element IDs separated by commas (required)")
	typ := fs.String("type", "", "document type word, excel or pdf (default: from the extension)")
	pos, err := parse(fs, args, 1, 1)
	if err != nil {
		return err
	}
	if *locArg == "" {
		return usagef("--locations is required")
	}
	locs, err := loadLocations(*locArg)
	if err != nil {
		return err
	}
	b, err := openBackend(ctx, e, g, backendOptions{allowEmbedded: true})
	if err != nil {
		return err
	}
	defer b.Close()
	res, err := runDocJob(ctx, b, docJob{path: pos[0], typ: *typ, payload: jobs.Payload{Kind: jobs.KindValidate, Locations: locs}})
	if err != nil {
		return err
	}
	if g.json {
		err = printJSON(e.stdout, resultBody(res))
	} else {
		printValidated(e.stdout, res.Validated)
	}
	bad := 0
	for _, v := range res.Validated {
		if v.Status != "matched" {
			bad++
		}
	}
	if err == nil && bad > 0 {
		if !g.json {
			fmt.Fprintf(e.stderr, "%d of %d locations not matched\n", bad, len(res.Validated))
		}
		return &silentError{exitFailure}
	}
	return err
}
