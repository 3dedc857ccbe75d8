package bench

import (
	"context"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// buildTestWorker compiles ./testworker, the stand-in for `formfill worker`.
func buildTestWorker(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "formfill")
	out, err := exec.Command("go", "build", "-o", bin, "./testworker").CombinedOutput()
	if err != nil {
		t.Fatalf("build testworker: %v\n%s", err, out)
	}
	return bin
}

func TestBenchWithWorkerProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips building and spawning worker processes")
	}
	redisURL := requireRedis(t)
	bin := buildTestWorker(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	m, _ := ParseMix(DefaultMix)
	rep, err := Run(ctx, Config{
		Jobs: 20, Mix: m, Docs: []string{"word/two_column.docx", "pdf/form.pdf"}, Workers: []int{1, 2},
		Concurrency: 1, InFlight: 8, RedisURL: redisURL, WorkerBin: bin, JobTimeout: 30 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Runs) != 2 || rep.Runs[0].Name != "1 worker" || rep.Runs[1].Name != "2 workers" {
		t.Fatalf("runs = %+v", rep.Runs)
	}
	for _, r := range rep.Runs {
		if r.Jobs != 20 || r.Failed != 0 {
			t.Fatalf("%s: %d jobs, %d failed: %v", r.Name, r.Jobs, r.Failed, r.Errors)
		}
		if len(r.PeakRSS) != r.Workers {
			t.Errorf("%s: %d RSS figures for %d workers", r.Name, len(r.PeakRSS), r.Workers)
		}
		checkRun(t, r)
	}
}

func TestBenchOnEmbeddedRedis(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips building and spawning worker processes")
	}
	bin := buildTestWorker(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	m, _ := ParseMix("fill=1,extract_compact=1")
	rep, err := Run(ctx, Config{
		Jobs: 10, Mix: m, Docs: []string{"word/two_column.docx"}, Workers: []int{1},
		Concurrency: 1, InFlight: 4, WorkerBin: bin, JobTimeout: 30 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Runs) != 1 || rep.Runs[0].Failed != 0 || rep.Runs[0].Jobs != 10 {
		t.Fatalf("runs = %+v", rep.Runs)
	}
	if rep.Redis == "" || rep.Redis[:8] != "embedded" {
		t.Errorf("report redis = %q, want it to say embedded", rep.Redis)
	}
}
