package bench

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/internal/redistest"
	"github.com/formfill/formfill/jobs"
)

// testDB is this package's database on the test Redis (each package has
// its own, so packages test in parallel).
const testDB = 15

// requireRedis empties the bench's test database and returns its URL, or
// skips when no Redis answers (fails instead under FORMFILL_REQUIRE_REDIS).
func requireRedis(t *testing.T) string {
	t.Helper()
	redistest.Conn(t, testDB)
	return redistest.URL(testDB)
}

func TestCorpusPreparesAnswersAndAFilledCopy(t *testing.T) {
	docs, skipped, err := loadCorpus(context.Background(), []string{"word/two_column.docx", "no/such.docx"})
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != 1 || len(skipped) != 1 {
		t.Fatalf("docs %d, skipped %v; want the Word fixture kept and the unknown one skipped", len(docs), skipped)
	}
	d := docs[0]
	if d.info.Answers == 0 || len(d.expected) != len(d.answers) || len(d.locations) < len(d.answers) {
		t.Errorf("answers %d, expected %d, locations %d", len(d.answers), len(d.expected), len(d.locations))
	}
	if bytes.Equal(d.filled, d.data) || len(d.filled) == 0 {
		t.Error("filled document is empty or unchanged")
	}
}

func TestBaselineRunsTheWholeMixInProcess(t *testing.T) {
	m, _ := ParseMix("fill=2,extract_compact=1,verify=1,validate=1,list_fields=1,extract_text=1")
	rep, err := Run(context.Background(), Config{Jobs: 14, Mix: m, Docs: []string{"word/two_column.docx"}, Concurrency: 2, Baseline: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Runs) != 1 {
		t.Fatalf("runs = %d, want the baseline only", len(rep.Runs))
	}
	r := rep.Runs[0]
	if r.Jobs != 14 || r.Failed != 0 {
		t.Fatalf("baseline: %d jobs, %d failed: %v", r.Jobs, r.Failed, r.Errors)
	}
	checkRun(t, r)
}

// redisBench skips with -short and returns the test Redis and a context
// bounding the bench.
func redisBench(t *testing.T) (string, context.Context) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: skips the Redis bench")
	}
	redisURL := requireRedis(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	return redisURL, ctx
}

