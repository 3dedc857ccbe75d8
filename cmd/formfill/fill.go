package main

import (
	"context"
	"fmt"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/jobs"
)

func runFill(ctx context.Context, e *env, args []string) error {
	fs, g := newFlags(e, spec{name: "fill", args: "FILE",
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
		}})
	answersPath := fs.String("answers", "", "JSON file of answers, as for write (required unless --previous)")
	previous := fs.String("previous", "", "a previously filled document (any format) to carry the answers over from, instead of --answers")
	out := fs.String("o", "", "output file for the filled document (required)")
	typ := fs.String("type", "", "document type word, excel or pdf (default: from the extension)")
	queue := fs.String("queue", jobs.QueueInteractive, "queue: interactive or bulk")
	review := addReviewFlags(fs)
	notify := addNotifyFlag(fs.FlagSet, e)
	pos, err := parse(fs, args, 1, 1)
	if err != nil {
		return err
	}
	if (*answersPath == "") == (*previous == "") || *out == "" {
		return usagef("-o and one of --answers or --previous are required")
	}
	if _, err := jobs.ParseQueue(*queue); err != nil {
		return &usageError{err}
	}
	if err := checkWritable(*out); err != nil {
		return err
	}
	b, err := openBackend(ctx, e, g, backendOptions{allowEmbedded: true})
	if err != nil {
		return err
	}
	defer b.Close()
	answers, err := fillAnswers(ctx, e, g, b, *answersPath, *previous, pos[0], *typ)
	if err != nil {
		return err
	}
	payload := jobs.Payload{Kind: jobs.KindFill, Answers: answers}
	review.apply(&payload)
	opts, err := notify.apply(ctx, []jobs.Option{jobs.Queue(*queue)})
	if err != nil {
		return err
	}
	res, err := runDocJob(ctx, b, docJob{path: pos[0], typ: *typ, payload: payload, opts: opts})
	notify.await(ctx, e, b, res)
	if err != nil {
		return err
	}
	if err := saveOutput(ctx, b.client, res, *out); err != nil {
		return err
	}
	if !g.json && res.Write != nil {
		printWrite(e.stdout, res.Write)
		fmt.Fprintf(e.stdout, "saved %s\n", *out)
	}
	return reportOutcome(e, g, res.Report, func() error {
		ok := res.Report.OK()
		return printJSON(e.stdout, writeJSON{Write: res.Write, Report: res.Report, Output: *out, OK: &ok})
	})
}

// fillAnswers are fill's answers: read from the answers file, or carried
// over from a previous document (its counts printed unless --json).
func fillAnswers(ctx context.Context, e *env, g *globals, b *backend, answersPath, previous, path, typ string) ([]formats.Answer, error) {
	if previous == "" {
		return loadAnswers(answersPath)
	}
	res, err := carryOverJob(ctx, b, previous, path, typ, nil)
	if err != nil {
		return nil, err
	}
	if !g.json {
		printCarry(e.stdout, res)
	}
	if len(res.Answers) == 0 {
		return nil, fmt.Errorf("no answer of %s carries over to %s", previous, path)
	}
	return res.Answers, nil
}
