package jobs

import (
	"context"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// Announcements through Redis pub/sub, so that nobody waits by polling:
// a worker announces a job's ID on the done channel once asynq has settled the
// job (marked it completed, or archived it as failed: AnnounceDone, called
// by the worker from a hook on asynq's own Redis commands), a client that
// cancels a job announces it there too, and a client that submits a job
// announces its queue on the wake channel. Await blocks on the first, idle
// workers on the second. Pub/sub loses messages while a connection is
// down, and workers of an older version announce nothing, so waiters keep
// a slow poll as a fallback.
//
// Pub/sub channels belong to the whole Redis server, not to a database, so
// the channels name the database: deployments (or test packages) sharing
// a server on different databases do not wake each other.
func channels(rdb redis.UniversalClient) (done, wake string) {
	db := 0
	if c, ok := rdb.(*redis.Client); ok {
		db = c.Options().DB
	}
	prefix := "formfill:db" + strconv.Itoa(db) + ":jobs:"
	return prefix + "done", prefix + "wake"
}

// subscribeTimeout bounds how long setting up a subscription may take.
const subscribeTimeout = 3 * time.Second

// resubscribeAfter is how long a client whose subscription failed waits
// before trying again (meanwhile its waiters poll).
const resubscribeAfter = 10 * time.Second

// subscribe opens a pub/sub connection on channel and waits for Redis to
// confirm it, so that no message published after it returns is missed.
func subscribe(rdb redis.UniversalClient, channel string) (*redis.PubSub, error) {
	ctx, cancel := context.WithTimeout(context.Background(), subscribeTimeout)
	defer cancel()
	ps := rdb.Subscribe(ctx, channel)
	if _, err := ps.Receive(ctx); err != nil {
		ps.Close()
		return nil, err
	}
	return ps, nil
}

// doneHub dispatches the job IDs announced on the done channel to the callers of
// Await waiting for them, over one subscription per Client.
type doneHub struct {
	rdb     redis.UniversalClient
	channel string
	mu      sync.Mutex
	ps      *redis.PubSub
	failed  time.Time // when the last attempt to subscribe failed
	closed  bool
	waiters map[string]map[chan struct{}]struct{}
}

func newDoneHub(rdb redis.UniversalClient, channel string) *doneHub {
	return &doneHub{rdb: rdb, channel: channel, waiters: map[string]map[chan struct{}]struct{}{}}
}

// watch registers interest in job id's outcome. The channel receives a
// value when the job is announced done; ok is false when no announcement
// can arrive (the subscription is down), so the caller must poll. stop
// unregisters.
func (h *doneHub) watch(id string) (notified <-chan struct{}, stop func(), ok bool) {
	ch := make(chan struct{}, 1)
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.ensure() {
		return nil, func() {}, false
	}
	set := h.waiters[id]
	if set == nil {
		set = map[chan struct{}]struct{}{}
		h.waiters[id] = set
	}
	set[ch] = struct{}{}
	return ch, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		delete(h.waiters[id], ch)
		if len(h.waiters[id]) == 0 {
			delete(h.waiters, id)
		}
	}, true
}

// ensure subscribes on first use, and again a while after a failure. It
// runs with h.mu held: waiters registered after it returns true cannot miss
// an announcement, as Redis confirmed the subscription before.
func (h *doneHub) ensure() bool {
	if h.ps != nil {
		return true
	}
	if h.closed || (!h.failed.IsZero() && time.Since(h.failed) < resubscribeAfter) {
		return false
	}
	ps, err := subscribe(h.rdb, h.channel)
	if err != nil {
		h.failed = time.Now()
		return false
	}
	h.ps = ps
	go h.dispatch(ps.Channel())
	return true
}

// dispatch wakes the waiters of each announced job. go-redis reconnects and
// subscribes again by itself when the connection drops.
func (h *doneHub) dispatch(msgs <-chan *redis.Message) {
	for m := range msgs {
		h.mu.Lock()
		for ch := range h.waiters[m.Payload] {
			select {
			case ch <- struct{}{}:
			default: // already signalled
			}
		}
		h.mu.Unlock()
	}
}

func (h *doneHub) close() error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	if h.ps == nil {
		return nil
	}
	return h.ps.Close()
}

// announceDone adds the announcement that job id has ended to pipe.
func (c *Client) announceDone(ctx context.Context, pipe redis.Pipeliner, id string) {
	pipe.Publish(ctx, c.doneChannel, id)
}

// AnnounceDone tells the clients waiting for job id that it has ended:
// workers call it once asynq has marked the job completed or archived it,
// so that Status reads the final state. A lost announcement only delays
// the waiters until their fallback poll.
func (c *Backend) AnnounceDone(ctx context.Context, id string) error {
	if err := c.rdb.Publish(ctx, c.doneChannel, id).Err(); err != nil {
		return c.connErr(err)
	}
	return nil
}

// announceSubmitted tells idle workers that a job waits on queue. A lost
// announcement only delays the job until a worker's fallback poll, so
// errors are ignored.
func (c *Client) announceSubmitted(ctx context.Context, queue string) {
	_ = c.rdb.Publish(ctx, c.wakeChannel, queue).Err()
}

// Submissions returns a channel that receives a value when a job is
// submitted to one of queues (several submissions may arrive as one
// value), for a worker that waits while idle instead of polling. It fails
// when Redis does not confirm the subscription. stop ends it.
func (c *Backend) Submissions(queues ...string) (wake <-chan struct{}, stop func() error, err error) {
	ps, err := subscribe(c.rdb, c.wakeChannel)
	if err != nil {
		return nil, nil, c.connErr(err)
	}
	ch := make(chan struct{}, 1)
	go func() {
		for m := range ps.Channel() {
			if !slices.Contains(queues, m.Payload) {
				continue
			}
			select {
			case ch <- struct{}{}:
			default:
			}
		}
	}()
	return ch, ps.Close, nil
}
