package jobs

import (
	"context"
	"errors"
	"io"
	"net"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
)

// DefaultFailoverWait is how long a command to a highly available Redis
// (Sentinel or Cluster) waits through a failover before it fails. Sentinel
// declares a master down after down-after-milliseconds (SCALING.md
// suggests 5 s) and promotes a replica within a few seconds more.
const DefaultFailoverWait = 30 * time.Second

// WithFailoverWait sets how long a command to a Sentinel-watched or
// clustered Redis waits through a failover (default DefaultFailoverWait;
// 0 fails at once). A single Redis has no failover to wait for: its
// commands fail fast, whatever this says.
func WithFailoverWait(d time.Duration) ClientOption {
	return func(c *Client) { c.failoverWait = d }
}

// failoverRetry is a go-redis hook that retries, with backoff, the
// commands that fail while a master is being replaced: the old master
// refuses writes (READONLY once demoted, NOREPLICAS when
// min-replicas-to-write lost its replica), the new one is loading, the
// cluster is down, or connections drop and are refused. go-redis retries
// such errors three times within a second; a failover takes seconds.
//
// Every command formfill itself sends is safe to repeat: SET, EXPIRE, DEL,
// HSET, PUBLISH, reads, and asynq's enqueue script, which refuses a task
// ID it already holds (Submit reads that conflict as the job it is).
type failoverRetry struct {
	wait time.Duration
	mu   sync.Mutex
	// longest is the longest time a command waited through an outage.
	longest time.Duration
}

// DialHook implements redis.Hook.
func (h *failoverRetry) DialHook(next redis.DialHook) redis.DialHook { return next }

// ProcessHook implements redis.Hook.
func (h *failoverRetry) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		return h.retry(ctx, func() error {
			cmd.SetErr(nil)
			return next(ctx, cmd)
		})
	}
}

// ProcessPipelineHook implements redis.Hook: a pipeline (or transaction)
// is repeated whole.
func (h *failoverRetry) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		return h.retry(ctx, func() error {
			for _, c := range cmds {
				c.SetErr(nil)
			}
			return next(ctx, cmds)
		})
	}
}

// retry runs do until it succeeds, fails for a reason a failover does not
// explain, ctx ends or the wait is over.
func (h *failoverRetry) retry(ctx context.Context, do func() error) error {
	err := do()
	if err == nil || !failoverError(err) || h.wait <= 0 || ctx.Err() != nil {
		return err
	}
	start := time.Now()
	pause := 50 * time.Millisecond
	for time.Since(start) < h.wait {
		select {
		case <-ctx.Done():
			return err
		case <-time.After(pause):
		}
		pause = min(2*pause, time.Second)
		if err = do(); err == nil || !failoverError(err) || ctx.Err() != nil {
			h.record(time.Since(start))
			return err
		}
	}
	return err
}

func (h *failoverRetry) record(d time.Duration) {
	h.mu.Lock()
	h.longest = max(h.longest, d)
	h.mu.Unlock()
}

// failoverError reports whether err is what a command meets while a master
// is replaced: a refusal by a demoted, lonely or loading server, or a
// dropped or refused connection.
func failoverError(err error) bool {
	if errors.Is(err, redis.ErrClosed) {
		return false // closed by us
	}
	for _, p := range []string{"READONLY", "NOREPLICAS", "MASTERDOWN", "LOADING", "CLUSTERDOWN", "TRYAGAIN"} {
		if redis.HasErrorPrefix(err, p) {
			return true
		}
	}
	var nerr net.Error
	if errors.As(err, &nerr) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) {
		return true
	}
	msg := err.Error()
	return strings.Contains(msg, "use of closed network connection") || strings.Contains(msg, "connection reset") ||
		strings.Contains(msg, "sentinels") || strings.Contains(msg, "failover")
}

// LongestFailoverWait is the longest time one of the client's commands
// waited through a failover of a highly available Redis, 0 if none did:
// the outage as the client saw it.
func (c *Client) LongestFailoverWait() time.Duration {
	if c.failover == nil {
		return 0
	}
	c.failover.mu.Lock()
	defer c.failover.mu.Unlock()
	return c.failover.longest
}

// FailoverHook returns a go-redis hook that lets the commands of a client
// of conn wait through a failover, as a Client's do, or nil when conn is a
// single Redis. Workers add it to asynq's own client: asynq retries a
// failed "mark as complete" with a context it has already canceled, so a
// job finished during a failover would stay active until its lease ran
// out, and run again.
func FailoverHook(conn asynq.RedisConnOpt) redis.Hook {
	if !highlyAvailable(conn) {
		return nil
	}
	return &failoverRetry{wait: DefaultFailoverWait}
}
