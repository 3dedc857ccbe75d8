package worker

import (
	"context"
	"log/slog"
	"net"

	"github.com/formfill/formfill/internal/queue"
	"github.com/redis/go-redis/v9"
)

// settleHook announces a job's end to the clients waiting for it
// (jobs.Backend.AnnounceDone) the moment asynq has settled it: marked it
// completed or done, or archived it as failed. Announcing earlier, when the
// handler stores its result, would wake clients to a task asynq still holds
// as active (and would re-run, should the worker die before marking it);
// asynq offers no callback after it marks a task, so the hook watches its
// scripts go by on the worker's Redis client, as the waker does.
//
// queue.SettledTask knows asynq's scripts. Were asynq to change their
// keys, no job would be announced and clients would fall back to polling:
// the jobs package's tests (TestAwaitIsToldWhenTheJobEnds) wait with an
// hour between polls.
type settleHook struct {
	announce func(ctx context.Context, id string) error
	archived func(ctx context.Context, id string) // asynq archived job id (may be nil)
	log      *slog.Logger
}

// DialHook implements redis.Hook.
func (h settleHook) DialHook(next redis.DialHook) redis.DialHook {
	return func(ctx context.Context, network, addr string) (net.Conn, error) { return next(ctx, network, addr) }
}

// ProcessPipelineHook implements redis.Hook: asynq settles tasks with
// scripts, not pipelines.
func (h settleHook) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return next
}

// ProcessHook implements redis.Hook.
func (h settleHook) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		err := next(ctx, cmd)
		if err != nil {
			return err
		}
		if id, archived, ok := queue.SettledTask(cmd); ok {
			if aerr := h.announce(context.WithoutCancel(ctx), id); aerr != nil {
				h.log.Warn("job end not announced; clients will see it at their next poll", "job_id", id, "error", aerr)
			}
			if archived && h.archived != nil {
				h.archived(ctx, id)
			}
		}
		return nil
	}
}
