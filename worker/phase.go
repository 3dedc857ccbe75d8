package worker

import (
	"context"
	"strings"
	"time"

	"github.com/formfill/formfill/jobs"
)

// phaseTimeout bounds the recording of a phase: a progress hint must not
// hold the job up when Redis is slow.
const phaseTimeout = 2 * time.Second

// reportPhase records the phase job id is at, for the clients waiting for
// it; a failure is logged and the job goes on.
func (w *Worker) reportPhase(ctx context.Context, id string, p jobs.Phase) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), phaseTimeout)
	defer cancel()
	if err := w.client.ReportPhase(ctx, id, p); err != nil {
		w.log.Debug("phase not recorded", "job_id", id, "err", err)
	}
}

// stepOf names the work of a job of kind, in an agent's words: its
// operation's title ("write answers", "fill and verify").
func stepOf(kind jobs.Kind) string {
	if op := jobs.OperationOf(kind); op != nil && op.Title != "" {
		return strings.ToLower(op.Title)
	}
	return string(kind)
}
