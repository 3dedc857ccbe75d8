package mcp

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/mark3labs/mcp-go/server"
	"github.com/redis/go-redis/v9"
)

// Sessions of the legacy HTTP era (2024-11-05 … 2025-11-25): initialize
// opens one (Mcp-Session-Id) and every later request names it. They are a
// protocol matter, not an authorization one: the principal decides what a
// client sees (principal.go). They are shared through Redis so that any
// replica accepts a session another opened.

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
		return false, fmt.Errorf("%w: checking session %s: %w", errSessionStore, id, err)
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
