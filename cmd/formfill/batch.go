package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/jobs"
	"golang.org/x/term"
)

// batchDoc is one document's outcome, as the summary reports it.
type batchDoc struct {
	N      int    `json:"n"`
	File   string `json:"file"`
	Output string `json:"output"`
	Status string `json:"status"`
	JobID  string `json:"job_id,omitempty"`
	Error  string `json:"error,omitempty"`
	// Carry counts the answers carried over from the entry's previous
	// document.
	Carry *carryCounts `json:"carry_over,omitempty"`
}

// carryCounts are a document's carried answers: known or uncertain, and
// the targets left unanswered.
type carryCounts struct {
	Carried    int `json:"carried"`
	Uncertain  int `json:"uncertain"`
	Unanswered int `json:"unanswered"`
}

// batchSummary is the end of a batch run.
type batchSummary struct {
	Total       int     `json:"total"`
	Done        int     `json:"done"`
	Failed      int     `json:"failed"`
	Skipped     int     `json:"skipped"`
	Submitted   int     `json:"submitted"`
	Unfinished  int     `json:"unfinished,omitempty"`
	ElapsedMS   int64   `json:"elapsed_ms"`
	DocsPerSec  float64 `json:"docs_per_second"`
	Interrupted bool    `json:"interrupted,omitempty"`
	// FailoverWaitMS is the longest a Redis command of the run waited
	// through a failover of a Sentinel or Cluster Redis: the outage the
	// batch rode through.
	FailoverWaitMS int64      `json:"failover_wait_ms,omitempty"`
	Failures       []batchDoc `json:"failures"`
	Documents      []batchDoc `json:"documents"`
}

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
	entries, err := readManifest(pos[0])
	if err != nil {
		return err
	}
	if err := os.MkdirAll(o.outDir, 0o755); err != nil {
		return fmt.Errorf("--out-dir: %w", err)
	}
	items, err := resolveItems(pos[0], o.outDir, entries, o.anywhere)
	if err != nil {
		return err
	}
	if !o.anywhere {
		if err := confine(items, o.outDir); err != nil {
			return err
		}
	}
	state, err := openState(o.outDir)
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
	prog := newProgress(e.stderr, len(items), terminal, o.quiet)
	docs, submitted := runItems(ctx, b, state, items, o, prog)
	prog.Close()
	sum := summarize(docs, submitted, time.Since(prog.start), ctx.Err() != nil)
	sum.FailoverWaitMS = b.client.LongestFailoverWait().Milliseconds()
	if *notify.url != "" {
		notifyBatch(ctx, e, b, *notify.url, pos[0], prog.start, sum)
		notify.await(ctx, e, b, &jobs.Result{})
	}
	return reportBatch(e, g, sum)
}

// runItems processes the items with bounded concurrency and returns each
// one's outcome (in manifest order) and how many jobs were submitted. With
// o.group above 1, runs of up to o.group small items go as one fill_group
// job (see runsOf).
func runItems(ctx context.Context, b *backend, state *batchState, items []*batchItem, o batchOptions, prog *progress) ([]batchDoc, int) {
	docs := make([]batchDoc, len(items))
	var submitted atomic.Int64
	next := make(chan []int)
	var wg sync.WaitGroup
	for range min(o.concurrency, len(items)) {
		wg.Go(func() {
			for run := range next {
				got, sub := processRun(ctx, b, state, items, run, o)
				if sub {
					submitted.Add(1)
				}
				for k, i := range run {
					docs[i] = got[k]
					prog.add(got[k].Status)
				}
			}
		})
	}
	for _, run := range runsOf(items, o.group) {
		if ctx.Err() != nil {
			break
		}
		select {
		case next <- run:
		case <-ctx.Done():
		}
	}
	close(next)
	wg.Wait()
	for i, it := range items {
		if docs[i].Status == "" {
			docs[i] = batchDoc{N: it.N, File: it.File, Output: it.Output, Status: outcomeUnfinished}
		}
	}
	return docs, int(submitted.Load())
}

// groupLimit is the document size from which a document goes alone: a fill
// of a large document costs far more than the queue's millisecond, and
// alone it keeps progress fine-grained and a retry small.
const groupLimit = 1 << 20

// runsOf splits the items' indices into what each job carries: up to group
// consecutive documents under groupLimit, every larger (or unreadable) one
// alone.
func runsOf(items []*batchItem, group int) [][]int {
	var runs [][]int
	open := false // whether the last run takes more documents
	for i, it := range items {
		st, err := os.Stat(it.File)
		small := err == nil && st.Size() < groupLimit
		if open && small && len(runs[len(runs)-1]) < group {
			runs[len(runs)-1] = append(runs[len(runs)-1], i)
			continue
		}
		runs = append(runs, []int{i})
		open = small && group > 1
	}
	return runs
}

// processRun processes the items at indices run: one fill job for a single
// item, one fill_group job for several.
func processRun(ctx context.Context, b *backend, state *batchState, items []*batchItem, run []int, o batchOptions) ([]batchDoc, bool) {
	if len(run) == 1 {
		d, sub := processItem(ctx, b, state, items[run[0]], o)
		return []batchDoc{d}, sub
	}
	group := make([]*batchItem, len(run))
	for k, i := range run {
		group[k] = items[i]
	}
	return processGroup(ctx, b, state, group, o)
}

