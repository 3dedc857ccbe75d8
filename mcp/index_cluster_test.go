package mcp

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"github.com/formfill/formfill/internal/redisha"
	"github.com/formfill/formfill/jobs"
	"github.com/redis/go-redis/v9"
)

// haSlot is the mcp package's port slot of internal/redisha.
const haSlot = 2

// TestSharedJobIndexOnRedisCluster shares the job index between two
// replicas through a three-master Redis Cluster: what one notes, the other
// lists and reads, and a principal's oldest jobs are forgotten past the
// limit. A note, a principal's list and a document mark lie in different
// slots, which one transaction or DEL may not span: the index must not
// warn, nor fall back to the noting replica's memory.
func TestSharedJobIndexOnRedisCluster(t *testing.T) {
	cl := redisha.StartCluster(t, haSlot)
	conn, err := jobs.ParseRedisURL(cl.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer func(n int) { maxOwnerJobs = n }(maxOwnerJobs)
	maxOwnerJobs = 3
	var logs bytes.Buffer
	replica := func() *redisIndex {
		rdb := conn.MakeRedisClient().(redis.UniversalClient)
		t.Cleanup(func() { rdb.Close() })
		return &redisIndex{rdb: rdb, local: newTracker(100), ttl: time.Minute, log: slog.New(slog.NewTextHandler(&logs, nil))}
	}
	one, other := replica(), replica()
	ctx := context.Background()
	for i := range 5 {
		one.add(ctx, jobMeta{ID: fmt.Sprintf("i-job%d", i), Tool: "fill", Owner: "alice", DocID: fmt.Sprintf("%064d", i), Created: time.Now()})
	}
	ids, err := other.list(ctx, "alice")
	if err != nil || fmt.Sprint(ids) != "[i-job4 i-job3 i-job2]" {
		t.Fatalf("the other replica lists %v, %v; want the newest three", ids, err)
	}
	if m, ok := other.get(ctx, "i-job4"); !ok || m.Owner != "alice" || m.Tool != "fill" {
		t.Fatalf("the other replica reads %+v, %v", m, ok)
	}
	if _, ok := other.get(ctx, "i-job0"); ok {
		t.Fatal("a job past the limit is still readable: its note was not forgotten")
	}
	if !other.owns(ctx, "alice", fmt.Sprintf("%064d", 4)) || other.owns(ctx, "bob", fmt.Sprintf("%064d", 4)) {
		t.Fatal("document ownership not shared, or shared with the wrong principal")
	}
	if logs.Len() > 0 {
		t.Fatalf("the index warned:\n%s", logs.String())
	}
}
