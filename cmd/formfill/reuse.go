package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/reuse"
	"github.com/formfill/formfill/jobs"
)

// carryOverJob runs a carry_over job of NEW (path, typ) from PREVIOUS,
// with the crosswalk file crosswalk ("": none).
func carryOverJob(ctx context.Context, b *backend, previous, crosswalk, path, typ string, opts []jobs.Option) (*reuse.Result, error) {
	var cw *reuse.Crosswalk
	if crosswalk != "" {
		var err error
		if cw, err = loadCrosswalk(crosswalk); err != nil {
			return nil, err
		}
	}
	// PREVIOUS's type is its own, whatever --type says of NEW.
	id, err := putDocument(ctx, b, "previous", previous, "")
	if err != nil {
		return nil, err
	}
	res, err := runDocJob(ctx, b, docJob{path: path, typ: typ, payload: jobs.Payload{Kind: jobs.KindCarryOver, CarryOver: &jobs.CarryOverArgs{PreviousDocID: id, Map: cw}}, opts: opts})
	if err != nil {
		return nil, err
	}
	if res.CarryOver == nil {
		return nil, fmt.Errorf("the carry_over job returned no answers")
	}
	return res.CarryOver, nil
}

// loadCrosswalk reads carry-over's --map file, named in the notes by its
// base name.
func loadCrosswalk(path string) (*reuse.Crosswalk, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("--map: %w", err)
	}
	return reuse.ParseCrosswalk(filepath.Base(path), data)
}

// saveAnswers writes an answers array as JSON, atomically and without
// following a link at path, as every CLI output is written.
func saveAnswers(path string, answers []formats.Answer) error {
	if err := checkWritable(path); err != nil {
		return err
	}
	data, err := json.MarshalIndent(answers, "", "  ")
	if err != nil {
		return err
	}
	return writeOutput(path, append(data, '\n'))
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
