package main

import (
	"context"
	"fmt"

	"github.com/formfill/formfill/jobs"
)

// fillCommand is fill's entry: the fill operation's answers parameters,
// with --previous carrying the answers over from a filled document in a
// carry_over job first, and --queue.
var fillCommand = cliCommand{
	summary: "write answers and verify them (exit 1 on a missing or wrong answer)",
	desc: `Writes the answers and verifies them in one job (the fill job kind), saves
the filled document to -o, and prints the verification. Exits 1 when any
answer is missing or mismatched, naming them; the document is still saved so
you can look at it. --track-changes and --comment-uncertain prepare the
document for a reviewer (see write); the report's review list names every
answer that is not known.`,
	examples: []string{
		"formfill fill questionnaire.docx --answers answers.json -o filled.docx",
		"formfill fill form.pdf --answers answers.json -o filled.pdf --json",
		"FORMFILL_REDIS_URL=redis://127.0.0.1:6379/0 formfill fill vendor.xlsx --answers a.json -o out.xlsx",
		"formfill fill 2026.xlsx --previous 2025.filled.docx -o 2026.filled.xlsx --comment-uncertain",
	},
	flags: reviewFlagsOf(map[string]cliFlag{
		"answers": {usage: "JSON file of answers, as for write (required unless --previous)",
			load: func(v string) (any, error) { return loadAnswers(v) }},
		"output_file_path": {usage: "output file for the filled document (required)"},
		"dry_run":          {skip: true},
	}),
	extra: []extraFlag{
		{name: "previous", usage: "a previously filled document (any format) to carry the answers over from, instead of --answers"},
		{name: "queue", value: jobs.QueueInteractive, usage: "queue: interactive or bulk"},
	},
	check: func(r *opRun) error {
		if (*r.f.strings["answers"] == "") == (*r.f.extra["previous"] == "") || r.out() == "" {
			return usagef("-o and one of --answers or --previous are required")
		}
		if _, err := jobs.ParseQueue(*r.f.extra["queue"]); err != nil {
			return &usageError{err}
		}
		return nil
	},
	options: func(r *opRun) []jobs.Option { return []jobs.Option{jobs.Queue(*r.f.extra["queue"])} },
	opened: func(ctx context.Context, e *env, g *globals, b *backend, r *opRun) error {
		previous := *r.f.extra["previous"]
		if previous == "" {
			return nil
		}
		res, err := carryOverJob(ctx, b, previous, "", r.job.path, r.job.typ, nil)
		if err != nil {
			return err
		}
		if !g.json {
			printCarry(e.stdout, res)
		}
		if len(res.Answers) == 0 {
			return fmt.Errorf("no answer of %s carries over to %s", previous, r.job.path)
		}
		r.job.payload.Answers = res.Answers
		return nil
	},
	print: func(e *env, g *globals, r *opRun) error {
		res := r.res
		if !g.json && res.Write != nil {
			printWrite(e.stdout, res.Write)
			fmt.Fprintf(e.stdout, "saved %s\n", r.out())
		}
		return reportOutcome(e, g, afterWrite(res.Report, res.Write), func() error {
			ok := res.Report.OK()
			return printJSON(e.stdout, writeJSON{Write: res.Write, Report: res.Report, Output: r.out(), OK: &ok})
		})
	},
}
