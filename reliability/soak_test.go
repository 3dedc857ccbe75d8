package reliability

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/jobs"
)

// Soak parameters. The issue asks for 10,000 jobs with a kill every minute;
// they run at ~400 jobs/s on two small workers, so a minute would see no
// kill: the victim is killed every 5 s instead. FORMFILL_SOAK_JOBS
// overrides the count.
const (
	defaultSoakJobs = 10000
	soakKillEvery   = 5 * time.Second
	soakDeadline    = 170 * time.Second
	soakMaxRSSGrow  = 100 << 20
)

func soakJobs(t *testing.T) int {
	if s := os.Getenv("FORMFILL_SOAK_JOBS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("FORMFILL_SOAK_JOBS=%q: expected a positive number", s)
		}
		return n
	}
	return defaultSoakJobs
}

// soakDoc is one document of the mix and the answer a fill writes to it.
type soakDoc struct {
	name    string
	ft      formats.FileType
	id      string
	field   string
	hostile bool
}

// TestSoakMixedJobsWithAKilledWorker runs N mixed jobs (extract, list,
// fill on Word, Excel and PDF, one in twenty on a hostile document) through
// two `formfill worker` processes; one is killed with -9 and restarted
// every soakKillEvery. Every job must be accounted for (completed, or
// failed with a reason when its document is hostile), resubmitting with the
// same idempotency keys must give the same IDs, and the worker that is
// never killed must keep a flat RSS.
func TestSoakMixedJobsWithAKilledWorker(t *testing.T) {
	if testing.Short() {
		t.Skip("soak: skipped with -short")
	}
	// Process-level and mostly waiting: runs alongside the other
	// process-level tests, after the in-process ones have measured heaps.
	t.Parallel()
	n := soakJobs(t)
	bin := formfillBinary(t)
	rs := startRedis(t, "")
	conn, err := jobs.ParseRedisURL(rs.url())
	if err != nil {
		t.Fatal(err)
	}
	c := jobs.NewClient(conn)
	defer c.Close()
	ctx := context.Background()
	docs := soakDocs(t, c)

	steady := startWorkerProc(t, bin, rs.url(), "steady", 2)
	var (
		mu      sync.Mutex
		victims = []*workerProc{startWorkerProc(t, bin, rs.url(), "victim-0", 2)}
		samples []int64
	)
	stop := make(chan struct{})
	var bg sync.WaitGroup
	bg.Add(2)
	go func() { // the killer
		defer bg.Done()
		for i := 1; ; i++ {
			select {
			case <-stop:
				return
			case <-time.After(soakKillEvery):
			}
			mu.Lock()
			victims[len(victims)-1].kill()
			victims = append(victims, startWorkerProc(t, bin, rs.url(), fmt.Sprintf("victim-%d", i), 2))
			mu.Unlock()
		}
	}()
	go func() { // the RSS sampler
		defer bg.Done()
		for {
			select {
			case <-stop:
				return
			case <-time.After(time.Second):
			}
			mu.Lock()
			samples = append(samples, steady.rss())
			mu.Unlock()
		}
	}()

	start := time.Now()
	ids := make([]string, n)
	want := make([]soakDoc, n)
	for i := range n {
		d := docs[i%len(docs)]
		kind := []jobs.Kind{jobs.KindExtractCompact, jobs.KindFill, jobs.KindListFields, jobs.KindExtractText}[i/len(docs)%4]
		p := jobs.Payload{Kind: kind, DocID: d.id, FileType: d.ft}
		if kind == jobs.KindFill {
			p.Answers = []formats.Answer{{PairID: d.field, AnswerText: "soak " + strconv.Itoa(i)}}
		}
		id, err := c.Submit(ctx, p, jobs.Queue(jobs.QueueBulk), jobs.IdempotencyKey("soak-"+strconv.Itoa(i)))
		if err != nil {
			t.Fatalf("submit %d: %v", i, err)
		}
		ids[i], want[i] = id, d
	}
	submitted := time.Since(start)
	// A client that lost its replies resubmits: the same keys give the same
	// jobs, nothing runs twice.
	for i := 0; i < n; i += 10 {
		d := want[i]
		kind := []jobs.Kind{jobs.KindExtractCompact, jobs.KindFill, jobs.KindListFields, jobs.KindExtractText}[i/len(docs)%4]
		p := jobs.Payload{Kind: kind, DocID: d.id, FileType: d.ft}
		if kind == jobs.KindFill {
			p.Answers = []formats.Answer{{PairID: d.field, AnswerText: "soak " + strconv.Itoa(i)}}
		}
		id, err := c.Submit(ctx, p, jobs.Queue(jobs.QueueBulk), jobs.IdempotencyKey("soak-"+strconv.Itoa(i)))
		if err != nil || id != ids[i] {
			t.Errorf("resubmit %d: %q, %v; want the same job %s", i, id, err, ids[i])
		}
	}

	final := waitAll(t, c, ids, soakDeadline)
	elapsed := time.Since(start)
	close(stop)
	bg.Wait()

	counts := map[jobs.State]int{}
	seen := map[string]bool{}
	for i, id := range ids {
		if seen[id] {
			t.Errorf("job ID %s given to two different submissions", id)
		}
		seen[id] = true
		st := final[id]
		if st == nil {
			counts[jobs.StateUnknown]++
			continue
		}
		counts[st.State]++
		switch {
		case want[i].hostile && (st.State != jobs.StateFailed || st.Result == nil || st.Result.Error == nil || st.Result.Error.Message == ""):
			t.Errorf("job %s on hostile %s: %s without a reason (%s)", id, want[i].name, st.State, errMsg(st))
		case !want[i].hostile && st.State != jobs.StateCompleted:
			t.Errorf("job %s on %s: %s (%s)", id, want[i].name, st.State, errMsg(st))
		}
	}
	if counts[jobs.StateUnknown] > 0 || len(final) != n {
		t.Errorf("%d of %d jobs not accounted for by the deadline", n-len(final), n)
	}

	runs := map[string]int{}
	mu.Lock()
	procs := append([]*workerProc{steady}, victims...)
	mu.Unlock()
	for _, p := range procs {
		for id, outs := range p.finished() {
			runs[id] += len(outs)
		}
	}
	twice := 0
	for _, r := range runs {
		if r > 1 {
			twice++
		}
	}
	mu.Lock()
	growth, first, last := rssGrowth(samples)
	mu.Unlock()
	t.Logf("soak: %d jobs (%d submitted in %v) through 2 workers, %d kill -9s, all final in %v (%.0f jobs/s): %v; %d jobs ran more than once (at-least-once after a kill), 0 duplicate IDs",
		n, n, submitted.Round(time.Millisecond), len(victims)-1, elapsed.Round(time.Second), float64(n)/elapsed.Seconds(), counts, twice)
	t.Logf("steady worker RSS: %s at warm-up → %s at the end (%d samples, growth %s)", mib(uint64(first)), mib(uint64(last)), len(samples), mib(uint64(max(growth, 0))))
	if growth > soakMaxRSSGrow {
		t.Errorf("steady worker RSS grew by %s (bound %s)", mib(uint64(growth)), mib(soakMaxRSSGrow))
	}
}

