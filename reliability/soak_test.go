package reliability

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/jobs"
)

// Soak parameters. The issue asks for 10,000 jobs with a kill every minute;
// they run at ~100 jobs/s on two small workers, so a minute would see one
// kill: the victim is killed every 5 s instead. FORMFILL_SOAK_JOBS and
// FORMFILL_SOAK_KILL_EVERY set a longer run (the figures in
// docs/RELIABILITY.md come from both).
const (
	defaultSoakJobs      = 10000
	defaultSoakKillEvery = 5 * time.Second
	// soakJobsPerSecond is a pessimistic rate: the deadline allows for it.
	soakJobsPerSecond = 25
	// soakMaxRSSGrow bounds the steady worker's growth: a leak of 3 KB a
	// job shows in 10,000 jobs.
	soakMaxRSSGrow = 32 << 20
	// soakMinSamples is how many RSS samples (one a second) judging the
	// memory needs; fewer means the sampler or the worker failed.
	soakMinSamples = 30
)

// soakParams reads the run's size and kill interval from the environment.
func soakParams(t *testing.T) (n int, killEvery, deadline time.Duration) {
	n, killEvery = defaultSoakJobs, defaultSoakKillEvery
	if s := os.Getenv("FORMFILL_SOAK_JOBS"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil || v < 1 {
			t.Fatalf("FORMFILL_SOAK_JOBS=%q: expected a positive number", s)
		}
		n = v
	}
	if s := os.Getenv("FORMFILL_SOAK_KILL_EVERY"); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil || d < time.Second {
			t.Fatalf("FORMFILL_SOAK_KILL_EVERY=%q: expected a duration of at least 1s, such as 60s", s)
		}
		killEvery = d
	}
	deadline = max(170*time.Second, time.Duration(n/soakJobsPerSecond)*time.Second)
	return n, killEvery, deadline
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
// every killEvery. Every job must be accounted for (completed, or
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
	n, killEvery, deadline := soakParams(t)
	rs := startRedis(t, "")
	c := rs.client(t)
	docs := soakDocs(t, c)
	rig := startSoakRig(t, formfillBinary(t), rs.url(), killEvery)

	start := time.Now()
	ids, want := submitSoak(t, c, docs, n)
	submitted := time.Since(start)
	final := waitAll(t, c, ids, deadline)
	elapsed := time.Since(start)
	rig.stop()

	counts := accountFor(t, ids, want, final)
	runs := rig.runs()
	checkSoakResults(t, c, ids, want, final, runs)
	twice := 0
	for _, r := range runs {
		if r > 1 {
			twice++
		}
	}
	t.Logf("soak: %d jobs (submitted in %v) through 2 workers, %d kill -9s every %v, all final in %v (%.0f jobs/s): %v; %d jobs ran more than once (at-least-once after a kill), 0 duplicate IDs",
		n, submitted.Round(time.Millisecond), rig.kills(), killEvery, elapsed.Round(time.Second), float64(n)/elapsed.Seconds(), counts, twice)
	checkFlatRSS(t, rig.rss())
}

// submitSoak submits the soak's n jobs, then resubmits one in ten as a
// client that lost its replies would: the same keys must give the same
// jobs, and nothing runs twice.
func submitSoak(t *testing.T, c *jobs.Client, docs []soakDoc, n int) ([]string, []soakJob) {
	ctx := context.Background()
	ids := make([]string, n)
	want := make([]soakJob, n)
	for i := range n {
		want[i] = newSoakJob(i, docs)
		id, err := c.Submit(ctx, want[i].payload(), jobs.Queue(jobs.QueueBulk), jobs.IdempotencyKey(want[i].key()))
		if err != nil {
			t.Fatalf("submit %d: %v", i, err)
		}
		ids[i] = id
	}
	for i := 0; i < n; i += 10 {
		id, err := c.Submit(ctx, want[i].payload(), jobs.Queue(jobs.QueueBulk), jobs.IdempotencyKey(want[i].key()))
		if err != nil || id != ids[i] {
			t.Errorf("resubmit %d: %q, %v; want the same job %s", i, id, err, ids[i])
		}
	}
	return ids, want
}

// accountFor checks every job ended as it should (completed, or failed
// with a reason exactly when its document is hostile) and no ID was given
// twice, and counts the final states.
func accountFor(t *testing.T, ids []string, want []soakJob, final map[string]*jobs.Status) map[jobs.State]int {
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
		case want[i].doc.hostile && (st.State != jobs.StateFailed || st.Result == nil || st.Result.Error == nil || st.Result.Error.Message == ""):
			t.Errorf("job %s on hostile %s: %s without a reason (%s)", id, want[i].doc.name, st.State, errMsg(st))
		case !want[i].doc.hostile && st.State != jobs.StateCompleted:
			t.Errorf("job %s on %s: %s (%s)", id, want[i].doc.name, st.State, errMsg(st))
		}
	}
	if counts[jobs.StateUnknown] > 0 || len(final) != len(ids) {
		t.Errorf("%d of %d jobs not accounted for by the deadline", len(ids)-len(final), len(ids))
	}
	return counts
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
