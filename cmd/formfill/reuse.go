package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/reuse"
	"github.com/formfill/formfill/jobs"
)

// runCarryOver is carry-over PREVIOUS NEW: the previous document comes
// first, as a person says it ("from last year's into this year's").
func runCarryOver(ctx context.Context, e *env, args []string) error {
	fs, g := newFlags(e, spec{name: "carry-over", args: "PREVIOUS NEW",
		desc: `Carries the answers of PREVIOUS, a filled document of any format, onto the
answer targets of NEW. Questions match by number (when the wording agrees),
then by normalised text, then by similarity. -o saves the answers array that
write, fill and batch take; each answer says where it came from (from, score),
its confidence (known or uncertain) and why (note). The targets left without
an answer are listed with the reason.`,
		examples: []string{
			"formfill carry-over 2025.filled.docx 2026.xlsx -o answers.json",
			"formfill carry-over caiq-v3.filled.xlsx caiq-v4.xlsx --json",
		}})
	out := fs.String("o", "", "save the carried answers here (a JSON array for write, fill and batch)")
	typ := fs.String("type", "", "NEW's document type word, excel or pdf (default: from the extension)")
	pos, err := parse(fs, args, 2, 2)
	if err != nil {
		return err
	}
	b, err := openBackend(ctx, e, g, backendOptions{allowEmbedded: true})
	if err != nil {
		return err
	}
	defer b.Close()
	res, err := carryOverJob(ctx, b, pos[0], pos[1], *typ, nil)
	if err != nil {
		return err
	}
	if *out != "" {
		if err := saveAnswers(*out, res.Answers); err != nil {
			return err
		}
	}
	if g.json {
		return printJSON(e.stdout, res)
	}
	printCarry(e.stdout, res)
	if *out != "" {
		fmt.Fprintf(e.stdout, "saved %s\n", *out)
	}
	return nil
}

// carryOverJob runs a carry_over job of NEW (path, typ) from PREVIOUS.
func carryOverJob(ctx context.Context, b *backend, previous, path, typ string, opts []jobs.Option) (*reuse.Result, error) {
	data, _, err := readDocument(previous, "")
	if err != nil {
		return nil, fmt.Errorf("previous: %w", err)
	}
	id, err := b.client.PutBlob(ctx, data)
	if err != nil {
		return nil, err
	}
	res, err := runDocJob(ctx, b, docJob{path: path, typ: typ, payload: jobs.Payload{Kind: jobs.KindCarryOver, PreviousDocID: id}, opts: opts})
	if err != nil {
		return nil, err
	}
	if res.CarryOver == nil {
		return nil, fmt.Errorf("the carry_over job returned no answers")
	}
	return res.CarryOver, nil
}

// saveAnswers writes an answers array as JSON.
func saveAnswers(path string, answers []formats.Answer) error {
	if err := checkWritable(path); err != nil {
		return err
	}
	data, err := json.MarshalIndent(answers, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

// printCarry prints a carry-over for a person: the counts, then each
// target left unmatched.
func printCarry(w io.Writer, r *reuse.Result) {
	s := r.Summary
	fmt.Fprintf(w, "carried %d of %d targets (%d known, %d uncertain) from %d previous answers; %d unmatched\n",
		s.Carried, s.Targets, s.Known, s.Uncertain, s.Previous, s.Unmatched)
	for _, a := range r.Answers {
		if a.Confidence != formats.Known {
			fmt.Fprintf(w, "  uncertain %s: %s\n", a.PairID, a.Note)
		}
	}
	for _, gap := range r.Unmatched {
		fmt.Fprintf(w, "  unmatched %s %q: %s\n", gap.ID, gap.Question, gap.Reason)
	}
}
