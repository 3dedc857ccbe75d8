// Package batch fills many documents through the job queue, as formfill
// batch does: a manifest names each document and its answers (or a
// previous document to carry them over from); documents go as fill jobs on
// the bulk queue, small ones several to a fill_group job, with bounded
// concurrency; each output is saved and recorded in a state log in the
// output directory, so a rerun skips what is done and collects, by
// idempotency key, the jobs that finished while it was away. The CLI
// keeps the flags and what is printed.
package batch

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/reuse"
	"github.com/formfill/formfill/internal/fillinput"
	"github.com/formfill/formfill/jobs"
)

// Options say how a batch runs its documents.
type Options struct {
	Client    *jobs.Client
	PollEvery time.Duration // how often a wait looks at a job
	// Concurrency bounds the jobs in flight; Group the documents one job
	// carries (1: one job per document).
	Concurrency, Group int
	// Timeout is the longest time for one document: its job may run this
	// long and the batch waits this long for it (a group's job: this long
	// per document).
	Timeout time.Duration
	// Write holds the review and output options of every fill.
	Write formats.WriteOptions
	// JobOptions are added to every job submitted (the webhook).
	JobOptions []jobs.Option
	// CarryOver carries the answers of previous onto the document at path
	// (of type typ), for the entries that name a previous document.
	// crosswalk is the entry's crosswalk file ("": none).
	CarryOver func(ctx context.Context, previous, crosswalk, path, typ string) (*reuse.Result, error)
}

// runner is one run: its options and its state log, and what the options
// make of every document alike, worked out once per batch.
type runner struct {
	Options
	state *State
	// write is every fill's Write options, shared read-only by the
	// payloads: nil when Options.Write is the zero value.
	write *formats.WriteOptions
	// optionsKey is what Options.Write adds to every document's work key.
	optionsKey []byte
}

// newRunner returns the runner of one batch.
func newRunner(o Options, state *State) *runner {
	r := &runner{Options: o, state: state, optionsKey: optionsKey(o.Write)}
	if o.Write != (formats.WriteOptions{}) {
		w := o.Write
		r.write = &w
	}
	return r
}

