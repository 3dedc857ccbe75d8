package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/formfill/formfill/embedded"
	"github.com/formfill/formfill/jobs"
	"github.com/hibiken/asynq"
)

// envRedisURL names the environment variable holding the Redis URL.
const envRedisURL = "FORMFILL_REDIS_URL"

// errNoRedis is the answer of job commands that need a Redis that outlives
// the process.
var errNoRedis = errors.New("no Redis configured: set --redis or " + envRedisURL + ", or run formfill serve")

// backend is where a command's jobs go: a configured Redis, or an embedded
// one started for this process.
type backend struct {
	client *jobs.Client
	// server is client with the operations of a process serving the
	// queue: the MCP server keeps its sessions in the queue's Redis. The
	// commands that submit and follow jobs use client alone.
	server   *jobs.Backend
	conn     asynq.RedisConnOpt
	embedded *embedded.Server
	display  string // the Redis URL without its password
}

// redisURL returns the configured Redis URL: the flag, else the environment.
func redisURL(e *env, g *globals) string {
	if g.redis != "" {
		return g.redis
	}
	return strings.TrimSpace(e.getenv(envRedisURL))
}

// connect returns the configured Redis's connection options, or errNoRedis.
func connect(e *env, g *globals) (asynq.RedisConnOpt, string, error) {
	url := redisURL(e, g)
	if url == "" {
		return nil, "", &usageError{errNoRedis}
	}
	conn, err := jobs.ParseRedisURL(url)
	if err != nil {
		return nil, "", &usageError{err}
	}
	return conn, jobs.RedactURL(url), nil
}

// backendOptions tune openBackend.
type backendOptions struct {
	allowEmbedded bool
	concurrency   int // of the embedded worker
	// notifyPolicy is the embedded worker's webhook allowlist, as the
	// command parsed its --notify-allow; nil: $FORMFILL_NOTIFY_ALLOW.
	notifyPolicy *jobs.NotifyPolicy
	clientOpts   []jobs.ClientOption
}

// openBackend connects to the configured Redis, or, when none is configured
// and the command allows it, starts an embedded Redis and worker.
func openBackend(ctx context.Context, e *env, g *globals, o backendOptions) (*backend, error) {
	keys, err := keyringOf(e)
	if err != nil {
		return nil, err
	}
	if keys != nil {
		o.clientOpts = append(o.clientOpts, jobs.WithKeyring(keys))
	}
	store, err := blobStoreOf(ctx, e, g)
	if err != nil {
		return nil, err
	}
	o.clientOpts = append(o.clientOpts, blobStoreOpts(store)...)
	if redisURL(e, g) == "" && o.allowEmbedded {
		useFonts(e, g)
		n := o.concurrency
		if n <= 0 {
			n = 4
		}
		policy, err := o.embeddedNotifyPolicy(e)
		if err != nil {
			return nil, err
		}
		srv, err := embedded.Start(embedded.Concurrency(n), embedded.Logger(newLogger(e, slog.LevelError)), embedded.Keyring(keys),
			embedded.NotifySecret([]byte(e.getenv(envNotifySecret))), embedded.NotifyAllow(policy), embedded.BlobStore(blobStore(store)))
		if err != nil {
			return nil, fmt.Errorf("start the embedded Redis and worker: %w", err)
		}
		q := srv.Backend(o.clientOpts...)
		return &backend{client: q.Client, server: q, conn: srv.Conn(), embedded: srv, display: "embedded " + jobs.RedactURL(srv.URL())}, nil
	}
	conn, display, err := connect(e, g)
	if err != nil {
		return nil, err
	}
	q := jobs.NewBackend(conn, o.clientOpts...)
	if err := q.Ping(ctx); err != nil {
		q.Close()
		return nil, err
	}
	return &backend{client: q.Client, server: q, conn: conn, display: display}, nil
}

// pollInterval is how often a waiting command asks for a job's state: the
// embedded Redis is in-process, so it can be asked often.
func (b *backend) pollInterval() time.Duration {
	if b.embedded != nil {
		return 10 * time.Millisecond
	}
	return 50 * time.Millisecond
}

// Close releases the client and stops the embedded server, if any.
func (b *backend) Close() error {
	err := b.client.Close()
	if b.embedded != nil {
		err = errors.Join(err, b.embedded.Close())
	}
	return err
}

// newJSONLogger logs JSON lines to stderr, for servers run with --json.
func newJSONLogger(e *env, level slog.Level) *slog.Logger {
	if v := e.getenv("FORMFILL_LOG_LEVEL"); v != "" {
		_ = level.UnmarshalText([]byte(v))
	}
	return slog.New(slog.NewJSONHandler(e.stderr, &slog.HandlerOptions{Level: level}))
}

// serverLogger is the log of a long-running command: JSON with --json.
func serverLogger(e *env, g *globals) *slog.Logger {
	if g.json {
		return newJSONLogger(e, slog.LevelInfo)
	}
	return newLogger(e, slog.LevelInfo)
}

// newLogger logs text to stderr at level, or at FORMFILL_LOG_LEVEL when set.
func newLogger(e *env, level slog.Level) *slog.Logger {
	if v := e.getenv("FORMFILL_LOG_LEVEL"); v != "" {
		_ = level.UnmarshalText([]byte(v))
	}
	w := e.stderr
	if w == nil {
		w = os.Stderr
	}
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: level}))
}

// embeddedNotifyPolicy is the allowlist the embedded worker delivers
// under: the command's own when it has a --notify-allow (parsed once, so
// the worker and the command's checks agree, an explicitly empty flag
// included), else $FORMFILL_NOTIFY_ALLOW's.
func (o backendOptions) embeddedNotifyPolicy(e *env) (*jobs.NotifyPolicy, error) {
	if o.notifyPolicy != nil {
		return o.notifyPolicy, nil
	}
	return notifyPolicyOf(e.getenv(jobs.EnvNotifyAllow))
}
