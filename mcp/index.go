package mcp

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/redis/go-redis/v9"
)

// redisIndex shares the job notes (tool, doc_id, creation time) and each
// session's recent job list through Redis, so that with several replicas of
// formfill mcp behind a load balancer, list_jobs, tasks/list and get_job
// answer the same on each. mcp-go's HTTP session IDs are not tied to a
// replica (it does not validate them locally), so a session's list follows
// the client. The local tracker stays in front: it alone knows where this
// replica was asked to write a filled document (output_file_path is a path
// on this replica's disk).
type redisIndex struct {
	rdb   redis.UniversalClient
	local *tracker
	ttl   time.Duration
	max   int
	log   *slog.Logger
}

const (
	indexSessionPrefix = "formfill:mcp:session:"
	indexJobPrefix     = "formfill:mcp:job:"
)

// redisProvider is implemented by *jobs.Client.
type redisProvider interface {
	Redis() redis.UniversalClient
}

func (x *redisIndex) add(ctx context.Context, m jobMeta) {
	x.local.add(m)
	shared := m
	shared.OutputPath = "" // meaningless on another replica
	b, err := json.Marshal(shared)
	if err != nil {
		return
	}
	key := indexSessionPrefix + m.Session
	_, err = x.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.Set(ctx, indexJobPrefix+m.ID, b, x.ttl)
		p.LPush(ctx, key, m.ID)
		p.LTrim(ctx, key, 0, int64(x.max-1))
		p.Expire(ctx, key, x.ttl)
		return nil
	})
	if err != nil {
		x.log.Warn("mcp: job index not shared through Redis", "job_id", m.ID, "err", err)
	}
}

func (x *redisIndex) get(ctx context.Context, id string) (jobMeta, bool) {
	if m, ok := x.local.get(id); ok {
		return m, true
	}
	b, err := x.rdb.Get(ctx, indexJobPrefix+id).Bytes()
	if err != nil {
		return jobMeta{}, false
	}
	var m jobMeta
	if json.Unmarshal(b, &m) != nil {
		return jobMeta{}, false
	}
	return m, true
}

// markDelivered is local: the file is on this replica's disk.
func (x *redisIndex) markDelivered(id, path string) { x.local.markDelivered(id, path) }

func (x *redisIndex) recent(ctx context.Context, session string, n int) []string {
	ids, err := x.rdb.LRange(ctx, indexSessionPrefix+session, 0, int64(n-1)).Result()
	if err != nil {
		x.log.Warn("mcp: reading the shared job list", "session", session, "err", err)
		return x.local.recent(session, n)
	}
	return ids
}

// jobIndex is where the server notes the jobs it submitted.
type jobIndex interface {
	add(ctx context.Context, m jobMeta)
	get(ctx context.Context, id string) (jobMeta, bool)
	recent(ctx context.Context, session string, n int) []string
	markDelivered(id, path string)
}

// localIndex adapts the in-memory tracker to jobIndex.
type localIndex struct{ *tracker }

func (l localIndex) add(_ context.Context, m jobMeta) { l.tracker.add(m) }
func (l localIndex) get(_ context.Context, id string) (jobMeta, bool) {
	return l.tracker.get(id)
}
func (l localIndex) recent(_ context.Context, session string, n int) []string {
	return l.tracker.recent(session, n)
}

func newIndex(store Store, log *slog.Logger) jobIndex {
	local := newTracker(200)
	if rp, ok := store.(redisProvider); ok && rp.Redis() != nil {
		return &redisIndex{rdb: rp.Redis(), local: local, ttl: taskTTL, max: 200, log: log}
	}
	return localIndex{local}
}