// soakDocs uploads the mix: a form of each type and a hostile docx.
func soakDocs(t *testing.T, c *jobs.Client) []soakDoc {
	ds := []struct {
		name    string
		ft      formats.FileType
		data    []byte
		hostile bool
	}{
		{"two_column.docx", formats.Word, fixtures.TwoColumn(), false},
		{"vendor_assessment.xlsx", formats.Excel, fixtures.ExcelVendorAssessment(), false},
		{"form.pdf", formats.PDF, fixtures.PDFForm(), false},
		{"paragraph_form.docx", formats.Word, fixtures.ParagraphForm(), false},
		{"content_controls.docx", formats.Word, fixtures.ContentControls(), false},
		{"missing document.xml", formats.Word, fixtures.MissingDocument(), true},
	}
	var out []soakDoc
	for _, d := range ds {
		id, err := c.PutBlob(context.Background(), d.data)
		if err != nil {
			t.Fatal(err)
		}
		sd := soakDoc{name: d.name, ft: d.ft, id: id, hostile: d.hostile}
		if !d.hostile {
			sd.field = textField(t, d.ft, d.data)
		}
		out = append(out, sd)
	}
	return out
}

// textField is the ID of a free-text field of doc, for fills.
func textField(t *testing.T, ft formats.FileType, doc []byte) string {
	e, err := formats.Lookup(ft)
	if err != nil {
		t.Fatal(err)
	}
	fields, err := e.ListFields(doc)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fields {
		ty := strings.ToLower(f.FieldType)
		if len(f.Options) == 0 && !f.ReadOnly && !strings.Contains(ty, "date") && !strings.Contains(ty, "number") &&
			!strings.Contains(ty, "check") && !strings.Contains(ty, "bool") {
			return f.FieldID
		}
	}
	t.Fatalf("no free-text field among %d", len(fields))
	return ""
}

// waitAll polls the jobs in batches until all are final or d passes.
func waitAll(t *testing.T, c *jobs.Client, ids []string, d time.Duration) map[string]*jobs.Status {
	final := map[string]*jobs.Status{}
	deadline := time.Now().Add(d)
	for len(final) < len(ids) && time.Now().Before(deadline) {
		var pending []string
		for _, id := range ids {
			if final[id] == nil {
				pending = append(pending, id)
			}
		}
		for i := 0; i < len(pending); i += 500 {
			sts, err := c.Jobs(context.Background(), pending[i:min(i+500, len(pending))])
			if err != nil {
				t.Logf("status poll: %v", err)
				continue
			}
			for _, st := range sts {
				if st.State.Final() {
					final[st.ID] = st
				}
			}
		}
		if len(final) < len(ids) {
			time.Sleep(time.Second)
		}
	}
	return final
}

// rssGrowth compares the median RSS of the first and last fifth of the
// samples, after a ten-sample warm-up.
func rssGrowth(s []int64) (growth, first, last int64) {
	if len(s) > 20 {
		s = s[10:]
	}
	if len(s) < 5 {
		return 0, 0, 0
	}
	k := len(s) / 5
	first, last = median(s[:k]), median(s[len(s)-k:])
	return last - first, first, last
}

func median(s []int64) int64 {
	c := append([]int64(nil), s...)
	sort.Slice(c, func(i, j int) bool { return c[i] < c[j] })
	return c[len(c)/2]
}
