package bench

import (
	"os"
	"syscall"
	"testing"
	"time"
)

func TestParseStatCPU(t *testing.T) {
	tests := []struct {
		name    string
		stat    string
		want    time.Duration
		wantErr bool
	}{
		{"plain", "1234 (formfill) S 1 1234 1234 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 9 0 100 0 0", 3 * time.Second, false},
		{"name with spaces and parentheses", "7 (a) b (c)) R 1 7 7 0 -1 0 0 0 0 0 7 3 0 0 20 0 1 0 1 0 0", 100 * time.Millisecond, false},
		{"no command name", "1234 formfill S 1", 0, true},
		{"too short", "1234 (formfill) S 1 2 3", 0, true},
		{"negative ticks", "1 (x) S 1 1 1 0 -1 0 0 0 0 0 -5 0 0 0 20 0 1 0 1 0 0", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseStatCPU(tt.stat)
			if (err != nil) != tt.wantErr || got != tt.want {
				t.Fatalf("parseStatCPU = %v, %v; want %v, error %v", got, err, tt.want, tt.wantErr)
			}
		})
	}
}

func TestProcessCPUOfThisProcessGrowsWithWork(t *testing.T) {
	before, err := ProcessCPU(os.Getpid())
	if err != nil {
		t.Skipf("no /proc/<pid>/stat here (not Linux?): %v", err)
	}
	// Spin until /proc says the process has used 200 ms more (however long
	// a loaded machine makes that take), and check that getrusage, which
	// counts the same CPU another way, agrees to within a few clock ticks.
	var ru0, ru1 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	deadline := time.Now().Add(time.Minute)
	after, x := before, 0
	for after-before < 200*time.Millisecond && time.Now().Before(deadline) {
		for range 1_000_000 {
			x++
		}
		if after, err = ProcessCPU(os.Getpid()); err != nil {
			t.Fatal(err)
		}
	}
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
	grew := after - before
	rusage := time.Duration(ru1.Utime.Nano()+ru1.Stime.Nano()) - time.Duration(ru0.Utime.Nano()+ru0.Stime.Nano())
	t.Logf("/proc: %v, getrusage: %v (%d spins)", grew, rusage, x)
	if grew < 200*time.Millisecond {
		t.Fatalf("CPU time grew %v in a minute of busy work; want at least 200 ms", grew)
	}
	if diff := (grew - rusage).Abs(); diff > 50*time.Millisecond {
		t.Fatalf("/proc says %v, getrusage %v: they disagree by %v", grew, rusage, diff)
	}
}

func TestCPUMSPerJob(t *testing.T) {
	if got := cpuMSPerJob(time.Second, 3*time.Second, 400); got != 5 {
		t.Fatalf("2 s over 400 jobs = %v ms/job, want 5", got)
	}
	if got := cpuMSPerJob(3*time.Second, time.Second, 400); got != 0 {
		t.Fatalf("a CPU time that went backwards gave %v, want 0 (unknown)", got)
	}
}
