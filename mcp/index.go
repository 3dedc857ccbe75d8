package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/redis/go-redis/v9"
)

// jobIndex is where the server notes the jobs it submitted, and for which
// principal: it decides what each principal may see.
type jobIndex interface {
	add(ctx context.Context, m jobMeta)
	// get returns the note of job id, if the job is one the server made
	// and its principal still holds it.
	get(ctx context.Context, id string) (jobMeta, bool)
	// list returns the principal's job IDs, newest first, at most
	// maxOwnerJobs.
	list(ctx context.Context, owner string) ([]string, error)
	markDelivered(id, path string)
	// own notes that owner may name the document docID (it uploaded or
	// produced it); owns tells whether it may, and extends the note.
	own(ctx context.Context, owner, docID string)
	owns(ctx context.Context, owner, docID string) bool
}

// maxOwnerJobs bounds the jobs a principal keeps: the oldest beyond it are
// forgotten, by list and get alike, so tasks/get and tasks/list agree. A
// variable for the tests.
var maxOwnerJobs = 1000

// redisIndex shares the job notes (tool, principal, doc_id, creation time)
// and each principal's job list through Redis, so that with several replicas
// of formfill mcp behind a load balancer, list_jobs, tasks/list, get_job and
// tasks/get answer the same on each. The local tracker remembers what only
// this replica knows: where it was asked to write a filled document
// (output_file_path is a path on this replica's disk).
type redisIndex struct {
	rdb   redis.UniversalClient
	local *tracker
	ttl   time.Duration
	log   *slog.Logger
}

const (
	indexOwnerPrefix = "formfill:mcp:principal:"
	indexJobPrefix   = "formfill:mcp:job:"
	indexDocPrefix   = "formfill:mcp:doc:" // + owner + ":" + doc ID
)

func docKey(owner, docID string) string { return indexDocPrefix + owner + ":" + docID }

// redisProvider is implemented by the Store of a real queue (clientStore).
type redisProvider interface {
	Redis() redis.UniversalClient
}

func (x *redisIndex) add(ctx context.Context, m jobMeta) {
	shared := m
	shared.OutputPath = "" // meaningless on another replica
	b, err := json.Marshal(shared)
	if err != nil {
		x.local.add(m)
		return
	}
	key := indexOwnerPrefix + m.Owner
	var trimmed *redis.StringSliceCmd
	// The note goes in first, then the list in a transaction of its own:
	// on a Redis Cluster the keys lie in different slots, and a
	// transaction may span one slot only. A note whose list entry did not
	// follow is read by get_job and expires with its TTL.
	_, err = x.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		p.Set(ctx, indexJobPrefix+m.ID, b, x.ttl)
		if m.DocID != "" {
			p.Set(ctx, docKey(m.Owner, m.DocID), "1", x.ttl) // its input, named by doc_id later
		}
		return nil
	})
	if err != nil {
		m.shared = false
		x.local.add(m)
		x.log.Warn("mcp: job index not shared through Redis", "job_id", m.ID, "err", err)
		return
	}
	_, err = x.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.LPush(ctx, key, m.ID)
		trimmed = p.LRange(ctx, key, int64(maxOwnerJobs), -1)
		p.LTrim(ctx, key, 0, int64(maxOwnerJobs-1))
		p.Expire(ctx, key, x.ttl)
		return nil
	})
	m.shared = err == nil
	x.local.add(m)
	if err != nil {
		x.log.Warn("mcp: job index not shared through Redis", "job_id", m.ID, "err", err)
		return
	}
	x.forget(ctx, trimmed.Val())
}

// forget drops the notes of jobs a principal's list no longer holds.
func (x *redisIndex) forget(ctx context.Context, ids []string) {
	if len(ids) == 0 {
		return
	}
	// One DEL per note, pipelined: on a Redis Cluster the notes lie in
	// different slots, and a DEL of several keys must stay within one.
	_, err := x.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for _, id := range ids {
			p.Del(ctx, indexJobPrefix+id)
		}
		return nil
	})
	if err != nil {
		x.log.Warn("mcp: notes of old jobs not removed", "jobs", len(ids), "err", err)
	}
	x.local.forget(ids)
}

