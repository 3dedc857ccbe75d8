package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"github.com/formfill/formfill/formats/reuse"
	"github.com/formfill/formfill/internal/batch"
	"github.com/formfill/formfill/jobs"
	"golang.org/x/term"
)

// batchSummary is the end of a batch run, as --json prints it.
type batchSummary = batch.Summary

// batchOptions are batch's flags beyond the manifest.
type batchOptions struct {
	review      reviewFlags
	outDir      string
	concurrency int
	group       int // documents per job
	timeout     time.Duration
	quiet       bool
	anywhere    bool   // outputs may lie outside outDir
	notify      string // the webhook of each job and of the batch (--notify)
}

func runBatch(ctx context.Context, e *env, args []string) error {
	fs, g := newFlags(e, spec{name: "batch", args: "MANIFEST",
		desc: `Fills many documents: each manifest entry names a document, its answers (a
path to an answers file, or the answers inline) and optionally its output
path (default OUT_DIR/<name>; it must lie inside OUT_DIR unless
--outputs-anywhere) and type. MANIFEST is a JSON array or JSON
lines:
  {"file": "q1.docx", "answers": "q1.answers.json"}
  {"file": "f.pdf", "answers": [{"pair_id": "F1", "answer_text": "Ada"}], "output": "f-filled.pdf"}
Documents are filled by jobs on the bulk queue, at most --concurrency in
flight; up to --group consecutive documents under 1 MiB share one job (each
keeps its own output, outcome and error), larger ones go alone. Safe to rerun
after an interruption: documents recorded as done in
OUT_DIR/.formfill-batch.json whose output exists are skipped, and a job's ID
is derived from sha256(documents + answers), so work finished in Redis is
collected, not redone. --track-changes and --comment-uncertain prepare every
document for a reviewer (see write). Exits 1 listing the documents that
failed and why.`,
		examples: []string{
			"formfill batch manifest.jsonl --out-dir filled/",
			"FORMFILL_REDIS_URL=redis://redis:6379/0 formfill batch manifest.json --out-dir out --concurrency 64 --json",
		}})
	o := batchOptions{}
	fs.StringVar(&o.outDir, "out-dir", "", "directory for the filled documents and the state file (required)")
	fs.IntVar(&o.concurrency, "concurrency", 16, "jobs in flight at once")
	fs.IntVar(&o.group, "group", 16, fmt.Sprintf("documents per job, 1 to %d: up to this many consecutive documents under 1 MiB go as one fill_group job,\nso they pay the queue's fixed cost per job once (1: one job per document)", jobs.MaxGroup))
	fs.DurationVar(&o.timeout, "timeout", 5*time.Minute, "longest time for one document: its job may run this long and the batch waits this long for it\n(a group's job: this long per document)")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress display")
	fs.BoolVar(&o.anywhere, "outputs-anywhere", false, "let manifest outputs be absolute paths or leave --out-dir through ..\n(default: refused, and every output is written inside --out-dir, links resolved)")
	o.review = addReviewFlags(fs)
	notify := addNotifyFlag(fs.FlagSet, e)
	pos, err := parse(fs, args, 1, 1)
	if err != nil {
		return err
	}
	if o.outDir == "" {
		return usagef("--out-dir is required")
	}
	if o.concurrency < 1 {
		return usagef("--concurrency %d: expected 1 or more", o.concurrency)
	}
	if o.group < 1 || o.group > jobs.MaxGroup {
		return usagef("--group %d: expected 1 to %d", o.group, jobs.MaxGroup)
	}
	if _, err = notify.apply(ctx, nil); err != nil {
		return err
	}
	o.notify = *notify.url
	entries, err := batch.ReadManifest(pos[0])
	if err != nil {
		return err
	}
	if err := os.MkdirAll(o.outDir, 0o755); err != nil {
		return fmt.Errorf("--out-dir: %w", err)
	}
	items, err := batch.ResolveItems(pos[0], o.outDir, entries, o.anywhere)
	if err != nil {
		return err
	}
	if !o.anywhere {
		if err := batch.Confine(items, o.outDir); err != nil {
			return err
		}
	}
	state, err := batch.OpenState(o.outDir)
	if err != nil {
		return err
	}
	defer state.Close()
	b, err := openBackend(ctx, e, g, backendOptions{allowEmbedded: true, concurrency: runtime.NumCPU()})
	if err != nil {
		return err
	}
	defer b.Close()
	terminal := isTerminal(e.stderr)
	prog := batch.NewProgress(e.stderr, len(items), terminal, o.quiet)
	docs, submitted := batch.Run(ctx, items, state, o.runOptions(b), prog)
	prog.Close()
	sum := batch.Summarize(docs, submitted, time.Since(prog.Start()), ctx.Err() != nil)
	sum.FailoverWaitMS = b.client.LongestFailoverWait().Milliseconds()
	if *notify.url != "" {
		notifyBatch(ctx, e, b, *notify.url, pos[0], prog.Start(), sum)
		notify.await(ctx, e, b, &jobs.Result{})
	}
	return reportBatch(e, g, sum)
}

