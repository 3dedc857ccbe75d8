package worker

import (
	"context"
	"net"
	"sync"
	"time"

	"github.com/formfill/formfill/internal/queue"
	"github.com/redis/go-redis/v9"
)

// waker lets an idle worker wait for work instead of polling for it.
//
// asynq's processor looks for a task with one dequeue script per queue, in
// priority order (a "round"), and sleeps TaskCheckInterval after a round
// that found nothing; the sleep cannot be interrupted. Polling often keeps
// interactive calls fast but keeps Redis busy answering idle workers;
// polling rarely adds the interval to every call. So the worker gives asynq
// a tiny interval and a Redis client with this hook, which holds the first
// dequeue of a round after an empty one until a client announces a
// submission on one of the worker's queues (jobs.Backend.Submissions), its
// own asynq forwarder moves jobs due for a retry back to a queue (the hook
// sees the forward script's count), or the fallback interval passes — for
// jobs nobody announced, such as those of clients of an older version.
//
// The hook knows asynq's dequeue and forward scripts by their keys
// (queue.DequeueQueue, queue.IsForward). Were asynq to change them, the
// hook would see no dequeue and the worker would poll at the tiny
// interval: the worker's tests count the dequeues of an idle worker and
// would fail.
type waker struct {
	first string // the queue a round starts with

	wake chan struct{} // a submission was announced (coalesced)
	stop chan struct{} // closed when the worker shuts down
	once sync.Once

	mu       sync.Mutex
	found    bool // the last round found a task: do not wait before the next
	fallback time.Duration
}

func newWaker(queues []string, fallback time.Duration) *waker {
	return &waker{first: queues[0], fallback: fallback, wake: make(chan struct{}, 1), stop: make(chan struct{}), found: true}
}

// setFallback changes how long an idle round waits without an announcement.
func (w *waker) setFallback(d time.Duration) {
	w.mu.Lock()
	w.fallback = d
	w.mu.Unlock()
}

// listen forwards announcements from wake to the waker until it stops.
func (w *waker) listen(wake <-chan struct{}) {
	for {
		select {
		case <-w.stop:
			return
		case <-wake:
			w.notify()
		}
	}
}

// notify ends an idle wait, or the next one if none is under way.
func (w *waker) notify() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// shutdown releases a waiting round and makes later dequeues find nothing,
// so asynq's processor stops without taking another task.
func (w *waker) shutdown() { w.once.Do(func() { close(w.stop) }) }

func (w *waker) stopping() bool {
	select {
	case <-w.stop:
		return true
	default:
		return false
	}
}

// DialHook implements redis.Hook.
func (w *waker) DialHook(next redis.DialHook) redis.DialHook {
	return func(ctx context.Context, network, addr string) (net.Conn, error) { return next(ctx, network, addr) }
}

// ProcessPipelineHook implements redis.Hook: asynq dequeues without pipelines.
func (w *waker) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return next
}

// ProcessHook implements redis.Hook: it holds dequeues while the worker is
// idle and lets every other command through.
func (w *waker) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		if queue.IsForward(cmd) {
			// asynq's forwarder moves jobs due for a retry (or scheduled)
			// back to their queue: nobody announces them, so wake up.
			err := next(ctx, cmd)
			if c, ok := cmd.(*redis.Cmd); ok && err == nil {
				if n, _ := c.Int64(); n > 0 {
					w.notify()
				}
			}
			return err
		}
		q, ok := queue.DequeueQueue(cmd)
		if !ok {
			return next(ctx, cmd)
		}
		if q == w.first {
			w.startRound()
		}
		if w.stopping() {
			cmd.SetErr(redis.Nil) // as if the queue were empty
			return redis.Nil
		}
		err := next(ctx, cmd)
		if err == nil || redis.HasErrorPrefix(err, "NOSCRIPT") {
			// A task, or a script Redis must be sent again at once.
			w.mu.Lock()
			w.found = true
			w.mu.Unlock()
		}
		return err
	}
}

// startRound waits, if the last round found nothing, for an announced
// submission, the fallback interval or shutdown.
func (w *waker) startRound() {
	w.mu.Lock()
	idle, fallback := !w.found, w.fallback
	w.found = false
	w.mu.Unlock()
	if !idle {
		return
	}
	t := time.NewTimer(fallback)
	defer t.Stop()
	select {
	case <-w.wake:
	case <-t.C:
	case <-w.stop:
	}
}
