package jobs

import (
	"context"
	"errors"
	"fmt"
	"net"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/formfill/formfill/internal/queue"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
)

// Defaults of a Client.
const (
	DefaultRetention = 24 * time.Hour
	DefaultBlobTTL   = 24 * time.Hour
	DefaultTimeout   = 2 * time.Minute
	DefaultMaxRetry  = 3
)

// Client submits jobs and follows them. It is safe for concurrent use.
type Client struct {
	conn      asynq.RedisConnOpt
	aq        *asynq.Client
	insp      *asynq.Inspector
	rdb       redis.UniversalClient
	retention time.Duration
	blobTTL   time.Duration
	timeout   time.Duration
	maxRetry  int
	cache     *blobCache // nil unless WithBlobCache
	blobs     BlobStore  // Redis unless WithBlobStore
	keys      *Keyring   // nil unless WithKeyring: records are stored as they are
	done      *doneHub   // announcements of finished jobs, for Await
	// failover retries commands through a failover of a Sentinel or
	// Cluster Redis; nil for a single Redis.
	failover     *queue.FailoverRetry
	failoverWait time.Duration
	// doneChannel and wakeChannel are the pub/sub channels of this
	// client's database (see channels).
	doneChannel, wakeChannel string
}

// ClientOption configures a Client.
type ClientOption func(*Client)

// WithRetention sets how long a finished job's result is kept (default 24 h).
func WithRetention(d time.Duration) ClientOption { return func(c *Client) { c.retention = d } }

// WithBlobTTL sets how long an uploaded or produced document is kept after
// its last use (default 24 h).
func WithBlobTTL(d time.Duration) ClientOption { return func(c *Client) { c.blobTTL = d } }

// WithTimeout sets the default time a job may run before it is stopped
// (default 2 min).
func WithTimeout(d time.Duration) ClientOption { return func(c *Client) { c.timeout = d } }

// WithMaxRetry sets how often a job that failed transiently is retried
// (default 3). Jobs that fail on their input are never retried.
func WithMaxRetry(n int) ClientOption { return func(c *Client) { c.maxRetry = n } }

// WithBlobCache keeps up to budget bytes of fetched documents in memory, so
// jobs on the same document (a batch filling one questionnaire template
// many times) fetch it from Redis once. Workers use it; off by default.
func WithBlobCache(budget int64) ClientOption {
	return func(c *Client) {
		if budget > 0 {
			c.cache = newBlobCache(budget)
		}
	}
}

// NewClient returns a Client for the Redis behind conn.
func NewClient(conn asynq.RedisConnOpt, opts ...ClientOption) *Client {
	c := &Client{
		conn:         conn,
		rdb:          conn.MakeRedisClient().(redis.UniversalClient),
		retention:    DefaultRetention,
		blobTTL:      DefaultBlobTTL,
		timeout:      DefaultTimeout,
		maxRetry:     DefaultMaxRetry,
		failoverWait: DefaultFailoverWait,
	}
	for _, o := range opts {
		o(c)
	}
	if c.blobs == nil {
		c.blobs = redisBlobStore{c}
	}
	if queue.HighlyAvailable(conn) {
		// One connection pool, watched for failovers, serves formfill's
		// own commands and asynq's client and inspector alike.
		c.failover = queue.WatchFailovers(c.rdb, conn, c.failoverWait)
		c.aq, c.insp = asynq.NewClientFromRedisClient(c.rdb), asynq.NewInspectorFromRedisClient(c.rdb)
	} else {
		c.aq, c.insp = asynq.NewClient(conn), asynq.NewInspector(conn)
	}
	c.doneChannel, c.wakeChannel = channels(c.rdb)
	c.done = newDoneHub(c.rdb, c.doneChannel)
	return c
}

// Close releases the client's connections.
func (c *Client) Close() error {
	if c.failover != nil { // asynq's client and inspector share c.rdb
		return errors.Join(c.done.close(), c.rdb.Close())
	}
	return errors.Join(c.done.close(), c.aq.Close(), c.insp.Close(), c.rdb.Close())
}

// Ping checks that Redis answers, within a few seconds.
func (c *Client) Ping(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	if err := c.rdb.Ping(ctx).Err(); err != nil {
		return c.connErr(err)
	}
	return nil
}

// connErr turns a connection failure into ErrUnreachable naming the server
// (never its password); other errors pass through. The failure is quoted,
// not wrapped: it is often the caller's context deadline, and an
// ErrUnreachable that also read as context.DeadlineExceeded would pass for
// the job's own timeout where callers tell the two apart (a fill_group's
// shares, the CLI's --timeout).
func (c *Client) connErr(err error) error {
	var nerr net.Error
	if errors.As(err, &nerr) || errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, context.DeadlineExceeded) ||
		strings.Contains(err.Error(), "connection refused") || strings.Contains(err.Error(), "i/o timeout") {
		return fmt.Errorf("%w: %s does not answer (%w); start Redis or fix --redis / FORMFILL_REDIS_URL", ErrUnreachable, describeConn(c.conn), err)
	}
	if c.failover != nil && queue.IsFailoverError(err) {
		return fmt.Errorf("%w: %s did not recover within %v (%w); check the sentinels or the cluster", ErrUnreachable, describeConn(c.conn), c.failoverWait, err)
	}
	msg := err.Error()
	switch {
	case strings.Contains(msg, "WRONGPASS") || strings.Contains(msg, "NOAUTH"):
		return fmt.Errorf("%w: %s refused the credentials (%w); check the user and password in --redis / FORMFILL_REDIS_URL", ErrUnreachable, describeConn(c.conn), err)
	case strings.Contains(msg, "can't parse"):
		return fmt.Errorf("%w: %s did not answer as a Redis server (%w); check the host and port in --redis / FORMFILL_REDIS_URL", ErrUnreachable, describeConn(c.conn), err)
	}
	return err
}

// Queues reports depth and throughput of every formfill queue. asynq's
// inspector takes no context, so ctx is checked before each queue is read.
func (c *Client) Queues(ctx context.Context) ([]QueueInfo, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	known, err := c.insp.Queues()
	if err != nil {
		return nil, fmt.Errorf("list queues: %w", c.connErr(err))
	}
	out := make([]QueueInfo, 0, len(Queues))
	for _, q := range Queues {
		// asynq's "queue not found" does not wrap ErrQueueNotFound; a
		// queue no job was ever put on is simply empty.
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if !slices.Contains(known, q) {
			out = append(out, QueueInfo{Queue: q})
			continue
		}
		qi, err := c.insp.GetQueueInfo(q)
		if err != nil {
			return nil, fmt.Errorf("queue %s: %w", q, c.connErr(err))
		}
		out = append(out, QueueInfo{
			Queue: q, Pending: qi.Pending + qi.Scheduled, Active: qi.Active, Retry: qi.Retry,
			Failed: qi.Archived, Completed: qi.Completed, ProcessedToday: qi.Processed,
			FailedToday: qi.Failed, LatencyMS: qi.Latency.Milliseconds(), Paused: qi.Paused,
		})
	}
	return out, nil
}