// get reads the shared note, which is the authority on what a principal may
// see, and adds what this replica alone knows. Only when Redis does not
// answer, or never took the note, does the local note speak alone.
func (x *redisIndex) get(ctx context.Context, id string) (jobMeta, bool) {
	local, known := x.local.get(id)
	b, err := x.rdb.Get(ctx, indexJobPrefix+id).Bytes()
	switch {
	case errors.Is(err, redis.Nil):
		return local, known && !local.shared
	case err != nil:
		x.log.Warn("mcp: reading the shared job note", "job_id", id, "err", err)
		return local, known
	}
	var m jobMeta
	if json.Unmarshal(b, &m) != nil {
		return jobMeta{}, false
	}
	if known {
		m.OutputPath, m.Delivered = local.OutputPath, local.Delivered
	}
	return m, true
}

func (x *redisIndex) own(ctx context.Context, owner, docID string) {
	if err := x.rdb.Set(ctx, docKey(owner, docID), "1", x.ttl).Err(); err != nil {
		x.log.Warn("mcp: document's owner not noted", "doc_id", docID, "err", err)
		x.local.own(owner, docID)
	}
}

// owns asks Redis, which any replica may have told; should Redis not
// answer, this replica's own notes decide.
func (x *redisIndex) owns(ctx context.Context, owner, docID string) bool {
	ok, err := x.rdb.Expire(ctx, docKey(owner, docID), x.ttl).Result()
	if err != nil {
		x.log.Warn("mcp: reading a document's owner", "doc_id", docID, "err", err)
		return x.local.owns(owner, docID)
	}
	return ok
}

// markDelivered is local: the file is on this replica's disk.
func (x *redisIndex) markDelivered(id, path string) { x.local.markDelivered(id, path) }

func (x *redisIndex) list(ctx context.Context, owner string) ([]string, error) {
	ids, err := x.rdb.LRange(ctx, indexOwnerPrefix+owner, 0, int64(maxOwnerJobs-1)).Result()
	if err != nil {
		x.log.Warn("mcp: reading the shared job list", "principal", owner, "err", err)
		return x.local.recent(owner, maxOwnerJobs), nil
	}
	return ids, nil
}

// localIndex adapts the in-memory tracker to jobIndex.
type localIndex struct{ *tracker }

func (l localIndex) add(_ context.Context, m jobMeta) { l.tracker.add(m) }
func (l localIndex) get(_ context.Context, id string) (jobMeta, bool) {
	return l.tracker.get(id)
}
func (l localIndex) list(_ context.Context, owner string) ([]string, error) {
	return l.tracker.recent(owner, maxOwnerJobs), nil
}
func (l localIndex) own(_ context.Context, owner, docID string) { l.tracker.own(owner, docID) }
func (l localIndex) owns(_ context.Context, owner, docID string) bool {
	return l.tracker.owns(owner, docID)
}

func newIndex(store Store, log *slog.Logger) jobIndex {
	local := newTracker(maxOwnerJobs)
	if rp, ok := store.(redisProvider); ok && rp.Redis() != nil {
		return &redisIndex{rdb: rp.Redis(), local: local, ttl: taskTTL, log: log}
	}
	return localIndex{local}
}

// owned returns the note of job id when principal may see it, else an
// error saying the job is not found: another principal's job is no more
// visible than one that never existed.
func (s *Server) owned(ctx context.Context, principal Principal, id string) (jobMeta, error) {
	m, ok := s.index.get(ctx, id)
	if !ok || principal.Name == "" || m.Owner != principal.Name {
		return jobMeta{}, jobNotFound(id)
	}
	return m, nil
}
