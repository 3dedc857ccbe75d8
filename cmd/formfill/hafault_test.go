package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/formfill/formfill/internal/batch"
	"github.com/formfill/formfill/internal/queue"
	"github.com/formfill/formfill/internal/redisha"
	"github.com/formfill/formfill/internal/syncbuf"
	"github.com/formfill/formfill/jobs"
)

// haSlot is the cmd package's port slot of internal/redisha.
const haSlot = 1

// haFills is how many documents TestBatchRidesThroughSentinelFailover
// fills: the 200, fewer with FORMFILL_HA_FILLS on a slow machine.
func haFills() int {
	if n, err := strconv.Atoi(os.Getenv("FORMFILL_HA_FILLS")); err == nil && n > 0 {
		return n
	}
	return 200
}

// TestBatchRidesThroughSentinelFailover runs formfill batch and a formfill
// worker against a Sentinel-watched master and fails the master over to
// its replica (SENTINEL FAILOVER) once a quarter of the documents are
// done. Neither process is touched: they follow the sentinels to the new
// master. Every document must end done exactly once, with its own verified
// output, and the outage is reported: as a probe writing every 25 ms saw
// it, and as the batch rode through it.
func TestBatchRidesThroughSentinelFailover(t *testing.T) {
	s := redisha.StartSentinel(t, haSlot)
	batchThroughFault(t, "failover", s.URL(0), s.Failover, func() string { return s.Sentinels[0].Log() })
}

// TestBatchRidesThroughClusterMasterKill is the Sentinel test's fault on a
// Redis Cluster of three masters with a replica each: once a quarter of
// the documents are done, the master serving the bulk queue's hash slot is
// killed (SIGKILL) and its replica takes the slots over. No job may be
// lost: what the killed master acknowledged but never replicated, the
// batch submits again (internal/batch's lostInFailover), and every
// document ends done once with its own output.
func TestBatchRidesThroughClusterMasterKill(t *testing.T) {
	cl := redisha.StartClusterWithReplicas(t, haSlot)
	kill := func(ctx context.Context) (string, string, error) {
		return cl.KillMasterOf(ctx, queue.TaskKey(jobs.QueueBulk, "any"))
	}
	batchThroughFault(t, "master killed", cl.URL(), kill, func() string { return cl.Replicas[0].Log() })
}

// batchThroughFault runs formfill batch of haFills documents and a worker
// on the Redis at url, makes fault once a quarter are done, and checks
// every document ends done once, logging the outage a probe saw and the
// longest wait of the batch. serverLog is shown if the fault fails.
func batchThroughFault(t *testing.T, name, url string, fault func(context.Context) (from, to string, err error), serverLog func() string) {
	env := []string{"FORMFILL_REDIS_URL=" + url}
	w := startWorker(t, env, "--concurrency", "4")
	n := haFills()
	dir := t.TempDir()
	manifest := writeManifest(t, dir, n)
	out := filepath.Join(dir, "out")

	cmd := exec.Command(bin, "batch", "--json", manifest, "--out-dir", out, "--concurrency", "8", "--group", "1", "--quiet")
	cmd.Env = append(cleanEnv(), env...)
	var stdout bytes.Buffer
	var stderr syncbuf.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitDone(t, filepath.Join(out, batch.StateFileName), n/4)
	quarter := time.Since(start)
	probe := startProbe(t, url)
	fctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	from, to, err := fault(fctx)
	cancel()
	if err != nil {
		t.Fatalf("%s: %v\n%s", name, err, serverLog())
	}
	outage := probe.stop()
	faulted := time.Since(start)
	err = cmd.Wait()

	var sum batchSummary
	if jerr := json.Unmarshal(stdout.Bytes(), &sum); jerr != nil || err != nil {
		t.Fatalf("batch: %v, %v\nstdout %s\nstderr %s\nworker %s", err, jerr, stdout.String(), stderr.String(), w.log.String())
	}
	checkOnceEach(t, sum, n)
	runs := jobsFinished(w.log.String())
	repeated := 0
	for _, d := range sum.Documents {
		repeated += max(runs[d.JobID]-1, 0)
	}
	t.Logf("a quarter done after %v, %s after %v", quarter.Round(100*time.Millisecond), name, faulted.Round(100*time.Millisecond))
	t.Logf("%s %s → %s during a batch of %d fills: all done once in %v; writes refused for %.2f s (probe), the batch waited up to %.2f s; %d jobs ran twice (at least once)",
		name, from, to, n, time.Since(start).Round(100*time.Millisecond), outage.Seconds(), float64(sum.FailoverWaitMS)/1000, repeated)
}

// waitDone waits until the batch's state file records k documents.
func waitDone(t *testing.T, state string, k int) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		if data, _ := os.ReadFile(state); bytes.Count(data, []byte("\n")) >= k {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the batch did not record %d documents within 2 minutes", k)
}

// checkOnceEach checks that the summary lists each of the n documents once,
// done, with its own output file, and that the output directory holds
// nothing else but the state file.
func checkOnceEach(t *testing.T, sum batchSummary, n int) {
	t.Helper()
	if sum.Total != n || sum.Done != n || sum.Failed != 0 || sum.Unfinished != 0 || len(sum.Documents) != n {
		t.Fatalf("batch after failover: %d total, %d done, %d failed, %d unfinished; want %d done\nfailures: %+v",
			sum.Total, sum.Done, sum.Failed, sum.Unfinished, n, sum.Failures)
	}
	outputs := map[string]bool{}
	for i, d := range sum.Documents {
		if d.N != i+1 && d.N != i {
			t.Errorf("document %d listed as number %d", i, d.N)
		}
		if outputs[d.Output] {
			t.Errorf("output %s listed twice", d.Output)
		}
		outputs[d.Output] = true
		if st, err := os.Stat(d.Output); err != nil || st.Size() == 0 {
			t.Errorf("output of %s: %v", d.File, err)
		}
	}
	if len(outputs) == 0 {
		return
	}
	var dir string
	for o := range outputs {
		dir = filepath.Dir(o)
		break
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != n+1 {
		t.Errorf("output directory holds %d entries, want %d outputs and the state file", len(entries), n)
	}
}

// probe writes to Redis every 25 ms through the sentinels, without riding
// through failovers, to see how long writes are refused.
type probe struct {
	cancel context.CancelFunc
	done   chan struct{}
	mu     sync.Mutex
	outage time.Duration
}

func startProbe(t *testing.T, url string) *probe {
	conn, err := jobs.ParseRedisURL(url)
	if err != nil {
		t.Fatal(err)
	}
	c := jobs.NewClient(conn, jobs.WithFailoverWait(0))
	ctx, cancel := context.WithCancel(context.Background())
	p := &probe{cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(p.done)
		defer c.Close()
		var down time.Time
		for ctx.Err() == nil {
			wctx, wcancel := context.WithTimeout(ctx, time.Second)
			_, err := c.PutBlob(wctx, []byte("probe"))
			wcancel()
			switch {
			case err != nil && down.IsZero():
				down = time.Now()
			case err == nil && !down.IsZero():
				p.mu.Lock()
				p.outage += time.Since(down)
				p.mu.Unlock()
				down = time.Time{}
			}
			time.Sleep(25 * time.Millisecond)
		}
	}()
	return p
}

// stop waits a moment for writes to come back, then ends the probe and
// returns how long writes were refused.
func (p *probe) stop() time.Duration {
	time.Sleep(500 * time.Millisecond)
	p.cancel()
	<-p.done
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.outage
}
