package bench

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/hibiken/asynq"
)

// fakeWorker writes an executable shell script standing in for the formfill
// binary: the process-handling code only needs something to start, signal
// and measure.
func fakeWorker(t *testing.T, body string) string {
	t.Helper()
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("/bin/sh: not installed")
	}
	p := filepath.Join(t.TempDir(), "formfill")
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

func inspector(t *testing.T) *asynq.Inspector {
	t.Helper()
	m := miniredis.RunT(t)
	insp := asynq.NewInspector(asynq.RedisClientOpt{Addr: m.Addr()})
	t.Cleanup(func() { insp.Close() })
	return insp
}

func TestWaitReadyReportsAWorkerThatExitsAtStart(t *testing.T) {
	bin := fakeWorker(t, `echo "bad flag $1 $2 $3" >&2; exit 3`)
	procs, err := startWorkers(bin, 1, 2, "redis://127.0.0.1:1/0", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer procs.stop(time.Second)
	err = procs.waitReady(context.Background(), inspector(t), 10*time.Second)
	if err == nil || !strings.Contains(err.Error(), "exited at start") || !strings.Contains(err.Error(), "bad flag worker --concurrency 2") {
		t.Fatalf("err = %v, want the exit and the worker's output", err)
	}
}

func TestWaitReadyTimesOutWhenWorkersNeverRegister(t *testing.T) {
	procs, err := startWorkers(fakeWorker(t, "exec sleep 30"), 2, 1, "redis://x", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer procs.stop(time.Second)
	start := time.Now()
	err = procs.waitReady(context.Background(), inspector(t), 300*time.Millisecond)
	if err == nil || !strings.Contains(err.Error(), "not registered") {
		t.Fatalf("err = %v, want a registration timeout", err)
	}
	if time.Since(start) > 5*time.Second {
		t.Errorf("timeout of 300ms took %s", time.Since(start))
	}
}

func TestStopTerminatesWorkersAndMeasuresThem(t *testing.T) {
	procs, err := startWorkers(fakeWorker(t, "exec sleep 30"), 2, 1, "redis://x", nil)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond) // let exec replace the shell
	rss := procs.peakRSS()
	if len(rss) != 2 || rss[0] <= 0 || rss[1] <= 0 {
		t.Errorf("peak RSS = %v, want one positive figure per process", rss)
	}
	start := time.Now()
	if err := procs.stop(5 * time.Second); err != nil {
		t.Fatalf("stop: %v", err)
	}
	if time.Since(start) > 4*time.Second {
		t.Errorf("SIGTERM did not stop sleep promptly (%s)", time.Since(start))
	}
}

func TestStopKillsWorkersThatIgnoreSIGTERM(t *testing.T) {
	// The script says when its trap is in place: a shell slow to start
	// on a loaded machine would otherwise die of the SIGTERM it should
	// ignore.
	trapped := filepath.Join(t.TempDir(), "trapped")
	procs, err := startWorkers(fakeWorker(t, `trap "" TERM; : > '`+trapped+`'; while :; do sleep 0.05; done`), 1, 1, "redis://x", nil)
	if err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if _, err := os.Stat(trapped); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the fake worker did not install its trap within 30 s")
		}
	}
	err = procs.stop(300 * time.Millisecond)
	if err == nil || !strings.Contains(err.Error(), "killed") {
		t.Fatalf("stop err = %v, want a report of the kill", err)
	}
}

func TestTailBufferKeepsTheEnd(t *testing.T) {
	b := &tailBuffer{max: 8}
	b.Write([]byte("0123456789"))
	b.Write([]byte("ab"))
	if got := b.String(); got != "456789ab" {
		t.Errorf("tail = %q, want 456789ab", got)
	}
}
