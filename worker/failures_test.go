package worker

import (
	"bytes"
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/queue"
	"github.com/formfill/formfill/jobs"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
)

// Jobs that fail for good are kept, once each, with their error and a
// summary of their payload but not their answers, and stay listed after
// asynq's archive and formfill's own failure records are gone, as when
// asynq trims its archive.
func TestFailuresOutliveAsynqsArchive(t *testing.T) {
	c, conn := setup(t, Concurrency(2), KeepFailures(time.Hour))
	ctx := context.Background()
	doc, err := c.PutBlob(ctx, fixture(t, fixtures.WordTwoColumn))
	if err != nil {
		t.Fatal(err)
	}
	const secretAnswer = "the confidential answer text"
	var failed []string
	for i := range 3 {
		st := runJob(t, c, jobs.Payload{Kind: jobs.KindWrite, DocID: doc, FileType: formats.Word,
			Answers: []formats.Answer{{PairID: "T99-R1-C1", AnswerText: secretAnswer}}}, jobs.Queue(jobs.Queues[i%2]))
		if st.State != jobs.StateFailed {
			t.Fatalf("bad write %d: %s", i, st.State)
		}
		failed = append(failed, st.ID)
	}
	if st := runJob(t, c, jobs.Payload{Kind: jobs.KindExtractText, DocID: doc, FileType: formats.Word}); st.State != jobs.StateCompleted {
		t.Fatalf("good job: %s", st.State)
	}
	// asynq's archive trimmed, formfill's records expired.
	insp := asynq.NewInspector(conn)
	defer insp.Close()
	rdb := conn.MakeRedisClient().(redis.UniversalClient)
	defer rdb.Close()
	for _, q := range jobs.Queues {
		if _, err := insp.DeleteAllArchivedTasks(q); err != nil {
			t.Fatal(err)
		}
	}
	for _, id := range failed {
		q := jobs.Queues[0]
		if id[0] == 'b' {
			q = jobs.Queues[1]
		}
		rdb.Del(ctx, "formfill:failed:{"+q+"}:"+id)
	}
	list := keptEventually(t, c, len(failed))
	seen := map[string]int{}
	for _, f := range list {
		seen[f.JobID]++
		if f.Error.Kind != jobs.ErrorInvalidArgument || f.Kind != jobs.KindWrite || f.Source != "worker" ||
			f.Payload["answers"] != float64(1) || f.Payload["doc_id"] != doc {
			t.Errorf("kept failure %+v", f)
		}
	}
	for _, id := range failed {
		if seen[id] != 1 {
			t.Errorf("job %s kept %d times, want once", id, seen[id])
		}
	}
	raw, _ := json.Marshal(list)
	for _, q := range jobs.Queues {
		stream, _ := rdb.XRange(ctx, "formfill:failures:{"+q+"}", "-", "+").Result()
		b, _ := json.Marshal(stream)
		raw = append(raw, b...)
	}
	if bytes.Contains(raw, []byte(secretAnswer)) {
		t.Fatal("the failure store holds an answer's text")
	}
}

// A job asynq archived without a handler seeing it fail (its worker died
// on the last attempt; the recoverer archived it) is kept from its task,
// and asynq's archive script is what the worker watches for.
func TestArchivedJobIsKeptFromItsTask(t *testing.T) {
	c, conn := setup(t)
	var mu sync.Mutex
	var archived []string
	first := startWorker(t, conn, Concurrency(1), KeepFailures(0))
	first.rdb.AddHook(archiveWatch{func(id string) { mu.Lock(); archived = append(archived, id); mu.Unlock() }})
	ctx := context.Background()
	doc, _ := c.PutBlob(ctx, fixture(t, fixtures.WordTwoColumn))
	st := runJob(t, c, jobs.Payload{Kind: jobs.KindWrite, DocID: doc, FileType: formats.Word,
		Answers: []formats.Answer{{PairID: "T99-R1-C1", AnswerText: "x"}}})
	mu.Lock()
	seen := append([]string(nil), archived...)
	mu.Unlock()
	if len(seen) != 1 || seen[0] != st.ID {
		t.Fatalf("archive scripts seen for %v, want [%s]", seen, st.ID)
	}
	if list, _ := c.KeptFailures(ctx, jobs.Queues, time.Time{}, 10); len(list) != 0 {
		t.Fatalf("kept with KeepFailures(0): %+v", list)
	}
	other, err := New(conn, Logger(quiet), KeepFailures(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	other.archived(ctx, st.ID)
	list := keptEventually(t, c, 1)
	if f := list[0]; f.JobID != st.ID || f.Source != "archive" || f.Kind != jobs.KindWrite || f.Error.Message == "" {
		t.Fatalf("kept from the archive: %+v", f)
	}
}

type archiveWatch struct{ saw func(id string) }

func (h archiveWatch) DialHook(next redis.DialHook) redis.DialHook { return next }
func (h archiveWatch) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return next
}
func (h archiveWatch) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		if id, archived, ok := queue.SettledTask(cmd); ok && archived {
			h.saw(id)
		}
		return next(ctx, cmd)
	}
}

func keptEventually(t *testing.T, c *jobs.Client, n int) []jobs.FailureEntry {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		list, err := c.KeptFailures(context.Background(), jobs.Queues, time.Time{}, 100)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) >= n || time.Now().After(deadline) {
			if len(list) != n {
				t.Fatalf("%d failures kept, want %d: %+v", len(list), n, list)
			}
			return list
		}
		time.Sleep(20 * time.Millisecond)
	}
}
