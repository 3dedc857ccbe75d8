package queue_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/internal/queue"
	"github.com/formfill/formfill/internal/redistest"
	"github.com/redis/go-redis/v9"
)

// queueTestDB is this package's database of the test Redis.
const queueTestDB = 8

// hashTag is the part of key a Redis Cluster hashes: between the first {
// and the next }.
func hashTag(key string) string {
	_, rest, ok := strings.Cut(key, "{")
	if !ok {
		return key
	}
	tag, _, ok := strings.Cut(rest, "}")
	if !ok || tag == "" {
		return key
	}
	return tag
}

// A job's records lie in the Cluster slot of its task, so ForgetGone may
// touch both in one script; an ID of no queue gets a plain key.
func TestRecordsShareTheirTasksHashTag(t *testing.T) {
	for _, tt := range []struct {
		name, key, want string
	}{
		{"task", queue.TaskKey("bulk", "b-1"), "asynq:{bulk}:t:b-1"},
		{"failed record", queue.RecordKey("failed", "bulk", "b-1"), "formfill:failed:{bulk}:b-1"},
		{"canceled record", queue.RecordKey("canceled", "interactive", "i-2"), "formfill:canceled:{interactive}:i-2"},
		{"record of no queue", queue.RecordKey("failed", "", "x-1"), "formfill:failed:x-1"},
		{"failure stream", queue.FailuresKey("bulk"), "formfill:failures:{bulk}"},
		{"archived tasks", queue.StateKey("bulk", queue.TaskArchived), "asynq:{bulk}:archived"},
	} {
		if tt.key != tt.want {
			t.Errorf("%s: key %q, want %q", tt.name, tt.key, tt.want)
		}
	}
	task := queue.TaskKey("bulk", "b-1")
	for _, k := range []string{queue.RecordKey("failed", "bulk", "b-1"), queue.RecordKey("phase", "bulk", "b-1"), queue.FailuresKey("bulk")} {
		if hashTag(k) != hashTag(task) {
			t.Errorf("%s hashes on %q; its task %s on %q", k, hashTag(k), task, hashTag(task))
		}
	}
}

// ForgetGone deletes a job's records only when asynq no longer holds its
// task: while the task exists, the records speak for it.
func TestForgetGoneDeletesRecordsOfGoneTasksOnly(t *testing.T) {
	rdb := redistest.Conn(t, queueTestDB).MakeRedisClient().(redis.UniversalClient)
	defer rdb.Close()
	ctx := context.Background()
	for _, tt := range []struct {
		name     string
		taskHeld bool
		wantKept int64
	}{
		{"task gone", false, 0},
		{"task held", true, 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			failed, canceled := queue.RecordKey("failed", "bulk", "b-9"), queue.RecordKey("canceled", "bulk", "b-9")
			rdb.Del(ctx, queue.TaskKey("bulk", "b-9"))
			if tt.taskHeld {
				rdb.HSet(ctx, queue.TaskKey("bulk", "b-9"), queue.StateField, queue.TaskArchived)
			}
			rdb.Set(ctx, failed, "x", time.Minute)
			rdb.Set(ctx, canceled, "1", time.Minute)
			if err := queue.ForgetGone(ctx, rdb, "bulk", "b-9", failed, canceled); err != nil {
				t.Fatal(err)
			}
			if n := rdb.Exists(ctx, failed, canceled).Val(); n != tt.wantKept {
				t.Fatalf("%d of the 2 records left; want %d", n, tt.wantKept)
			}
		})
	}
}

func TestSettledStates(t *testing.T) {
	for state, want := range map[string]bool{
		queue.TaskCompleted: true, queue.TaskArchived: true,
		queue.TaskActive: false, queue.TaskRetry: false, "pending": false, "scheduled": false,
	} {
		if got := queue.Settled(state); got != want {
			t.Errorf("Settled(%q) = %v, want %v", state, got, want)
		}
	}
}
