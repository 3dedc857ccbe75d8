package reliability

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/redistest"
	"github.com/formfill/formfill/jobs"
	"github.com/formfill/formfill/worker"
	"github.com/hibiken/asynq"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// TestHostileDocumentsThroughAWorker sends every hostile input as an
// extract_compact and a fill job through a real worker on Redis (DB 7):
// each job must end failed, its result's error naming the problem, with no
// retry and no internal (panic) error; damaged-but-readable inputs may
// complete instead.
func TestHostileDocumentsThroughAWorker(t *testing.T) {
	conn := redistest.Conn(t, 7)
	c := serveInProcess(t, conn, 2)
	ctx := context.Background()

	type sub struct {
		c    hostileCase
		kind jobs.Kind
		id   string
	}
	var subs []sub
	for _, hc := range hostileCases() {
		if hc.large && testing.Short() {
			continue
		}
		docID, err := c.PutBlob(ctx, hc.build(t))
		if err != nil {
			t.Fatalf("%s: put blob: %v", hc.name, err)
		}
		for _, k := range []jobs.Kind{jobs.KindExtractCompact, jobs.KindFill} {
			p := jobs.Payload{Kind: k, DocID: docID, FileType: hc.ft}
			if k == jobs.KindFill {
				p.Answers = []formats.Answer{{PairID: "q1", AnswerText: "x"}}
			}
			id, err := c.Submit(ctx, p, jobs.Queue(jobs.QueueBulk))
			if err != nil {
				t.Fatalf("%s: submit %s: %v", hc.name, k, err)
			}
			subs = append(subs, sub{hc, k, id})
		}
	}
	for _, s := range subs {
		wctx, cancel := context.WithTimeout(ctx, 60*time.Second)
		st, err := c.Wait(wctx, s.id, 50*time.Millisecond)
		cancel()
		if err != nil {
			t.Errorf("%s %s: %v", s.c.name, s.kind, err)
			continue
		}
		t.Logf("%-26s %-15s %s retried %d: %v", s.c.name, s.kind, st.State, st.Retried, errMsg(st))
		switch {
		case st.State == jobs.StateCompleted && s.c.mayPass && st.Result != nil && st.Result.Error == nil:
		case st.State != jobs.StateFailed:
			t.Errorf("%s %s: state %s, want failed", s.c.name, s.kind, st.State)
		case st.Result == nil || st.Result.Error == nil || st.Result.Error.Message == "":
			t.Errorf("%s %s: failed without an error in its result: %+v", s.c.name, s.kind, st)
		case st.Result.Error.Kind == "internal" || st.Result.Error.Kind == "failed":
			t.Errorf("%s %s: not a typed input error: %+v", s.c.name, s.kind, st.Result.Error)
		case st.Retried != 0:
			t.Errorf("%s %s: retried %d times; input errors must not be retried", s.c.name, s.kind, st.Retried)
		}
	}
}

// serveInProcess starts an in-process worker with concurrency slots on
// conn and returns a client of the same Redis; both stop when t ends.
func serveInProcess(t *testing.T, conn asynq.RedisConnOpt, concurrency int) *jobs.Client {
	t.Helper()
	w, err := worker.New(conn, worker.Concurrency(concurrency), worker.Logger(quiet))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Shutdown)
	c := jobs.NewClient(conn)
	t.Cleanup(func() { c.Close() })
	return c
}

func errMsg(st *jobs.Status) string {
	if st.Result != nil && st.Result.Error != nil {
		return st.Result.Error.Kind + ": " + st.Result.Error.Message
	}
	return "-"
}

// TestHostileDocumentsInOneGroup puts every hostile input in one fill_group
// job, followed by a good document: each hostile entry must fail on its own
// with a typed error, and the good document after them must still be
// filled. One bad document in a bulk group spoils nothing else.
func TestHostileDocumentsInOneGroup(t *testing.T) {
	conn := redistest.Conn(t, 7)
	c := serveInProcess(t, conn, 1)
	ctx := context.Background()

	var cases []hostileCase
	var group []jobs.Payload
	answers := []formats.Answer{{PairID: "q1", AnswerText: "x"}}
	for _, hc := range hostileCases() {
		if hc.large && testing.Short() {
			continue
		}
		docID, err := c.PutBlob(ctx, hc.build(t))
		if err != nil {
			t.Fatalf("%s: put blob: %v", hc.name, err)
		}
		cases = append(cases, hc)
		group = append(group, jobs.Payload{Kind: jobs.KindFill, DocID: docID, FileType: hc.ft, Answers: answers})
	}
	good, err := fixtures.Build(fixtures.WordTwoColumn)
	if err != nil {
		t.Fatal(err)
	}
	goodID, err := c.PutBlob(ctx, good)
	if err != nil {
		t.Fatal(err)
	}
	group = append(group, jobs.Payload{Kind: jobs.KindFill, DocID: goodID, FileType: formats.Word,
		Answers: []formats.Answer{{PairID: "T1-R2-C2", AnswerText: "After the hostile ones"}}})

	id, err := c.Submit(ctx, jobs.Payload{Kind: jobs.KindFillGroup, Group: group}, jobs.Queue(jobs.QueueBulk))
	if err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	st, err := c.Wait(wctx, id, 50*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if st.State != jobs.StateCompleted || st.Retried != 0 || st.Result == nil || len(st.Result.Group) != len(group) {
		t.Fatalf("group of %d: %+v", len(group), st)
	}
	for i, hc := range cases {
		r := st.Result.Group[i]
		switch {
		case r.Error == nil && hc.mayPass:
		case r.Error == nil:
			t.Errorf("%s: filled, want a typed error", hc.name)
		case r.Error.Kind == "internal" || r.Error.Message == "":
			t.Errorf("%s: not a typed input error: %+v", hc.name, r.Error)
		case hc.want != "" && !strings.Contains(strings.ToLower(r.Error.Message), hc.want):
			t.Errorf("%s: error does not say %q: %s", hc.name, hc.want, r.Error.Message)
		}
	}
	if last := st.Result.Group[len(group)-1]; last.Error != nil || last.OutputDocID == "" || last.Report == nil || !last.Report.OK() {
		t.Fatalf("the good document after the hostile ones: %+v", last)
	}
}
