// Package jobstest helps tests follow jobs to their end.
package jobstest

import (
	"context"
	"time"

	"github.com/formfill/formfill/jobs"
)

// Awaiter is a jobs.Client, or a type embedding one.
type Awaiter interface {
	Await(ctx context.Context, id string, opts ...jobs.Option) (*jobs.Status, error)
}

// Settled waits for job id as Await does, looking every poll at first, and
// returns its status once it has ended, completed, failed or canceled,
// without deciding it: tests read a failed job's status and result, where
// callers take Await's decision. It fails only when the job cannot be read
// or ctx ends first.
func Settled(ctx context.Context, c Awaiter, id string, poll time.Duration) (*jobs.Status, error) {
	st, err := c.Await(ctx, id, jobs.PollEvery(poll))
	if st != nil && st.State.Final() {
		return st, nil
	}
	return st, err
}