// Run processes the items with bounded concurrency and returns each one's
// outcome (in manifest order) and how many jobs were submitted. With
// o.Group above 1, runs of up to o.Group small items go as one fill_group
// job (see runsOf). Each finished document is counted in prog.
func Run(ctx context.Context, items []*Item, state *State, o Options, prog *Progress) ([]Doc, int) {
	r := newRunner(o, state)
	docs := make([]Doc, len(items))
	var submitted atomic.Int64
	next := make(chan []int)
	var wg sync.WaitGroup
	for range min(o.Concurrency, len(items)) {
		wg.Go(func() {
			for run := range next {
				got, sub := r.processRun(ctx, items, run)
				if sub {
					submitted.Add(1)
				}
				for k, i := range run {
					docs[i] = got[k]
					prog.Add(got[k].Status)
				}
			}
		})
	}
	for _, run := range runsOf(items, o.Group) {
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
			docs[i] = Doc{N: it.N, File: it.File, Output: it.Output, Status: outcomeUnfinished}
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
func runsOf(items []*Item, group int) [][]int {
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
func (r *runner) processRun(ctx context.Context, items []*Item, run []int) ([]Doc, bool) {
	if len(run) == 1 {
		d, sub := r.processItem(ctx, items[run[0]])
		return []Doc{d}, sub
	}
	group := make([]*Item, len(run))
	for k, i := range run {
		group[k] = items[i]
	}
	return r.processGroup(ctx, group)
}

// submitOptions are the options of a job of the batch, under key.
func (r *runner) submitOptions(key string, timeout time.Duration) []jobs.Option {
	return append([]jobs.Option{jobs.Queue(jobs.QueueBulk), jobs.IdempotencyKey(key), jobs.Timeout(timeout)}, r.JobOptions...)
}

// await waits for job id at most timeout.
func (r *runner) await(ctx context.Context, id string, timeout time.Duration) (*jobs.Status, error) {
	wctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	return r.Client.Await(wctx, id, jobs.PollEvery(r.PollEvery))
}

// processItem fills one document: skip it if already done, else upload,
// submit (idempotently), wait, save the output and record the outcome.
func (r *runner) processItem(ctx context.Context, it *Item) (Doc, bool) {
	p, d := r.prepareItem(ctx, it)
	if p == nil {
		return d, false
	}
	submit := func(attempt int) (string, error) {
		return r.Client.Submit(ctx, p.payload, r.submitOptions(lostKey(p.key, attempt), r.Timeout)...)
	}
	wait := func(id string) (*jobs.Status, error) { return r.await(ctx, id, r.Timeout) }
	id, st, err := r.submitAwait(ctx, []*Item{it}, submit, wait)
	if id == "" {
		return failDoc(ctx, d, err), false
	}
	d.JobID = id
	res := resultIn(st)
	if err != nil && ctx.Err() != nil {
		d.Status = outcomeUnfinished // interrupted: the job goes on; a rerun collects it
		return d, true
	}
	return r.finishItem(ctx, p, d, res, err), true
}

// preparedItem is a document read, checked and uploaded, ready to submit.
type preparedItem struct {
	it      *Item
	key     string // idempotency key: sha256 of document and answers
	payload jobs.Payload
}

// prepareItem reads an item's document and answers and uploads the
// document. It returns nil and the item's outcome when there is nothing to
// submit: the work was done by an earlier run, or the item failed.
func (r *runner) prepareItem(ctx context.Context, it *Item) (*preparedItem, Doc) {
	d := Doc{N: it.N, File: it.File, Output: it.Output}
	answers, err := r.itemAnswers(ctx, it, &d)
	if err != nil {
		return nil, failDoc(ctx, d, err)
	}
	data, ft, err := fillinput.ReadDocument(it.File, it.Type)
	if err != nil {
		return nil, failDoc(ctx, d, err)
	}
	payload, key, err := r.fillOf(data, ft, answers)
	if err != nil {
		return nil, failDoc(ctx, d, err)
	}
	if rec, ok := r.state.finished(it.Output, key); ok {
		d.Status, d.JobID = outcomeSkipped, rec.JobID
		return nil, d
	}
	docID, err := r.Client.PutBlob(ctx, data)
	if err != nil {
		return nil, failDoc(ctx, d, err)
	}
	// data is not kept: the blob is in Redis, and a batch holds thousands.
	payload.DocID = docID
	return &preparedItem{it: it, key: key, payload: payload}, d
}

// fillOf is the fill job of a document read as data, of type ft, with
// answers (its DocID still to set), and the document's work key.
func (r *runner) fillOf(data []byte, ft formats.FileType, answers []formats.Answer) (jobs.Payload, string, error) {
	key, err := workKey(data, answers, r.optionsKey)
	return jobs.Payload{Kind: jobs.KindFill, FileType: ft, Answers: answers, Write: r.write}, key, err
}

// itemAnswers are an item's answers: its own, or those carried over from
// its previous document (counted in d).
func (r *runner) itemAnswers(ctx context.Context, it *Item, d *Doc) ([]formats.Answer, error) {
	if it.previous == "" {
		return it.Answers()
	}
	res, err := r.CarryOver(ctx, it.previous, it.crosswalk, it.File, it.Type)
	if err != nil {
		return nil, fmt.Errorf("carrying the answers over from %s: %w", it.previous, err)
	}
	d.Carry = &CarryCounts{Carried: res.Summary.Carried, Uncertain: res.Summary.Uncertain, Unanswered: res.Summary.Unmatched}
	if len(res.Answers) == 0 {
		return nil, fmt.Errorf("no answer of %s carries over", it.previous)
	}
	return res.Answers, nil
}

// finishItem saves a finished job's output, checks its verification and
// records the outcome in the state file.
func (r *runner) finishItem(ctx context.Context, p *preparedItem, d Doc, res *jobs.Result, err error) Doc {
	if err == nil {
		var data []byte
		if data, err = FetchOutput(ctx, r.Client, res, p.it.Output); err == nil {
			err = p.it.Save(data)
		}
	}
	if err == nil && res.Report != nil && !res.Report.OK() {
		err = errors.New("verification failed: " + Problems(res.Report))
	}
	d.Status = outcomeDone
	if err != nil {
		d = failDoc(ctx, d, err)
	}
	if rerr := r.state.record(stateRecord{Output: p.it.Output, File: p.it.File, Key: p.key, JobID: d.JobID, Status: d.Status, Error: d.Error}); rerr != nil && d.Error == "" {
		d = failDoc(ctx, d, rerr)
	}
	return d
}

// failDoc marks d failed with err, or unfinished when the run was
// interrupted: a rerun does it.
func failDoc(ctx context.Context, d Doc, err error) Doc {
	d.Status, d.Error = outcomeFailed, err.Error()
	if ctx.Err() != nil {
		d.Status = outcomeUnfinished
	}
	return d
}

// resultIn is the result a job's status carries, if any.
func resultIn(st *jobs.Status) *jobs.Result {
	if st == nil {
		return nil
	}
	return st.Result
}
