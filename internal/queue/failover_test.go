package queue

import (
	"errors"
	"fmt"
	"io"
	"syscall"
	"testing"

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

func TestFailoverHookOnlyForHighlyAvailableRedis(t *testing.T) {
	for _, tt := range []struct {
		name string
		conn asynq.RedisConnOpt
		want bool
	}{
		{"single", asynq.RedisClientOpt{Addr: "h:1"}, false},
		{"sentinel", asynq.RedisFailoverClientOpt{MasterName: "m", SentinelAddrs: []string{"s:1"}}, true},
		{"cluster", &asynq.RedisClusterClientOpt{Addrs: []string{"n:1"}}, true},
	} {
		if got := FailoverHook(tt.conn, 0) != nil; got != tt.want {
			t.Errorf("%s: hook %v, want %v", tt.name, got, tt.want)
		}
	}
}

// replyErr is an error reply of a Redis server, as go-redis reads one.
type replyErr string

func (e replyErr) Error() string { return string(e) }
func (replyErr) RedisError()     {}
