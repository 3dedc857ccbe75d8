package queue

import (
	"context"
	"errors"
	"fmt"
	"io"
	"syscall"
	"testing"
	"time"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
)

// A failover shows as refusals by a demoted, lonely or loading server and
// as dropped connections; a client closed on purpose, or an error of the
// command itself, is no failover to wait through.
func TestIsFailoverErrorTellsAFailoverFromOtherErrors(t *testing.T) {
	for _, tt := range []struct {
		name string
		err  error
		want bool
	}{
		{"demoted master", replyErr("READONLY You can't write against a read only replica."), true},
		{"lost replica", replyErr("NOREPLICAS Not enough good replicas to write."), true},
		{"loading", replyErr("LOADING Redis is loading the dataset in memory"), true},
		{"cluster down", replyErr("CLUSTERDOWN The cluster is down"), true},
		{"refused", fmt.Errorf("dial: %w", syscall.ECONNREFUSED), true},
		{"dropped", io.EOF, true},
		{"closed by us", redis.ErrClosed, false},
		{"wrong type", replyErr("WRONGTYPE Operation against a key holding the wrong kind of value"), false},
		{"other", errors.New("bad argument"), false},
	} {
		if got := IsFailoverError(tt.err); got != tt.want {
			t.Errorf("%s: IsFailoverError(%v) = %v, want %v", tt.name, tt.err, got, tt.want)
		}
	}
}

// Only a Sentinel or Cluster client is watched, and only a Cluster one
// is told to read its slots again.
func TestWatchFailoversOnlyOnHighlyAvailableRedis(t *testing.T) {
	for _, tt := range []struct {
		name           string
		conn           asynq.RedisConnOpt
		watched, slots bool
	}{
		{"single", asynq.RedisClientOpt{Addr: "h:1"}, false, false},
		{"sentinel", asynq.RedisFailoverClientOpt{MasterName: "m", SentinelAddrs: []string{"s:1"}}, true, false},
		{"cluster", &asynq.RedisClusterClientOpt{Addrs: []string{"n:1"}}, true, true},
	} {
		rdb := tt.conn.MakeRedisClient().(redis.UniversalClient)
		h := WatchFailovers(rdb, tt.conn, 0)
		rdb.Close()
		if got := h != nil; got != tt.watched {
			t.Errorf("%s: watched %v, want %v", tt.name, got, tt.watched)
		}
		if got := h != nil && h.reload != nil; got != tt.slots {
			t.Errorf("%s: reloads the slots %v, want %v", tt.name, got, tt.slots)
		}
	}
}

// A command meeting a failover makes a Cluster client read its slots
// again, even one that does not wait (a probe): without it, the slots of
// a killed master stay mapped to it for up to a minute. An error of the
// command itself reloads nothing.
func TestFailoverErrorReloadsTheSlots(t *testing.T) {
	for _, tt := range []struct {
		name  string
		wait  time.Duration
		errs  []error // what each try returns
		loads int
	}{
		{"refused, no wait", 0, []error{syscall.ECONNREFUSED}, 1},
		{"refused twice, then the new master", time.Second, []error{syscall.ECONNREFUSED, syscall.ECONNREFUSED, nil}, 2},
		{"the command's own error", time.Second, []error{replyErr("WRONGTYPE x")}, 0},
		{"no error", time.Second, []error{nil}, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			loads, tries := 0, 0
			h := newFailoverRetry(tt.wait)
			h.reload = func() { loads++ }
			err := h.retry(context.Background(), func() error {
				err := tt.errs[min(tries, len(tt.errs)-1)]
				tries++
				return err
			})
			if want := tt.errs[len(tt.errs)-1]; !errors.Is(err, want) && err != want {
				t.Errorf("err = %v, want %v", err, want)
			}
			if loads != tt.loads {
				t.Errorf("slots reloaded %d times, want %d", loads, tt.loads)
			}
		})
	}
}

// replyErr is an error reply of a Redis server, as go-redis reads one.
type replyErr string

func (e replyErr) Error() string { return string(e) }
func (replyErr) RedisError()     {}
