package batch

import (
	"context"
	"errors"
	"fmt"

	"github.com/formfill/formfill/internal/fillinput"
	"github.com/formfill/formfill/jobs"
)

// lostRetries bounds how often a batch submits again a job that a Redis
// failover lost.
const lostRetries = 3

// lostInFailover reports whether err says a job's work was lost by its
// Redis rather than refused by the document: the job is unknown (its
// enqueue, acknowledged by a master a moment before it was replaced, never
// reached the replica that took over), or its document is (the same, for
// the upload). Sentinel replicates asynchronously, so a failover may drop
// the last writes; a batch holds every document and its answers, so it
// uploads and submits again under the same idempotency key, and nothing
// is lost. Past lostRetries, the error stands.
func lostInFailover(err error) bool {
	var fe *jobs.FailedError
	return errors.Is(err, jobs.ErrJobNotFound) || (errors.As(err, &fe) && fe.Err != nil && fe.Err.Kind == jobs.ErrorDocumentNotFound)
}

// reupload stores an item's document again, for a job submitted again
// after lostInFailover: the batch keeps no documents in memory.
func (r *runner) reupload(ctx context.Context, it *Item) error {
	data, _, err := fillinput.ReadDocument(it.File, it.Type)
	if err != nil {
		return err
	}
	_, err = r.Client.PutBlob(ctx, data)
	return err
}

// submitAwait submits a job and waits for it, submitting it again, with
// its documents uploaded again, when a failover lost it.
//
// submit is given the attempt, from 0, for lostKey.
func (r *runner) submitAwait(ctx context.Context, items []*Item, submit func(attempt int) (string, error), wait func(id string) (*jobs.Status, error)) (string, *jobs.Status, error) {
	for attempt := 0; ; attempt++ {
		id, err := submit(attempt)
		if err != nil {
			return "", nil, err
		}
		st, err := wait(id)
		if attempt == lostRetries || ctx.Err() != nil || !lostInFailover(err) && !resultLost(st) && !groupLost(st) {
			return id, st, err
		}
		for _, it := range items {
			if uerr := r.reupload(ctx, it); uerr != nil {
				return id, st, err
			}
		}
	}
}

// resultLost reports whether a job completed without its result: the
// worker stored it on a master a failover replaced before it replicated.
func resultLost(st *jobs.Status) bool {
	return st != nil && st.State == jobs.StateCompleted && st.Result == nil
}

// lostKey is the idempotency key of attempt (from 0) at a job: the key
// itself at first, then one of its own, as the key of a job that
// completed without its result (or with a document lost) returns that job.
func lostKey(key string, attempt int) string {
	if attempt == 0 {
		return key
	}
	return fmt.Sprintf("%s lost to a failover %d", key, attempt)
}

// groupLost reports whether a fill_group job lost a document to a
// failover.
func groupLost(st *jobs.Status) bool {
	if st == nil || st.Result == nil {
		return false
	}
	for _, r := range st.Result.Group {
		if r != nil && r.Error != nil && r.Error.Kind == jobs.ErrorDocumentNotFound {
			return true
		}
	}
	return false
}