// runOptions are the options of the batch's run on b.
func (o batchOptions) runOptions(b *backend) batch.Options {
	return batch.Options{Client: b.client, PollEvery: b.pollInterval(), Concurrency: o.concurrency, Group: o.group, Timeout: o.timeout,
		Write: o.review.options(), JobOptions: []jobs.Option{o.notifyOpt()},
		CarryOver: func(ctx context.Context, previous, crosswalk, path, typ string) (*reuse.Result, error) {
			return carryOverJob(ctx, b, previous, crosswalk, path, typ, []jobs.Option{jobs.Queue(jobs.QueueBulk)})
		}}
}

func reportBatch(e *env, g *globals, s batchSummary) error {
	if g.json {
		if err := printJSON(e.stdout, s); err != nil {
			return err
		}
	} else {
		printBatchSummary(e.stdout, s)
	}
	if s.Failed > 0 || s.Unfinished > 0 {
		if g.json {
			// The JSON names the failures; stderr keeps a one-line reason.
			fmt.Fprintf(e.stderr, "formfill batch: %d failed, %d unfinished\n", s.Failed, s.Unfinished)
		} else {
			printFailures(e.stderr, s)
		}
		return &silentError{exitFailure}
	}
	return nil
}

func printBatchSummary(w io.Writer, s batchSummary) {
	fmt.Fprintf(w, "batch: %d documents: %d done, %d failed, %d skipped", s.Total, s.Done, s.Failed, s.Skipped)
	if s.Unfinished > 0 {
		fmt.Fprintf(w, ", %d unfinished", s.Unfinished)
	}
	fmt.Fprintf(w, " (%d jobs submitted) in %s", s.Submitted, (time.Duration(s.ElapsedMS) * time.Millisecond).Round(10*time.Millisecond))
	if s.DocsPerSec > 0 {
		fmt.Fprintf(w, ", %.1f docs/s", s.DocsPerSec)
	}
	if s.FailoverWaitMS > 0 {
		fmt.Fprintf(w, "; rode through a Redis failover of %.1f s", float64(s.FailoverWaitMS)/1000)
	}
	fmt.Fprintln(w)
}

func printFailures(w io.Writer, s batchSummary) {
	if s.Failed > 0 {
		fmt.Fprintf(w, "formfill batch: %d documents failed:\n", s.Failed)
		for _, d := range s.Failures {
			fmt.Fprintf(w, "  %s: %s\n", d.File, d.Error)
		}
	}
	if s.Interrupted || s.Unfinished > 0 {
		fmt.Fprintf(w, "formfill batch: interrupted with %d documents unfinished; rerun the same command to resume\n", s.Unfinished)
	}
}

// isTerminal reports whether w is a terminal (a progress bar can redraw).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
