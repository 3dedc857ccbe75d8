package queue

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

// FailoverRetry is a go-redis hook that retries, with backoff, the
// commands that fail while a master is being replaced: the old master
// refuses writes (READONLY once demoted, NOREPLICAS when
// min-replicas-to-write lost its replica), the new one is loading, the
// cluster is down, or connections drop and are refused. go-redis retries
// such errors three times within a second; a failover takes seconds.
//
// Every command formfill itself sends is safe to repeat: SET, EXPIRE, DEL,
// HSET, PUBLISH, reads, and asynq's enqueue script, which refuses a task
// ID it already holds (jobs.Client.Submit reads that conflict as the job
// it is).
type FailoverRetry struct {
	wait time.Duration
	// reload asks a Cluster client to read the slots' masters again;
	// nil for Sentinel. go-redis re-reads them on MOVED or every minute,
	// but a killed master answers nothing: its slots would stay mapped
	// to the dead address for up to a minute after a replica took over.
	reload func()
	mu     sync.Mutex
	// longest is the longest time a command waited through an outage.
	longest time.Duration
}

// DialHook implements redis.Hook.
func (h *FailoverRetry) DialHook(next redis.DialHook) redis.DialHook { return next }

// ProcessHook implements redis.Hook.
func (h *FailoverRetry) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		return h.retry(ctx, func() error {
			cmd.SetErr(nil)
			return next(ctx, cmd)
		})
	}
}

// ProcessPipelineHook implements redis.Hook: a pipeline (or transaction)
// is repeated whole.
func (h *FailoverRetry) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
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
func (h *FailoverRetry) retry(ctx context.Context, do func() error) error {
	err := do()
	if err == nil || !IsFailoverError(err) {
		return err
	}
	h.reloadSlots() // even for a command that does not wait: the next one finds the new master
	if h.wait <= 0 || ctx.Err() != nil {
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
		if err = do(); err == nil || !IsFailoverError(err) || ctx.Err() != nil {
			h.record(time.Since(start))
			return err
		}
		h.reloadSlots()
	}
	return err
}

// reloadSlots asks a Cluster client to read its slots again (go-redis
// runs one reload at a time, at most one every 200 ms).
func (h *FailoverRetry) reloadSlots() {
	if h.reload != nil {
		h.reload()
	}
}

func (h *FailoverRetry) record(d time.Duration) {
	h.mu.Lock()
	h.longest = max(h.longest, d)
	h.mu.Unlock()
}

// IsFailoverError reports whether err is what a command meets while a master
// is replaced: a refusal by a demoted, lonely or loading server, or a
// dropped or refused connection.
func IsFailoverError(err error) bool {
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

// newFailoverRetry returns a FailoverRetry that lets a command wait up to
// wait through a failover (0: fail at once).
func newFailoverRetry(wait time.Duration) *FailoverRetry { return &FailoverRetry{wait: wait} }

// Longest is the longest time one command waited through an outage, 0 if
// none did.
func (h *FailoverRetry) Longest() time.Duration {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.longest
}

// HighlyAvailable reports whether conn is a Sentinel or Cluster connection.
func HighlyAvailable(conn asynq.RedisConnOpt) bool {
	switch conn.(type) {
	case asynq.RedisFailoverClientOpt, *asynq.RedisFailoverClientOpt, asynq.RedisClusterClientOpt, *asynq.RedisClusterClientOpt:
		return true
	}
	return false
}

// WatchFailovers makes the commands of rdb, a client of conn, wait up to
// wait through a failover (0: fail at once), and returns the hook it added
// to rdb, or nil, adding none, when conn is a single Redis. On a Cluster,
// a command that meets a failover also makes rdb read the slots' masters
// again, so it finds the replica that took a dead master's slots over.
// Every client formfill makes of a highly available Redis is watched, the
// worker's asynq clients included: asynq retries a failed "mark as
// complete" with a context it has already canceled, so a job finished
// during a failover would stay active until its lease ran out, and run
// again.
func WatchFailovers(rdb redis.UniversalClient, conn asynq.RedisConnOpt, wait time.Duration) *FailoverRetry {
	if !HighlyAvailable(conn) {
		return nil
	}
	h := newFailoverRetry(wait)
	if cc, ok := rdb.(*redis.ClusterClient); ok {
		h.reload = func() { cc.ReloadState(context.Background()) }
	}
	rdb.AddHook(h)
	return h
}
