package batch

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/formfill/formfill/jobs"
)

// processGroup fills several documents as one fill_group job: each is
// prepared (skipped if an earlier run did it) and uploaded, the rest are
// submitted together, and each document's output and outcome are saved and
// recorded on their own, exactly as processItem does for one. The job's
// idempotency key is made of its documents' keys, so a rerun that meets the
// same documents collects the same job, unless one of them failed in it:
// then the failed job's ID joins the key and the documents run again, as a
// failed single fill job would.
func (r *runner) processGroup(ctx context.Context, items []*Item) ([]Doc, bool) {
	docs := make([]Doc, len(items))
	var ready []*preparedItem
	var at []int // index in items of each ready item
	for i, it := range items {
		p, d := r.prepareItem(ctx, it)
		docs[i] = d
		if p != nil {
			ready, at = append(ready, p), append(at, i)
		}
	}
	if len(ready) == 0 {
		return docs, false
	}
	payload := jobs.Payload{Kind: jobs.KindFillGroup}
	keys := make([]string, len(ready))
	for k, p := range ready {
		payload.Group, keys[k] = append(payload.Group, p.payload), p.key
		if failed := r.state.failedJob(p.it.Output, p.key); failed != "" {
			keys[k] += " after " + failed
		}
	}
	submit := func(attempt int) (string, error) {
		key := lostKey("group-"+strings.Join(keys, ","), attempt)
		return r.Client.Submit(ctx, payload, r.submitOptions(key, r.Timeout)...)
	}
	wait := func(id string) (*jobs.Status, error) { return r.await(ctx, id, r.Timeout*time.Duration(len(ready))) }
	readyItems := make([]*Item, len(ready))
	for k, p := range ready {
		readyItems[k] = p.it
	}
	id, st, err := r.submitAwait(ctx, readyItems, submit, wait)
	if id == "" {
		for _, i := range at {
			docs[i] = failDoc(ctx, docs[i], err)
		}
		return docs, false
	}
	res := resultIn(st)
	for k, p := range ready {
		d := docs[at[k]]
		d.JobID = id
		if err != nil && ctx.Err() != nil {
			d.Status = outcomeUnfinished // interrupted: the job goes on; a rerun collects it
		} else {
			one, rerr := groupMember(res, err, id, k)
			d = r.finishItem(ctx, p, d, one, rerr)
		}
		docs[at[k]] = d
	}
	return docs, true
}

// groupMember is the k-th document's result in a fill_group job's result,
// or the error that stopped it: the job's own, or the document's.
func groupMember(res *jobs.Result, err error, id string, k int) (*jobs.Result, error) {
	if err != nil {
		return nil, err
	}
	if k >= len(res.Group) || res.Group[k] == nil {
		return nil, fmt.Errorf("job %s: no result for document %d of its group", id, k+1)
	}
	r := res.Group[k]
	if r.Error != nil {
		return r, &jobs.FailedError{JobID: id, State: jobs.StateFailed, Err: r.Error}
	}
	return r, nil
}
