package worker

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/jobstest"
	"github.com/formfill/formfill/internal/redistest"
	"github.com/formfill/formfill/jobs"
	"github.com/hibiken/asynq"
)

const testDB = 10

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// setup gives a test a client and a running worker on an empty Redis db.
func setup(t *testing.T, opts ...Option) (*jobs.Client, asynq.RedisConnOpt) {
	t.Helper()
	conn := redistest.Conn(t, testDB)
	c := jobs.NewClient(conn, jobs.WithTimeout(30*time.Second))
	t.Cleanup(func() { c.Close() })
	if opts != nil {
		startWorker(t, conn, opts...)
	}
	return c, conn
}

// backendOf is a jobs backend on conn, closed when t ends: the worker's
// view of the queue, for tests that plant what a worker leaves behind.
func backendOf(t *testing.T, conn asynq.RedisConnOpt) *jobs.Backend {
	t.Helper()
	b := jobs.NewBackend(conn)
	t.Cleanup(func() { b.Close() })
	return b
}

func startWorker(t *testing.T, conn asynq.RedisConnOpt, opts ...Option) *Worker {
	t.Helper()
	w, err := New(conn, append([]Option{Logger(quiet), ShutdownTimeout(2 * time.Second)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Shutdown)
	return w
}

// withExecute replaces the engine call of one worker.
func withExecute(fn executeFunc) Option { return func(w *Worker) { w.execute = fn } }

func fixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := fixtures.Build(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func runJob(t *testing.T, c *jobs.Client, p jobs.Payload, opts ...jobs.Option) *jobs.Status {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	id, err := c.Submit(ctx, p, opts...)
	if err != nil {
		t.Fatal(err)
	}
	st, err := jobstest.Settled(ctx, c, id, 20*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func TestWriteThenExtractThroughTheQueue(t *testing.T) {
	c, conn := setup(t, Concurrency(2))
	ctx := context.Background()
	docID, err := c.PutBlob(ctx, fixture(t, fixtures.WordTwoColumn))
	if err != nil {
		t.Fatal(err)
	}
	st := runJob(t, c, jobs.Payload{Kind: jobs.KindListFields, DocID: docID, FileType: formats.Word})
	if st.State != jobs.StateCompleted || len(st.Result.Fields) == 0 {
		t.Fatalf("list_fields: %+v", st)
	}
	target := st.Result.Fields[0].FieldID
	answer := "Acme answers through the queue 42"
	st = runJob(t, c, jobs.Payload{Kind: jobs.KindFill, DocID: docID, FileType: formats.Word,
		Answers: []formats.Answer{{PairID: target, AnswerText: answer}}})
	if st.State != jobs.StateCompleted || st.Result.OutputDocID == "" || st.Result.Report == nil {
		t.Fatalf("fill: %+v", st)
	}
	if st.Result.Report.Summary.Matched != 1 {
		t.Fatalf("fill report: %+v", st.Result.Report.Summary)
	}
	// The output travels with the result in one round trip; it must still
	// expire like any blob, or Redis fills up with outputs.
	if ttl := backendOf(t, conn).Redis().TTL(ctx, "formfill:blob:"+st.Result.OutputDocID).Val(); ttl <= 0 || ttl > jobs.DefaultBlobTTL {
		t.Fatalf("output blob TTL = %v, want within (0, %v]", ttl, jobs.DefaultBlobTTL)
	}
	st = runJob(t, c, jobs.Payload{Kind: jobs.KindExtractText, DocID: st.Result.OutputDocID, FileType: formats.Word})
	if st.State != jobs.StateCompleted || !strings.Contains(st.Result.Text, answer) {
		t.Fatalf("extract_text of the filled document lacks the answer: %+v", st)
	}
}

// TestEveryOperationCompletes runs a job of every operation in the table on
// a real worker: an operation without a case here, or whose kind the
// worker does not serve, fails the test.
func TestEveryOperationCompletes(t *testing.T) {
	c, _ := setup(t, Concurrency(4))
	ctx := context.Background()
	docID, err := c.PutBlob(ctx, fixture(t, fixtures.WordTwoColumn))
	if err != nil {
		t.Fatal(err)
	}
	yes := []formats.Answer{{PairID: "T1-R2-C2", AnswerText: "Yes"}}
	cases := map[jobs.Kind]struct {
		p     jobs.Payload
		check func(*jobs.Result) bool
	}{
		jobs.KindExtractCompact: {jobs.Payload{}, func(r *jobs.Result) bool { return r.Compact != nil && strings.Contains(r.Compact.CompactText, "T1-R") }},
		jobs.KindExtractRaw:     {jobs.Payload{}, func(r *jobs.Result) bool { return r.Raw != nil && strings.Contains(r.Raw.BodyXML, "w:tbl") }},
		jobs.KindExtractText:    {jobs.Payload{}, func(r *jobs.Result) bool { return r.Text != "" }},
		jobs.KindValidate: {jobs.Payload{Validate: &jobs.ValidateArgs{Locations: []formats.Location{{PairID: "T1-R2-C2"}}}}, func(r *jobs.Result) bool {
			return len(r.Validated) == 1 && r.Validated[0].Status == formats.LocationMatched
		}},
		jobs.KindBuildInsertion: {jobs.Payload{Insertion: &formats.BuildInsertionRequest{AnswerText: "Yes", TargetContextXML: `<w:r xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:rPr><w:b/></w:rPr><w:t>Q</w:t></w:r>`, AnswerType: formats.PlainText}}, func(r *jobs.Result) bool {
			return r.Insertion != nil && r.Insertion.Valid && strings.Contains(r.Insertion.InsertionXML, "Yes")
		}},
		jobs.KindWrite: {jobs.Payload{Answers: yes}, func(r *jobs.Result) bool { return r.OutputDocID != "" && r.Write != nil }},
		jobs.KindVerify: {jobs.Payload{Verify: &jobs.VerifyArgs{Expected: []formats.ExpectedAnswer{{PairID: "T1-R2-C2", ExpectedText: "Yes"}}}}, func(r *jobs.Result) bool {
			return r.Report != nil && r.Report.Summary.Missing == 1
		}},
		jobs.KindListFields: {jobs.Payload{}, func(r *jobs.Result) bool { return len(r.Fields) > 0 }},
		jobs.KindSearch: {jobs.Payload{Search: &jobs.SearchArgs{Pattern: "name"}}, func(r *jobs.Result) bool {
			return r.Search != nil && r.Search.Total > 0 && strings.HasPrefix(r.Search.Matches[0].ID, "T1-R")
		}},
		jobs.KindReadDocument: {jobs.Payload{Page: formats.Page{Limit: 2}}, func(r *jobs.Result) bool {
			return r.View != nil && r.View.Total > 2 && r.View.NextOffset == 2 && strings.Count(r.View.TOON, "\n") == 3
		}},
		jobs.KindFill: {jobs.Payload{Answers: yes}, func(r *jobs.Result) bool {
			return r.OutputDocID != "" && r.Report != nil && r.Report.OK() && r.Report.Summary.Matched == 1
		}},
		jobs.KindHarvest: {jobs.Payload{}, func(r *jobs.Result) bool { return r.Harvest != nil && len(r.Harvest.Unanswered) > 0 }},
		jobs.KindCarryOver: {jobs.Payload{CarryOver: &jobs.CarryOverArgs{PreviousDocID: docID}}, func(r *jobs.Result) bool {
			return r.CarryOver != nil && r.CarryOver.Summary.Targets > 0 && r.CarryOver.Summary.Unmatched == r.CarryOver.Summary.Targets
		}},
		jobs.KindFillGroup: {jobs.Payload{Group: []jobs.Payload{
			{Kind: jobs.KindFill, DocID: docID, FileType: formats.Word, Answers: yes},
			{Kind: jobs.KindFill, DocID: docID, FileType: formats.Word, Answers: []formats.Answer{{PairID: "T1-R2-C2", AnswerText: "No"}}},
		}}, func(r *jobs.Result) bool {
			return len(r.Group) == 2 && r.Group[0].OutputDocID != "" && r.Group[1].OutputDocID != r.Group[0].OutputDocID &&
				r.Group[1].Report != nil && r.Group[1].Report.OK()
		}},
	}
	for _, op := range jobs.Operations {
		t.Run(string(op.Kind), func(t *testing.T) {
			tc, ok := cases[op.Kind]
			if !ok {
				t.Fatalf("operation %s has no case in this test: add one", op.Kind)
			}
			p := tc.p
			p.Kind, p.FileType = op.Kind, formats.Word
			if op.Document {
				p.DocID = docID
			}
			st := runJob(t, c, p)
			if st.State != jobs.StateCompleted || !tc.check(st.Result) {
				t.Fatalf("status %s, result %+v (last error %q)", st.State, st.Result, st.LastError)
			}
		})
	}
}

func TestBadInputFailsOnceNamingTheProblem(t *testing.T) {
	c, _ := setup(t, Concurrency(2))
	ctx := context.Background()
	corrupt, _ := c.PutBlob(ctx, []byte("PK\x03\x04 not really a zip"))
	good, _ := c.PutBlob(ctx, fixture(t, fixtures.WordTwoColumn))
	tests := []struct {
		name       string
		p          jobs.Payload
		kind       jobs.ErrorKind
		msgContain string
	}{
		{"corrupt document", jobs.Payload{Kind: jobs.KindExtractCompact, DocID: corrupt, FileType: formats.Word}, "invalid_document", "zip"},
		{"unknown element ID", jobs.Payload{Kind: jobs.KindWrite, DocID: good, FileType: formats.Word, Answers: []formats.Answer{{PairID: "T99-R1-C1", AnswerText: "x"}}}, "invalid_argument", "T99-R1-C1"},
		{"expired document", jobs.Payload{Kind: jobs.KindExtractText, DocID: strings.Repeat("ab", 32), FileType: formats.Word}, "document_not_found", "doc_id"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := runJob(t, c, tt.p)
			if st.State != jobs.StateFailed || st.Retried != 0 {
				t.Fatalf("state %s after %d retries; want failed without retry", st.State, st.Retried)
			}
			e := st.Result.Error
			if e == nil || e.Kind != tt.kind || !strings.Contains(e.Message, tt.msgContain) {
				t.Fatalf("result error %+v; want kind %s mentioning %q", e, tt.kind, tt.msgContain)
			}
		})
	}
}

func TestPanicFailsTheJobAndTheWorkerGoesOn(t *testing.T) {
	fake := executeFunc(func(ctx context.Context, p jobs.Payload, doc []byte) (*jobs.Result, []byte, error) {
		if p.Kind == jobs.KindExtractText {
			var m map[string]int
			m["nil map write"]++ // a genuine runtime panic, not recovered here
		}
		return Execute(ctx, p, doc)
	})
	c, _ := setup(t, Concurrency(1), withExecute(fake))
	docID, _ := c.PutBlob(context.Background(), fixture(t, fixtures.WordTwoColumn))
	st := runJob(t, c, jobs.Payload{Kind: jobs.KindExtractText, DocID: docID, FileType: formats.Word})
	if st.State != jobs.StateFailed || st.Result.Error == nil || !strings.Contains(st.Result.Error.Message, "nil map") || st.Retried != 0 {
		t.Fatalf("panicking job: %+v %+v", st, st.Result)
	}
	st = runJob(t, c, jobs.Payload{Kind: jobs.KindListFields, DocID: docID, FileType: formats.Word})
	if st.State != jobs.StateCompleted {
		t.Fatalf("worker did not go on after a panic: %+v", st)
	}
}

func TestExecuteRefusesUnknownFileType(t *testing.T) {
	_, _, err := Execute(context.Background(), jobs.Payload{Kind: jobs.KindExtractText, FileType: "nonsense"}, nil)
	if !formats.IsInputError(err) {
		t.Fatalf("unknown file type: err = %v, want an input error", err)
	}
}

func TestInteractiveRunsAheadOfBulk(t *testing.T) {
	var mu sync.Mutex
	var order []jobs.Kind
	fake := executeFunc(func(ctx context.Context, p jobs.Payload, doc []byte) (*jobs.Result, []byte, error) {
		mu.Lock()
		order = append(order, p.Kind)
		mu.Unlock()
		time.Sleep(20 * time.Millisecond)
		return &jobs.Result{Kind: p.Kind}, nil, nil
	})
	c, conn := setup(t)
	ctx := context.Background()
	docID, _ := c.PutBlob(ctx, []byte("x"))
	for range 30 {
		if _, err := c.Submit(ctx, jobs.Payload{Kind: jobs.KindExtractText, DocID: docID, FileType: formats.Word}, jobs.Queue(jobs.QueueBulk)); err != nil {
			t.Fatal(err)
		}
	}
	id, _ := c.Submit(ctx, jobs.Payload{Kind: jobs.KindListFields, DocID: docID, FileType: formats.Word}, jobs.Queue(jobs.QueueInteractive))
	startWorker(t, conn, Concurrency(1), withExecute(fake))
	wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if _, err := jobstest.Settled(wctx, c, id, 10*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	pos := -1
	for i, k := range order {
		if k == jobs.KindListFields {
			pos = i
		}
	}
	if pos != 0 {
		t.Fatalf("the interactive job ran at position %d of %d, behind bulk work", pos, len(order))
	}
}

func TestNewRefusesBadConfig(t *testing.T) {
	for _, opts := range [][]Option{{Concurrency(0)}, {Queues("urgent")}, {Queues()}} {
		if _, err := New(asynq.RedisClientOpt{Addr: "127.0.0.1:1"}, opts...); !errors.Is(err, jobs.ErrInvalidConfig) {
			t.Errorf("New(%v) err = %v, want ErrInvalidConfig", opts, err)
		}
	}
}

// A verify job given source_doc_id fetches the source too and reports what
// the write lost; an unknown source is the caller's error, naming the field.
func TestVerifyJobComparesWithItsSource(t *testing.T) {
	c, _ := setup(t, Concurrency(2))
	ctx := context.Background()
	src := fixture(t, fixtures.WordLegacyFields)
	srcID, _ := c.PutBlob(ctx, src)
	w := runJob(t, c, jobs.Payload{Kind: jobs.KindWrite, DocID: srcID, FileType: formats.Word,
		Answers: []formats.Answer{{PairID: "P3", Mode: formats.Delete, Force: true}}})
	if w.State != jobs.StateCompleted {
		t.Fatalf("forced delete: %+v", w)
	}
	expected := []formats.ExpectedAnswer{{PairID: "P1", ExpectedText: "Legacy Form"}}
	st := runJob(t, c, jobs.Payload{Kind: jobs.KindVerify, DocID: w.Result.OutputDocID, FileType: formats.Word, Verify: &jobs.VerifyArgs{SourceDocID: srcID, Expected: expected}})
	if st.State != jobs.StateCompleted || st.Result.Report.Summary.StructuralIssues == 0 {
		t.Fatalf("verify against the source: %+v", st.Result)
	}
	st = runJob(t, c, jobs.Payload{Kind: jobs.KindVerify, DocID: w.Result.OutputDocID, FileType: formats.Word, Verify: &jobs.VerifyArgs{SourceDocID: strings.Repeat("ab", 32), Expected: expected}})
	if st.State != jobs.StateFailed || st.Result.Error.Kind != jobs.ErrorInvalidArgument || st.Result.Error.Field != "source_doc_id" {
		t.Fatalf("verify with an unknown source: %+v", st.Result.Error)
	}
}
