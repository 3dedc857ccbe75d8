package jobs

import (
	"context"
	"errors"

	"golang.org/x/sync/singleflight"
)

// joinUpload runs upload once for the callers that ask for key at the same
// moment (g joins them), each waiting under its own ctx. The upload runs
// under the context of the caller that started it, so when that context
// ends the others, whose contexts have not, start an upload of their own
// rather than take its cancellation as theirs; a caller whose own context
// ends stops waiting at once, and the upload goes on for the rest.
func joinUpload(ctx context.Context, g *singleflight.Group, key string, upload func() error) error {
	for {
		led := false // our upload ran: its error is ours, whatever it is
		ch := g.DoChan(key, func() (any, error) { led = true; return nil, upload() })
		select {
		case <-ctx.Done():
			return ctx.Err()
		case r := <-ch:
			if !led && ctx.Err() == nil && (errors.Is(r.Err, context.Canceled) || errors.Is(r.Err, context.DeadlineExceeded)) {
				continue // another caller's context ended, not ours
			}
			return r.Err
		}
	}
}