// processItem fills one document: skip it if already done, else upload,
// submit (idempotently), wait, save the output and record the outcome.
func processItem(ctx context.Context, b *backend, state *batchState, it *batchItem, o batchOptions) (batchDoc, bool) {
	p, d := prepareItem(ctx, b, state, it, o.review)
	if p == nil {
		return d, false
	}
	submit := func(attempt int) (string, error) {
		return b.client.Submit(ctx, p.payload, jobs.Queue(jobs.QueueBulk), jobs.IdempotencyKey(lostKey(p.key, attempt)), jobs.Timeout(o.timeout), o.notifyOpt())
	}
	wait := func(id string) (*jobs.Status, error) {
		wctx, cancel := context.WithTimeout(ctx, o.timeout)
		defer cancel()
		return b.client.Await(wctx, id, jobs.PollEvery(b.pollInterval()))
	}
	id, st, err := submitAwait(ctx, b, []*batchItem{it}, submit, wait)
	if id == "" {
		return failDoc(ctx, d, err), false
	}
	d.JobID = id
	res := resultIn(st)
	if err != nil && ctx.Err() != nil {
		d.Status = outcomeUnfinished // interrupted: the job goes on; a rerun collects it
		return d, true
	}
	return finishItem(ctx, b, state, p, d, res, err), true
}

// preparedItem is a document read, checked and uploaded, ready to submit.
type preparedItem struct {
	it      *batchItem
	key     string // idempotency key: sha256 of document and answers
	payload jobs.Payload
}

// prepareItem reads an item's document and answers and uploads the
// document. It returns nil and the item's outcome when there is nothing to
// submit: the work was done by an earlier run, or the item failed.
func prepareItem(ctx context.Context, b *backend, state *batchState, it *batchItem, review reviewFlags) (*preparedItem, batchDoc) {
	d := batchDoc{N: it.N, File: it.File, Output: it.Output}
	answers, err := itemAnswers(ctx, b, it, &d)
	if err != nil {
		return nil, failDoc(ctx, d, err)
	}
	data, ft, err := readDocument(it.File, it.Type)
	if err != nil {
		return nil, failDoc(ctx, d, err)
	}
	payload := jobs.Payload{Kind: jobs.KindFill, FileType: ft, Answers: answers}
	review.apply(&payload)
	key, err := workKey(data, answers, reviewKey(&payload))
	if err != nil {
		return nil, failDoc(ctx, d, err)
	}
	if rec, ok := state.finished(it.Output, key); ok {
		d.Status, d.JobID = outcomeSkipped, rec.JobID
		return nil, d
	}
	docID, err := b.client.PutBlob(ctx, data)
	if err != nil {
		return nil, failDoc(ctx, d, err)
	}
	// data is not kept: the blob is in Redis, and a batch holds thousands.
	payload.DocID = docID
	return &preparedItem{it: it, key: key, payload: payload}, d
}

// itemAnswers are an item's answers: its own, or those carried over from
// its previous document (counted in d).
func itemAnswers(ctx context.Context, b *backend, it *batchItem, d *batchDoc) ([]formats.Answer, error) {
	if it.previous == "" {
		return it.answers()
	}
	res, err := carryOverJob(ctx, b, it.previous, it.File, it.Type, []jobs.Option{jobs.Queue(jobs.QueueBulk)})
	if err != nil {
		return nil, fmt.Errorf("carrying the answers over from %s: %w", it.previous, err)
	}
	d.Carry = &carryCounts{Carried: res.Summary.Carried, Uncertain: res.Summary.Uncertain, Unanswered: res.Summary.Unmatched}
	if len(res.Answers) == 0 {
		return nil, fmt.Errorf("no answer of %s carries over", it.previous)
	}
	return res.Answers, nil
}

// finishItem saves a finished job's output, checks its verification and
// records the outcome in the state file.
func finishItem(ctx context.Context, b *backend, state *batchState, p *preparedItem, d batchDoc, res *jobs.Result, err error) batchDoc {
	if err == nil {
		var data []byte
		if data, err = fetchOutput(ctx, b.client, res, p.it.Output); err == nil {
			err = p.it.save(data)
		}
	}
	if err == nil && res.Report != nil && !res.Report.OK() {
		err = errors.New("verification failed: " + problems(res.Report))
	}
	d.Status = outcomeDone
	if err != nil {
		d = failDoc(ctx, d, err)
	}
	if rerr := state.record(stateRecord{Output: p.it.Output, File: p.it.File, Key: p.key, JobID: d.JobID, Status: d.Status, Error: d.Error}); rerr != nil && d.Error == "" {
		d = failDoc(ctx, d, rerr)
	}
	return d
}

// failDoc marks d failed with err, or unfinished when the run was
// interrupted: a rerun does it.
func failDoc(ctx context.Context, d batchDoc, err error) batchDoc {
	d.Status, d.Error = outcomeFailed, err.Error()
	if ctx.Err() != nil {
		d.Status = outcomeUnfinished
	}
	return d
}

func summarize(docs []batchDoc, submitted int, elapsed time.Duration, interrupted bool) batchSummary {
	s := batchSummary{Total: len(docs), Submitted: submitted, ElapsedMS: elapsed.Milliseconds(), Interrupted: interrupted,
		Documents: docs, Failures: []batchDoc{}}
	for _, d := range docs {
		switch d.Status {
		case outcomeDone:
			s.Done++
		case outcomeFailed:
			s.Failed++
			s.Failures = append(s.Failures, d)
		case outcomeSkipped:
			s.Skipped++
		default:
			s.Unfinished++
		}
	}
	if elapsed > 0 {
		s.DocsPerSec = float64(s.Done+s.Failed) / elapsed.Seconds()
	}
	return s
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
