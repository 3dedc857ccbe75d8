package mcp

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/mark3labs/mcp-go/server"
	"github.com/redis/go-redis/v9"
)

// Sessions keep clients apart: the jobs, tasks and filled documents of one
// session are invisible to every other (get_job and tasks/get of another
// session's job answer "not found", list_jobs and tasks/list leave it out).
// Each stdio server process is one session under an unguessable ID of its
// own; over HTTP every call needs a session a client opened with
// initialize, on any replica.

// sessionKey carries the caller's session ID in a context.
type sessionKey struct{}

// withSession names the session of the calls made with ctx.
func withSession(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, sessionKey{}, id)
}

// sessionOf names the client of a call: the session given to ServeStdio or
// HandleMessage, else the HTTP session mcp-go serves it in.
func sessionOf(ctx context.Context) string {
	if id, ok := ctx.Value(sessionKey{}).(string); ok {
		return id
	}
	if cs := server.ClientSessionFromContext(ctx); cs != nil {
		return cs.SessionID()
	}
	return ""
}

// newStdioSession returns the ID of a stdio server's one session: random,
// so that two servers sharing a Redis never share a job list, and nobody
// can name another's.
func newStdioSession() string { return "stdio-" + rand.Text() }

// sessionIDPrefix is how mcp-go's HTTP session IDs begin.
const sessionIDPrefix = "mcp-session-"

// redisSessions is the HTTP transport's session manager when jobs live in
// Redis: a session opened with initialize on one replica is known to every
// other, and an ID nobody opened is refused (mcp-go's default checks only
// the ID's form). Sessions last sessionTTL after their last call.
type redisSessions struct {
	rdb redis.UniversalClient
	ttl time.Duration
	log *slog.Logger
}

const (
	sessionKeyPrefix = "formfill:mcp:http-session:"
	sessionLive      = "live"
	sessionEnded     = "terminated"
	sessionOpTimeout = 3 * time.Second
)

// errUnknownSession is Validate's answer for a well-formed ID nobody opened;
// errSessionStore is its answer when Redis did not answer.
var (
	errUnknownSession = errors.New("session not found")
	errSessionStore   = errors.New("session store unavailable")
)

// Generate opens a session. Should Redis not take note, the client's next
// call is refused with 404 and it initializes again, as the spec says.
func (m *redisSessions) Generate() string {
	id := sessionIDPrefix + uuid.NewString()
	ctx, cancel := context.WithTimeout(context.Background(), sessionOpTimeout)
	defer cancel()
	if err := m.rdb.Set(ctx, sessionKeyPrefix+id, sessionLive, m.ttl).Err(); err != nil {
		m.log.Warn("mcp: new HTTP session not recorded", "err", err)
	}
	return id
}

// Validate reports whether the session is open (extending its life) or
// ended; unknown and malformed IDs are errors.
func (m *redisSessions) Validate(id string) (bool, error) {
	if err := checkSessionID(id); err != nil {
		return false, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), sessionOpTimeout)
	defer cancel()
	pipe := m.rdb.Pipeline()
	state := pipe.Get(ctx, sessionKeyPrefix+id)
	pipe.Expire(ctx, sessionKeyPrefix+id, m.ttl)
	if _, err := pipe.Exec(ctx); err != nil && !errors.Is(err, redis.Nil) {
		return false, fmt.Errorf("%w: checking session %s: %v", errSessionStore, id, err)
	}
	switch state.Val() {
	case sessionLive:
		return false, nil
	case sessionEnded:
		return true, nil
	}
	return false, fmt.Errorf("%w: %s", errUnknownSession, id)
}

// Terminate ends a session at the client's request (HTTP DELETE).
func (m *redisSessions) Terminate(id string) (bool, error) {
	if err := checkSessionID(id); err != nil {
		return false, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), sessionOpTimeout)
	defer cancel()
	if err := m.rdb.SetXX(ctx, sessionKeyPrefix+id, sessionEnded, m.ttl).Err(); err != nil && !errors.Is(err, redis.Nil) {
		return false, fmt.Errorf("ending session %s: %w", id, err)
	}
	return false, nil
}

func checkSessionID(id string) error {
	rest, ok := strings.CutPrefix(id, sessionIDPrefix)
	if !ok {
		return fmt.Errorf("invalid session id %q", id)
	}
	if _, err := uuid.Parse(rest); err != nil {
		return fmt.Errorf("invalid session id %q", id)
	}
	return nil
}

// newSessionManager returns the HTTP session manager for store: shared
// through Redis when the store is, else kept in this process.
func newSessionManager(store Store, log *slog.Logger) server.SessionIdManager {
	if rp, ok := store.(redisProvider); ok && rp.Redis() != nil {
		return &redisSessions{rdb: rp.Redis(), ttl: sessionTTL, log: log}
	}
	return &server.InsecureStatefulSessionIdManager{}
}

// sessionTTL is how long an HTTP session lives after its last call: as long
// as the results of its jobs.
const sessionTTL = taskTTL
