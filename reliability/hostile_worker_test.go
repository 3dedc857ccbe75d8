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
	"github.com/formfill/formfill/internal/jobstest"
	"github.com/formfill/formfill/internal/redistest"
	"github.com/formfill/formfill/jobs"
	"github.com/formfill/formfill/worker"
	"github.com/hibiken/asynq"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// hostileWorkerSlots is the worker's concurrency for the matrix: the jobs
// are short (a refusal) and spend much of their time on Redis round trips,
// so more slots than the machine's 2 cores help: the queue drained 1.7 s
// after the last submission with 4 slots, 2.7 s with 2 (most of the ~10 s
// is building the inputs).
const hostileWorkerSlots = 4

// TestHostileDocumentsThroughAWorker sends every hostile input as a job of
// every kind that reads a document through a real worker on Redis (DB 7):
// each job must end failed, its result's error of a typed kind and naming
// the problem, with no retry; damaged-but-readable inputs may complete
// instead. A case whose builder's program is missing is skipped alone.
func TestHostileDocumentsThroughAWorker(t *testing.T) {
	conn := redistest.Conn(t, 7)
	c := serveInProcess(t, conn, hostileWorkerSlots)
	ctx := context.Background()
	start := time.Now()

	type job struct {
		kind jobs.Kind
		id   string
	}
	cases := hostileCases()
	submitted := make([][]job, len(cases))
	n := 0
	for i, hc := range cases {
		if (hc.large && testing.Short()) || hc.missing() != "" {
			continue // its subtest below says why
		}
		docID, err := c.PutBlob(ctx, hc.build(t))
		if err != nil {
			t.Fatalf("%s: put blob: %v", hc.name, err)
		}
		for _, k := range documentKinds() {
			id, err := c.Submit(ctx, hostileJob(t, k, docID, hc.ft), jobs.Queue(jobs.QueueBulk))
			if err != nil {
				t.Fatalf("%s: submit %s: %v", hc.name, k, err)
			}
			submitted[i] = append(submitted[i], job{k, id})
			n++
		}
	}
	t.Logf("%d jobs built and submitted in %v", n, time.Since(start).Round(time.Millisecond))
	// One deadline for the whole matrix: a stuck worker fails the test in
	// minutes, not one minute per job.
	wctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	for i, hc := range cases {
		t.Run(hc.name, func(t *testing.T) {
			if hc.large && testing.Short() {
				t.Skip("large hostile input: skipped with -short")
			}
			hc.require(t)
			for _, j := range submitted[i] {
				st, err := jobstest.Settled(wctx, c, j.id, 20*time.Millisecond)
				if err != nil {
					t.Fatalf("%s %s job %s: %v", hc.name, j.kind, j.id, err)
				}
				t.Logf("%-15s %s retried %d: %v", j.kind, st.State, st.Retried, errMsg(st))
				checkJob(t, hc, string(j.kind)+" job", st)
			}
		})
	}
	t.Logf("%d jobs (%d kinds) on %d inputs, %d slots: all final after %v", n, len(documentKinds()), len(cases),
		hostileWorkerSlots, time.Since(start).Round(time.Millisecond))
}

// documentKinds lists the job kinds a user submits on a document of their
// own: every tool but build_insertion (fill_group has its own test below).
func documentKinds() []jobs.Kind {
	var ks []jobs.Kind
	for _, k := range jobs.Kinds {
		if k.NeedsDocument() {
			ks = append(ks, k)
		}
	}
	return ks
}

// hostileJob is a job of kind k on docID with the probe arguments the
// in-process tools use, so each kind gets as far as its document.
func hostileJob(t *testing.T, k jobs.Kind, docID string, ft formats.FileType) jobs.Payload {
	p := jobs.Payload{Kind: k, DocID: docID, FileType: ft}
	switch k {
	case jobs.KindExtractCompact, jobs.KindExtractRaw, jobs.KindExtractText, jobs.KindListFields, jobs.KindReadDocument, jobs.KindHarvest:
	case jobs.KindCarryOver:
		p.CarryOver = &jobs.CarryOverArgs{PreviousDocID: docID} // the hostile document on both sides
	case jobs.KindSearch:
		p.Search = &jobs.SearchArgs{Pattern: "name"}
	case jobs.KindValidate:
		p.Validate = &jobs.ValidateArgs{Locations: probeLocations}
	case jobs.KindWrite, jobs.KindFill:
		p.Answers = probeAnswers
	case jobs.KindVerify:
		p.Verify = &jobs.VerifyArgs{Expected: probeExpected}
	default:
		t.Fatalf("job kind %s reads a document but hostileJob has no arguments for it: add them", k)
	}
	return p
}

