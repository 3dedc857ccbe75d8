package queue

import (
	"context"
	"testing"

	"github.com/redis/go-redis/v9"
)

func TestIsForwardKnowsAsynqsForwardScript(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		args []any
		want bool
	}{
		{"retry", []any{"evalsha", "abc", 2, "asynq:{bulk}:retry", "asynq:{bulk}:pending", 1, "p", 2, "g"}, true},
		{"scheduled", []any{"eval", "script", 2, "asynq:{interactive}:scheduled", "asynq:{interactive}:pending", 1, "p", 2, "g"}, true},
		{"dequeue", []any{"evalsha", "abc", 4, "asynq:{a}:pending", "asynq:{a}:paused", "asynq:{a}:active", "asynq:{a}:lease", 1, "p"}, false},
		{"other keys", []any{"evalsha", "abc", 2, "asynq:{a}:active", "asynq:{a}:lease", 1}, false},
	} {
		if got := IsForward(redis.NewCmd(ctx, tc.args...)); got != tc.want {
			t.Errorf("%s: IsForward = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestSettledTaskKnowsAsynqsSettlingScripts(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name     string
		args     []any
		id       string
		archived bool
		ok       bool
	}{
		{"markAsComplete", []any{"evalsha", "s", 6, "asynq:{interactive}:active", "asynq:{interactive}:lease", "asynq:{interactive}:completed",
			"asynq:{interactive}:t:i-1", "asynq:{interactive}:processed:2026-11-24", "asynq:{interactive}:processed", "i-1", 1, 2, "msg", 9}, "i-1", false, true},
		{"markAsComplete, unique", []any{"evalsha", "s", 7, "asynq:{bulk}:active", "asynq:{bulk}:lease", "asynq:{bulk}:completed",
			"asynq:{bulk}:t:b-2", "p", "q", "asynq:{bulk}:unique:x", "b-2", 1, 2, "msg", 9}, "b-2", false, true},
		{"done", []any{"evalsha", "s", 5, "asynq:{bulk}:active", "asynq:{bulk}:lease", "asynq:{bulk}:t:b-3", "p", "q", "b-3", 1, 9}, "b-3", false, true},
		{"archive", []any{"eval", "script", 9, "asynq:{bulk}:t:b-4", "asynq:{bulk}:active", "asynq:{bulk}:lease", "asynq:{bulk}:archived",
			"p", "f", "pt", "ft", "asynq:{bulk}:t:", "b-4", "msg", 1, 2, 3, 4, 5}, "b-4", true, true},
		{"retry", []any{"evalsha", "s", 8, "asynq:{bulk}:t:b-5", "asynq:{bulk}:active", "asynq:{bulk}:lease", "asynq:{bulk}:retry",
			"p", "f", "pt", "ft", "b-5", "msg", 1, 2, 3}, "", false, false},
		{"requeue", []any{"evalsha", "s", 4, "asynq:{bulk}:active", "asynq:{bulk}:lease", "asynq:{bulk}:pending", "asynq:{bulk}:t:b-6", "b-6"}, "", false, false},
		{"another task's key", []any{"evalsha", "s", 5, "asynq:{bulk}:active", "asynq:{bulk}:lease", "asynq:{bulk}:t:b-7", "p", "q", "b-8", 1, 9}, "", false, false},
		{"dequeue", []any{"evalsha", "s", 4, "asynq:{a}:pending", "asynq:{a}:paused", "asynq:{a}:active", "asynq:{a}:lease", 1, "p"}, "", false, false},
		{"plain command", []any{"publish", "formfill:jobs:done", "i-1"}, "", false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			id, archived, ok := SettledTask(redis.NewCmd(ctx, tc.args...))
			if id != tc.id || archived != tc.archived || ok != tc.ok {
				t.Fatalf("SettledTask = %q, %v, %v; want %q, %v, %v", id, archived, ok, tc.id, tc.archived, tc.ok)
			}
		})
	}
}

func TestDequeueQueueKnowsAsynqsDequeueScript(t *testing.T) {
	ctx := context.Background()
	keys := func(q string) []any {
		return []any{"asynq:{" + q + "}:pending", "asynq:{" + q + "}:paused", "asynq:{" + q + "}:active", "asynq:{" + q + "}:lease"}
	}
	cmd := func(args ...any) redis.Cmder { return redis.NewCmd(ctx, args...) }
	tests := []struct {
		name  string
		cmd   redis.Cmder
		queue string
		ok    bool
	}{
		{"evalsha", cmd(append([]any{"evalsha", "abc", 4}, append(keys("interactive"), 1700000000, "asynq:{interactive}:t:")...)...), "interactive", true},
		{"eval after NOSCRIPT", cmd(append([]any{"EVAL", "script", "4"}, append(keys("bulk"), 1700000000, "p")...)...), "bulk", true},
		{"other script", cmd("evalsha", "abc", 2, "asynq:{bulk}:active", "asynq:{bulk}:lease", "x", "y", "z"), "", false},
		{"keys of two queues", cmd("evalsha", "abc", 4, "asynq:{a}:pending", "asynq:{b}:paused", "asynq:{a}:active", "asynq:{a}:lease", 1, "p"), "", false},
		{"plain command", cmd("get", "asynq:{a}:pending"), "", false},
		{"short", cmd("evalsha", "abc", 4), "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q, ok := DequeueQueue(tc.cmd)
			if q != tc.queue || ok != tc.ok {
				t.Fatalf("DequeueQueue = %q, %v; want %q, %v", q, ok, tc.queue, tc.ok)
			}
		})
	}
}
