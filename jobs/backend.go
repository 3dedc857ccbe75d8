package jobs

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
)

// Backend is the Client of a process that serves jobs rather than submits
// them: a worker, which decodes payloads, stores results and failures,
// reports phases, keeps failures, announces jobs' ends and waits for
// submissions, and an MCP server, which keeps its sessions in the same
// Redis. These operations are not a
// caller's: they write asynq's task records and formfill's own, and a
// Client leaves them out so that what it offers is what a caller may do.
type Backend struct{ *Client }

// NewBackend returns a Backend for the Redis behind conn: what a worker, an
// MCP server or a process embedding both builds instead of a Client. Its
// Client is the caller's part of it (Submit, Await, ...).
func NewBackend(conn asynq.RedisConnOpt, opts ...ClientOption) *Backend {
	return &Backend{NewClient(conn, opts...)}
}

// backendOf gives c's connection the Backend operations: for the package's
// own tests (export_test.go), never for a caller holding a Client, whose
// surface would then be a server's again.
func backendOf(c *Client) *Backend { return &Backend{c} }

// Redis returns the backend's Redis connection, for state a server keeps
// beside the jobs (the MCP server's sessions) and for tests.
func (c *Backend) Redis() redis.UniversalClient { return c.rdb }

// IsCanceled reports whether the job was canceled by a client. Workers use
// it to tell a cancellation from a transient failure.
func (c *Backend) IsCanceled(ctx context.Context, id string) bool { return c.isCanceled(ctx, id) }