// jobErrorKinds are the kinds a job's result names for each kind of input
// error (jobs.ErrorOf).
var jobErrorKinds = map[error]jobs.ErrorKind{
	formats.ErrInvalidDocument: jobs.ErrorInvalidDocument,
	formats.ErrTooLarge:        jobs.ErrorTooLarge,
	formats.ErrUnsupported:     jobs.ErrorUnsupported,
	formats.ErrInvalidArgument: jobs.ErrorInvalidArgument,
}

// checkJob checks the final status of one job on hostile case hc.
func checkJob(t *testing.T, hc hostileCase, what string, st *jobs.Status) {
	t.Helper()
	if st.Retried != 0 {
		t.Errorf("%s %s: retried %d times; input errors must not be retried", hc.name, what, st.Retried)
	}
	switch {
	case st.State == jobs.StateCompleted && hc.mayPass:
	case st.State == jobs.StateCompleted:
		t.Errorf("%s %s: completed on a hostile input, want failed", hc.name, what)
	case st.State != jobs.StateFailed:
		t.Errorf("%s %s: state %s, want failed", hc.name, what, st.State)
	default:
		checkJobError(t, hc, what, st.Result)
	}
}

// checkJobError checks the error a failed job (or fill_group entry) on hc
// left in its result: one of the typed kinds, never internal (a panic) or
// a bare failure, the case's kind if it has one, naming its want word.
func checkJobError(t *testing.T, hc hostileCase, what string, r *jobs.Result) {
	t.Helper()
	typed := false
	if r != nil && r.Error != nil {
		for _, k := range jobErrorKinds {
			typed = typed || r.Error.Kind == k
		}
	}
	switch {
	case r == nil || r.Error == nil || r.Error.Message == "":
		t.Errorf("%s %s: failed without an error in its result: %+v", hc.name, what, r)
	case !typed:
		t.Errorf("%s %s: error kind %q is not a typed input error: %s", hc.name, what, r.Error.Kind, r.Error.Message)
	case hc.kind != nil && r.Error.Kind != jobErrorKinds[hc.kind]:
		t.Errorf("%s %s: error kind %q, want %q: %s", hc.name, what, r.Error.Kind, jobErrorKinds[hc.kind], r.Error.Message)
	case hc.want != "" && !strings.Contains(strings.ToLower(r.Error.Message), hc.want):
		t.Errorf("%s %s: error does not say %q: %s", hc.name, what, hc.want, r.Error.Message)
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
		return string(st.Result.Error.Kind) + ": " + st.Result.Error.Message
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

	cases := hostileCases()
	entry := make([]int, len(cases)) // index of each case's payload in the group, -1 if left out
	var group []jobs.Payload
	for i, hc := range cases {
		entry[i] = -1
		if (hc.large && testing.Short()) || hc.missing() != "" {
			continue // its subtest below says why
		}
		docID, err := c.PutBlob(ctx, hc.build(t))
		if err != nil {
			t.Fatalf("%s: put blob: %v", hc.name, err)
		}
		entry[i] = len(group)
		group = append(group, hostileJob(t, jobs.KindFill, docID, hc.ft))
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
	st, err := jobstest.Settled(wctx, c, id, 50*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if st.State != jobs.StateCompleted || st.Retried != 0 || st.Result == nil || len(st.Result.Group) != len(group) {
		t.Fatalf("group of %d: %+v", len(group), st)
	}
	for i, hc := range cases {
		t.Run(hc.name, func(t *testing.T) {
			if hc.large && testing.Short() {
				t.Skip("large hostile input: skipped with -short")
			}
			hc.require(t)
			r := st.Result.Group[entry[i]]
			t.Logf("%v", errMsg(&jobs.Status{Result: r}))
			switch {
			case r.Error == nil && hc.mayPass:
			case r.Error == nil:
				t.Errorf("%s: filled, want a typed error", hc.name)
			default:
				checkJobError(t, hc, "fill in a group", r)
			}
		})
	}
	if last := st.Result.Group[len(group)-1]; last.Error != nil || last.OutputDocID == "" || last.Report == nil || !last.Report.OK() {
		t.Fatalf("the good document after the hostile ones: %+v", last)
	}
}
