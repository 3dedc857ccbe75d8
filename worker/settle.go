package worker

import (
	"context"
	"log/slog"
	"net"
	"strings"

	"github.com/redis/go-redis/v9"
)

// settleHook announces a job's end to the clients waiting for it
// (jobs.Client.AnnounceDone) the moment asynq has settled it: marked it
// completed or done, or archived it as failed. Announcing earlier, when the
// handler stores its result, would wake clients to a task asynq still holds
// as active (and would re-run, should the worker die before marking it);
// asynq offers no callback after it marks a task, so the hook watches its
// scripts go by on the worker's Redis client, as the waker does.
//
// Were asynq to change its scripts' keys, no job would be announced and
// clients would fall back to polling: the jobs package's tests
// (TestAwaitIsToldWhenTheJobEnds) wait with an hour between polls.
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
		if id, ok := settledJob(cmd); ok {
			if aerr := h.announce(context.WithoutCancel(ctx), id); aerr != nil {
				h.log.Warn("job end not announced; clients will see it at their next poll", "job_id", id, "error", aerr)
			}
			if _, archive := archivedJob(cmd); archive && h.archived != nil {
				h.archived(ctx, id)
			}
		}
		return nil
	}
}

// settledJob tells whether cmd is one of asynq's scripts that settle a task
// for good, and which: EVALSHA or EVAL whose first argument (ARGV[1]) is the
// task ID and whose keys are those of
//   - markAsComplete: asynq:{q}:active, :lease, :completed, the task, …
//   - done (no retention): asynq:{q}:active, :lease, the task asynq:{q}:t:<id>, …
//   - archive: the task, asynq:{q}:active, :lease, :archived, …
func settledJob(cmd redis.Cmder) (string, bool) {
	name := cmd.Name()
	if name != "evalsha" && name != "eval" {
		return "", false
	}
	args := cmd.Args()
	if len(args) < 3 {
		return "", false
	}
	n := numKeys(args[2])
	if n < 4 || len(args) < 3+n+1 {
		return "", false
	}
	keys := make([]string, n)
	for i := range keys {
		keys[i], _ = args[3+i].(string)
	}
	id, _ := args[3+n].(string)
	queueKey := func(key, suffix string) bool {
		return strings.HasPrefix(key, "asynq:{") && strings.HasSuffix(key, "}:"+suffix)
	}
	taskKey := func(key string) bool {
		return strings.HasPrefix(key, "asynq:{") && id != "" && strings.HasSuffix(key, "}:t:"+id)
	}
	switch {
	case queueKey(keys[0], "active") && queueKey(keys[1], "lease") && queueKey(keys[2], "completed") && taskKey(keys[3]):
	case queueKey(keys[0], "active") && queueKey(keys[1], "lease") && taskKey(keys[2]):
	case taskKey(keys[0]) && queueKey(keys[1], "active") && queueKey(keys[2], "lease") && queueKey(keys[3], "archived"):
	default:
		return "", false
	}
	return id, true
}
