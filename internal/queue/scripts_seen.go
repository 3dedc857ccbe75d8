package queue

import (
	"strconv"
	"strings"

	"github.com/redis/go-redis/v9"
)

// asynq runs its scripts with EVALSHA (EVAL when Redis lost them): the
// command's arguments are the script, the number of keys, the keys, then
// ARGV. The functions below tell a few of asynq's scripts by their keys, for
// go-redis hooks on a worker's Redis client: asynq offers no callback when
// it dequeues, forwards or settles a task.

// scriptKeys returns the keys and the first argument of cmd when it is a
// script with at least minKeys keys.
func scriptKeys(cmd redis.Cmder, minKeys int) (keys []string, argv1 string, ok bool) {
	name := cmd.Name()
	if name != "evalsha" && name != "eval" {
		return nil, "", false
	}
	args := cmd.Args()
	if len(args) < 3 {
		return nil, "", false
	}
	n := numKeys(args[2])
	if n < minKeys || len(args) < 3+n {
		return nil, "", false
	}
	keys = make([]string, n)
	for i := range keys {
		keys[i], _ = args[3+i].(string)
	}
	if len(args) > 3+n {
		argv1, _ = args[3+n].(string)
	}
	return keys, argv1, true
}

// SettledTask tells whether cmd is one of asynq's scripts that settle a
// task for good, which task, and whether it archives it (as failed). The
// task ID is the script's first argument (ARGV[1]), and its keys are those
// of
//   - markAsComplete: asynq:{q}:active, :lease, :completed, the task, …
//   - done (no retention): asynq:{q}:active, :lease, the task asynq:{q}:t:<id>, …
//   - archive: the task, asynq:{q}:active, :lease, :archived, …
func SettledTask(cmd redis.Cmder) (id string, archived, ok bool) {
	keys, id, ok := scriptKeys(cmd, 4)
	if !ok || id == "" {
		return "", false, false
	}
	is := isQueueKey
	task := func(key string) bool { return strings.HasPrefix(key, keyPrefix) && strings.HasSuffix(key, "}:t:"+id) }
	switch {
	case is(keys[0], "active") && is(keys[1], "lease") && is(keys[2], "completed") && task(keys[3]):
		return id, false, true
	case task(keys[0]) && is(keys[1], "active") && is(keys[2], "lease") && is(keys[3], "archived"):
		return id, true, true
	case is(keys[0], "active") && is(keys[1], "lease") && task(keys[2]):
		return id, false, true
	}
	return "", false, false
}

// IsForward tells whether cmd is asynq's forward script, which moves the
// tasks of a queue's scheduled or retry set that are due to its pending
// list (keys asynq:{q}:scheduled or :retry, and asynq:{q}:pending). Its
// reply is how many it moved.
func IsForward(cmd redis.Cmder) bool {
	keys, _, ok := scriptKeys(cmd, 2)
	if !ok || len(keys) != 2 {
		return false
	}
	return (isQueueKey(keys[0], "scheduled") || isQueueKey(keys[0], "retry")) && isQueueKey(keys[1], "pending")
}

// DequeueQueue tells whether cmd is asynq's dequeue script and for which
// queue: the keys asynq:{q}:pending, :paused, :active and :lease of one
// queue.
func DequeueQueue(cmd redis.Cmder) (string, bool) {
	keys, _, ok := scriptKeys(cmd, 4)
	if !ok || len(keys) != 4 {
		return "", false
	}
	var queue string
	for i, suffix := range []string{"pending", "paused", "active", "lease"} {
		q, ok := strings.CutPrefix(keys[i], keyPrefix)
		if !ok {
			return "", false
		}
		q, ok = strings.CutSuffix(q, "}:"+suffix)
		if !ok || (i > 0 && q != queue) {
			return "", false
		}
		queue = q
	}
	return queue, true
}

// isQueueKey tells whether key is asynq's key named suffix of some queue.
func isQueueKey(key, suffix string) bool {
	return strings.HasPrefix(key, keyPrefix) && strings.HasSuffix(key, "}:"+suffix)
}

func numKeys(v any) int {
	switch n := v.(type) {
	case int:
		return n
	case int64:
		return int(n)
	case string:
		i, _ := strconv.Atoi(n)
		return i
	}
	return -1
}
