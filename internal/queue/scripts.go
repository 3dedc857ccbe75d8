package queue

import (
	"context"
	"errors"

	"github.com/redis/go-redis/v9"
)

// forgetGone deletes KEYS[2..] when the task KEYS[1] is gone, in one step.
var forgetGone = redis.NewScript(`
if redis.call("EXISTS", KEYS[1]) == 0 then
  return redis.call("DEL", unpack(KEYS, 2))
end
return 0`)

// ForgetGone deletes records (keys of job id of queue, as RecordKey makes
// them) when asynq no longer holds the job's task, in one step: the job is
// about to run afresh under the same ID, and an earlier run's records must
// not speak for it. While asynq holds the task, it deletes nothing and the
// caller decides. The records must carry the queue's hash tag, as
// RecordKey's do, for a Redis Cluster to run the script.
func ForgetGone(ctx context.Context, rdb redis.Scripter, queue, id string, records ...string) error {
	keys := append([]string{TaskKey(queue, id)}, records...)
	if err := forgetGone.Run(ctx, rdb, keys).Err(); err != nil && !errors.Is(err, redis.Nil) {
		return err
	}
	return nil
}