func TestTinyBenchThroughRedis(t *testing.T) {
	redisURL, ctx := redisBench(t)
	m, _ := ParseMix(DefaultMix)
	rep, err := Run(ctx, Config{
		Jobs: 20, Mix: m, Docs: []string{"word/two_column.docx"}, Workers: []int{1}, Concurrency: 2,
		RedisURL: redisURL, InProcessWorker: true, Baseline: true, JobTimeout: 30 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Runs) != 2 || rep.Runs[1].Name != "in-process worker" {
		t.Fatalf("runs = %+v, want baseline and in-process worker", rep.Runs)
	}
	for _, r := range rep.Runs {
		if r.Jobs != 20 || r.Failed != 0 {
			t.Fatalf("%s: %d jobs, %d failed: %v", r.Name, r.Jobs, r.Failed, r.Errors)
		}
		checkRun(t, r)
	}
	// Through Redis a job costs at least the round trips the baseline
	// skips, so its median latency cannot beat the engine alone.
	if q, b := rep.Runs[1].Latency.P50, rep.Runs[0].Latency.P50; q < b {
		t.Errorf("queued p50 %s below in-process p50 %s", q, b)
	}
	// A queued job cannot cost fewer Redis commands than enqueue, dequeue,
	// blob fetch, result write, done and one status poll.
	if c := rep.Runs[1].RedisCommandsPerJob; c < 6 {
		t.Errorf("%.1f Redis commands per job: implausibly few", c)
	}
	var out bytes.Buffer
	if err := rep.WriteText(&out); err != nil || !bytes.Contains(out.Bytes(), []byte("in-process worker")) {
		t.Errorf("text report: %v\n%s", err, out.String())
	}
	t.Log("\n" + out.String())
}

func TestRepeatedRoundsAlternateAndGiveMedians(t *testing.T) {
	redisURL, ctx := redisBench(t)
	m, _ := ParseMix("fill=1")
	rep, err := Run(ctx, Config{
		Jobs: 10, Mix: m, Docs: []string{"word/two_column.docx"}, Workers: []int{1}, Concurrency: 2, Repeat: 2,
		RedisURL: redisURL, InProcessWorker: true, Baseline: true, JobTimeout: 30 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range rep.Runs {
		got = append(got, fmt.Sprintf("%s #%d", r.Name, r.Round))
	}
	want := []string{"in-process #1", "in-process worker #1", "in-process #2", "in-process worker #2"}
	if !slices.Equal(got, want) {
		t.Fatalf("runs in order %v, want %v", got, want)
	}
	if len(rep.Medians) != 2 || rep.Medians[1].Name != "in-process worker" {
		t.Fatalf("medians = %+v, want one row per configuration", rep.Medians)
	}
	q := rep.Medians[1]
	lo, hi := min(rep.Runs[1].JobsPerSec, rep.Runs[3].JobsPerSec), max(rep.Runs[1].JobsPerSec, rep.Runs[3].JobsPerSec)
	if q.JobsPerSec != (lo+hi)/2 || !slices.Equal(q.JobsPerSecRange, []float64{lo, hi}) {
		t.Errorf("median %.2f over range %v, want %.2f over [%.2f %.2f]", q.JobsPerSec, q.JobsPerSecRange, (lo+hi)/2, lo, hi)
	}
	for _, r := range []Result{rep.Runs[1], rep.Runs[3], q} {
		if r.VsInProcess == nil || r.CPUVsInProcess == nil {
			t.Errorf("%s #%d has no ratio to its round's baseline", r.Name, r.Round)
		}
	}
	if want := rep.Runs[3].JobsPerSec/rep.Runs[2].JobsPerSec - 1; !near(*rep.Runs[3].VsInProcess, want) {
		t.Errorf("round 2's ratio %.4f is not against round 2's baseline (%.4f)", *rep.Runs[3].VsInProcess, want)
	}
}

func checkRun(t *testing.T, r Result) {
	t.Helper()
	l := r.Latency
	if r.JobsPerSec <= 0 || r.Elapsed <= 0 {
		t.Errorf("%s: %.1f jobs/s over %s", r.Name, r.JobsPerSec, r.Elapsed)
	}
	if !(0 < l.P50 && l.P50 <= l.P95 && l.P95 <= l.P99 && l.P99 <= l.Max) {
		t.Errorf("%s: percentiles out of order: %+v", r.Name, l)
	}
	if r.MaxPeakRSS() <= 0 {
		t.Errorf("%s: no peak RSS", r.Name)
	}
}

func TestUnitsGroupConsecutiveFillsOnly(t *testing.T) {
	f, v := jobs.KindFill, jobs.KindVerify
	p := &plan{kinds: []jobs.Kind{f, f, f, v, f, f, f, f, f}}
	tests := []struct {
		group int
		want  [][]int
	}{
		{1, [][]int{{0}, {1}, {2}, {3}, {4}, {5}, {6}, {7}, {8}}},
		{2, [][]int{{0, 1}, {2}, {3}, {4, 5}, {6, 7}, {8}}},
		{4, [][]int{{0, 1, 2}, {3}, {4, 5, 6, 7}, {8}}},
	}
	for _, tt := range tests {
		got := p.units(tt.group)
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("units(%d) = %v, want %v", tt.group, got, tt.want)
		}
	}
}

// With --group the queued run sends fills as fill_group tasks and still
// counts, and checks, every fill on its own; a task's Redis work is then
// shared by its fills.
func TestGroupedBenchCountsEachFill(t *testing.T) {
	redisURL, ctx := redisBench(t)
	m, _ := ParseMix("fill=1")
	perFill := map[int]float64{}
	for _, group := range []int{1, 8} {
		rep, err := Run(ctx, Config{
			Jobs: 48, Mix: m, Docs: []string{"word/two_column.docx", "pdf/form.pdf"}, Workers: []int{1}, Concurrency: 2,
			RedisURL: redisURL, InProcessWorker: true, Group: group, Poll: 20 * time.Millisecond, JobTimeout: 30 * time.Second,
		})
		if err != nil {
			t.Fatal(err)
		}
		r := rep.Runs[len(rep.Runs)-1]
		if r.Jobs != 48 || r.Failed != 0 {
			t.Fatalf("group %d: %d jobs, %d failed: %v", group, r.Jobs, r.Failed, r.Errors)
		}
		perFill[group] = r.RedisCommandsPerJob
		var out bytes.Buffer
		if err := rep.WriteText(&out); err != nil || strings.Contains(out.String(), "to a task") != (group > 1) {
			t.Errorf("group %d: the text report does not say how fills were sent: %v\n%s", group, err, out.String())
		}
	}
	if perFill[8] <= 0 || perFill[8] >= perFill[1] {
		t.Errorf("Redis commands per fill: %.1f in groups of 8, %.1f alone; grouping should need fewer", perFill[8], perFill[1])
	}
	t.Logf("Redis commands per fill: %.1f alone, %.1f in groups of 8", perFill[1], perFill[8])
}
